/**
 * Places from Google: Places API (New) Autocomplete for the search and Place Details for a chosen
 * place, restricted to the United Kingdom and answered in British English.
 * https://developers.google.com/maps/documentation/places/web-service/place-autocomplete
 * https://developers.google.com/maps/documentation/places/web-service/place-details
 */
import { z } from 'zod'
import { toPlaceLimit, type PlacesProvider } from './provider.ts'
import type { PlaceDetails, PlaceLocationType } from './schemas.ts'

/** The base of Places API (New). */
export const GOOGLE_PLACES_URL = 'https://places.googleapis.com/v1'

/**
 * What Place Details returns. Only these fields are asked for: they are all in the cheapest SKU
 * (Place Details Essentials); `displayName` would not be.
 */
export const GOOGLE_DETAILS_FIELD_MASK = 'id,formattedAddress,location,viewport,types'

/** The part of `fetch` the provider uses, so tests can answer in Google's place. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** Where failures are reported; Fastify's logger fits. */
export interface PlacesLogger {
  error(details: object, message: string): void
}

/** How the Google provider is set up. */
export interface GooglePlacesOptions {
  apiKey: string
  fetch?: FetchLike
  log: PlacesLogger
  /** Google answers within a few hundred milliseconds; past this the visitor is better off without it. */
  timeoutMs?: number
}

const TextSchema = z.object({ text: z.string() })

const AutocompleteResponseSchema = z.object({
  // Google leaves the list out when nothing matches.
  suggestions: z
    .array(
      z.object({
        // Query predictions (when asked for) come without one.
        placePrediction: z
          .object({
            placeId: z.string().min(1),
            text: TextSchema,
            structuredFormat: z.object({ mainText: TextSchema, secondaryText: TextSchema.optional() }).optional(),
          })
          .optional(),
      }),
    )
    .default([]),
})

const LatLngSchema = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })

const PlaceResponseSchema = z.object({
  id: z.string().min(1),
  formattedAddress: z.string().min(1),
  location: LatLngSchema,
  viewport: z.object({ low: LatLngSchema, high: LatLngSchema }).optional(),
  types: z.array(z.string()).default([]),
})

/**
 * Google's place types, most telling first, as SPEC §3 location types. A postcode district comes
 * typed both `postal_code` and `postal_code_prefix`, so the prefix is looked for first.
 */
const LOCATION_TYPES: ReadonlyArray<readonly [string, PlaceLocationType]> = [
  ['postal_code_prefix', 'postcode_district'],
  ['postal_code', 'postcode'],
  ['locality', 'town'],
  ['postal_town', 'town'],
  ['sublocality', 'area'],
  ['neighborhood', 'area'],
  ['colloquial_area', 'area'],
  ['administrative_area_level_4', 'area'],
  ['administrative_area_level_3', 'area'],
  ['administrative_area_level_2', 'area'],
  ['administrative_area_level_1', 'area'],
  ['street_address', 'address'],
  ['premise', 'address'],
  ['subpremise', 'address'],
  ['route', 'address'],
]

/** The SPEC §3 location type of a Google place: schools, pubs and the like are establishments. */
export function toLocationType(types: readonly string[]): PlaceLocationType {
  return LOCATION_TYPES.find(([google]) => types.includes(google))?.[1] ?? 'establishment'
}

// Google's ids are URL-safe base64; anything else (one of our own ids, a typo) is not worth a request.
const GOOGLE_PLACE_ID = /^[A-Za-z0-9_-]{1,255}$/

/** Half the side of the box given to a place Google sends without a viewport. */
const FALLBACK_BOX_DEGREES = 0.005

/** A failed answer from Google, with what it said. */
class GooglePlacesError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Google Places answered ${status}`)
  }
}

/** The Google Places provider. Search failures are logged and give no places; details failures throw. */
export function createGooglePlacesProvider(options: GooglePlacesOptions): PlacesProvider {
  const fetchJson = async (url: string, init: RequestInit): Promise<unknown> => {
    const response = await (options.fetch ?? fetch)(url, {
      ...init,
      headers: { ...init.headers, 'x-goog-api-key': options.apiKey },
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    })
    if (!response.ok) throw new GooglePlacesError(response.status, await response.text())
    return response.json()
  }

  return {
    async search(keyword, limit) {
      const input = keyword.trim()
      if (!input) return []
      try {
        const body = await fetchJson(`${GOOGLE_PLACES_URL}/places:autocomplete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ input, includedRegionCodes: ['gb'], regionCode: 'gb', languageCode: 'en-GB' }),
        })
        const { suggestions } = AutocompleteResponseSchema.parse(body)
        return suggestions
          .flatMap(({ placePrediction: prediction }) => {
            if (!prediction) return []
            const format = prediction.structuredFormat
            return [
              {
                name: format?.mainText.text ?? prediction.text.text,
                description: format?.secondaryText?.text ?? '',
                place_id: prediction.placeId,
              },
            ]
          })
          .slice(0, toPlaceLimit(limit))
      } catch (error) {
        // SPEC §8 shows 'Couldn't find the address.' for an empty list; a broken provider must not break the page.
        options.log.error({ err: error, provider: 'google', keyword: input }, 'place search failed')
        return []
      }
    },

    async details(placeId) {
      if (!GOOGLE_PLACE_ID.test(placeId)) return null
      let body: unknown
      try {
        body = await fetchJson(`${GOOGLE_PLACES_URL}/places/${placeId}?languageCode=en-GB&regionCode=gb`, {
          method: 'GET',
          headers: { 'x-goog-fieldmask': GOOGLE_DETAILS_FIELD_MASK },
        })
      } catch (error) {
        if (error instanceof GooglePlacesError && error.status === 404) return null
        options.log.error({ err: error, provider: 'google', place_id: placeId }, 'place details failed')
        throw error
      }
      const place = PlaceResponseSchema.parse(body)
      const { latitude: lat, longitude: lng } = place.location
      const viewport = place.viewport ?? {
        low: { latitude: lat - FALLBACK_BOX_DEGREES, longitude: lng - FALLBACK_BOX_DEGREES },
        high: { latitude: lat + FALLBACK_BOX_DEGREES, longitude: lng + FALLBACK_BOX_DEGREES },
      }
      return {
        location: place.formattedAddress,
        place_id: place.id,
        bounds: {
          south: viewport.low.latitude,
          west: viewport.low.longitude,
          north: viewport.high.latitude,
          east: viewport.high.longitude,
        },
        location_type: toLocationType(place.types),
        lat,
        lng,
      } satisfies PlaceDetails
    },
  }
}
