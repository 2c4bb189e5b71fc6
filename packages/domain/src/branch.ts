/**
 * A branch's own page: its address, and its opening hours in words (catalogue.schema.ts
 * OpeningHoursSchema holds them as data).
 */
import { toUrlSlug } from './catalogue.ts'
import type { OpeningHours } from './catalogue.schema.ts'

/** The days of the week, Monday first, as a branch's opening hours name them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
/** A day of the week. */
export type Weekday = (typeof WEEKDAYS)[number]

/** The path of a branch's page: `/branches/3/reading`. */
export function toBranchPageUrl(branch: { id: number; branchName: string }): string {
  return `/branches/${branch.id}/${toUrlSlug(branch.branchName)}`
}

/** A time of day as a British reader writes it: '9am', '5:30pm', '12pm'. */
export function toClockText(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const suffix = hours < 12 ? 'am' : 'pm'
  const twelve = hours % 12 === 0 ? 12 : hours % 12
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${suffix}`
}

/** One line of a branch's opening hours: 'Monday to Friday' and '9am to 5:30pm', or 'Sunday' and 'Closed'. */
export interface OpeningHoursLine {
  days: string
  hours: string
}

/** The text of a closed day. */
export const CLOSED_TEXT = 'Closed'

/**
 * A week's opening hours in lines, Monday first, neighbouring days with the same hours in one line
 * ('Monday to Friday: 9am to 5:30pm', 'Saturday: 9am to 4pm', 'Sunday: Closed'). None when no hours
 * are known, so a page says nothing rather than 'Closed' every day.
 */
export function toOpeningHoursLines(hours: readonly OpeningHours[]): OpeningHoursLine[] {
  if (!hours.length) return []
  const textOf = (day: Weekday) => {
    const open = hours.find((h) => h.day === day)
    return open ? `${toClockText(open.opens)} to ${toClockText(open.closes)}` : CLOSED_TEXT
  }
  const lines: { first: Weekday; last: Weekday; hours: string }[] = []
  for (const day of WEEKDAYS) {
    const text = textOf(day)
    const previous = lines.at(-1)
    if (previous && previous.hours === text) previous.last = day
    else lines.push({ first: day, last: day, hours: text })
  }
  return lines.map(({ first, last, hours: text }) => ({ days: first === last ? first : `${first} to ${last}`, hours: text }))
}
