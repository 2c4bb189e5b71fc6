import { timingSafeEqual } from 'node:crypto'
import {
  AlertConfirmationSchema,
  APPLICANT_KEY_HEADER,
  APPLICANT_STATUS,
  COMMUNICATION_METHOD,
  getCommunicationValue,
  ApiErrorSchema,
  ApplicantStatusAnswerSchema,
  ApplicantStatusUpdateSchema,
  ApplicantViewSchema,
  AlertProfileIdSchema,
  CONTACT_DETAILS_NEED_LOGIN,
  PendingApplicantSchema,
  isAlertLinkTokenShaped,
  lineText,
  parseAlertCriteriaUpdate,
  parseAlertRegistration,
  toParseResult,
  type AlertMode,
  type ApplicantQuestion,
  type ApplicantView,
  type AlertPayload,
  type ParseResult,
  PENDING_ALERT_COOKIE_NAMES,
} from '@agency/domain'
import { contactApplicants, type Db } from '@agency/db'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { changeAlertStatus, confirmAlert, registerAlert, updateAlert, updateAlertCriteria } from '#app/alerts/commands.ts'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '#app/alerts/idempotency.ts'
import { captchaRefused, pendingCookie } from '#app/anonymous-writes.ts'
import { sendAnswer } from '#app/auth/caller.ts'
import { ALERT_MESSAGES } from '#app/alerts/messages.ts'
import { ApplicantKeyParamSchema, findAlertByKey, listAlertsOfContact } from '#app/services/alerts.ts'
import { findApplicant, getContactQuestions, toApplicantView } from '#app/alerts/views.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { hitRateLimit, type RateLimitRule } from '#app/auth/rate-limit.ts'
import { hashToken, isTokenShaped } from '#app/auth/tokens.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { IdParamSchema, dataResponseSchema } from '#app/schemas.ts'

/**
 * The cookie that remembers a visitor's pending alert in their own browser (GET /pending), until the
 * e-mailed link confirms it: `__Host-pending_alert` over https, `pending_alert` over http.
 */
export { PENDING_ALERT_COOKIE_NAMES }
/** How long the browser remembers a pending alert. */
const PENDING_ALERT_COOKIE_MAX_AGE_S = 24 * 60 * 60

// The payload is checked in the handler (parseAlertRegistration), so that a bad one answers 422 with
// SPEC §5's messages rather than the 400 of a malformed request.
const PayloadBodySchema = z
  .looseObject({
    profile_id: z.unknown().optional(),
    unknown_user_branch: z.boolean().optional(),
    recaptcha_token: z.string().max(8192).optional().describe("The captcha (the login form's): required of a visitor's registration and of an update by key"),
  })
  .describe('SPEC §7 create or update alert payload (create also sends unknown_user_branch: true)')

const ApplicantKeyHeaderSchema = z.looseObject({
  [APPLICANT_KEY_HEADER]: lineText()
    .max(200)
    .optional()
    .describe("The alert's applicant key, for a caller without the owner's session"),
})

const ErrorResponses = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema }

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(hashToken(a), 'hex')
  const y = Buffer.from(hashToken(b), 'hex')
  return timingSafeEqual(x, y)
}

/**
 * How a caller holds an alert: `owner`, its contact's session (everything, people included); `key`,
 * its applicant key or its e-mail's signed update link (alert-links.ts) without that session: the
 * alert's criteria, questions and status only, never its people (CONTACT_DETAILS_NEED_LOGIN).
 */
type Holding = { kind: 'owner' } | { kind: 'key'; key: string }

/** The owner's session, or the key or signed update link given in X-Applicant-Key; null for anyone else. */
function holdingOf(app: FastifyInstance, request: FastifyRequest, row: typeof contactApplicants.$inferSelect): Holding | null {
  if (request.session?.contact_id === row.contact_id) return { kind: 'owner' }
  const key = request.headers[APPLICANT_KEY_HEADER]
  if (typeof key !== 'string' || key.length === 0) return null
  if (isAlertLinkTokenShaped(key)) return app.alertLinks.verify(key, 'update', app.sessions.settings.now()) === row.contact_applicant_id ? { kind: 'key', key } : null
  return isTokenShaped(key) && safeEqual(key, row.applicant_key) ? { kind: 'key', key } : null
}

/** The alert as the holder may see it: the owner all of it, a key holder without its people. */
function viewFor(db: Db, row: typeof contactApplicants.$inferSelect, holding: Holding): Promise<ApplicantView> {
  return holding.kind === 'owner' ? toApplicantView(db, row) : toApplicantView(db, row, { key: holding.key })
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ message: ALERT_MESSAGES.APPLICANT_NOT_FOUND })
}

/** The payload checked against the questions of its own profile. */
async function parsePayload(db: Db, body: unknown, mode: AlertMode): Promise<{ result: ParseResult<AlertPayload>; questions: ApplicantQuestion[] }> {
  const profile = AlertProfileIdSchema.safeParse((body as { profile_id?: unknown } | null)?.profile_id)
  const questions = profile.success ? await getContactQuestions(db, profile.data) : []
  return { result: parseAlertRegistration(body, mode, questions), questions }
}

/** Limits on visitors' registrations. */
export interface AlertRegistrationLimits {
  /** Registrations from one IP address; over it the answer is 429. */
  perIp: RateLimitRule
  /**
   * Confirmation e-mails to one address; over it the registration is kept but no e-mail is sent,
   * with the same answer, so nobody can flood an inbox or learn anything from the answer.
   */
  perEmail: RateLimitRule
}

/** 20 registrations an hour per IP address, 5 confirmation e-mails an hour per address. */
export const DEFAULT_ALERT_REGISTRATION_LIMITS: AlertRegistrationLimits = {
  perIp: { limit: 20, windowMs: 60 * 60_000 },
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
}

/** What the alert routes need. */
export interface ContactApplicantsRoutesOptions {
  publicUrl: string
  limits?: AlertRegistrationLimits
}

/** SPEC §7 contact_applicants routes: alerts listed, read by key, created, updated, switched and confirmed. */
const contactApplicantsRoutes: FastifyPluginAsyncZod<ContactApplicantsRoutesOptions> = async (app, options) => {
  const limits = options.limits ?? DEFAULT_ALERT_REGISTRATION_LIMITS
  const now = () => app.sessions.settings.now()
  const pending = pendingCookie({ publicUrl: options.publicUrl, names: PENDING_ALERT_COOKIE_NAMES, maxAgeS: PENDING_ALERT_COOKIE_MAX_AGE_S })

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
      if (!alert) return notFound(reply)
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
    async (request) => {
      const hash = pending.read(request, isTokenShaped)
      if (!hash) return { data: null }
      const [row] = await app.db
        .select()
        .from(contactApplicants)
        .where(and(eq(contactApplicants.pending_cookie_hash, hash), eq(contactApplicants.is_confirmed, false)))
      if (!row) return { data: null }
      const profile = AlertProfileIdSchema.parse(row.profile_id)
      return { data: { contact_applicant_id: row.contact_applicant_id, profile_id: profile } }
    },
  )

  app.post(
    '',
    {
      schema: {
        summary:
          'Register an alert (SPEC §7). Logged in: confirmed at once and made active. Visitor: a new pending contact and alert, a confirmation e-mail, and a cookie that remembers the pending alert. Honours Idempotency-Key.',
        tags: ['alerts'],
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: lineText().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional() }),
        body: PayloadBodySchema,
        response: { 201: dataResponseSchema(ApplicantViewSchema), 409: ApiErrorSchema, 429: ApiErrorSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const session = request.session
      // A retry may carry a fresh captcha solution: the registration is the same one.
      const { recaptcha_token: captchaToken, ...payloadBody } = request.body
      let questions: ApplicantQuestion[] = []
      let pendingToken: ReturnType<typeof pending.issue> | null = null
      const answer = await app.anonymousWrite(
        request,
        {
          scope: session ? `contact:${session.contact_id}` : 'visitor',
          payload: payloadBody,
          check: async () => {
            const parsed = await parsePayload(app.db, payloadBody, 'create')
            questions = parsed.questions
            return parsed.result.success ? { ok: true, data: parsed.result.data } : { ok: false, message: parsed.result.message, errors: parsed.result.errors }
          },
          // A visitor's registration takes the captcha and the per-address limit; a contact's session is enough.
          captchaToken: session ? null : (captchaToken ?? ''),
          perAddress: session ? null : { name: 'alert-registration', rule: limits.perIp, message: ALERT_MESSAGES.TOO_MANY_REGISTRATIONS },
          work: async (tx, payload, at) => {
            const email = getCommunicationValue(payload.contacts[0]!, COMMUNICATION_METHOD.EMAIL)
            const mayEmail =
              session !== null ||
              email === null ||
              (await hitRateLimit(tx, `alert-registration:email:${hashToken(email.trim().toLowerCase())}`, limits.perEmail, at)).allowed
            pendingToken = session ? null : pending.issue()
            const registration = await registerAlert(tx, {
              payload,
              questions,
              registrant: session ? { kind: 'contact', contact_id: session.contact_id } : { kind: 'visitor', sendConfirmation: mayEmail, pendingCookieHash: pendingToken!.hash },
              publicUrl: options.publicUrl,
              now: at,
            })
            return { body: { data: await toApplicantView(tx, registration.row) }, row: registration.row }
          },
          answer: ({ body, row }) => ({ status: 201, body, contactApplicantId: row.contact_applicant_id }),
          // SPEC §4: a logged-in contact's new alert becomes the active one.
          afterStore: async (tx, { row }) => {
            if (session) await app.sessions.setActiveApplicant(request, row.contact_applicant_id, tx)
          },
          onReplay: async (stored) => {
            if (session || stored.contact_applicant_id === null) return
            // The browser that retries is the one that registered: it remembers the pending alert again.
            const again = pending.issue()
            const [still] = await app.db
              .update(contactApplicants)
              .set({ pending_cookie_hash: again.hash })
              .where(and(eq(contactApplicants.contact_applicant_id, stored.contact_applicant_id), eq(contactApplicants.is_confirmed, false)))
              .returning({ id: contactApplicants.contact_applicant_id })
            if (still) again.set(reply)
          },
          onDone: () => pendingToken?.set(reply),
          now,
        },
      )
      return sendAnswer(reply, answer)
    },
  )

  app.patch(
    '/:contact_applicant_id',
    {
      schema: {
        summary: `Update an alert (SPEC §7 update payload): the owner's session; or its applicant key or e-mail's signed update link in the ${APPLICANT_KEY_HEADER} header with the captcha, which change the criteria, answers and frequency only (a payload with contacts is 403); anyone else 404`,
        tags: ['alerts'],
        params: z.object({ contact_applicant_id: IdParamSchema }),
        headers: ApplicantKeyHeaderSchema,
        body: PayloadBodySchema,
        response: { 200: dataResponseSchema(ApplicantViewSchema), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const row = await findApplicant(app.db, request.params.contact_applicant_id)
      const holding = row ? holdingOf(app, request, row) : null
      if (!row || !holding) return notFound(reply)
      const { recaptcha_token: captchaToken, ...payloadBody } = request.body
      if (holding.kind === 'key') {
        // Without the owner's session: the alert's own fields only, and the captcha, as for a registration.
        if ('contacts' in payloadBody) return reply.code(403).send({ message: CONTACT_DETAILS_NEED_LOGIN, errors: { contacts: [CONTACT_DETAILS_NEED_LOGIN] } })
        const questions = await getContactQuestions(app.db, AlertProfileIdSchema.parse(row.profile_id))
        // The profile is the alert's own: a key changes what it looks for, not whether it buys or rents.
        const result = parseAlertCriteriaUpdate({ ...payloadBody, profile_id: row.profile_id }, questions)
        if (!result.success) return reply.code(422).send({ message: result.message, errors: result.errors })
        if (!(await app.captcha.verify(captchaToken ?? '', request.ip))) return sendAnswer(reply, captchaRefused())
        const changed = await app.db.transaction((tx) => updateAlertCriteria(tx, { row, payload: result.data, questions, now: now() }))
        return { data: await viewFor(app.db, changed, holding) }
      }
      const { result, questions } = await parsePayload(app.db, payloadBody, 'update')
      if (!result.success) return reply.code(422).send({ message: result.message, errors: result.errors })
      const updated = await app.db.transaction(async (tx) => {
        const changed = await updateAlert(tx, { row, payload: result.data, questions, now: now() })
        return toApplicantView(tx, changed)
      })
      return { data: updated }
    },
  )

  app.patch(
    '/status/:contact_applicant_id',
    {
      schema: {
        summary: `Switch an alert on (1) or off (2) (SPEC §4/§7): the owner's session, or its applicant key or e-mail's signed update link in the ${APPLICANT_KEY_HEADER} header (answered without the alert's people; on again by key takes the captcha as recaptcha_token); anyone else 404`,
        tags: ['alerts'],
        params: z.object({ contact_applicant_id: IdParamSchema }),
        headers: ApplicantKeyHeaderSchema,
        body: z.looseObject({}).describe('SPEC §7 { status, contact_applicant_id }'),
        response: { 200: ApplicantStatusAnswerSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const row = await findApplicant(app.db, request.params.contact_applicant_id)
      const holding = row ? holdingOf(app, request, row) : null
      if (!row || !holding) return notFound(reply)
      const parsed = toParseResult(ApplicantStatusUpdateSchema.safeParse(request.body), ['status', 'contact_applicant_id'])
      if (!parsed.success) return reply.code(422).send({ message: parsed.message, errors: parsed.errors })
      if (parsed.data.contact_applicant_id !== row.contact_applicant_id) {
        return reply.code(422).send({
          message: ALERT_MESSAGES.STATUS_ID_MISMATCH,
          errors: { contact_applicant_id: [ALERT_MESSAGES.STATUS_ID_MISMATCH] },
        })
      }
      // Off by key is what the e-mail's unsubscribe link does; on again by key sends e-mails to someone,
      // so, as an update by key, it takes the captcha.
      if (holding.kind === 'key' && parsed.data.status === APPLICANT_STATUS.ON) {
        const token = (request.body as { recaptcha_token?: unknown }).recaptcha_token
        if (!(await app.captcha.verify(typeof token === 'string' ? token : '', request.ip))) return sendAnswer(reply, captchaRefused())
      }
      const session = request.session
      const ownSession = session?.contact_id === row.contact_id ? session : null
      const { changed, active } = await app.db.transaction(async (tx) => {
        const { row: changed, replacementId } = await changeAlertStatus(tx, row, parsed.data.status, now())
        if (!ownSession) return { changed, active: null }
        if (parsed.data.status === APPLICANT_STATUS.ON && changed.is_confirmed) {
          // SPEC §4: re-enabling an alert makes it the active one.
          await app.sessions.setActiveApplicant(request, changed.contact_applicant_id, tx)
          return { changed, active: changed.contact_applicant_id }
        }
        if (ownSession.active_contact_applicant_id === changed.contact_applicant_id) {
          request.session = { ...ownSession, active_contact_applicant_id: replacementId }
          return { changed, active: replacementId }
        }
        return { changed, active: ownSession.active_contact_applicant_id }
      })
      return { data: await viewFor(app.db, changed, holding), active_contact_applicant_id: active }
    },
  )

  app.post(
    '/confirmations',
    {
      schema: {
        summary:
          'Confirm an alert from its e-mail (double opt-in; single use, 15 minutes): merges its pending contact into the contact with the same e-mail, if any, and logs in',
        tags: ['alerts'],
        body: z.object({ token: lineText().max(512).optional() }),
        response: { 200: dataResponseSchema(AlertConfirmationSchema), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const token = request.body.token ?? ''
      const result = await app.db.transaction(async (tx) => {
        const confirmed = await confirmAlert(tx, token, options.publicUrl, now())
        if (!confirmed) return null
        await app.sessions.start(
          request,
          reply,
          { contact_id: confirmed.contact_id, active_contact_applicant_id: confirmed.row.contact_applicant_id },
          tx,
        )
        return confirmed
      })
      if (!result) {
        return reply.code(400).send({ message: ALERT_MESSAGES.CONFIRMATION_INVALID, errors: { token: [ALERT_MESSAGES.CONFIRMATION_INVALID] } })
      }
      pending.clear(reply)
      return {
        data: {
          contact_id: result.contact_id,
          contact_applicant_id: result.row.contact_applicant_id,
          applicant_key: result.row.applicant_key,
          redirect_to: result.redirect_to,
        },
      }
    },
  )
}

export default contactApplicantsRoutes
