import { EARTH_RADIUS_MILES, isAroundBoundsLocation, isBoundsLocation, toSearchRadiusMiles, type BoundingBox, type LocationFilter } from '@agency/domain'
import { properties } from '@agency/db'
import { and, between, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { inline, type Bind } from './bind.ts'

export { EARTH_RADIUS_MILES }

const MILES_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_MILES) / 180

/** The columns a position is read from. */
export interface PositionColumns {
  lat: PgColumn
  lng: PgColumn
  /** The position's band of latitude (`GEO_BANDS_PER_DEGREE`), when an index leads with it. */
  band?: SQL
}

/**
 * Bands of latitude per degree (0.05°, about 3.5 miles), the first key of the index of real positions
 * (`properties_geo_band_cover_idx`, migration 0029): its expression, to the letter, is
 * `floor(lat * 20)::smallint`. A range of latitudes scanned on (lat, lng) reads every longitude of the
 * band, say Liverpool to Hull for a circle around Manchester; as a list of bands each is a range of
 * longitude of its own, and the scan reads the circle's box and little more.
 */
export const GEO_BANDS_PER_DEGREE = 20

/** A list of bands is one index descent each; a taller range (a map of the country) is read as one range. */
const MAX_LISTED_BANDS = 40

/** A property's real position. */
export const EXACT_POSITION: PositionColumns = { lat: properties.lat, lng: properties.lng }

/**
 * A property's real position, read by its band of latitude first: for a search of one place, whose
 * range of real positions is a scan of its own (a branch of a location search). Not where positions
 * are one condition among others (a map's bounds): the band repeats the range of latitudes, and the
 * planner, taking the two for independent, would expect a tenth of the matches there are and choose
 * its plan for that.
 */
export const EXACT_POSITION_BY_BAND: PositionColumns = {
  ...EXACT_POSITION,
  band: sql`floor(${properties.lat} * ${sql.raw(String(GEO_BANDS_PER_DEGREE))})::smallint`,
}

/**
 * The bands of latitudes from `south` to `north`: as a list (a PostgreSQL array's text) when they are
 * few, else as a range. The band of a latitude in the range is always among them: multiplying and
 * flooring keep the order.
 */
function bandsOf(south: number, north: number): { listed: string } | { first: number; last: number } {
  const first = Math.floor(south * GEO_BANDS_PER_DEGREE)
  const last = Math.floor(north * GEO_BANDS_PER_DEGREE)
  if (last - first + 1 > MAX_LISTED_BANDS) return { first, last }
  return { listed: `{${Array.from({ length: last - first + 1 }, (_, i) => first + i).join(',')}}` }
}

/**
 * Latitudes from `south` to `north`, with their bands for an index that leads with them: the bands as
 * a list when they are few (each then a range of longitude on the index), else as a range. Its
 * values go through `bind` as `{name}_south`, `{name}_north` and `{name}_bands` (or `_band_first`,
 * `_band_last`).
 */
function latitudeRangeSql(at: PositionColumns, south: number, north: number, bind: Bind, name: string): SQL | undefined {
  const range = between(at.lat, bind(`${name}_south`, south), bind(`${name}_north`, north))
  if (!at.band) return range
  const bands = bandsOf(south, north)
  if (!('listed' in bands)) return and(sql`${at.band} between ${bind(`${name}_band_first`, bands.first)} and ${bind(`${name}_band_last`, bands.last)}`, range)
  return and(sql`${at.band} = any(${bind(`${name}_bands`, bands.listed)}::smallint[])`, range)
}

/**
 * The position a caller who may not see locked properties may search by: rounded to about a
 * kilometre for a locked property, the real one for every other.
 */
export const PUBLIC_POSITION: PositionColumns = { lat: properties.public_lat, lng: properties.public_lng }

/** The haversine distance in miles between two points written as SQL (degrees, double precision). */
function haversineSql(aLat: SQL | PgColumn, aLng: SQL | PgColumn, bLat: SQL, bLng: SQL): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::double precision * asin(sqrt(least(1::double precision,
    power(sin(radians(${aLat} - ${bLat}) / 2), 2)
    + cos(radians(${bLat})) * cos(radians(${aLat})) * power(sin(radians(${aLng} - ${bLng}) / 2), 2)))))`
}

/**
 * The haversine distance in miles from a property to a point, as SQL. Plain trigonometry rather than
 * earthdistance, so it uses the same radius as every other distance the product shows.
 */
export function distanceMilesSql(
  location: Pick<LocationFilter, 'lat' | 'lng'>,
  at: PositionColumns = EXACT_POSITION,
  bind: Bind = inline,
  name = 'location',
): SQL<number> {
  const lat = sql`${bind(`${name}_lat`, location.lat)}::double precision`
  const lng = sql`${bind(`${name}_lng`, location.lng)}::double precision`
  return haversineSql(at.lat, at.lng, lat, lng)
}

/**
 * The point of a place's bounds nearest a property, as SQL: the domain's `toNearestInBounds` (its
 * latitude and longitude each held to the edges; across the antimeridian, a longitude outside goes to
 * the nearer edge). Its values go through `bind` as `{name}_box_south` and so on.
 */
function nearestInBoundsSql(bounds: BoundingBox, at: PositionColumns, bind: Bind, name: string): { lat: SQL; lng: SQL } {
  const value = (edge: keyof BoundingBox) => sql`${bind(`${name}_box_${edge}`, bounds[edge])}::double precision`
  const [south, north, west, east] = [value('south'), value('north'), value('west'), value('east')]
  const lat = sql`greatest(${south}, least(${at.lat}, ${north}))`
  const lng =
    bounds.west <= bounds.east
      ? sql`greatest(${west}, least(${at.lng}, ${east}))`
      : sql`(case when ${at.lng} >= ${west} or ${at.lng} <= ${east} then ${at.lng} when ${west} - ${at.lng} <= ${at.lng} - ${east} then ${west} else ${east} end)`
  return { lat, lng }
}

/**
 * How far a property lies from a location, in miles, as SQL: the domain's `milesFromLocation` (from its
 * place's bounds, 0 within them, when they are known; else from its point). Its values go through
 * `bind` under the location's names (`{name}_lat`, `{name}_box_south` …), as its condition's do.
 */
export function milesFromLocationSql(location: Pick<LocationFilter, 'lat' | 'lng' | 'bounds'>, at: PositionColumns, bind: Bind, name: string): SQL<number> {
  if (!location.bounds) return distanceMilesSql(location, at, bind, name)
  const nearest = nearestInBoundsSql(location.bounds, at, bind, name)
  return haversineSql(at.lat, at.lng, nearest.lat, nearest.lng)
}

/**
 * The box a radius around a place's bounds lies in, a little larger: the bounds widened by the radius
 * (the longitudes by the widest of the box's latitudes); null longitudes when it would span them all.
 */
function aroundBoundsBoxOf(bounds: BoundingBox, radius: number): { south: number; north: number; longitudes: { west: number; east: number } | null } {
  const dLat = (radius * 1.01) / MILES_PER_DEGREE_LAT
  const south = bounds.south - dLat
  const north = bounds.north + dLat
  const widest = Math.max(Math.abs(south), Math.abs(north))
  const cosLat = Math.cos((Math.min(widest, 90) * Math.PI) / 180)
  if (widest >= 89.9 || cosLat < 1e-6) return { south, north, longitudes: null }
  const dLng = (radius * 1.01) / (MILES_PER_DEGREE_LAT * cosLat)
  const span = (bounds.west <= bounds.east ? bounds.east - bounds.west : bounds.east + 360 - bounds.west) + 2 * dLng
  if (span >= 360) return { south, north, longitudes: null }
  const wrap = (lng: number) => (lng < -180 ? lng + 360 : lng > 180 ? lng - 360 : lng)
  return { south, north, longitudes: { west: wrap(bounds.west - dLng), east: wrap(bounds.east + dLng) } }
}

/**
 * Whether a property lies within a radius of a place's bounds: in the widened box on the index, then
 * within the radius of the bounds' nearest point (the domain's `isWithinLocation`).
 */
function aroundBoundsSql(bounds: BoundingBox, radius: number, at: PositionColumns, bind: Bind, name: string): SQL | undefined {
  const { south, north, longitudes } = aroundBoundsBoxOf(bounds, radius)
  const latRange = latitudeRangeSql(at, south, north, bind, name)
  let box = latRange
  if (longitudes) {
    const west = bind(`${name}_west`, longitudes.west)
    const east = bind(`${name}_east`, longitudes.east)
    box = and(latRange, longitudes.west <= longitudes.east ? between(at.lng, west, east) : sql`(${at.lng} >= ${west} or ${at.lng} <= ${east})`)
  }
  const nearest = nearestInBoundsSql(bounds, at, bind, name)
  return and(box, sql`${haversineSql(at.lat, at.lng, nearest.lat, nearest.lng)} <= ${bind(`${name}_radius`, radius)}::double precision`)
}

/**
 * The box around a search circle, a little larger than the circle: its latitudes and, unless it spans
 * them all (near a pole), its longitudes from `west` to `east`, which `wraps` when the box crosses the
 * antimeridian (then it is two ranges: east of `west`, and west of `east`).
 */
function circleBoxOf(location: LocationFilter): { south: number; north: number; longitudes: { west: number; east: number; wraps: boolean } | null } {
  const radius = toSearchRadiusMiles(location) * 1.01
  const dLat = radius / MILES_PER_DEGREE_LAT
  const cosLat = Math.cos((location.lat * Math.PI) / 180)
  const south = location.lat - dLat
  const north = location.lat + dLat
  if (Math.abs(location.lat) + dLat >= 89.9 || cosLat < 1e-6) return { south, north, longitudes: null }
  const dLng = radius / (MILES_PER_DEGREE_LAT * cosLat)
  if (dLng >= 180) return { south, north, longitudes: null }
  const west = location.lng - dLng
  const east = location.lng + dLng
  if (west < -180) return { south, north, longitudes: { west: west + 360, east, wraps: true } }
  if (east > 180) return { south, north, longitudes: { west, east: east - 360, wraps: true } }
  return { south, north, longitudes: { west, east, wraps: false } }
}

/**
 * The bounding box around a search circle, so the lat/lng index narrows the rows before the exact
 * distance check.
 */
export function boundingBoxSql(location: LocationFilter, at: PositionColumns = EXACT_POSITION, bind: Bind = inline, name = 'location'): SQL | undefined {
  const { south, north, longitudes } = circleBoxOf(location)
  const latRange = latitudeRangeSql(at, south, north, bind, name)
  if (!longitudes) return latRange
  const west = bind(`${name}_west`, longitudes.west)
  const east = bind(`${name}_east`, longitudes.east)
  return and(latRange, longitudes.wraps ? sql`(${at.lng} >= ${west} or ${at.lng} <= ${east})` : between(at.lng, west, east))
}

/** Whether a property lies within a place's bounds (edges included; west > east crosses the antimeridian). */
export function withinBoundsSql(bounds: BoundingBox, at: PositionColumns = EXACT_POSITION, bind: Bind = inline, name = 'bounds'): SQL | undefined {
  const west = bind(`${name}_west`, bounds.west)
  const east = bind(`${name}_east`, bounds.east)
  const lngRange = bounds.west <= bounds.east ? between(at.lng, west, east) : or(sql`${at.lng} >= ${west}`, sql`${at.lng} <= ${east}`)
  return and(latitudeRangeSql(at, bounds.south, bounds.north, bind, name), lngRange)
}

/**
 * Whether a property lies within a location filter (the domain's `isWithinLocation`): within the
 * place's bounds for radius 0 when they are known, within the radius of those bounds for a larger
 * radius, else within its circle (box prefilter on the index, then the exact distance check).
 */
export function withinSql(location: LocationFilter, at: PositionColumns = EXACT_POSITION, bind: Bind = inline, name = 'location'): SQL | undefined {
  if (isBoundsLocation(location)) return withinBoundsSql(location.bounds, at, bind, name)
  if (isAroundBoundsLocation(location)) return aroundBoundsSql(location.bounds, location.radius, at, bind, name)
  return and(
    boundingBoxSql(location, at, bind, name),
    sql`${distanceMilesSql(location, at, bind, name)} <= ${bind(`${name}_radius`, toSearchRadiusMiles(location))}::double precision`,
  )
}
