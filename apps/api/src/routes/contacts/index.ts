import { ApiErrorSchema, MESSAGES, lineText, parseMagicLinkRequest } from '@agency/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '#app/alerts/idempotency.ts'
import { magicLinkScope, requestMagicLink, spendMagicLink, type MagicLinkDeps } from '#app/auth/magic-links.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { IdParamSchema, dataResponseSchema } from '#app/schemas.ts'
import { ContactViewSchema, getContactView } from '#app/queries/contact-view.ts'

/** What the contact routes need from the accounts plugin. */
export interface ContactsRoutesOptions {
  magicLinks: MagicLinkDeps
  /**
   * Every well-formed login link request is answered no sooner than this, so a known address (which
   * writes a link and an e-mail) and an unknown one take the same time.
   */
  minResponseMs: number
  /** Waits the rest of `minResponseMs` (a timer; tests record the wait instead). */
  sleep?: (ms: number) => Promise<void>
}

const MagicLinkBodySchema = z.object({
  email: lineText().max(1024).optional(),
  request_page_url: lineText().max(4096).nullish(),
  recaptcha_token: lineText().max(8192).nullish(),
})

const MagicLinkAnswerSchema = dataResponseSchema(z.object({ message: z.string() }))

const SessionBodySchema = z.object({ token: lineText().max(512).optional() })

const SessionAnswerSchema = dataResponseSchema(z.object({ contact_id: z.number().int(), redirect_to: z.string() }))

function invalidLink() {
  return { message: ACCOUNT_MESSAGES.MAGIC_LINK_INVALID, errors: { token: [ACCOUNT_MESSAGES.MAGIC_LINK_INVALID] } }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Answers 401 for a visitor; true when the request is logged in. */
function requireSession(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.session) return true
  void reply.code(401).send({ message: ACCOUNT_MESSAGES.LOGIN_REQUIRED })
  return false
}

const contactsRoutes: FastifyPluginAsyncZod<ContactsRoutesOptions> = async (app, options) => {
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
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: lineText().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional() }),
        body: MagicLinkBodySchema,
        response: { 202: MagicLinkAnswerSchema, 400: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // Measured on the accounts clock, so a test can tell exactly how long the answer was held.
      const started = options.magicLinks.now().getTime()
      const body = {
        email: request.body.email,
        request_page_url: request.body.request_page_url ?? '',
        recaptcha_token: request.body.recaptcha_token ?? '',
      }
      const email = (body.email ?? '').trim()
      const sent = { status: 202, body: { data: { message: MESSAGES.MAGIC_LINK_SENT } }, contactApplicantId: null }
      return app.anonymousWrite(
        request,
        reply,
        {
          // A key names a request for one address only: the same key with another address is a new request.
          scope: magicLinkScope(email),
          payload: { email: email.toLowerCase() },
          check: async () => {
            const parsed = parseMagicLinkRequest(body)
            return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: parsed.message, errors: parsed.errors }
          },
          captchaToken: body.recaptcha_token,
          // Its limits (per e-mail address, per client address) never change the answer: requestMagicLink counts them.
          perAddress: null,
          work: (tx, data, at) => requestMagicLink(tx, { email: data.email, requestPageUrl: data.request_page_url, ip: request.ip }, options.magicLinks, at),
          // SPEC §7: the page shows its confirmation whatever happened; the answer never tells.
          answer: () => sent,
          onDone: async (outcome) => {
            if (outcome === 'rate_limited') request.log.warn({ ip: request.ip }, 'login link request over the rate limit: nothing sent')
            else request.log.info({ outcome }, 'login link requested')
            const remaining = options.minResponseMs - (options.magicLinks.now().getTime() - started)
            if (remaining > 0) await (options.sleep ?? sleep)(remaining)
          },
          now: options.magicLinks.now,
        },
      )
    },
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
    async (request, reply) => {
      const token = request.body.token ?? ''
      const now = options.magicLinks.now()
      const result = await app.db.transaction(async (tx) => {
        const spent = await spendMagicLink(tx, token, now)
        if (!spent) return null
        await app.sessions.start(request, reply, { contact_id: spent.contact_id }, tx)
        return spent
      })
      if (!result) return reply.code(400).send(invalidLink())
      return { data: { contact_id: result.contact_id, redirect_to: result.redirect_to } }
    },
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
    async (request, reply) => {
      await app.sessions.end(request, reply)
      return reply.code(204).send(null)
    },
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
