/**
 * A property page's neighbourhood: the stations, schools and pubs nearest the property, each with its
 * distance in miles and a search near it (issue 46).
 */
import { z } from 'zod'

/** What the neighbourhood lists, in the order a page shows them. */
export const NEARBY_KINDS = ['station', 'school', 'pub'] as const
/** One kind of nearby place. */
export type NearbyKind = (typeof NEARBY_KINDS)[number]

/** How many of each kind a property page lists. */
export const NEARBY_PER_KIND = 3
/** How far from a property a nearby place may be, in miles: farther ones are not its neighbourhood. */
export const NEARBY_WITHIN_MILES = 3
/** The radius of the search a nearby place links to (SPEC §9 radius options: 1 mile). */
export const NEARBY_SEARCH_RADIUS_MILES = 1

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

/** The headings of the neighbourhood's lists. */
export const NEARBY_HEADINGS: Record<NearbyKind, string> = {
  station: 'Nearest stations',
  school: 'Nearest schools',
  pub: 'Nearest pubs',
}
