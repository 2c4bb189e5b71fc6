import { ApiErrorSchema } from '@agency/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdempotencyKeyHeadersSchema } from '#app/alerts/idempotency.ts'
import { sendAnswer } from '#app/auth/caller.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { IdParamSchema, dataResponseSchema } from '#app/schemas.ts'
import { ContactViewSchema, getContactView } from '#app/queries/contact-view.ts'
import { MagicLinkAnswerSchema, MagicLinkBodySchema, SessionAnswerSchema, SessionBodySchema, askForLoginLink, logInWithLink, logOut } from '#app/services/accounts.ts'

/** Answers 401 for a visitor; true when the request is logged in. */
function requireSession(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.session) return true
  void reply.code(401).send({ message: ACCOUNT_MESSAGES.LOGIN_REQUIRED })
  return false
}

const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    // Answers about who is logged in are for this browser only.
    reply.header('cache-control', 'no-store')
  })

  app.post(
    '/oauth/magic-links',
    {
      schema: {
        summary: 'Request a login link by e-mail (SPEC §7); the same answer for every address; honours Idempotency-Key',
        tags: ['contacts'],
        headers: IdempotencyKeyHeadersSchema,
        body: MagicLinkBodySchema,
        response: { 202: MagicLinkAnswerSchema, 400: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => sendAnswer(reply, await askForLoginLink(app, request, request.body)),
  )

  app.post(
    '/oauth/sessions',
    {
      schema: {
        summary: "Log in with a login link's token (the 'Log in' button of the link page)",
        tags: ['contacts'],
        body: SessionBodySchema,
        response: { 200: SessionAnswerSchema, 400: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => sendAnswer(reply, await logInWithLink(app, request, reply, request.body.token ?? '')),
  )

  app.delete(
    '/oauth/sessions/current',
    {
      schema: {
        summary: 'Log out',
        tags: ['contacts'],
        response: { 204: z.null(), 403: ApiErrorSchema },
      },
    },
    async (request, reply) => sendAnswer(reply, await logOut(app, request, reply)),
  )

  app.get(
    '/me',
    {
      schema: {
        summary: 'The logged-in contact (SPEC "fetching the contact by session")',
        tags: ['contacts'],
        response: { 200: dataResponseSchema(ContactViewSchema), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!requireSession(request, reply) || !request.session) return reply
      const contact = await getContactView(app.db, request.session.contact_id, request.session.active_contact_applicant_id)
      if (!contact) return reply.code(401).send({ message: ACCOUNT_MESSAGES.LOGIN_REQUIRED })
      return { data: contact }
    },
  )

  app.get(
    '/:contact_id',
    {
      schema: {
        summary: 'A contact by id: the logged-in contact only',
        tags: ['contacts'],
        params: z.object({ contact_id: IdParamSchema }),
        response: {
          200: dataResponseSchema(ContactViewSchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!requireSession(request, reply) || !request.session) return reply
      // Another contact's id answers 403 whether or not it exists: ids are not to be probed.
      if (request.params.contact_id !== request.session.contact_id) {
        return reply.code(403).send({ message: ACCOUNT_MESSAGES.FORBIDDEN })
      }
      const contact = await getContactView(app.db, request.session.contact_id, request.session.active_contact_applicant_id)
      if (!contact) return reply.code(404).send({ message: API_MESSAGES.NOT_FOUND })
      return { data: contact }
    },
  )
}

export default contactsRoutes
