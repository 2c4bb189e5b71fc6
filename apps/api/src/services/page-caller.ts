import type { ApiError } from '@agency/domain'
import { ApiErrorSchema } from '@agency/domain'
import type { FastifyInstance } from 'fastify'
import type { IncomingHttpHeaders } from 'node:http'
import type { Answer, Caller, CookieJar, CookieOptions } from '#app/auth/caller.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { isSameOriginRequest } from '#app/auth/origin-check.ts'
import { loadRequestSession, type Session } from '#app/auth/session.ts'
import type { PageRequest } from './create-site-services.ts'
import type { WriteResult } from './site-services.ts'

/** A page request as the site's services see it: the API's caller, its session read once and only when asked for. */
export interface PageCaller {
  /** The caller's headers: a write may add its own for its run (an idempotency key, an alert's key). */
  readonly headers: IncomingHttpHeaders
  /** The caller, its session loaded (once; a write that logs in or out changes it afterwards). */
  ready(): Promise<Caller>
  /** The session now: loaded if it was not yet. */
  session(): Promise<Session | null>
}

/**
 * The headers of a page request its writes see, as a browser's call to the API would carry them; no
 * other (a page post cannot name an alert's key or an idempotency key in a header of its own).
 */
const PASSED_ON = ['cookie', 'origin', 'referer', 'host', 'user-agent', 'accept-language'] as const

/** The caller of a page request `request` (its address, the headers PASSED_ON, cookies and log). */
export function createPageCaller(app: FastifyInstance, request: PageRequest): PageCaller {
  const header = request.headers.cookie
  const headers: IncomingHttpHeaders = {}
  for (const name of PASSED_ON) if (request.headers[name] !== undefined) headers[name] = request.headers[name] as string
  const caller: Caller = {
    ip: request.ip,
    headers,
    cookies: typeof header === 'string' ? app.parseCookie(header) : {},
    session: null,
    log: request.log,
  }
  let loaded: Promise<void> | undefined
  const ready = async () => {
    await (loaded ??= loadRequestSession(caller, app.db, app.sessions.settings))
    return caller
  }
  return { ready, session: async () => (await ready()).session, headers }
}

/** A cookie jar that keeps the Set-Cookie header values of what is set and cleared, for the page's answer. */
export function createSetCookieJar(app: FastifyInstance): CookieJar & { values(): string[] } {
  const values: string[] = []
  return {
    setCookie(name: string, value: string, options?: CookieOptions) {
      values.push(app.serializeCookie(name, value, options))
    },
    // As @fastify/cookie clears one: an empty value that expired at the epoch.
    clearCookie(name: string, options?: CookieOptions) {
      values.push(app.serializeCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 }))
    },
    values: () => [...values],
  }
}

/**
 * Runs a page's write as the API runs the same write for a request of its own, and gives the page
 * what it answered: the data (read by the route's own answer schema) or the error, with the cookies
 * it set. A post from another site's page is refused as the API's Origin check refuses it (403).
 */
export async function runPageWrite<D>(
  app: FastifyInstance,
  request: PageRequest,
  page: PageCaller,
  /** The data of a 2xx answer, read by the route's answer schema. */
  read: (body: unknown) => D,
  write: (caller: Caller, jar: CookieJar) => Promise<Answer>,
  /** Headers the write is made with, as the api-client would send them (Idempotency-Key, X-Applicant-Key). */
  withHeaders: Record<string, string> = {},
): Promise<WriteResult<D>> {
  if (!isSameOriginRequest(request, new URL(app.sessions.settings.publicUrl).origin)) {
    request.log.warn({ method: request.method, origin: request.headers.origin ?? null }, 'cross-site page post refused')
    return { ok: false, status: 403, error: { message: ACCOUNT_MESSAGES.CROSS_SITE_REFUSED }, setCookie: [] }
  }
  const jar = createSetCookieJar(app)
  const caller = await page.ready()
  Object.assign(page.headers, withHeaders)
  let answer: Answer
  try {
    answer = await write(caller, jar)
  } finally {
    for (const name of Object.keys(withHeaders)) delete page.headers[name]
  }
  if (answer.status >= 200 && answer.status < 300) {
    return { ok: true, status: answer.status, data: read(answer.body), setCookie: jar.values() }
  }
  const error: ApiError = ApiErrorSchema.parse(answer.body)
  return { ok: false, status: answer.status, error, setCookie: jar.values() }
}
