import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { createDiskMediaStore, ensurePlaces, loadDemoData, queryRows, type Database, type Db, type MediaStore } from '@agency/db'
import { sql } from 'drizzle-orm'

/** True when the catalogue holds no property, so demo data may be loaded. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ any: boolean }>(db, sql`select exists(select 1 from properties) as any`)
  return !rows[0]?.any
}

/** Where start-up reports what it did. */
export interface StartupLog {
  info(details: object, message: string): void
  warn?(details: object, message: string): void
}

/** What start-up says when a shared media store is empty while this machine's disk still holds media. */
export const MEDIA_NOT_MOVED_WARNING =
  'the media store is empty, but this machine still has media on its disk: run `npm run media:move` to copy them into the shared store, or pictures will be missing'

/**
 * A site moved onto a shared media store (PostgreSQL or a bucket) with its media still on the disk
 * under DATA_DIR: says so, once, at start. Nothing is copied without being asked (`npm run media:move`).
 */
export async function checkMediaStore(store: MediaStore, dataDir: string, log: StartupLog): Promise<void> {
  if (store.kind === 'disk') return
  const dir = path.join(dataDir, 'media')
  const onDisk = await readdir(dir).then(
    (names) => names.length > 0,
    () => false,
  )
  if (!onDisk) return
  for await (const _key of store.list()) return
  log.warn?.({ dir }, MEDIA_NOT_MOVED_WARNING)
}

/**
 * The data a migrated database needs before the site serves it: demo data when the configuration
 * asks for it and the catalogue is empty (which builds the gazetteer with the demo's postcodes), and
 * otherwise the gazetteer alone when there is none, so location search works on an empty database.
 */
export async function prepareData(
  database: Database,
  options: { seedProperties: number; seed: number; mediaStore: MediaStore; demoPoolDir?: string; log: StartupLog },
): Promise<void> {
  if (options.seedProperties > 0 && (await isCatalogueEmpty(database.db))) {
    options.log.info({ properties: options.seedProperties }, 'empty database: loading demo data')
    const poolCache = options.demoPoolDir ? createDiskMediaStore(options.demoPoolDir) : undefined
    const summary = await loadDemoData(database, { properties: options.seedProperties, seed: options.seed, mediaStore: options.mediaStore, ...(poolCache ? { poolCache } : {}) })
    options.log.info(summary, 'demo data loaded')
    return
  }
  const places = await ensurePlaces(database)
  if (places) options.log.info(places, 'places gazetteer built')
}
