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

/** Whether a location has a name to show (a link made elsewhere may give a position only). */
export function isNamedLocation(name: string | undefined): boolean {
  return (name ?? '').trim() !== ''
}

/**
 * A chosen location in words, as its chip and the phone's summary name it: its name, else where it is
 * ('Within 1 mile of a chosen point', or 'Chosen area' for radius 0), never a name it does not have nor
 * its coordinates. Only a name leaves the radius to be said beside it.
 */
export function toLocationLabel({ name, radius }: { name: string | undefined; radius: number }): string {
  const named = (name ?? '').trim()
  if (named !== '') return named
  return radius === 0 ? COPY.SUMMARY_POINT_AREA : COPY.SUMMARY_POINT(toDistanceLabel(radius))
}

/**
 * The search's locations in short: the first named one with its radius and how many more ('Leeds +1,
 * 1 mile'); when none has a name (a link that gave positions only), where the first is in words
 * ('Within 1 mile of a chosen point').
 */
function toPlaceSummary(locations: SearchCriteria['query']['locations'], locationNames: readonly string[]): string | null {
  if (locations.length === 0) return null
  const more = locations.length > 1 ? ` +${locations.length - 1}` : ''
  const named = locations.findIndex((_, index) => isNamedLocation(locationNames[index]))
  if (named === -1) return `${toLocationLabel({ name: '', radius: locations[0]!.radius })}${more}`
  const { radius } = locations[named]!
  return `${toLocationLabel({ name: locationNames[named], radius })}${more}, ${toRadiusLabel(radius)}`
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
