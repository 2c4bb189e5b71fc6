/**
 * SPEC §3 Location and Search result place, and the live search input of SPEC §4/§5.
 */
import { z } from 'zod'
import { BoundsSchema, type LocationFilter } from './catalogue.ts'
import { SEARCH_INPUT_MAX_LENGTH } from './constants.ts'
import { MESSAGES } from './messages.ts'
import { toParseResult } from './parse-result.ts'
import type { ParseResult } from './parse-result.ts'
import { RADIUS_DEFAULT_MILES, RadiusSchema } from './radius.ts'
import { lineText } from './text.ts'

/** SPEC §3 Location: a chosen place with its search radius (`distance`, miles). */
export const LocationSchema = z.object({
  location: lineText().trim().min(1).max(SEARCH_INPUT_MAX_LENGTH),
  place_id: lineText().min(1).max(255),
  bounds: BoundsSchema.nullable().optional(),
  location_type: z.string().max(50).nullable().optional(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  distance: RadiusSchema.default(RADIUS_DEFAULT_MILES),
})
/** SPEC §3 Location. */
export type Location = z.infer<typeof LocationSchema>

/** SPEC §3 Search result place: what the live search lists. */
export const SearchResultPlaceSchema = z.object({
  name: z.string(),
  description: z.string(),
  place_id: z.string(),
})
/** SPEC §3 Search result place. */
export type SearchResultPlace = z.infer<typeof SearchResultPlaceSchema>

/** A Location as the search query's location filter (catalogue.ts): centre, radius and bounds. */
export function toLocationFilter(location: Pick<Location, 'lat' | 'lng' | 'distance' | 'bounds'>): LocationFilter {
  const filter: LocationFilter = { lat: location.lat, lng: location.lng, radius: location.distance }
  return location.bounds ? { ...filter, bounds: location.bounds } : filter
}

/** SPEC §3 Location search criteria: keyword (at most 256 characters, SPEC §5) and radius in miles. */
export const LocationSearchSchema = z.object({
  keyword: lineText().trim().max(SEARCH_INPUT_MAX_LENGTH, { error: () => MESSAGES.SEARCH_KEYWORD_MAX_LENGTH }),
  radius: z.coerce.number().pipe(RadiusSchema).default(RADIUS_DEFAULT_MILES),
})
/** SPEC §3 Location search criteria. */
export type LocationSearch = z.infer<typeof LocationSearchSchema>

/** Parses the live search input; an empty keyword is valid (SPEC §4: it resets the locations). */
export function parseLocationSearch(input: unknown): ParseResult<LocationSearch> {
  return toParseResult(LocationSearchSchema.safeParse(input), ['keyword', 'radius'])
}

/** SPEC §4: whether a keyword should reset the chosen locations instead of searching. */
export function isLocationResetKeyword(keyword: string): boolean {
  return keyword.trim() === ''
}
