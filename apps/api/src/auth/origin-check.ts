import type { FastifyReply, FastifyRequest } from 'fastify'
import { redactUrl } from '#app/log-redaction.ts'
import { ACCOUNT_MESSAGES } from './messages.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false for a route called by machines rather than pages (a feed import with its API key, the
     * RFC 8058 one-click unsubscribe a mail client posts): the Origin check does not apply to it.
     */
    originCheck?: boolean
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function toOrigin(value: string | undefined): string | null {
  if (!value || value === 'null') return null
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/**
 * Whether a request comes from the site's own pages: its Origin header (or, when a browser sends
 * none, its Referer) names the public origin, or the address the browser itself asked for (the Host
 * header, over the scheme the request came by: the site reached as 127.0.0.1 or on a LAN address
 * rather than at PUBLIC_URL). Browsers set
 * Origin, Referer and Host themselves; a page of another site cannot make them name this one. A host
 * that resolves to this server under another name gets none of this site's cookies, so it can do
 * nothing that a request without a browser could not.
 */
export function isSameOriginRequest(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>, publicOrigin: string): boolean {
  const origin = request.headers.origin
  const claimed = origin !== undefined ? toOrigin(origin) : toOrigin(request.headers.referer)
  if (claimed === null) return false
  if (claimed === publicOrigin) return true
  // Scheme, host and port, as browsers compare origins: http://site cannot post as https://site.
  const url = new URL(claimed)
  if (url.protocol !== `${request.protocol}:` || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false
  // The Host header as the browser's origin writes it (a default port dropped, names in lower case).
  return url.host === toOrigin(`${url.protocol}//${request.host}`)?.slice(url.protocol.length + 2)
}

/**
 * Refuses a mutating request under `pathPrefix` whose Origin is not the site's, with 403 (cross-site
 * request forgery defence beside the SameSite=Lax cookie).
 */
export function createOriginCheck(publicUrl: string, pathPrefix: string) {
  const publicOrigin = new URL(publicUrl).origin
  const prefix = pathPrefix.replace(/\/$/, '')
  return async function originCheck(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return
    const path = request.url
    if (prefix && path !== prefix && !path.startsWith(`${prefix}/`) && !path.startsWith(`${prefix}?`)) return
    if (request.routeOptions.config.originCheck === false) return
    if (isSameOriginRequest(request, publicOrigin)) return
    request.log.warn({ method: request.method, url: redactUrl(request.url), origin: request.headers.origin ?? null }, 'cross-site request refused')
    await reply.code(403).type('application/json').send({ message: ACCOUNT_MESSAGES.CROSS_SITE_REFUSED })
  }
}
