import { createHash } from 'node:crypto'

/**
 * Caching by HTTP of what every visitor gets alike (a visitor's page, a search answer without a
 * session), with the Cache-Control of @agency/domain's VISITOR_CACHE_CONTROL (`public`, `s-maxage`,
 * `stale-while-revalidate`): a shared cache (a CDN, a caching proxy) keeps it, a browser checks
 * before each reuse with the strong entity tag the answer carries, and an unchanged answer costs a
 * 304 with no body. Never for a request with a cookie or credentials (it may be someone's, signed in)
 * nor for an answer that sets a cookie: those keep `private, no-cache`.
 */

/** Whether a request may get an answer shared by every visitor: a GET with no cookie and no credentials. */
export function isVisitorRequest(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  return method === 'GET' && headers.cookie === undefined && headers.authorization === undefined
}

/**
 * A strong entity tag (RFC 9110 §8.8.3) of an answer's bytes: the SHA-1 of the bytes as sent
 * unencoded, in base64url, with `-gzip` for the gzipped representation, as a strong tag must differ
 * between two encodings of the same content (§8.8.1).
 */
export function entityTag(body: Uint8Array, encoding: 'identity' | 'gzip'): string {
  const hash = createHash('sha1').update(body).digest('base64url')
  return encoding === 'gzip' ? `"${hash}-gzip"` : `"${hash}"`
}

/** The gzipped representation's tag of an answer whose unencoded tag is `etag`. */
export function gzipEntityTag(etag: string): string {
  return `${etag.slice(0, -1)}-gzip"`
}

/**
 * Whether a GET's If-None-Match names `etag`, so that the answer is a 304 (RFC 9110 §13.1.2: the weak
 * comparison, a `W/` tag matching its strong twin; `*` matches any current answer).
 */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}
