/**
 * Address suggestions from Ideal Postcodes (Royal Mail's Postcode Address File): the address search
 * of its API, `GET /v1/addresses?query=…`, one hit per delivery point.
 * https://ideal-postcodes.co.uk/documentation
 */
import type { AddressSearchResult } from '@agency/domain'
import { z } from 'zod'
import { ADDRESS_SUGGESTION_LIMIT, type AddressProvider } from './provider.ts'

/** The base of the Ideal Postcodes API. */
export const IDEAL_POSTCODES_URL = 'https://api.ideal-postcodes.co.uk/v1'

/** The part of `fetch` the provider uses, so tests can answer in the service's place. */
export type AddressFetch = (url: string, init: RequestInit) => Promise<Response>

/** Where failures are reported; Fastify's logger fits. */
export interface AddressLogger {
  error(details: object, message: string): void
}

/** How the provider is set up. */
export interface IdealPostcodesOptions {
  apiKey: string
  fetch?: AddressFetch
  log: AddressLogger
  /** Past this the visitor is better off typing a postcode again. */
  timeoutMs?: number
}

const line = z.string().nullish().transform((v) => v?.trim() || null)

const SearchResponseSchema = z.object({
  result: z.object({
    hits: z.array(
      z.object({
        udprn: z.union([z.number(), z.string()]),
        line_1: line,
        line_2: line,
        line_3: line,
        post_town: line,
        postcode: line,
        latitude: z.union([z.number(), z.string()]).nullish(),
        longitude: z.union([z.number(), z.string()]).nullish(),
      }),
    ),
  }),
})

const toCoordinate = (value: number | string | null | undefined, bound: number): number | null => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= bound ? n : null
}

/**
 * The Ideal Postcodes provider. A failure (network, key, quota, an answer of another shape) is
 * logged and answers no suggestions, so the form still works with a typed address.
 */
export function createIdealPostcodesAddressProvider(options: IdealPostcodesOptions): AddressProvider {
  const fetchFn = options.fetch ?? ((url, init) => fetch(url, init))
  return {
    async search(keyword, limit = ADDRESS_SUGGESTION_LIMIT): Promise<AddressSearchResult[]> {
      const query = keyword.trim()
      if (query === '') return []
      const url = `${IDEAL_POSTCODES_URL}/addresses?${new URLSearchParams({ api_key: options.apiKey, query, limit: String(limit) })}`
      try {
        const response = await fetchFn(url, { method: 'GET', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) })
        if (!response.ok) throw new Error(`Ideal Postcodes answered ${response.status}`)
        const parsed = SearchResponseSchema.parse(await response.json())
        return parsed.result.hits.slice(0, limit).map((hit) => {
          const street = [hit.line_1, hit.line_2, hit.line_3].filter((v): v is string => v !== null)
          return {
            suggestion_id: `ideal-postcodes:${hit.udprn}`,
            display_name: [...street, [hit.post_town, hit.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
            address_line_1: hit.line_1,
            town: hit.post_town,
            postcode: hit.postcode,
            lat: toCoordinate(hit.latitude, 90),
            lng: toCoordinate(hit.longitude, 180),
          }
        })
      } catch (error) {
        // The key travels in the URL: only the keyword is logged.
        options.log.error({ err: error, provider: 'ideal-postcodes', keyword: query }, 'address search failed')
        return []
      }
    },
  }
}
