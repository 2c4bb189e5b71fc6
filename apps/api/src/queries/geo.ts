import { EARTH_RADIUS_MILES, type BoundingBox, type LocationFilter } from '@agency/domain'
import { properties } from '@agency/db'
import { and, between, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

export { EARTH_RADIUS_MILES }

/**
 * SPEC §9 allows a radius of 0, meaning "the place's own bounds", which a location filter carries
 * when it was made from a chosen place. A filter with radius 0 and no bounds (a hand-made link) has
 * only its point: it searches within half a mile of it.
 */
export const ZERO_RADIUS_MILES = 0.5

/** The radius a location filter searches within, in miles. */
export function toSearchRadius(location: LocationFilter): number {
  return location.radius > 0 ? location.radius : ZERO_RADIUS_MILES
}

const MILES_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_MILES) / 180

/** The columns a position is read from. */
export interface PositionColumns {
  lat: PgColumn
  lng: PgColumn
}

/** A property's real position. */
export const EXACT_POSITION: PositionColumns = { lat: properties.lat, lng: properties.lng }

/**
 * The position a caller who may not see locked properties may search by: rounded to about a
 * kilometre for a locked property, the real one for every other.
 */
export const PUBLIC_POSITION: PositionColumns = { lat: properties.public_lat, lng: properties.public_lng }

/**
 * The haversine distance in miles from a property to a point, as SQL. Plain trigonometry rather than
 * earthdistance, so it uses the same radius as every other distance the product shows.
 */
export function distanceMilesSql(location: Pick<LocationFilter, 'lat' | 'lng'>, at: PositionColumns = EXACT_POSITION): SQL<number> {
  const lat = sql`${location.lat}::double precision`
  const lng = sql`${location.lng}::double precision`
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::double precision * asin(sqrt(least(1::double precision,
    power(sin(radians(${at.lat} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${at.lat})) * power(sin(radians(${at.lng} - ${lng}) / 2), 2)))))`
}

/**
 * The bounding box around a search circle, a little larger than the circle, so the lat/lng index
 * narrows the rows before the exact distance check.
 */
export function boundingBoxSql(location: LocationFilter, at: PositionColumns = EXACT_POSITION): SQL | undefined {
  const radius = toSearchRadius(location) * 1.01
  const dLat = radius / MILES_PER_DEGREE_LAT
  const cosLat = Math.cos((location.lat * Math.PI) / 180)
  const latRange = between(at.lat, location.lat - dLat, location.lat + dLat)
  // Near a pole the circle spans every longitude.
  if (Math.abs(location.lat) + dLat >= 89.9 || cosLat < 1e-6) return latRange
  const dLng = radius / (MILES_PER_DEGREE_LAT * cosLat)
  if (dLng >= 180) return latRange
  const west = location.lng - dLng
  const east = location.lng + dLng
  // A box across the antimeridian is two ranges.
  const lngRange =
    west < -180
      ? sql`(${at.lng} >= ${west + 360} or ${at.lng} <= ${east})`
      : east > 180
        ? sql`(${at.lng} >= ${west} or ${at.lng} <= ${east - 360})`
        : between(at.lng, west, east)
  return and(latRange, lngRange)
}

/** Whether a property lies within a place's bounds (edges included; west > east crosses the antimeridian). */
export function withinBoundsSql(bounds: BoundingBox, at: PositionColumns = EXACT_POSITION): SQL | undefined {
  const lngRange =
    bounds.west <= bounds.east
      ? between(at.lng, bounds.west, bounds.east)
      : or(sql`${at.lng} >= ${bounds.west}`, sql`${at.lng} <= ${bounds.east}`)
  return and(between(at.lat, bounds.south, bounds.north), lngRange)
}

/**
 * Whether a property lies within a location filter: within the place's bounds for radius 0 when they
 * are known, else within its circle (box prefilter on the index, then the exact distance check).
 */
export function withinSql(location: LocationFilter, at: PositionColumns = EXACT_POSITION): SQL | undefined {
  if (location.radius === 0 && location.bounds) return withinBoundsSql(location.bounds, at)
  return and(boundingBoxSql(location, at), sql`${distanceMilesSql(location, at)} <= ${toSearchRadius(location)}::double precision`)
}
