import { createPlacesApi, isNotFoundError } from '@agency/api-client'
import type { PlaceDetails, RequestOptions, SearchResultPlace } from '@agency/api-client'

/**
 * The browser's place search and details, over the page's own origin. Loaded on demand (see
 * location-search.tsx), so the client and zod stay out of the page's first load; it is the
 * api-client's places-only client for the same reason (places-api.ts).
 */
const placesApi = createPlacesApi({ baseUrl: '/api', fetch: (input, init) => fetch(input, init) })

/** SPEC §7 place search by keyword. */
export function searchPlaces(keyword: string, options?: RequestOptions): Promise<SearchResultPlace[]> {
  return placesApi.searchPlaces(keyword, options)
}

/** SPEC §7 place details by place_id; null when the place is unknown (it may have left the gazetteer). */
export async function findPlace(placeId: string, options?: RequestOptions): Promise<PlaceDetails | null> {
  try {
    return await placesApi.getPlace(placeId, options)
  } catch (error) {
    if (isNotFoundError(error)) return null
    throw error
  }
}
