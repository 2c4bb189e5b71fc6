import { LINK_MESSAGES, MESSAGES, lineText, parseMagicLinkRequest } from '@agency/domain'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Answer, Caller, CookieJar } from '#app/auth/caller.ts'
import { magicLinkScope, requestMagicLink, spendMagicLink, type MagicLinkDeps } from '#app/auth/magic-links.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/**
 * The account's writes (SPEC §7 login links and sessions), for the routes under /contacts/oauth and
 * for the pages' actions (the site's services) alike: each takes its caller and where its cookies go,
 * and gives the answer the route sends.
 */

/** How login links are asked for. */
export interface LoginLinkSettings {
  magicLinks: MagicLinkDeps
  /**
   * Every well-formed login link request is answered no sooner than this, so a known address (which
   * writes a link and an e-mail) and an unknown one take the same time.
   */
  minResponseMs: number
  /** Waits the rest of `minResponseMs` (a timer; tests record the wait instead). */
  sleep?: (ms: number) => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How login links are asked for (the accounts plugin's settings), for the route and the site's services. */
    loginLinks: LoginLinkSettings
  }
}

export const MagicLinkBodySchema = z.object({
  email: lineText().max(1024).optional(),
  request_page_url: lineText().max(4096).nullish(),
  recaptcha_token: lineText().max(8192).nullish(),
})
export type MagicLinkBody = z.infer<typeof MagicLinkBodySchema>

export const SessionBodySchema = z.object({ token: lineText().max(512).optional() })

export const MagicLinkAnswerSchema = dataResponseSchema(z.object({ message: z.string() }))

export const SessionAnswerSchema = dataResponseSchema(z.object({ contact_id: z.number().int(), redirect_to: z.string() }))

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** SPEC §7 POST oauth/magic-links: the same 202 answer for every address, once the captcha passes. */
export function askForLoginLink(app: FastifyInstance, caller: Caller, body: MagicLinkBody): Promise<Answer> {
  const settings = app.loginLinks
  // Measured on the accounts clock, so a test can tell exactly how long the answer was held.
  const started = settings.magicLinks.now().getTime()
  const given = { email: body.email, request_page_url: body.request_page_url ?? '', recaptcha_token: body.recaptcha_token ?? '' }
  const email = (given.email ?? '').trim()
  const sent = { status: 202, body: { data: { message: MESSAGES.MAGIC_LINK_SENT } }, contactApplicantId: null }
  return app.anonymousWrite(caller, {
    // A key names a request for one address only: the same key with another address is a new request.
    scope: magicLinkScope(email),
    payload: { email: email.toLowerCase() },
    check: async () => {
      const parsed = parseMagicLinkRequest(given)
      return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: parsed.message, errors: parsed.errors }
    },
    captchaToken: given.recaptcha_token,
    // Its limits (per e-mail address, per client address) never change the answer: requestMagicLink counts them.
    perAddress: null,
    work: (tx, data, at) => requestMagicLink(tx, { email: data.email, requestPageUrl: data.request_page_url, ip: caller.ip }, settings.magicLinks, at),
    // SPEC §7: the page shows its confirmation whatever happened; the answer never tells.
    answer: () => sent,
    onDone: async (outcome) => {
      if (outcome === 'rate_limited') caller.log.warn({ ip: caller.ip }, 'login link request over the rate limit: nothing sent')
      else caller.log.info({ outcome }, 'login link requested')
      const remaining = settings.minResponseMs - (settings.magicLinks.now().getTime() - started)
      if (remaining > 0) await (settings.sleep ?? sleep)(remaining)
    },
    now: settings.magicLinks.now,
  })
}

/** POST oauth/sessions: spends a login link's token and logs its contact in (the session cookie in `jar`). */
export async function logInWithLink(app: FastifyInstance, caller: Caller, jar: CookieJar, token: string): Promise<Answer> {
  const now = app.loginLinks.magicLinks.now()
  const result = await app.db.transaction(async (tx) => {
    const spent = await spendMagicLink(tx, token, now)
    if (!spent) return null
    await app.sessions.start(caller, jar, { contact_id: spent.contact_id }, tx)
    return spent
  })
  if (!result) return { status: 400, body: { message: LINK_MESSAGES.LOGIN_LINK_INVALID, errors: { token: [LINK_MESSAGES.LOGIN_LINK_INVALID] } } }
  return { status: 200, body: { data: { contact_id: result.contact_id, redirect_to: result.redirect_to } } }
}

/** DELETE oauth/sessions/current: logs out (the cookie cleared in `jar`). */
export async function logOut(app: FastifyInstance, caller: Caller, jar: CookieJar): Promise<Answer> {
  await app.sessions.end(caller, jar)
  return { status: 204, body: null }
}
