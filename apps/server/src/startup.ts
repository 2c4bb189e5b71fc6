import { ensurePlaces, loadDemoData, queryRows, type Database, type Db } from '@agency/db'
import { sql } from 'drizzle-orm'

/** True when the catalogue holds no property, so demo data may be loaded. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ any: boolean }>(db, sql`select exists(select 1 from properties) as any`)
  return !rows[0]?.any
}

/** Where start-up reports what it did. */
export interface StartupLog {
  info(details: object, message: string): void
}

/**
 * The data a migrated database needs before the site serves it: demo data when the configuration
 * asks for it and the catalogue is empty (which builds the gazetteer with the demo's postcodes), and
 * otherwise the gazetteer alone when there is none, so location search works on an empty database.
 */
export async function prepareData(
  database: Database,
  options: { seedProperties: number; seed: number; mediaDir: string; log: StartupLog },
): Promise<void> {
  if (options.seedProperties > 0 && (await isCatalogueEmpty(database.db))) {
    options.log.info({ properties: options.seedProperties }, 'empty database: loading demo data')
    const summary = await loadDemoData(database, { properties: options.seedProperties, seed: options.seed, mediaDir: options.mediaDir })
    options.log.info(summary, 'demo data loaded')
    return
  }
  const places = await ensurePlaces(database)
  if (places) options.log.info(places, 'places gazetteer built')
}
