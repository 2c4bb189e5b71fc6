/**
 * A property page's neighbourhood: the stations, schools and pubs nearest the property, each with its
 * distance in miles and a search near it (issue 46). Without zod, so that the property page's
 * script can read these without loading it (the answer's schema: neighbourhood.schema.ts).
 */
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

/** The headings of the neighbourhood's lists. */
export const NEARBY_HEADINGS: Record<NearbyKind, string> = {
  station: 'Nearest stations',
  school: 'Nearest schools',
  pub: 'Nearest pubs',
}
