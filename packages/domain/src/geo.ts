/**
 * Great-circle distances in miles (SPEC §3: Location distance is in miles).
 */

/** The mean radius of the Earth in miles. */
export const EARTH_RADIUS_MILES = 3958.8

/** A point on the map. */
export interface LatLng {
  readonly lat: number
  readonly lng: number
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180

/** The great-circle distance between two points in miles (haversine, Earth radius 3958.8 miles). */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** The point of `points` nearest `at` (the first of equals): a branch for a home, say; undefined for none. */
export function toNearest<T extends LatLng>(points: readonly T[], at: LatLng): T | undefined {
  let best: T | undefined
  let bestMiles = Infinity
  for (const point of points) {
    const miles = distanceMiles(point, at)
    if (miles < bestMiles) {
      best = point
      bestMiles = miles
    }
  }
  return best
}

/** A bounding box around a point: what a radius search pre-filters on before the exact distance check. */
export function toBoundingBox(centre: LatLng, radiusMiles: number): { north: number; south: number; east: number; west: number } {
  const dLat = (radiusMiles / EARTH_RADIUS_MILES) * (180 / Math.PI)
  const cosLat = Math.max(Math.cos(toRadians(centre.lat)), 1e-6)
  const dLng = Math.min(180, dLat / cosLat)
  return { north: centre.lat + dLat, south: centre.lat - dLat, east: centre.lng + dLng, west: centre.lng - dLng }
}

/** A place's bounding box; `west` greater than `east` means the box crosses the antimeridian. */
export interface BoundingBox {
  readonly north: number
  readonly south: number
  readonly east: number
  readonly west: number
}

/** Whether a point lies within a bounding box (edges included). */
export function isWithinBounds(point: LatLng, bounds: BoundingBox): boolean {
  if (point.lat < bounds.south || point.lat > bounds.north) return false
  return bounds.west <= bounds.east
    ? point.lng >= bounds.west && point.lng <= bounds.east
    : point.lng >= bounds.west || point.lng <= bounds.east
}

/**
 * How exactly a property's position is known: at its full postcode (or the feed's own coordinates),
 * at its postcode district's centre, or at its town's centre. Anything but 'postcode' is approximate:
 * the map and distances say so (APPROXIMATE_LOCATION_TEXT).
 */
export const LOCATION_PRECISIONS = ['postcode', 'district', 'town'] as const
/** One location precision. */
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number]

/** Whether a position of this precision is approximate (not at the property's postcode). */
export function isApproximateLocation(precision: LocationPrecision): boolean {
  return precision !== 'postcode'
}

/** What the property page says under its map when the position is approximate. */
export const APPROXIMATE_LOCATION_TEXT: Record<Exclude<LocationPrecision, 'postcode'>, string> = {
  district: 'Approximate location: the map shows the centre of the postcode district, not the home itself.',
  town: 'Approximate location: the map shows the centre of the town, not the home itself.',
}

/** What the property page says under its distances when the position is approximate. */
export const APPROXIMATE_DISTANCES_TEXT: Record<Exclude<LocationPrecision, 'postcode'>, string> = {
  district: 'Distances are approximate: measured from the centre of the postcode district.',
  town: 'Distances are approximate: measured from the centre of the town.',
}

/**
 * The point of a bounding box nearest `point` (the point itself when it lies within): its latitude and
 * longitude each held to the box's edges. For a box across the antimeridian, a longitude outside it goes
 * to the nearer of its two edges. The API's SQL (`apps/api/src/queries/geo.ts`, `nearestInBoundsSql`)
 * takes the same point.
 */
export function toNearestInBounds(point: LatLng, bounds: BoundingBox): LatLng {
  const lat = Math.min(Math.max(point.lat, bounds.south), bounds.north)
  if (bounds.west <= bounds.east) return { lat, lng: Math.min(Math.max(point.lng, bounds.west), bounds.east) }
  if (point.lng >= bounds.west || point.lng <= bounds.east) return { lat, lng: point.lng }
  return { lat, lng: bounds.west - point.lng <= point.lng - bounds.east ? bounds.west : bounds.east }
}

/** How far a point lies beyond a bounding box, in miles: to the box's nearest point (0 within it). */
export function milesBeyondBounds(point: LatLng, bounds: BoundingBox): number {
  return distanceMiles(point, toNearestInBounds(point, bounds))
}

/**
 * The outline of a bounding box widened by a distance, as the points of a polygon: the box's edges moved
 * out by `miles`, joined by quarter circles at its corners (`stepsPerCorner` points each). What a radius
 * around a place's bounds covers, drawn on a map.
 */
export function toWidenedBoundsOutline(bounds: BoundingBox, miles: number, stepsPerCorner = 8): LatLng[] {
  const east = bounds.west <= bounds.east ? bounds.east : bounds.east + 360
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI)
  const corners: [LatLng, number][] = [
    [{ lat: bounds.north, lng: east }, 0],
    [{ lat: bounds.north, lng: bounds.west }, 90],
    [{ lat: bounds.south, lng: bounds.west }, 180],
    [{ lat: bounds.south, lng: east }, 270],
  ]
  return corners.flatMap(([corner, from]) => {
    const dLng = dLat / Math.max(Math.cos(toRadians(corner.lat)), 1e-6)
    return Array.from({ length: stepsPerCorner + 1 }, (_, i) => {
      const angle = toRadians(from + (90 * i) / stepsPerCorner)
      return { lat: corner.lat + dLat * Math.sin(angle), lng: corner.lng + dLng * Math.cos(angle) }
    })
  })
}
