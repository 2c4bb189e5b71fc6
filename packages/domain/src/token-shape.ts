/**
 * The one shape of a secret the site puts in a link, a cookie or a header: 256 random bits written as
 * base64url (43 characters: login and confirmation tokens, session ids, applicant keys, pending
 * cookies) or as hex (64 characters: the unsubscribe tokens of alert e-mails). Anything else is not
 * looked up at all, so a probe with odd values costs no query and a log never holds a near-miss.
 */
export const TOKEN_SHAPE = /^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{64})$/

/** Whether a value has the shape of a secret the site creates (TOKEN_SHAPE). */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value)
}
