import type { SearchType } from './catalogue.ts'
import { LABELS } from './messages.ts'

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })

/** SPEC §9 lettings price suffix. */
export const PCM_SUFFIX = 'PCM'

/** Whole pounds as '£1,250,000'. */
export function toPounds(amount: number): string {
  return GBP.format(amount)
}

/** A price label: sales '£1,250,000', lettings '£1,200 PCM' (SPEC §9). */
export function toPriceLabel(amount: number, searchType: SearchType): string {
  return searchType === 'lettings' ? `${toPounds(amount)} ${PCM_SUFFIX}` : toPounds(amount)
}

/**
 * A price short enough for a map pin: sales to the nearest thousand or, from a million, to two
 * decimals ('£350k', '£1.25m', '£950'); lettings whole ('£1,250 pcm').
 */
export function toPinPriceLabel(amount: number, searchType: SearchType): string {
  if (searchType === 'lettings') return `${toPounds(amount)} pcm`
  if (amount < 1000) return toPounds(amount)
  const thousands = Math.round(amount / 1000)
  if (thousands < 1000) return `£${thousands}k`
  return `£${Math.round(amount / 10_000) / 100}m`
}

/** SPEC §9: card summary cut at 120 characters. */
export const SUMMARY_MAX_LENGTH = 120

/** Cuts a summary at 120 characters (SPEC §9), on a word boundary where one is near, with an ellipsis. */
export function truncateSummary(text: string, max: number = SUMMARY_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })

/** A date as '21 November 2026'. */
export function toLongDate(value: Date | string): string {
  return LONG_DATE.format(typeof value === 'string' ? new Date(value) : value)
}

/**
 * Whether a let dated available from a day ('YYYY-MM-DD') is available on another (today, the agency's
 * date): from that day on it is, and a page says 'Now' as Rightmove's 'Let available date' does.
 */
export function isAvailableBy(availableFrom: string, today: string): boolean {
  return availableFrom <= today
}

const MILES = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 })

/**
 * A distance in miles: '0.25 mile', '1 mile', '3 miles' (SPEC §9: plural when over 1 mile). Up to two
 * decimals. Zero reads '0 miles', as English counts nothing in the plural.
 */
export function toDistanceLabel(miles: number): string {
  const rounded = Math.round(miles * 100) / 100
  return `${MILES.format(rounded)} ${rounded > 1 || rounded === 0 ? 'miles' : 'mile'}`
}

/**
 * The price of an alert card (SPEC §2: 'from', 'to' or a range). 0 is unset (SPEC §9). Lettings carry
 * one PCM suffix at the end: 'from £1,000 PCM', '£1,000 - £1,500 PCM'. Null when neither bound is set.
 */
export function toAlertPriceLabel(minPrice: number, maxPrice: number, searchType: SearchType): string | null {
  const suffix = searchType === 'lettings' ? ` ${PCM_SUFFIX}` : ''
  if (minPrice > 0 && maxPrice > 0) return `${toPounds(minPrice)} - ${toPounds(maxPrice)}${suffix}`
  if (minPrice > 0) return `from ${toPounds(minPrice)}${suffix}`
  if (maxPrice > 0) return `to ${toPounds(maxPrice)}${suffix}`
  return null
}

/** The room counts of SPEC §9 preferences. */
export type RoomKind = 'bedroom' | 'bathroom' | 'reception'

/** The word after a room range label: 'Beds', 'Baths' (SPEC §9) and 'Reception' (SPEC §9). */
export const ROOM_RANGE_SUFFIX: Record<RoomKind, string> = {
  bedroom: 'Beds',
  bathroom: 'Baths',
  reception: 'Reception',
}

function roomBound(kind: RoomKind, prefix: 'Min' | 'Max', value: number | null): string {
  if (value === null) return prefix === 'Min' ? LABELS.NO_MIN : LABELS.NO_MAX
  // SPEC §9: bedroom 0 is a studio; 'Min Studio' would read oddly, so the word stands alone.
  if (kind === 'bedroom' && value === 0) return LABELS.STUDIO
  return `${prefix} ${value}`
}

/**
 * A min/max room preference as SPEC §9 labels it: 'Min 1 - Max 3 Baths', 'Min 1 - No Max Reception',
 * 'Studio - Max 2 Beds', 'No Min - No Max Beds' (null is no min / no max).
 */
export function toRoomRangeLabel(kind: RoomKind, min: number | null, max: number | null): string {
  return `${roomBound(kind, 'Min', min)} - ${roomBound(kind, 'Max', max)} ${ROOM_RANGE_SUFFIX[kind]}`
}

/**
 * A range in words for sentences: '2–4', 'at least 2', 'up to 4', '2' (equal bounds) or 'any'.
 * `toValue` renders one bound (e.g. 0 bedrooms as 'Studio').
 */
export function toRangeText(min: number | null, max: number | null, toValue: (n: number) => string = String): string {
  if (min !== null && max !== null) return min === max ? toValue(min) : `${toValue(min)}–${toValue(max)}`
  if (min !== null) return `at least ${toValue(min)}`
  if (max !== null) return `up to ${toValue(max)}`
  return 'any'
}

// Words spelt with a vowel but said with a consonant ('a unit', 'a one-bedroom flat', 'a European')
// and words spelt with an h but said with a vowel ('an hour').
const SAID_WITH_CONSONANT = /^(one\b|once\b|uni|use|usu|uti|ure|eu|ewe)/
const SAID_WITH_VOWEL = /^(hour|honest|honour|heir)/
// Numbers said with a vowel: 8, 11, 18, 80–89, 800… ('an 8 bedroom house', 'an 11 acre plot').
const NUMBER_SAID_WITH_VOWEL = /^(8|11(?![0-9])|18(?![0-9]))/

/**
 * The phrase with 'a' or 'an' before it, as it is said: 'an apartment', 'an end-of-terrace house',
 * 'a house', 'a unit', 'an hour', 'an 8 bedroom house'. Capitalised when `capital` is set, to start a
 * heading or sentence: 'An apartment in York'.
 */
export function withIndefiniteArticle(phrase: string, capital = false): string {
  const word = phrase.trimStart().toLowerCase()
  const an = /^[0-9]/.test(word)
    ? NUMBER_SAID_WITH_VOWEL.test(word)
    : SAID_WITH_VOWEL.test(word) || (/^[aeiou]/.test(word) && !SAID_WITH_CONSONANT.test(word))
  const article = an ? 'an' : 'a'
  return `${capital ? article.charAt(0).toUpperCase() + article.slice(1) : article} ${phrase.trimStart()}`
}
