import { toPriceLabel, toRadiusLabel, toRoomValueLabel } from '@agency/domain'
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
 * The search of a list page in short, as a phone shows it above the results with Edit and Filters
 * (search-form.tsx): the place and its radius, then the price and the bedrooms.
 */
export function toSearchSummary({ searchType, query, locationNames }: SearchCriteria): { place: string; rest: string } {
  const [first] = query.locations
  const place = first
    ? `${locationNames[0] || COPY.SUMMARY_MAP_PLACE}${query.locations.length > 1 ? ` +${query.locations.length - 1}` : ''}, ${toRadiusLabel(first.radius)}`
    : query.bounds
      ? COPY.SUMMARY_MAP_AREA
      : COPY.SUMMARY_ANYWHERE
  const price = toRange(query.min_price || null, query.max_price || null, (value) => toPriceLabel(value, searchType)) ?? COPY.SUMMARY_ANY_PRICE
  const beds = toRange(query.min_bedroom, query.max_bedroom, (value) => toRoomValueLabel('bedroom', value))
  return { place, rest: [price, beds === null ? COPY.SUMMARY_ANY_BEDROOMS : `${beds} ${COPY.SUMMARY_BEDS}`].join(' · ') }
}
