import { pointsOfInterest, type Db } from '@agency/db'
import { NEARBY_PER_KIND, NEARBY_WITHIN_MILES, NearbyPlaceSchema, toBoundingBox, type LatLng, type NearbyKind, type NearbyPlace } from '@agency/domain'
import { and, between, eq, sql } from 'drizzle-orm'
import { distanceMilesSql } from '#app/queries/geo.ts'

/**
 * The nearest places of one kind to a position within NEARBY_WITHIN_MILES, nearest first: a box of
 * latitudes and longitudes on the (kind, lat, lng) index (migration 0032), then the exact distance.
 */
async function getNearestOfKind(db: Db, at: LatLng, kind: NearbyKind): Promise<NearbyPlace[]> {
  const box = toBoundingBox(at, NEARBY_WITHIN_MILES)
  const distance = distanceMilesSql(at, { lat: pointsOfInterest.lat, lng: pointsOfInterest.lng })
  const rows = await db
    .select({
      place_id: pointsOfInterest.place_id,
      name: pointsOfInterest.name,
      label: pointsOfInterest.label,
      lat: pointsOfInterest.lat,
      lng: pointsOfInterest.lng,
      distance_miles: distance,
    })
    .from(pointsOfInterest)
    .where(
      and(
        eq(pointsOfInterest.kind, kind),
        between(pointsOfInterest.lat, box.south, box.north),
        between(pointsOfInterest.lng, box.west, box.east),
        sql`${distance} <= ${NEARBY_WITHIN_MILES}::double precision`,
      ),
    )
    .orderBy(distance, pointsOfInterest.place_id)
    .limit(NEARBY_PER_KIND)
  return rows.map((row) => NearbyPlaceSchema.parse({ ...row, kind, distance_miles: Math.round(Number(row.distance_miles) * 100) / 100 }))
}

/** The nearest stations, schools and pubs to a position (a property's public one), each kind nearest first. */
export async function getNearbyPlaces(db: Db, at: LatLng, kinds: readonly NearbyKind[]): Promise<NearbyPlace[]> {
  const found = await Promise.all(kinds.map((kind) => getNearestOfKind(db, at, kind)))
  return found.flat()
}
