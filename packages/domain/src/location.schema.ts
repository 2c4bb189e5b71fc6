/**
 * SPEC §3 Location and Search result place, and the live search input of SPEC §4/§5, as zod schemas
 * (location.ts holds what the browser needs without them).
 */
import { z } from 'zod'
import { BoundsSchema } from './catalogue.schema.ts'
import { SEARCH_INPUT_MAX_LENGTH } from './constants.ts'
import { MESSAGES } from './messages.ts'
import { toParseResult } from './parse-result.ts'
import type { ParseResult } from './parse-result.ts'
import { RADIUS_DEFAULT_MILES } from './radius.ts'
import { RadiusSchema } from './radius.schema.ts'
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
