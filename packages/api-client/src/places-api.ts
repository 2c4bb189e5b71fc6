import { z } from 'zod'
import { ApiClientError } from './client.ts'
import type { ApiClientOptions, RequestOptions } from './client.ts'
import type { PlaceDetails, SearchResultPlace } from './places.ts'

/*
 * A client of the two place routes alone, for the browser's location live search. The full client
 * (createApiClient) parses with @agency/domain's schemas; a browser bundle that references them keeps
 * them, and zod with them, in the chunks it shares with the page's own code (the domain modules also
 * hold the constants the page needs), so they would load with every page. This client carries its own
 * copy of the two shapes, the same fields as SPEC §3 Search result place and Location, and zod only
 * loads when it does.
 */

const SearchResultPlaceAnswerSchema = z.object({
  data: z.array(z.object({ name: z.string(), description: z.string(), place_id: z.string() })),
})

const PlaceDetailsAnswerSchema = z.object({
  data: z.object({
    location: z.string(),
    place_id: z.string(),
    bounds: z
      .object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() })
      .nullable()
      .optional(),
    location_type: z.string().nullable().optional(),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  }),
})

const ErrorAnswerSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() })

/** SPEC §7 place search by keyword and place details by place_id. */
export interface PlacesApi {
  /** GET /places: at most 256 characters, else a 400 ApiClientError. */
  searchPlaces(keyword: string, options?: RequestOptions): Promise<SearchResultPlace[]>
  /** GET /places/:place_id. Throws a 404 ApiClientError for an unknown id. */
  getPlace(placeId: string, options?: RequestOptions): Promise<PlaceDetails>
}

/** Creates the place routes' client over the given fetch (in the browser: `/api` and the global fetch). */
export function createPlacesApi({ baseUrl, fetch }: Pick<ApiClientOptions, 'baseUrl' | 'fetch'>): PlacesApi {
  const prefix = baseUrl.replace(/\/+$/, '')

  async function get<T extends z.ZodType>(
    path: string,
    params: URLSearchParams | undefined,
    schema: T,
    options: RequestOptions | undefined,
  ): Promise<z.infer<T>> {
    const url = `${prefix}${path}${params ? `?${params.toString()}` : ''}`
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: options?.signal })
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const error = ErrorAnswerSchema.safeParse(body)
      throw new ApiClientError(response.status, error.success ? error.data : { message: `GET ${path} failed with status ${response.status}` })
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      throw new ApiClientError(502, { message: `GET ${path} answered a body that does not match the contract` }, { cause: parsed.error })
    }
    return parsed.data
  }

  return {
    async searchPlaces(keyword, options) {
      return (await get('/places', new URLSearchParams({ keyword }), SearchResultPlaceAnswerSchema, options)).data
    },
    async getPlace(placeId, options) {
      return (await get(`/places/${encodeURIComponent(placeId)}`, undefined, PlaceDetailsAnswerSchema, options)).data
    },
  }
}
