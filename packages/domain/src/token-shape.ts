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

/**
 * The shape of a signed alert link (the Heads Up e-mail's update and switch-off links): `a1.`, the
 * alert's id, its expiry in seconds since the epoch (base 36) and an HMAC-SHA-256 in base64url.
 * Checked before any signature is computed; apps/api/src/alerts/alert-links.ts signs and checks them.
 */
export const ALERT_LINK_TOKEN_SHAPE = /^a1\.[1-9][0-9]{0,9}\.[0-9a-z]{1,10}\.[A-Za-z0-9_-]{43}$/

/** Whether a value has the shape of a signed alert link (ALERT_LINK_TOKEN_SHAPE). */
export function isAlertLinkTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && ALERT_LINK_TOKEN_SHAPE.test(value)
}
