import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { pointOfInterestKeys, pointsOfInterest, type PointOfInterestKind, type PointOfInterestSource } from '../schema/index.ts'
import { toPlaceSearchKey } from './search-key.ts'

/** A point of interest as an importer reads it, before it is written. */
export interface PointOfInterestInput {
  source_id: string
  name: string
  /** What it is: 'Primary school', 'Pub'. */
  label: string
  town: string | null
  postcode: string | null
  lat: number
  lng: number
}

const POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$/

/** A postcode in Royal Mail form ('LS6 1AA'), or null when the text is not one. */
export function toPostcode(text: string | null | undefined): string | null {
  const match = POSTCODE.exec((text ?? '').toUpperCase().replace(/\s+/g, ' ').trim())
  return match ? `${match[1]} ${match[2]}` : null
}

/** The result list's second line: what it is, then town and postcode district ('Primary school, Leeds LS6'). */
export function toPointOfInterestDescription(label: string, town: string | null, postcode: string | null): string {
  const where = [town, postcode?.split(' ')[0]].filter(Boolean).join(' ')
  return where ? `${label}, ${where}` : label
}

/**
 * The keys a name is found by: its search key from each word onward, the whole name marked as the
 * start. 'The Red Lion' gives 'the red lion' (start), 'red lion', 'lion'.
 */
export function toNameKeys(searchKey: string): Array<{ key: string; is_start: boolean }> {
  const words = searchKey.split(' ').filter(Boolean)
  const keys = new Map<string, boolean>()
  for (let i = 0; i < words.length; i++) {
    const key = words.slice(i).join(' ')
    if (!keys.has(key)) keys.set(key, i === 0)
  }
  return [...keys].map(([key, is_start]) => ({ key, is_start }))
}

/** The place id of a point of interest: `school:gias:100000`. */
export function toPointOfInterestPlaceId(kind: PointOfInterestKind, source: PointOfInterestSource, sourceId: string): string {
  return `${kind}:${source}:${sourceId}`
}

/** What writing a batch did. */
export interface WriteCounts {
  added: number
  updated: number
}

/**
 * Inserts or updates points of interest of one kind and source as written by one import run, with
 * their name keys. Rows must have distinct source ids.
 */
export async function upsertPointsOfInterest(
  db: Db,
  kind: PointOfInterestKind,
  source: PointOfInterestSource,
  importRun: string,
  rows: readonly PointOfInterestInput[],
): Promise<WriteCounts> {
  if (rows.length === 0) return { added: 0, updated: 0 }
  const values = rows.map((row) => {
    const search_key = toPlaceSearchKey(row.name)
    return {
      place_id: toPointOfInterestPlaceId(kind, source, row.source_id),
      kind,
      source,
      source_id: row.source_id,
      name: row.name,
      label: row.label,
      town: row.town,
      postcode: row.postcode,
      description: toPointOfInterestDescription(row.label, row.town, row.postcode),
      lat: row.lat,
      lng: row.lng,
      search_key,
      import_run: importRun,
    }
  })
  const written = await db
    .insert(pointsOfInterest)
    .values(values)
    .onConflictDoUpdate({
      target: pointsOfInterest.place_id,
      set: {
        name: sql`excluded.name`,
        label: sql`excluded.label`,
        town: sql`excluded.town`,
        postcode: sql`excluded.postcode`,
        description: sql`excluded.description`,
        lat: sql`excluded.lat`,
        lng: sql`excluded.lng`,
        search_key: sql`excluded.search_key`,
        import_run: sql`excluded.import_run`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  const added = written.filter((row) => row.inserted).length
  const ids = values.map((value) => value.place_id)
  await db.delete(pointOfInterestKeys).where(inArray(pointOfInterestKeys.place_id, ids))
  const keys = values.flatMap((value) => toNameKeys(value.search_key).map((key) => ({ place_id: value.place_id, ...key })))
  if (keys.length > 0) await db.insert(pointOfInterestKeys).values(keys)
  return { added, updated: rows.length - added }
}

/** Removes the points of interest of a kind and source that an import run did not write; how many left. */
export async function removeOtherRuns(db: Db, kind: PointOfInterestKind, source: PointOfInterestSource, importRun: string): Promise<number> {
  const removed = await db
    .delete(pointsOfInterest)
    .where(sql`${pointsOfInterest.source} = ${source} and ${pointsOfInterest.kind} = ${kind} and ${pointsOfInterest.import_run} <> ${importRun}`)
    .returning({ place_id: pointsOfInterest.place_id })
  return removed.length
}
