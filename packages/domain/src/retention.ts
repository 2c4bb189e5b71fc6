/**
 * How long the site keeps what people give it, and the lifetimes of its cookies: the figures the code
 * purges and expires by (apps/api: the worker's hourly purge, sessions, login links), and the privacy
 * and cookie pages state. One place, so the pages cannot say other than the code does.
 */

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** A lead enquiry (a viewing, valuation or other enquiry) is deleted two years after it was made. */
export const LEAD_RETENTION_MS = 2 * 365 * DAY_MS
/** An alert registration with an e-mail address left unconfirmed this long is deleted. */
export const UNCONFIRMED_REGISTRATION_TTL_MS = 30 * DAY_MS
/** A session ends after 7 days without a request. */
export const SESSION_IDLE_TIMEOUT_MS = 7 * DAY_MS
/** A session ends 30 days after login. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * DAY_MS
/** A login link works for 15 minutes, once. */
export const MAGIC_LINK_TTL_MS = 15 * MINUTE_MS
/** Spent or expired login links and alert confirmations, idempotency keys and rate-limit counters are deleted a day on. */
export const SHORT_LIVED_RECORD_TTL_MS = DAY_MS
/** The cookie naming a visitor's enquiry in their browser (it grants nothing) lasts a day. */
export const PENDING_LEAD_COOKIE_MAX_AGE_S = DAY_MS / 1000
/** The cookie of a visitor's hearts pressed without JavaScript lasts a year. */
export const VISITOR_SAVES_COOKIE_MAX_AGE_S = (365 * DAY_MS) / 1000

/** A duration in whole days, for the pages: 30 days → 30. */
export function toDays(ms: number): number {
  return Math.round(ms / DAY_MS)
}
