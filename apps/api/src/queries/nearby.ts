import { plannedOnce, pointsOfInterest, type Db } from '@agency/db'
import { NEARBY_PER_KIND, NEARBY_WITHIN_MILES, NearbyPlaceSchema, toBoundingBox, type LatLng, type NearbyKind, type NearbyPlace } from '@agency/domain'
import { and, asc, between, eq, sql } from 'drizzle-orm'
import { distanceMilesSql } from '#app/queries/geo.ts'
import { placeholders } from './bind.ts'
import { perDatabaseAndKey } from './per-database.ts'
import { prepareWithFlatRows } from './row-mapper.ts'

/**
 * The statement of getNearbyPlaces for one list of kinds, built once for each database: for each kind
 * (in the list's order), its nearest places within NEARBY_WITHIN_MILES, nearest first — a box of
 * latitudes and longitudes on the (kind, lat, lng) index (migration 0032), then the exact distance.
 * One statement rather than one for each kind: a property page asks for three kinds, and each
 * statement is a round trip to the database and, written at every page, a statement for Drizzle to
 * build.
 */
function buildNearbyStatement(db: Db, kinds: readonly NearbyKind[]) {
  // The position as the placeholders `at_lat` and `at_lng` (the values here are not used).
  const distance = distanceMilesSql({ lat: 0, lng: 0 }, { lat: pointsOfInterest.lat, lng: pointsOfInterest.lng }, placeholders, 'at')
  const wanted = sql`(values ${sql.join(
    kinds.map((kind, i) => sql`(${kind}::text, ${i}::integer)`),
    sql`, `,
  )}) as wanted(kind, position)`
  const wantedKind = sql<NearbyKind>`wanted.kind`.mapWith(String)
  const nearest = db
    .select({
      place_id: pointsOfInterest.place_id,
      name: pointsOfInterest.name,
      label: pointsOfInterest.label,
      lat: pointsOfInterest.lat,
      lng: pointsOfInterest.lng,
      distance_miles: distance.as('distance_miles'),
    })
    .from(pointsOfInterest)
    .where(
      and(
        eq(pointsOfInterest.kind, sql`wanted.kind`),
        between(pointsOfInterest.lat, sql.placeholder('south'), sql.placeholder('north')),
        between(pointsOfInterest.lng, sql.placeholder('west'), sql.placeholder('east')),
        sql`${distance} <= ${NEARBY_WITHIN_MILES}::double precision`,
      ),
    )
    .orderBy(distance, pointsOfInterest.place_id)
    .limit(NEARBY_PER_KIND)
    .as('nearest')
  return prepareWithFlatRows(
    db
      .select({
        kind: wantedKind,
        place_id: nearest.place_id,
        name: nearest.name,
        label: nearest.label,
        lat: nearest.lat,
        lng: nearest.lng,
        distance_miles: nearest.distance_miles,
      })
      .from(wanted)
      .crossJoinLateral(nearest)
      // Planned once on the embedded database: a walk of the (kind, lat, lng) index for each kind, whatever the position.
      .orderBy(plannedOnce(sql`wanted.position`), asc(nearest.distance_miles), asc(nearest.place_id)),
  )
}

const nearbyStatementOf = perDatabaseAndKey<ReturnType<typeof buildNearbyStatement>>(8)

/** The nearest stations, schools and pubs to a position (a property's public one), each kind nearest first, in the order of `kinds`. */
export async function getNearbyPlaces(db: Db, at: LatLng, kinds: readonly NearbyKind[]): Promise<NearbyPlace[]> {
  if (kinds.length === 0) return []
  const statement = nearbyStatementOf(db, kinds.join(','), () => buildNearbyStatement(db, kinds))
  const box = toBoundingBox(at, NEARBY_WITHIN_MILES)
  const rows = await statement.execute({ at_lat: at.lat, at_lng: at.lng, south: box.south, north: box.north, west: box.west, east: box.east })
  return rows.map((row) => NearbyPlaceSchema.parse({ ...row, distance_miles: Math.round(Number(row.distance_miles) * 100) / 100 }))
}
