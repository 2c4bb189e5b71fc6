/**
 * The wire shapes of place search (SPEC §3 Search result place and Location). The search result and
 * the bounds are the domain's; a place's details are a Location without the search radius
 * (`distance`), which the visitor picks afterwards, and always with bounds and a known type.
 */
import { BoundsSchema, LocationSchema, LocationSearchSchema, PLACE_LOCATION_TYPES, SearchResultPlaceSchema, lineText } from '@agency/domain'
import { z } from 'zod'

export { BoundsSchema, SearchResultPlaceSchema }
export type { Bounds, SearchResultPlace } from '@agency/domain'

/** What a place is (the domain's PLACE_LOCATION_TYPES). */
export const PlaceLocationTypeSchema = z.enum(PLACE_LOCATION_TYPES)
/** What a place is. */
export type PlaceLocationType = z.infer<typeof PlaceLocationTypeSchema>

/** SPEC §3 Location as place details answer it: `{ location, place_id, bounds, location_type, lat, lng }`. */
export const PlaceDetailsSchema = LocationSchema.omit({ distance: true }).extend({
  bounds: BoundsSchema,
  location_type: PlaceLocationTypeSchema,
})
/** A place's details. */
export type PlaceDetails = z.infer<typeof PlaceDetailsSchema>

/** GET /api/places: the keyword, trimmed, at most 256 characters (SPEC §5); missing means empty. */
export const PlaceSearchQuerySchema = z.object({
  keyword: LocationSearchSchema.shape.keyword.default(''),
})

/** GET /api/places/:place_id. Ids are ours ('gb:town:2643123') or a provider's ('ChIJ…'). */
export const PlaceIdParamsSchema = z.object({
  place_id: lineText().min(1).max(255),
})

/** The answer for a place id that names nothing. */
export const PLACE_NOT_FOUND = 'Place not found'
