import {
  APPLICANT_KEY_HEADER,
  ApiErrorSchema,
  ApplicantStatusAnswerSchema,
  ApplicantViewSchema,
  PendingApplicantSchema,
  PENDING_ALERT_COOKIE_NAMES,
} from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdempotencyKeyHeadersSchema } from '#app/alerts/idempotency.ts'
import { sendAnswer } from '#app/auth/caller.ts'
import {
  AlertAnswerSchema,
  AlertConfirmationAnswerSchema,
  AlertConfirmationBodySchema,
  AlertIdParamsSchema,
  AlertPayloadBodySchema,
  AlertStatusBodySchema,
  ApplicantKeyHeaderSchema,
  ApplicantKeyParamSchema,
  changeAlert,
  confirmAlertFromEmail,
  findAlertByKey,
  findPendingAlert,
  listAlertsOfContact,
  registerNewAlert,
  switchAlert,
} from '#app/services/alerts.ts'
import { ALERT_CONFIRMATION_TTL_DAYS } from '#app/alerts/commands.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { ALERT_MESSAGES } from '#app/alerts/messages.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { IdParamSchema, dataResponseSchema } from '#app/schemas.ts'

/**
 * The cookie that remembers a visitor's pending alert in their own browser (GET /pending), until the
 * e-mailed link confirms it: `__Host-pending_alert` over https, `pending_alert` over http.
 */
export { PENDING_ALERT_COOKIE_NAMES }

const ErrorResponses = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema }

/**
 * SPEC §7 contact_applicants routes: alerts listed, read by key, created, updated, switched and
 * confirmed. The work is services/alerts.ts's, which the site's services call too; its settings (the
 * site's address, the limits, the pending-alert cookie) are `app.alertWrites`, set where these routes
 * are registered.
 */
const contactApplicantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    // Alerts and who owns them are for this browser only.
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '/applicants_of_contact/:contact_id',
    {
      schema: {
        summary: "A contact's alerts, newest first (SPEC §7); the contact's own session only",
        tags: ['alerts'],
        params: z.object({ contact_id: IdParamSchema }),
        querystring: z.object({ __order_by: z.literal('-created_at').default('-created_at') }),
        response: { 200: z.object({ data: z.array(ApplicantViewSchema) }), 401: ApiErrorSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      if (!request.session) return reply.code(401).send({ message: ACCOUNT_MESSAGES.LOGIN_REQUIRED })
      // Another contact's id answers 404 whether or not it exists: ids are not to be probed.
      if (request.params.contact_id !== request.session.contact_id) return reply.code(404).send({ message: API_MESSAGES.NOT_FOUND })
      return { data: await listAlertsOfContact(app.db, request.session.contact_id) }
    },
  )

  app.get(
    '/u/:applicant_key',
    {
      schema: {
        summary:
          "One alert by its applicant key or its e-mail's signed update link (SPEC §7). Without the owner's session the alert comes without its people (contacts empty, contacts_withheld true)",
        tags: ['alerts'],
        params: z.object({ applicant_key: ApplicantKeyParamSchema }),
        response: { 200: dataResponseSchema(ApplicantViewSchema), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const alert = await findAlertByKey(app, request.params.applicant_key, request.session)
      if (!alert) return reply.code(404).send({ message: ALERT_MESSAGES.APPLICANT_NOT_FOUND })
      return { data: alert }
    },
  )

  app.get(
    '/pending',
    {
      schema: {
        summary: "The visitor's own alert awaiting its e-mailed confirmation, remembered by a cookie; null when none",
        tags: ['alerts'],
        response: { 200: dataResponseSchema(PendingApplicantSchema.nullable()) },
      },
    },
    async (request) => ({ data: await findPendingAlert(app, request) }),
  )

  app.post(
    '',
    {
      schema: {
        summary:
          'Register an alert (SPEC §7). Logged in: confirmed at once and made active. Visitor: a new pending contact and alert, a confirmation e-mail, and a cookie that remembers the pending alert. Honours Idempotency-Key.',
        tags: ['alerts'],
        headers: IdempotencyKeyHeadersSchema,
        body: AlertPayloadBodySchema,
        response: { 201: AlertAnswerSchema, 409: ApiErrorSchema, 429: ApiErrorSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await registerNewAlert(app, request, reply, request.body)),
  )

  app.patch(
    '/:contact_applicant_id',
    {
      schema: {
        summary: `Update an alert (SPEC §7 update payload): the owner's session; or its applicant key or e-mail's signed update link in the ${APPLICANT_KEY_HEADER} header with the captcha, which change the criteria, answers and frequency only (a payload with contacts is 403); anyone else 404`,
        tags: ['alerts'],
        params: AlertIdParamsSchema,
        headers: ApplicantKeyHeaderSchema,
        body: AlertPayloadBodySchema,
        response: { 200: AlertAnswerSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await changeAlert(app, request, request.params.contact_applicant_id, request.body)),
  )

  app.patch(
    '/status/:contact_applicant_id',
    {
      schema: {
        summary: `Switch an alert on (1) or off (2) (SPEC §4/§7): the owner's session, or its applicant key or e-mail's signed update link in the ${APPLICANT_KEY_HEADER} header (answered without the alert's people; on again by key takes the captcha as recaptcha_token); anyone else 404`,
        tags: ['alerts'],
        params: AlertIdParamsSchema,
        headers: ApplicantKeyHeaderSchema,
        body: AlertStatusBodySchema,
        response: { 200: ApplicantStatusAnswerSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await switchAlert(app, request, request.params.contact_applicant_id, request.body)),
  )

  app.post(
    '/confirmations',
    {
      schema: {
        summary:
          `Confirm an alert from its e-mail (double opt-in; single use, ${ALERT_CONFIRMATION_TTL_DAYS} days): merges its pending contact into the contact with the same e-mail, if any, and logs in`,
        tags: ['alerts'],
        body: AlertConfirmationBodySchema,
        response: { 200: AlertConfirmationAnswerSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await confirmAlertFromEmail(app, request, reply, request.body.token ?? '')),
  )
}

export default contactApplicantsRoutes
