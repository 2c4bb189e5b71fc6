import type { PlaceDetails, SearchResultPlace } from './schemas.ts'

/** How many places a search offers unless told otherwise. */
export const DEFAULT_PLACE_LIMIT = 8
/** The most a search offers. */
export const MAX_PLACE_LIMIT = 20

/**
 * SPEC §7 "place search by keyword; place details by place_id", wherever the places come from: the
 * offline gazetteer in the database, or Google Places.
 */
export interface PlacesProvider {
  /** Places matching a keyword, best first; none for an empty keyword. */
  search(keyword: string, limit?: number): Promise<SearchResultPlace[]>
  /** A place by the id a search gave, or null when there is no such place. */
  details(placeId: string): Promise<PlaceDetails | null>
  /**
   * For a keyword the search finds nothing for: the places whose names are spelt nearest to it, best
   * first, to offer instead ('Did you mean'). A provider without a fuzzy search of its own has none.
   */
  nearestSpellings?(keyword: string, limit?: number): Promise<SearchResultPlace[]>
}

/** How many nearest spellings a keyword that finds nothing is offered. */
export const NEAREST_SPELLINGS_LIMIT = 5

/** The limit a search runs with: the default when unset, within 1 and MAX_PLACE_LIMIT. */
export function toPlaceLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PLACE_LIMIT
  return Math.min(MAX_PLACE_LIMIT, Math.max(1, Math.trunc(limit)))
}
