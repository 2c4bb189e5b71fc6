/** SPEC §3 Location, as the search and the live search input use it (schemas in location.schema.ts). */
import type { LocationFilter } from './catalogue.schema.ts'
import type { Location } from './location.schema.ts'

/** A Location as the search query's location filter (catalogue.ts): centre, radius and bounds. */
export function toLocationFilter(location: Pick<Location, 'lat' | 'lng' | 'distance' | 'bounds'>): LocationFilter {
  const filter: LocationFilter = { lat: location.lat, lng: location.lng, radius: location.distance }
  return location.bounds ? { ...filter, bounds: location.bounds } : filter
}

/** SPEC §4: whether a keyword should reset the chosen locations instead of searching. */
export function isLocationResetKeyword(keyword: string): boolean {
  return keyword.trim() === ''
}
