/** SPEC §3 Location, as the search and the live search input use it (schemas in location.schema.ts). */
import type { Bounds, LocationFilter } from './catalogue.schema.ts'
import type { Location } from './location.schema.ts'

/**
 * What a place is (SPEC §3 Location `location_type`). The offline gazetteer gives the first six; a
 * provider such as Google also finds wider areas (a county, a neighbourhood), street addresses and
 * establishments (SPEC §5: schools, pubs).
 */
export const PLACE_LOCATION_TYPES = [
  'city',
  'town',
  'village',
  'postcode_district',
  'postcode',
  'branch',
  'area',
  'address',
  'establishment',
] as const

/**
 * The kinds of place that are a point, not an area: a full postcode, a school, pub or station, one of
 * the agency's branches, an address. Their bounds (a street or two around them) frame a map; a search
 * measures its radius from the point itself, so 'within 1 mile of Deansgate station' is a circle of a
 * mile around the station, not a mile beyond a box around it (which reaches 1.2 miles at its corners).
 */
export const POINT_LOCATION_TYPES: readonly string[] = ['postcode', 'establishment', 'branch', 'address'] satisfies ReadonlyArray<(typeof PLACE_LOCATION_TYPES)[number]>

/**
 * The bounds a search of a place covers (SPEC §9: radius 0 is the place's own area, a larger radius
 * that area and the radius beyond it): an area's bounds, none for a point, which the search then reads
 * as a circle around it (criteria.ts `isWithinLocation`).
 */
export function toPlaceSearchBounds(place: { location_type?: string | null; bounds?: Bounds | null }): Bounds | null {
  if (!place.bounds || (place.location_type && POINT_LOCATION_TYPES.includes(place.location_type))) return null
  return place.bounds
}

/** A Location as the search query's location filter (catalogue.ts): centre, radius and bounds. */
export function toLocationFilter(location: Pick<Location, 'lat' | 'lng' | 'distance' | 'bounds' | 'location_type'>): LocationFilter {
  const filter: LocationFilter = { lat: location.lat, lng: location.lng, radius: location.distance }
  const bounds = toPlaceSearchBounds(location)
  return bounds ? { ...filter, bounds } : filter
}

/** SPEC §4: whether a keyword should reset the chosen locations instead of searching. */
export function isLocationResetKeyword(keyword: string): boolean {
  return keyword.trim() === ''
}
