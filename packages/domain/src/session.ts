/**
 * Login and session rules that the web pages and the API both apply: the session cookie's name and
 * the page a contact returns to after logging in.
 */

/**
 * The session cookie's names: `__Host-session` over https (the browser then insists on Secure,
 * Path=/ and no Domain, so no sibling host can plant or read it), `session` over plain http.
 */
export const SESSION_COOKIE_NAMES = { HTTPS: '__Host-session', HTTP: 'session' } as const
/** A session cookie name. */
export type SessionCookieName = (typeof SESSION_COOKIE_NAMES)[keyof typeof SESSION_COOKIE_NAMES]

/** The session cookie's name for a site served from `publicUrl`. */
export function toSessionCookieName(publicUrl: string): SessionCookieName {
  return new URL(publicUrl).protocol === 'https:' ? SESSION_COOKIE_NAMES.HTTPS : SESSION_COOKIE_NAMES.HTTP
}

/** Whether a cookie name is a session cookie's, over either protocol. */
export function isSessionCookieName(name: string): name is SessionCookieName {
  return name === SESSION_COOKIE_NAMES.HTTPS || name === SESSION_COOKIE_NAMES.HTTP
}

/** The longest return path kept: a longer one is no page of this site. */
export const RETURN_PATH_MAX_LENGTH = 2048

/** Resolves a path on its own; any other origin after parsing means the path named another site. */
const PATH_BASE = 'http://site.invalid'

// Control characters (C0, DEL, C1) have no place in a return path: the URL parser drops tabs and
// newlines ('/\t/host' becomes '//host'), and a newline in a Location header splits it.
const CONTROL_CHARACTER = /\p{Cc}/u

/** '//host' and '/\host' are read by browsers as another origin. */
function isProtocolRelative(path: string): boolean {
  return path.startsWith('//') || path.startsWith('/\\')
}

/**
 * The page of this site to return to after logging in, as a path ('/sales?page=2'), or null. The
 * login page and the login link must not become an open redirect, so only a path of this site is
 * kept: at most RETURN_PATH_MAX_LENGTH characters, no control characters, never '//host' or '/\host'.
 * The value is checked as given, then normalised (dot segments, backslashes, percent-encoding) and
 * checked again, because normalising turns '/.//host' into '//host'. A path it answers is answered
 * unchanged when given again, so it can travel between web and API as it is.
 *
 * With `siteOrigin` an absolute URL of that origin is taken as well (SPEC §7 request_page_url may
 * name the page in full); without it only a path is.
 */
export function toSafeReturnPath(value: unknown, siteOrigin?: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null
  if (CONTROL_CHARACTER.test(value) || isProtocolRelative(value)) return null
  const isPath = value.startsWith('/')
  if (!isPath && siteOrigin === undefined) return null
  const expectedOrigin = isPath ? PATH_BASE : new URL(siteOrigin ?? PATH_BASE).origin
  let url: URL
  try {
    url = isPath ? new URL(value, PATH_BASE) : new URL(value)
  } catch {
    return null
  }
  if (url.origin !== expectedOrigin) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  if (path.length > RETURN_PATH_MAX_LENGTH || !path.startsWith('/') || isProtocolRelative(path)) return null
  return path
}

/** The cookie naming a visitor's own enquiry in their browser (it grants nothing): `__Host-` over https. */
export const PENDING_LEAD_COOKIE_NAMES = { HTTPS: '__Host-pending_lead', HTTP: 'pending_lead' } as const
/** The cookie naming a visitor's alert registration awaiting confirmation in their browser: `__Host-` over https. */
export const PENDING_ALERT_COOKIE_NAMES = { HTTPS: '__Host-pending_alert', HTTP: 'pending_alert' } as const
