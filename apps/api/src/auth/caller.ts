import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { IncomingHttpHeaders } from 'node:http'
import type { Session } from './session.ts'

/**
 * Who makes a call that reads or changes something of theirs: an API request (a FastifyRequest is
 * one) or a page's request answered by the site's services (services/page-caller.ts). The work of a
 * write (services/accounts.ts, services/alerts.ts, services/leads.ts) takes a caller, so the HTTP
 * route and the page's action run the same code.
 */
export interface Caller {
  /** The client's address, as TRUST_PROXY decides it (config.ts). */
  readonly ip: string
  readonly headers: IncomingHttpHeaders
  /** The request's cookies by name. */
  readonly cookies: { [name: string]: string | undefined }
  /** The logged-in contact; null for a visitor. Logging in or out changes it. */
  session: Session | null
  readonly log: FastifyBaseLogger
}

/** A cookie's attributes, as the API sets its cookies. */
export interface CookieOptions {
  httpOnly?: boolean
  sameSite?: 'lax' | 'strict' | 'none'
  path?: string
  secure?: boolean
  maxAge?: number
  expires?: Date
}

/** Where a call's cookies go: the API's reply (a FastifyReply is one), or the page's Set-Cookie headers. */
export interface CookieJar {
  setCookie(name: string, value: string, options?: CookieOptions): unknown
  clearCookie(name: string, options?: CookieOptions): unknown
}

/** A write's answer as the HTTP route sends it: its status and its JSON body. */
export interface Answer {
  status: number
  body: unknown
}

/** Sends a write's answer on the API's reply. */
export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply.code(answer.status).send(answer.body)
}
