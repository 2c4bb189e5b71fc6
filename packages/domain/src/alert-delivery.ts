/**
 * Heads Up e-mails (SPEC §1: "a heads-up on suggested properties and price reductions"): the property
 * events that reach alerts, how often an alert is mailed, and the consent evidence kept for PECR and
 * UK GDPR.
 */
import { z } from 'zod'
import { MESSAGES } from './messages.ts'

/**
 * What happened to a property that an alert may want to hear of:
 * - `published`: it came onto the open market (a new listing, or a pre-market one made public);
 * - `pre_market`: it was released to registered applicants before the open market (the Heads Up);
 * - `back_on_market`: it was sold or let subject to contract, under offer or withdrawn, and is available again;
 * - `price_reduced`: its price fell (the event keeps the old and the new price).
 */
export const PROPERTY_EVENT_KINDS = ['published', 'pre_market', 'back_on_market', 'price_reduced'] as const
/** One property event kind. */
export type PropertyEventKind = (typeof PROPERTY_EVENT_KINDS)[number]
/** A property event kind, checked. */
export const PropertyEventKindSchema = z.enum(PROPERTY_EVENT_KINDS)

/** How often an alert is mailed: instant (matches gathered for a few minutes), daily or weekly. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const
/** One alert frequency. */
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]
/** An alert frequency, checked. */
export const AlertFrequencySchema = z.enum(ALERT_FREQUENCIES)
/** A new alert is mailed instantly. */
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = 'instant'

/** The longest an instant alert's matches are gathered before they are mailed together. */
export const MAX_INSTANT_BATCH_MS = 5 * 60_000

/**
 * How long an alert's oldest unsent match waits for others to join it in one e-mail: the instant
 * batch window, a day or a week. An alert is therefore mailed at most once per window.
 */
export function toAlertWindowMs(frequency: AlertFrequency, instantBatchMs: number): number {
  if (frequency === 'daily') return 24 * 60 * 60_000
  if (frequency === 'weekly') return 7 * 24 * 60 * 60_000
  return Math.min(Math.max(0, instantBatchMs), MAX_INSTANT_BATCH_MS)
}

/** A heading for each event kind, as the e-mail shows it above a property. */
export const PROPERTY_EVENT_LABELS: Record<PropertyEventKind, string> = {
  published: 'New to the market',
  pre_market: 'Heads Up: before it goes on the open market',
  back_on_market: 'Back on the market',
  price_reduced: 'Price reduced',
}

/**
 * The version of the consent the alert form asks for (its checkbox text, MESSAGES.SUBSCRIPTION_CONSENT).
 * Raise it whenever that text changes, so each record says which words a contact agreed to.
 */
export const ALERT_CONSENT_VERSION = 1
/** The words the alert form's consent checkbox shows, as recorded with each consent. */
export const ALERT_CONSENT_TEXT = MESSAGES.SUBSCRIPTION_CONSENT

/** What a consent record says happened. */
export const CONSENT_ACTIONS = ['consent_given', 'consent_confirmed', 'unsubscribed'] as const
/** One consent action. */
export type ConsentAction = (typeof CONSENT_ACTIONS)[number]

/**
 * How it happened: the alert form (a visitor, then the e-mailed confirmation link; or a logged-in
 * contact), or an unsubscribe from the e-mail's confirm page or its one-click header (RFC 8058).
 */
export const CONSENT_METHODS = ['alert_form', 'double_opt_in', 'logged_in', 'unsubscribe_page', 'one_click'] as const
/** One consent method. */
export type ConsentMethod = (typeof CONSENT_METHODS)[number]
