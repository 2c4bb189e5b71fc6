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
 * How long an instant alert's oldest unsent match waits for others to join it in one e-mail (the batch
 * window, capped at MAX_INSTANT_BATCH_MS). Daily and weekly alerts go at fixed times: lastDigestAt.
 */
export function toInstantWindowMs(instantBatchMs: number): number {
  return Math.min(Math.max(0, instantBatchMs), MAX_INSTANT_BATCH_MS)
}

/** When daily and weekly alerts are mailed: a local hour, and for weekly alerts a day of the week. */
export interface DigestSchedule {
  /** The IANA time zone the hour is read in. */
  readonly timeZone: string
  /** The local hour, 0 to 23. */
  readonly hour: number
  /** The day of the week of the weekly e-mail, 0 Sunday to 6 Saturday. */
  readonly weekday: number
}

/** Daily e-mails at 08:00 UK time, weekly ones on Monday at 08:00 (summer and winter time alike). */
export const DEFAULT_DIGEST_SCHEDULE: DigestSchedule = { timeZone: 'Europe/London', hour: 8, weekday: 1 }

/** A digest schedule, checked (the server's configuration). */
export const DigestScheduleSchema = z.object({
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'Unknown time zone'),
  hour: z.number().int().min(0).max(23),
  weekday: z.number().int().min(0).max(6),
})

const zoneFormats = new Map<string, Intl.DateTimeFormat>()

/** The wall-clock fields of `ms` in `timeZone`. */
function zonedFields(ms: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format = zoneFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    zoneFormats.set(timeZone, format)
  }
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of format.formatToParts(ms)) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value)
  }
  return fields
}

/** How far `timeZone`'s clock is ahead of UTC at instant `ms`. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const f = zonedFields(ms, timeZone)
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000
}

/**
 * The instant a local date and hour stand for in `timeZone`. An hour the clocks skip (spring forward)
 * falls an hour later, so a digest is never lost.
 */
function zonedTimeToUtc(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour)
  const first = wall - zoneOffsetMs(wall, timeZone)
  const second = wall - zoneOffsetMs(first, timeZone)
  return second
}

/**
 * The latest digest time at or before `now`: today's (or yesterday's) local hour for a daily alert, the
 * latest such hour on the schedule's weekday for a weekly one. An alert whose waiting matches arrived
 * by then is mailed, with every match gathered since its last e-mail.
 */
export function lastDigestAt(now: Date, frequency: 'daily' | 'weekly', schedule: DigestSchedule = DEFAULT_DIGEST_SCHEDULE): Date {
  const today = zonedFields(now.getTime(), schedule.timeZone)
  for (let back = 0; back <= 8; back++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - back))
    if (frequency === 'weekly' && date.getUTCDay() !== schedule.weekday) continue
    const slot = zonedTimeToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), schedule.hour, schedule.timeZone)
    if (slot <= now.getTime()) return new Date(slot)
  }
  /* c8 ignore next */
  throw new Error('No digest time found in the last eight days')
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
