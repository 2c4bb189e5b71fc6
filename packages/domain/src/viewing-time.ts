/**
 * The lead form's ideal viewing time (SPEC §5): a UK wall-clock time between 07:00 and 19:00, about one
 * hour ahead by default.
 *
 * The value travels as the HTML datetime-local format 'YYYY-MM-DDTHH:mm', read as Europe/London time
 * (the agency's time, whatever the visitor's device says); toViewingInstant gives the moment it means.
 */

/** SPEC §5: the first viewing hour (07:00). */
export const VIEWING_FIRST_HOUR = 7
/**
 * SPEC §5: the last viewing hour. 19:00 itself is allowed and is the last bookable start; 19:01 and
 * later are not, so a visit is never booked into the evening.
 */
export const VIEWING_LAST_HOUR = 19
/** The hour a default viewing moves to when "one hour ahead" falls outside the window. */
export const VIEWING_FALLBACK_HOUR = 9
/** SPEC §5: the default viewing time is about this many minutes ahead. */
export const VIEWING_LEAD_MINUTES = 60
/** The default is rounded up to a multiple of this many minutes. */
export const VIEWING_ROUNDING_MINUTES = 15
/** The time zone viewing times are read in. */
export const VIEWING_TIME_ZONE = 'Europe/London'

/** A wall-clock time in the agency's time zone. */
export interface WallClock {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: VIEWING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The Europe/London wall clock at a moment. */
export function toLondonWallClock(moment: Date): WallClock {
  const parts: Record<string, number> = {}
  for (const part of LONDON.formatToParts(moment)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! }
}

/** The agency's (Europe/London) date at a moment, as 'YYYY-MM-DD'. */
export function toLondonDate(moment: Date): string {
  return toViewingTimeValue(toLondonWallClock(moment)).slice(0, 10)
}

const wallClockAsUtc = (wc: WallClock): number => Date.UTC(wc.year, wc.month - 1, wc.day, wc.hour, wc.minute)

/**
 * The moment a Europe/London wall-clock time means. In the autumn's repeated hour the earlier (BST)
 * moment is taken; a time inside the spring's skipped hour is read one hour later.
 */
export function fromLondonWallClock(wc: WallClock): Date {
  const guess = wallClockAsUtc(wc)
  // London is UTC+1 (BST) or UTC+0 (GMT): try the BST reading first, then GMT.
  for (const candidate of [guess - 3_600_000, guess]) {
    if (wallClockAsUtc(toLondonWallClock(new Date(candidate))) === guess) return new Date(candidate)
  }
  // Only a skipped spring time reaches here; its GMT reading is the same time an hour later in BST.
  return new Date(guess)
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** A wall-clock time as 'YYYY-MM-DDTHH:mm'. */
export function toViewingTimeValue(wc: WallClock): string {
  return `${wc.year}-${pad(wc.month)}-${pad(wc.day)}T${pad(wc.hour)}:${pad(wc.minute)}`
}

const VALUE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::00(?:\.0+)?)?$/

/**
 * Reads 'YYYY-MM-DDTHH:mm' (a space for the 'T' and ':00' seconds are accepted, as browsers send them)
 * into a wall clock, or null when it is no real date and time.
 */
export function parseViewingTimeValue(value: string): WallClock | null {
  const match = VALUE.exec(value.trim())
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  if (!real || hour > 23 || minute > 59) return null
  return { year, month, day, hour, minute }
}

/** SPEC §5: whether a wall-clock time lies within 07:00–19:00 (both ends included). */
export function isWithinViewingHours(wc: Pick<WallClock, 'hour' | 'minute'>): boolean {
  if (wc.hour < VIEWING_FIRST_HOUR) return false
  return wc.hour < VIEWING_LAST_HOUR || (wc.hour === VIEWING_LAST_HOUR && wc.minute === 0)
}

/** The moment a viewing time value means, or null when the value is malformed. */
export function toViewingInstant(value: string): Date | null {
  const wc = parseViewingTimeValue(value)
  return wc ? fromLondonWallClock(wc) : null
}

/** Whether a viewing time value lies after `now` (SPEC §8's "a date after now"). */
export function isViewingTimeInFuture(value: string, now: Date): boolean {
  const instant = toViewingInstant(value)
  return instant !== null && instant.getTime() > now.getTime()
}

/**
 * SPEC §5's default viewing time: one hour from `now`, rounded up to the next quarter hour, in London
 * time. When that falls outside 07:00–19:00 it moves to 09:00 — the same day before 07:00, the next
 * day after 19:00 — because a default should be a time an agent would actually offer.
 * Examples: 10:10 → 11:15; 17:55 → 19:00; 18:10 → next day 09:00; 05:30 → 09:00.
 */
export function defaultViewingTime(now: Date): string {
  const step = VIEWING_ROUNDING_MINUTES * 60_000
  const ahead = Math.ceil((now.getTime() + VIEWING_LEAD_MINUTES * 60_000) / step) * step
  const wc = toLondonWallClock(new Date(ahead))
  if (isWithinViewingHours(wc)) return toViewingTimeValue(wc)
  const nextDay = wc.hour >= VIEWING_LAST_HOUR ? 1 : 0
  const date = new Date(Date.UTC(wc.year, wc.month - 1, wc.day + nextDay))
  return toViewingTimeValue({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: VIEWING_FALLBACK_HOUR,
    minute: 0,
  })
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/** A wall-clock time as people write it: 'Sunday 29 November 2026, 9:00' (24-hour, as SPEC §5 asks). */
function toWallClockText(wc: WallClock): string {
  const weekday = DAY_NAMES[new Date(Date.UTC(wc.year, wc.month - 1, wc.day)).getUTCDay()]!
  return `${weekday} ${wc.day} ${MONTH_NAMES[wc.month - 1]!} ${wc.year}, ${wc.hour}:${String(wc.minute).padStart(2, '0')}`
}

/**
 * A viewing time as people write it: 'Sunday 29 November 2026, 9:00' (the agency's wall clock, 24-hour
 * as SPEC §5 asks it). What does not read as a date and time is given back as it is.
 */
export function toViewingTimeText(value: string): string {
  const wc = parseViewingTimeValue(value)
  return wc ? toWallClockText(wc) : value
}

/** A moment as the agency's e-mails write it, on London's clock: 'Sunday 29 November 2026, 9:00'. */
export function toDateTimeText(moment: Date): string {
  return toWallClockText(toLondonWallClock(moment))
}
