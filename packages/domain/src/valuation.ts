/**
 * The valuation page's form (SPEC §9 valuation types: Sales 1, Lettings 2). Its one purpose answers the
 * lead form's SPEC fields for the visitor (what they would like, their position, a valuation), and it
 * asks what a valuer needs instead: the property's type, its bedrooms and a preferred time. The
 * payload stays SPEC §3's: the answers travel in its message and its `bedrooms`.
 */
import { VALUATION_TYPE } from './constants.ts'
import type { IWouldLike, PropertyToLet, PropertyToSell, ValuationTypeId } from './constants.ts'
import { toParseFailure } from './parse-result.ts'
import type { FieldFailure, ParseFailure } from './parse-result.ts'
import { isViewingTimeInFuture, isWithinViewingHours, parseViewingTimeValue, toViewingTimeText } from './viewing-time.ts'

/** The kinds of home a valuation form offers. */
export const VALUATION_PROPERTY_TYPES = ['Detached house', 'Semi-detached house', 'Terraced house', 'Flat or apartment', 'Bungalow', 'Other'] as const

/** The bedroom counts a valuation form offers ('6' is six or more). */
export const VALUATION_BEDROOM_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '0', label: 'Studio' },
  ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) })),
  { value: '6', label: '6 or more' },
]

/** The longest note a visitor adds: with the answers before it, the message stays within SPEC's 255. */
export const VALUATION_NOTE_MAX_LENGTH = 120

/** The valuation form's own messages (SPEC words the lead form's). */
export const VALUATION_MESSAGES = {
  PROPERTY_TYPE_REQUIRED: 'Please select the type of property',
  BEDROOMS_REQUIRED: 'Please select the number of bedrooms',
  PREFERRED_TIME_OUT_OF_HOURS: 'Please choose a time between 07:00 and 19:00',
  PREFERRED_TIME_IN_PAST: 'Please choose a time in the future',
  NOTE_TOO_LONG: `Your note may not be greater than ${VALUATION_NOTE_MAX_LENGTH} characters.`,
} as const

/** What the valuation form asks besides the contact's details. */
export interface ValuationDetails {
  valuation_type: number
  property_type: string
  bedrooms: string
  /** 'YYYY-MM-DDTHH:mm' in the agency's time, or '' for any time. */
  preferred_time: string
  note: string
}

/** The field names of a failure, as the form posts them. */
export const VALUATION_FIELD = {
  PROPERTY_TYPE: 'valuation_property_type',
  BEDROOMS: 'valuation_bedrooms',
  PREFERRED_DATE: 'valuation_date',
  NOTE: 'comment',
} as const

/**
 * What is wrong with a valuation's details, each field's message in the form's order (the first is
 * the toast's), or null.
 */
export function checkValuationDetails(details: ValuationDetails, now?: Date): ParseFailure | null {
  const failures: FieldFailure[] = []
  if (!(VALUATION_PROPERTY_TYPES as readonly string[]).includes(details.property_type)) failures.push({ field: VALUATION_FIELD.PROPERTY_TYPE, message: VALUATION_MESSAGES.PROPERTY_TYPE_REQUIRED })
  if (!VALUATION_BEDROOM_OPTIONS.some((o) => o.value === details.bedrooms)) failures.push({ field: VALUATION_FIELD.BEDROOMS, message: VALUATION_MESSAGES.BEDROOMS_REQUIRED })
  if (details.preferred_time !== '') {
    const wc = parseViewingTimeValue(details.preferred_time)
    if (!wc || !isWithinViewingHours(wc)) failures.push({ field: VALUATION_FIELD.PREFERRED_DATE, message: VALUATION_MESSAGES.PREFERRED_TIME_OUT_OF_HOURS })
    else if (now && !isViewingTimeInFuture(details.preferred_time, now)) failures.push({ field: VALUATION_FIELD.PREFERRED_DATE, message: VALUATION_MESSAGES.PREFERRED_TIME_IN_PAST })
  }
  if (details.note.trim().length > VALUATION_NOTE_MAX_LENGTH) failures.push({ field: VALUATION_FIELD.NOTE, message: VALUATION_MESSAGES.NOTE_TOO_LONG })
  return toParseFailure(failures)
}

/** What a valuation's purpose answers of the lead form's SPEC fields. */
export function toValuationAnswers(valuationType: number): {
  i_would_like: IWouldLike[]
  i_have_a_property_to_sell: PropertyToSell
  i_have_a_property_to_let: PropertyToLet
  my_property_valued: true
} {
  return valuationType === VALUATION_TYPE.LETTINGS
    ? { i_would_like: ['to-let-my-property'], i_have_a_property_to_sell: 'no', i_have_a_property_to_let: 'available-soon', my_property_valued: true }
    : { i_would_like: ['to-sell-my-property'], i_have_a_property_to_sell: 'yes-not-yet-on-market', i_have_a_property_to_let: 'no', my_property_valued: true }
}

/** The standalone valuation page's path (SPEC §1 'to get a valuation'): an enquiry sent from it is a request for a valuation. */
export const VALUATION_PATH = '/valuation'

/**
 * The valuation an enquiry asks for, when it was sent from the valuation page; else null. Its position
 * answers (a property to sell or to let) are then the page's (toValuationAnswers), not the visitor's,
 * so the e-mails leave them out and name the valuation instead.
 */
export function toValuationOfLead(lead: { url: string; i_would_like: readonly string[] }): ValuationTypeId | null {
  if (!URL.canParse(lead.url) || new URL(lead.url).pathname !== VALUATION_PATH) return null
  return lead.i_would_like.includes('to-let-my-property') ? VALUATION_TYPE.LETTINGS : VALUATION_TYPE.SALES
}

/** What a valuation request asks for, in a sentence's words: 'A lettings valuation'. */
export function toValuationWants(valuationType: ValuationTypeId): string {
  return valuationType === VALUATION_TYPE.LETTINGS ? 'A lettings valuation' : 'A sales valuation'
}

/**
 * The enquiry's message for the branch: the purpose, the property, the preferred time and the
 * visitor's note ('Sales valuation. Property: Semi-detached house, 3 bedrooms. Preferred time:
 * Tuesday 1 December 2026, 10:00. Side access by the garage.').
 */
export function toValuationMessage(details: ValuationDetails): string {
  const purpose = details.valuation_type === VALUATION_TYPE.LETTINGS ? 'Lettings valuation.' : 'Sales valuation.'
  const bedrooms = VALUATION_BEDROOM_OPTIONS.find((o) => o.value === details.bedrooms)
  const rooms = !bedrooms ? '' : bedrooms.value === '0' ? ', studio' : `, ${bedrooms.label} bedroom${bedrooms.value === '1' ? '' : 's'}`
  const time = details.preferred_time ? ` Preferred time: ${toViewingTimeText(details.preferred_time)}.` : ' Any time suits.'
  const note = details.note.trim()
  return `${purpose} Property: ${details.property_type}${rooms}.${time}${note ? ` ${note}` : ''}`
}
