/**
 * The postcode table that places a feed's properties: `npm run places:import -- postcodes FILE` loads
 * the ONS Postcode Directory (ONSPD) or OS Code-Point Open CSV, both under the Open Government
 * Licence, streamed, replacing what was there in one transaction (so a second run of the same file
 * leaves the same table), live postcodes only, OSGB36 grid references converted to WGS84. Every
 * district's centre is derived from it. Until an agency loads it, the demo seed fills it with its own
 * stock's postcodes (refreshDemoPostcodes).
 */
import { createReadStream } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse'
import { sql } from 'drizzle-orm'
import type { Database, Db } from '../client.ts'
import { queryRows } from '../client.ts'
import { ImportFileError, type RowProblem } from './import-files.ts'
import { gridToWgs84, isGridReference } from './osgb.ts'

/** A full UK postcode without its space, upper case. */
const FULL_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/

/** A postcode in its one written form ('SL9 9HB'), or null when the text is not a full postcode. */
export function toPostcodeUnit(text: string | null | undefined): string | null {
  const compact = (text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '')
  return FULL_POSTCODE.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : null
}

/** What a postcodes import did. */
export interface PostcodesImportReport {
  file: string
  format: 'ONS Postcode Directory' | 'OS Code-Point Open'
  /** Records read. */
  rows: number
  /** Live postcodes with a position, now the table. */
  postcodes: number
  /** Postcode districts whose centres were derived. */
  districts: number
  /** Records left out on purpose, by reason ('terminated', 'no position'). */
  skipped: Record<string, number>
  /** Records that could not be read. */
  bad: number
  problems: RowProblem[]
  elapsed_ms: number
}

/** The ONSPD columns read (the file has some fifty). */
export const ONSPD_COLUMNS = { postcode: ['pcds', 'pcd', 'pcd2'], terminated: 'doterm', easting: 'oseast1m', northing: 'osnrth1m', lat: 'lat', lng: 'long' } as const
/** Code-Point Open's columns, by position (its files carry no header; a header row is allowed). */
export const CODE_POINT_COLUMNS = { postcode: 0, quality: 1, easting: 2, northing: 3 } as const

const BATCH = 2_000
const MAX_PROBLEMS = 20

interface Layout {
  format: PostcodesImportReport['format']
  read(values: string[]): { postcode: string; terminated: boolean; easting: number; northing: number; lat: number; lng: number }
}

function toLayout(first: string[], file: string): { layout: Layout; header: boolean } {
  const names = first.map((name) => name.trim().toLowerCase())
  const at = (name: string) => names.indexOf(name)
  const postcodeAt = ONSPD_COLUMNS.postcode.map(at).find((i) => i >= 0) ?? -1
  if (postcodeAt >= 0 && at(ONSPD_COLUMNS.easting) >= 0 && at(ONSPD_COLUMNS.northing) >= 0) {
    const [term, east, north, lat, lng] = [ONSPD_COLUMNS.terminated, ONSPD_COLUMNS.easting, ONSPD_COLUMNS.northing, ONSPD_COLUMNS.lat, ONSPD_COLUMNS.lng].map(at) as [number, number, number, number, number]
    return {
      header: true,
      layout: {
        format: 'ONS Postcode Directory',
        read: (v) => ({
          postcode: v[postcodeAt] ?? '',
          terminated: term >= 0 && (v[term] ?? '').trim() !== '',
          easting: Number(v[east] || NaN),
          northing: Number(v[north] || NaN),
          lat: lat >= 0 ? Number(v[lat] || NaN) : NaN,
          lng: lng >= 0 ? Number(v[lng] || NaN) : NaN,
        }),
      },
    }
  }
  const codePoint: Layout = {
    format: 'OS Code-Point Open',
    read: (v) => ({
      postcode: v[CODE_POINT_COLUMNS.postcode] ?? '',
      // Code-Point Open lists live postcodes only.
      terminated: false,
      easting: Number(v[CODE_POINT_COLUMNS.easting] || NaN),
      northing: Number(v[CODE_POINT_COLUMNS.northing] || NaN),
      lat: NaN,
      lng: NaN,
    }),
  }
  if (names[0] === 'postcode' && names[2] === 'eastings' && names[3] === 'northings') return { layout: codePoint, header: true }
  if (toPostcodeUnit(first[0]) && first.length >= 4) return { layout: codePoint, header: false }
  throw new ImportFileError(
    `${path.basename(file)}: not an ONS Postcode Directory CSV (pcds, doterm, oseast1m, osnrth1m) or an OS Code-Point Open CSV (postcode, quality, eastings, northings)`,
  )
}

/** Loads a postcodes file in place of the table, and derives the district centres from it. */
export async function importPostcodes(database: Pick<Database, 'db'>, file: string): Promise<PostcodesImportReport> {
  const started = performance.now()
  const report: PostcodesImportReport = { file: path.basename(file), format: 'OS Code-Point Open', rows: 0, postcodes: 0, districts: 0, skipped: {}, bad: 0, problems: [], elapsed_ms: 0 }
  const skip = (reason: string) => (report.skipped[reason] = (report.skipped[reason] ?? 0) + 1)
  const problem = (line: number, message: string) => {
    report.bad++
    if (report.problems.length < MAX_PROBLEMS) report.problems.push({ line, message })
  }
  let input: ReturnType<typeof createReadStream>
  try {
    input = createReadStream(file)
    await new Promise<void>((resolve, reject) => input.once('open', () => resolve()).once('error', reject))
  } catch (error) {
    throw new ImportFileError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }))
  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    await db.execute(sql`delete from postcodes`)
    let layout: Layout | null = null
    let batch: Array<[string, string, number, number]> = []
    const flush = async () => {
      if (batch.length === 0) return
      // One row per postcode: a file listing one twice keeps its last position.
      await db.execute(sql`insert into postcodes (postcode, district, lat, lng, source)
        select p, d, la, ln, ${layout?.format === 'ONS Postcode Directory' ? 'onspd' : 'codepoint'}
        from json_to_recordset(${JSON.stringify(batch.map(([p, d, la, ln]) => ({ p, d, la, ln })))}::json) as t(p text, d text, la double precision, ln double precision)
        on conflict (postcode) do update set district = excluded.district, lat = excluded.lat, lng = excluded.lng, source = excluded.source`)
      report.postcodes += batch.length
      batch = []
    }
    try {
      for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        const { record, info } = item
        if (!layout) {
          const found = toLayout(record, file)
          layout = found.layout
          report.format = layout.format
          if (found.header) continue
        }
        report.rows++
        const row = layout.read(record)
        const postcode = toPostcodeUnit(row.postcode)
        if (!postcode) {
          problem(info.lines, `'${row.postcode}' is not a full postcode`)
          continue
        }
        if (row.terminated) {
          skip('terminated')
          continue
        }
        let position: { lat: number; lng: number } | null = null
        if (isGridReference(row.easting, row.northing)) position = gridToWgs84(row.easting, row.northing)
        // ONSPD's own WGS84 columns when the grid reference is missing (99.999999 means none).
        else if (Number.isFinite(row.lat) && Number.isFinite(row.lng) && Math.abs(row.lat) < 90 && row.lat > 49) position = { lat: row.lat, lng: row.lng }
        if (!position) {
          skip('no position')
          continue
        }
        batch.push([postcode, postcode.split(' ')[0] as string, Math.round(position.lat * 1e6) / 1e6, Math.round(position.lng * 1e6) / 1e6])
        if (batch.length >= BATCH) await flush()
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error
      throw new ImportFileError(`${path.basename(file)}: not a readable CSV (${error instanceof Error ? error.message : String(error)})`)
    }
    await flush()
    if (report.postcodes === 0) throw new ImportFileError(`${path.basename(file)}: no live postcodes with a position in it; nothing changed`)
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from postcodes`)
    report.postcodes = count
    report.districts = await rebuildPostcodeDistricts(db)
  })
  await database.db.execute(sql`analyze postcodes, postcode_districts`)
  report.elapsed_ms = Math.round(performance.now() - started)
  return report
}

/** Derives every district's centre from the postcodes table; returns how many districts there are. */
export async function rebuildPostcodeDistricts(db: Db): Promise<number> {
  await db.execute(sql`delete from postcode_districts`)
  await db.execute(sql`insert into postcode_districts (district, lat, lng, postcodes)
    select district, avg(lat), avg(lng), count(*)::integer from postcodes group by district`)
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from postcode_districts`)
  return count
}

/**
 * The demo's postcode table: the postcodes of the demo stock (not a feed's), at the mean of their
 * properties. Left alone once the UK's postcodes are loaded.
 */
export async function refreshDemoPostcodes(db: Db): Promise<void> {
  const [loaded] = await queryRows<{ any: boolean }>(db, sql`select exists(select 1 from postcodes where source <> 'demo') as any`)
  if (loaded?.any) return
  await db.execute(sql`delete from postcodes`)
  await db.execute(sql`insert into postcodes (postcode, district, lat, lng, source)
    select postcode_unit, postcode_district, avg(lat), avg(lng), 'demo' from properties
    where agent_ref is null and postcode_unit is not null group by postcode_unit, postcode_district`)
  await rebuildPostcodeDistricts(db)
}
