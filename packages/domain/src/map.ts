/**
 * The properties map's data: the markers of a search, paged apart from the list (SPEC §2 map beside the
 * list, issue "page the map's data separately from the list's"). A marker carries the position and what
 * its popup shows of the property's card.
 */
import { z } from 'zod'
import { PropertySearchQuerySchema } from './catalogue.schema.ts'
import type { Bounds } from './catalogue.schema.ts'

/** How many markers one answer holds when the caller does not say. */
export const MAP_MARKERS_PAGE_SIZE_DEFAULT = 500
/** The most markers one answer holds; clustering draws them, so a page can be large. */
export const MAP_MARKERS_PAGE_SIZE_MAX = 2000

/**
 * GET /api/properties/markers query: the search's own filters (locations, bounds, every SPEC §3 filter),
 * without the list's sort and paging, and a page of markers of its own.
 */
export const MapMarkersQuerySchema = PropertySearchQuerySchema.omit({ sort: true, page: true, page_size: true }).extend({
  page: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), z.coerce.number().int().min(1).max(10_000)),
  page_size: z.preprocess(
    (v) => (v === undefined || v === '' ? MAP_MARKERS_PAGE_SIZE_DEFAULT : v),
    z.coerce.number().int().min(1).max(MAP_MARKERS_PAGE_SIZE_MAX),
  ),
})
/** The parsed markers query. */
export type MapMarkersQuery = z.infer<typeof MapMarkersQuerySchema>

/**
 * One property on the map: its position (a locked property's rounded one for a visitor) and its card's
 * summary for the popup. A locked property shown to a visitor has no price or rooms.
 */
export const PropertyMarkerSchema = z.object({
  property_profile_id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  is_locked: z.boolean(),
  image: z.string().nullable(),
  advert_heading: z.string(),
  display_address: z.string(),
  custom_property_status_title: z.string().nullable(),
  /** The price label ('£350,000', '£1,200 PCM'); null on a locked marker. */
  price: z.string().nullable(),
  /** The price on the marker's pin ('£350k', '£1,250 pcm'); null on a locked marker. */
  pin_price: z.string().nullable(),
  bedroom: z.number().int().nullable(),
  detail_page_url: z.string(),
})
/** One property on the map. */
export type PropertyMarker = z.infer<typeof PropertyMarkerSchema>

/** The markers answer: `{ data, total, page, page_size }` like every list. */
export const PropertyMarkersResponseSchema = z.object({
  data: z.array(PropertyMarkerSchema),
  total: z.number().int(),
  /** As the list's: true when there are more matches than SEARCH_COUNT_LIMIT, which `total` then is. */
  total_capped: z.literal(true).optional(),
  page: z.number().int(),
  page_size: z.number().int(),
})
/** The markers answer. */
export type PropertyMarkersResponse = z.infer<typeof PropertyMarkersResponseSchema>

/** The visible map area as the search's `bounds`: Leaflet's box, its longitudes kept within ±180. */
export function toSearchBounds(box: { south: number; west: number; north: number; east: number }): Bounds {
  const clampLat = (v: number) => Math.max(-90, Math.min(90, v))
  const span = box.east - box.west
  if (span >= 360) return { south: clampLat(box.south), west: -180, north: clampLat(box.north), east: 180 }
  const wrap = (v: number) => (v >= -180 && v <= 180 ? v : ((((v + 180) % 360) + 360) % 360) - 180)
  return { south: clampLat(box.south), west: wrap(box.west), north: clampLat(box.north), east: wrap(box.east) }
}

