/** The wire shape of a property page's neighbourhood (GET /api/places/nearby). */
import { z } from 'zod'
import { NEARBY_KINDS } from './neighbourhood.ts'

/** One nearby place: what the location search knows of it, and how far it is from the property. */
export const NearbyPlaceSchema = z.object({
  place_id: z.string(),
  kind: z.enum(NEARBY_KINDS),
  name: z.string(),
  /** What it is: 'Primary school', 'Pub', 'Railway station'. */
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** From the property's public position, in miles, to two decimals. */
  distance_miles: z.number().min(0),
})
/** One nearby place. */
export type NearbyPlace = z.infer<typeof NearbyPlaceSchema>
