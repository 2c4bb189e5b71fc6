import { LocationSchema, SearchResultPlaceSchema } from '@agency/domain'
import type { SearchResultPlace } from '@agency/domain'
import type { z } from 'zod'

/*
 * The wire shapes of SPEC §7 "place search by keyword; place details by place_id" (API.md: GET
 * /places?keyword= and GET /places/:place_id).
 */

/** GET /places answers SPEC §3 Search result places, best first. */
export const PlaceSearchAnswerSchema = SearchResultPlaceSchema.array()

/**
 * SPEC §3 Location as place details answer it: `{ location, place_id, bounds, location_type, lat, lng }`,
 * without the search radius (`distance`), which the visitor picks. `location_type` stays a string: each
 * provider has its own kinds of place, and the client has no use for telling them apart.
 */
export const PlaceDetailsSchema = LocationSchema.omit({ distance: true })
/** A place's details. */
export type PlaceDetails = z.infer<typeof PlaceDetailsSchema>

export type { SearchResultPlace }
