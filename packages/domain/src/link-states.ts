/**
 * What the page of an e-mailed one-time link (a login link, an alert's confirmation link) may tell
 * its holder before anything is pressed, and the words it says them in. SPEC does not word these; the
 * API's services read the state without spending the token, and the pages show the text.
 */

/**
 * A login link: `usable` until it is used or expires; `used` once it, or another link of the same
 * person, has logged them in; `expired` when its time ran out unused; `invalid` for a token the site
 * never sent (or not shaped as one).
 */
export const LOGIN_LINK_STATES = ['usable', 'used', 'expired', 'invalid'] as const
export type LoginLinkState = (typeof LOGIN_LINK_STATES)[number]

/**
 * An alert's confirmation link: `usable` while its alert awaits it; `confirmed` once the alert has
 * been confirmed (by this link or another), whatever became of the link; `expired` when its time ran
 * out and the alert is still unconfirmed; `invalid` for a token the site never sent, or whose alert
 * is gone.
 */
export const ALERT_CONFIRMATION_LINK_STATES = ['usable', 'confirmed', 'expired', 'invalid'] as const
export type AlertConfirmationLinkState = (typeof ALERT_CONFIRMATION_LINK_STATES)[number]

/** The texts of those pages, and of the API's refusal of a spent link. */
export const LINK_MESSAGES = {
  LOGIN_LINK_INVALID: 'This login link is invalid or has expired.',
  LOGIN_LINK_USED: 'This login link has already been used.',
  LOGIN_LINK_USED_HELP: 'Each link works once, and logging in with one ends any others we sent you. You can ask for a new one.',
  LOGIN_LINK_EXPIRED: 'This login link has expired.',
  /** Shown once, on the first page after a login link has logged the person in. */
  LOGGED_IN: "You're logged in.",
  /** Shown once, on the page logging out lands on. */
  LOGGED_OUT: 'You have logged out.',
  ALERT_CONFIRMATION_INVALID: 'This confirmation link is invalid or has expired.',
  ALERT_CONFIRMATION_EXPIRED: 'This confirmation link has expired.',
  ALERT_ALREADY_CONFIRMED: 'This alert has already been confirmed.',
  ALERT_ALREADY_CONFIRMED_HELP: 'You can switch your alerts on or off, or change what they look for, in My alerts (after logging in, if you are not already).',
} as const
