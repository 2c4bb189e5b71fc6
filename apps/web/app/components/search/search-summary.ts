import { toDistanceLabel, toPriceLabel, toRadiusLabel, toRoomValueLabel } from '@agency/domain'
import type { SearchCriteria } from '#app/components/search/search-url.ts'
import { COPY } from '#app/copy.ts'

/** A range as one phrase: 'from a', 'up to b', 'a – b', or null when open at both ends. */
function toRange<T>(min: T | null, max: T | null, label: (value: T) => string): string | null {
  if (min !== null && max !== null) return min === max ? label(min) : `${label(min)} – ${label(max)}`
  if (min !== null) return `${label(min)}+`
  if (max !== null) return `${COPY.SUMMARY_UP_TO} ${label(max)}`
  return null
}

/**
 * The search's locations in short: the first named one with its radius and how many more ('Leeds +1,
 * 1 mile'); when none has a name (a link that gave positions only), where the first is in words
 * ('Within 1 mile of a chosen point'), never a name it does not have.
 */
function toPlaceSummary(locations: SearchCriteria['query']['locations'], locationNames: readonly string[]): string | null {
  if (locations.length === 0) return null
  const more = locations.length > 1 ? ` +${locations.length - 1}` : ''
  const named = locations.findIndex((_, index) => (locationNames[index] ?? '').trim() !== '')
  if (named !== -1) return `${locationNames[named]!.trim()}${more}, ${toRadiusLabel(locations[named]!.radius)}`
  const { radius } = locations[0]!
  return `${radius === 0 ? COPY.SUMMARY_POINT_AREA : COPY.SUMMARY_POINT(toDistanceLabel(radius))}${more}`
}

/**
 * The search of a list page in short, as a phone shows it above the results with Edit and Filters
 * (search-form.tsx): the place and its radius, then the price and the bedrooms.
 */
export function toSearchSummary({ searchType, query, locationNames }: SearchCriteria): { place: string; rest: string } {
  const place = toPlaceSummary(query.locations, locationNames) ?? (query.bounds ? COPY.SUMMARY_MAP_AREA : COPY.SUMMARY_ANYWHERE)
  const price = toRange(query.min_price || null, query.max_price || null, (value) => toPriceLabel(value, searchType)) ?? COPY.SUMMARY_ANY_PRICE
  const beds = toRange(query.min_bedroom, query.max_bedroom, (value) => toRoomValueLabel('bedroom', value))
  return { place, rest: [price, beds === null ? COPY.SUMMARY_ANY_BEDROOMS : `${beds} ${COPY.SUMMARY_BEDS}`].join(' · ') }
}
