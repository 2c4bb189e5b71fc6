import type { PropertyMarker, PropertyMarkersResponse } from '@agency/domain'
import type { ApiClientOptions, RequestOptions } from './client.ts'
import { ApiClientError } from './errors.ts'

/*
 * A client of the map markers route alone, for the browser's properties map (loaded with the map). Like
 * the places client it leaves @agency/domain's schemas and zod out of the browser's bundles: the
 * answer is checked here by hand, field by field, against SPEC-named PropertyMarker fields.
 */

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isText = (v: unknown): v is string => typeof v === 'string'
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string'

function toMarker(value: unknown): PropertyMarker | null {
  if (typeof value !== 'object' || value === null) return null
  const m = value as Record<string, unknown>
  const valid =
    isNumber(m.property_profile_id) &&
    isNumber(m.lat) &&
    isNumber(m.lng) &&
    typeof m.is_locked === 'boolean' &&
    isTextOrNull(m.image) &&
    isText(m.advert_heading) &&
    isText(m.display_address) &&
    isTextOrNull(m.custom_property_status_title) &&
    isTextOrNull(m.price) &&
    (m.bedroom === null || isNumber(m.bedroom)) &&
    isText(m.detail_page_url)
  return valid ? (m as unknown as PropertyMarker) : null
}

/** Reads a markers answer; null when it does not match the contract. */
export function parseMarkersAnswer(body: unknown): PropertyMarkersResponse | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  if (!Array.isArray(b.data) || !isNumber(b.total) || !isNumber(b.page) || !isNumber(b.page_size)) return null
  const data = b.data.map(toMarker)
  if (data.some((m) => m === null)) return null
  return { data: data as PropertyMarker[], total: b.total, page: b.page, page_size: b.page_size }
}

/** GET /properties/markers from the browser. */
export interface MapApi {
  /** The markers of a search, given as the list page's query string (its filters and bounds). */
  searchPropertyMarkers(params: URLSearchParams, options?: RequestOptions): Promise<PropertyMarkersResponse>
}

/** Creates the markers route's client over the given fetch (in the browser: `/api` and the global fetch). */
export function createMapApi({ baseUrl, fetch }: Pick<ApiClientOptions, 'baseUrl' | 'fetch'>): MapApi {
  const prefix = baseUrl.replace(/\/+$/, '')
  return {
    async searchPropertyMarkers(params, options) {
      const response = await fetch(`${prefix}/properties/markers?${params.toString()}`, { headers: { accept: 'application/json' }, signal: options?.signal })
      const body: unknown = await response.json().catch(() => undefined)
      if (!response.ok) {
        const message = typeof body === 'object' && body !== null && isText((body as Record<string, unknown>).message) ? (body as { message: string }).message : `GET /properties/markers failed with status ${response.status}`
        throw new ApiClientError(response.status, { message })
      }
      const parsed = parseMarkersAnswer(body)
      if (!parsed) throw new ApiClientError(502, { message: 'GET /properties/markers answered a body that does not match the contract' })
      return parsed
    },
  }
}
