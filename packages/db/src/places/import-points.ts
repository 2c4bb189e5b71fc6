/**
 * `npm run places:import -- schools FILE` / `-- pubs FILE`: loads the DfE's schools or OpenStreetMap's
 * pubs into `points_of_interest`, streamed, in one transaction. A re-import updates what it finds by the
 * source's id and removes what the file no longer holds (closed schools, pubs gone from the map).
 */
import path from 'node:path'
import type { Database, Db } from '../client.ts'
import type { PointOfInterestKind, PointOfInterestSource } from '../schema/index.ts'
import { detectEncoding, ImportFileError, readCsv, readGeoJsonFeatures, readStart, trimRecordStart, type RowProblem } from './import-files.ts'
import { gridToWgs84, isGridReference } from './osgb.ts'
import { removeOtherRuns, toPostcode, upsertPointsOfInterest, type PointOfInterestInput } from './points-of-interest.ts'
import { sql } from 'drizzle-orm'

export { ImportFileError }

/** What an import did. */
export interface PointsImportReport {
  kind: PointOfInterestKind
  file: string
  format: string
  /** Records read from the file. */
  rows: number
  added: number
  updated: number
  /** Written before and missing from this file (closed, gone): removed. */
  removed: number
  /** Records left out on purpose, by reason ('closed', 'no position'…). */
  skipped: Record<string, number>
  /** Records that could not be read. */
  bad: number
  /** The first problems, with their lines. */
  problems: RowProblem[]
  elapsed_ms: number
}

const BATCH = 500
const MAX_PROBLEMS = 20

/** What an import of each kind found none of. */
const NOTHING_FOUND: Record<PointOfInterestKind, string> = { school: 'open schools', pub: 'named pubs', station: 'active stations' }

/** The columns of the DfE's establishment CSV the importer reads. */
export const GIAS_COLUMNS = {
  urn: 'URN',
  name: 'EstablishmentName',
  status: 'EstablishmentStatus (name)',
  type: 'TypeOfEstablishment (name)',
  phase: 'PhaseOfEducation (name)',
  town: 'Town',
  postcode: 'Postcode',
  easting: 'Easting',
  northing: 'Northing',
} as const

/** Establishment types that are not schools a buyer searches near. */
const LEFT_OUT_TYPES = new Set(['British schools overseas', 'Online provider', 'Miscellaneous', "Children's centre", "Children's centre linked site"])

/** What a school is, from its phase and type: 'Primary school', 'Special school'. */
export function toSchoolLabel(phase: string, type: string): string {
  const kind = type.toLowerCase()
  if (kind.includes('special')) return 'Special school'
  if (kind.includes('pupil referral') || kind.includes('alternative provision')) return 'Alternative provision'
  if (kind === 'further education' || kind.includes('sixth form')) return 'College'
  if (kind.includes('higher education')) return 'University'
  switch (phase.toLowerCase()) {
    case 'primary':
    case 'middle deemed primary':
      return 'Primary school'
    case 'secondary':
    case 'middle deemed secondary':
      return 'Secondary school'
    case 'all-through':
      return 'All-through school'
    case 'nursery':
      return 'Nursery school'
    case '16 plus':
      return 'Sixth form college'
  }
  if (kind.includes('independent')) return 'Independent school'
  return 'School'
}

/** A name as lists write it, in ordinary case: GIAS names are mixed case already; OSM's are too. */
function cleanText(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim()
}

class Collector {
  rows = 0
  added = 0
  updated = 0
  bad = 0
  skipped: Record<string, number> = {}
  problems: RowProblem[] = []
  private batch = new Map<string, PointOfInterestInput>()
  constructor(
    private db: Db,
    private kind: PointOfInterestKind,
    private source: PointOfInterestSource,
    private run: string,
  ) {}
  skip(reason: string) {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1
  }
  problem(problem: RowProblem) {
    this.bad++
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(problem)
  }
  async add(row: PointOfInterestInput) {
    if (this.batch.has(row.source_id)) this.skip('duplicate id')
    this.batch.set(row.source_id, row)
    if (this.batch.size >= BATCH) await this.flush()
  }
  async flush() {
    const counts = await upsertPointsOfInterest(this.db, this.kind, this.source, this.run, [...this.batch.values()])
    this.batch.clear()
    this.added += counts.added
    this.updated += counts.updated
  }
}

async function runImport(
  database: Pick<Database, 'db'>,
  kind: PointOfInterestKind,
  source: PointOfInterestSource,
  file: string,
  read: (collector: Collector) => Promise<string>,
): Promise<PointsImportReport> {
  const started = performance.now()
  const run = new Date().toISOString()
  const report = await database.db.transaction(async (tx) => {
    const collector = new Collector(tx, kind, source, run)
    const format = await read(collector)
    await collector.flush()
    if (collector.added + collector.updated === 0) {
      throw new ImportFileError(`${path.basename(file)}: no ${NOTHING_FOUND[kind]} with a position in it; nothing changed`)
    }
    const removed = await removeOtherRuns(tx, kind, source, run)
    return {
      kind,
      file: path.basename(file),
      format,
      rows: collector.rows,
      added: collector.added,
      updated: collector.updated,
      removed,
      skipped: collector.skipped,
      bad: collector.bad,
      problems: collector.problems,
      elapsed_ms: 0,
    } satisfies PointsImportReport
  })
  await database.db.execute(sql`analyze points_of_interest, point_of_interest_keys`)
  return { ...report, elapsed_ms: Math.round(performance.now() - started) }
}

/**
 * Imports the DfE's 'Get Information about Schools' establishment CSV (all establishments, or a
 * filtered download with at least the GIAS_COLUMNS): the open ones, positioned from their grid reference.
 */
export async function importSchools(database: Pick<Database, 'db'>, file: string): Promise<PointsImportReport> {
  const encoding = await detectEncoding(file)
  return runImport(database, 'school', 'gias', file, async (collector) => {
    const checkHeader = (header: string[]) => {
      const missing = Object.values(GIAS_COLUMNS).filter((column) => !header.includes(column))
      if (missing.length > 0) {
        throw new ImportFileError(
          `${path.basename(file)}: not a 'Get Information about Schools' establishment CSV (missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')})`,
        )
      }
    }
    for await (const { line, values } of readCsv(file, encoding, checkHeader, (problem) => collector.problem(problem))) {
      collector.rows++
      const urn = cleanText(values[GIAS_COLUMNS.urn])
      const name = cleanText(values[GIAS_COLUMNS.name])
      const status = cleanText(values[GIAS_COLUMNS.status])
      const type = cleanText(values[GIAS_COLUMNS.type])
      if (!/^[0-9]+$/.test(urn) || !name) {
        collector.problem({ line, message: !name ? 'no EstablishmentName' : `URN '${urn}' is not a number` })
        continue
      }
      if (!status.toLowerCase().startsWith('open')) {
        collector.skip('not open')
        continue
      }
      if (LEFT_OUT_TYPES.has(type) || type.toLowerCase().startsWith('welsh establishment')) {
        collector.skip('not a school in Great Britain')
        continue
      }
      const easting = Number(cleanText(values[GIAS_COLUMNS.easting]) || NaN)
      const northing = Number(cleanText(values[GIAS_COLUMNS.northing]) || NaN)
      if (!isGridReference(easting, northing)) {
        collector.skip('no position')
        continue
      }
      const { lat, lng } = gridToWgs84(easting, northing)
      await collector.add({
        source_id: urn,
        name,
        label: toSchoolLabel(cleanText(values[GIAS_COLUMNS.phase]), type),
        town: cleanText(values[GIAS_COLUMNS.town]) || null,
        postcode: toPostcode(values[GIAS_COLUMNS.postcode]),
        lat,
        lng,
      })
    }
    return `GIAS establishment CSV (${encoding})`
  })
}

/** An OSM id as a short, URL-safe source id: 'node/123' → 'n123', 'way/4' → 'w4'. */
export function toOsmId(value: unknown, type?: unknown): string | null {
  const text = String(value ?? '').trim()
  const full = /^(node|way|relation)\/([0-9]+)$/.exec(text)
  if (full) return `${(full[1] as string)[0]}${full[2]}`
  if (/^[nwr][0-9]+$/.test(text)) return text
  if (/^[0-9]+$/.test(text)) {
    const kind = String(type ?? 'node').trim().toLowerCase()
    return ['n', 'w', 'r'].includes(kind[0] ?? '') ? `${kind[0]}${text}` : `n${text}`
  }
  return null
}

const inGreatBritainRange = (lat: number, lng: number) => Number.isFinite(lat) && Number.isFinite(lng) && lat > 49 && lat < 61.5 && lng > -9 && lng < 2.5

/** The middle of a geometry's extent: the point itself, or the centre of a building's outline. */
function toPosition(geometry: unknown): { lat: number; lng: number } | null {
  const coordinates = (geometry as { coordinates?: unknown } | null)?.coordinates
  let south = Infinity
  let north = -Infinity
  let west = Infinity
  let east = -Infinity
  const visit = (value: unknown) => {
    if (!Array.isArray(value)) return
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      west = Math.min(west, value[0])
      east = Math.max(east, value[0])
      south = Math.min(south, value[1])
      north = Math.max(north, value[1])
      return
    }
    for (const item of value) visit(item)
  }
  visit(coordinates)
  if (!Number.isFinite(south)) return null
  return { lat: (south + north) / 2, lng: (west + east) / 2 }
}

function toPubInput(collector: Collector, line: number, id: string | null, tags: Record<string, unknown>, position: { lat: number; lng: number } | null): PointOfInterestInput | null {
  const tag = (name: string) => (typeof tags[name] === 'string' || typeof tags[name] === 'number' ? cleanText(String(tags[name])) : '')
  if (tag('amenity') && tag('amenity') !== 'pub') {
    collector.skip('not amenity=pub')
    return null
  }
  if (!id) {
    collector.problem({ line, message: 'no OSM id' })
    return null
  }
  if (!position || !inGreatBritainRange(position.lat, position.lng)) {
    collector.problem({ line, message: 'no position in Great Britain' })
    return null
  }
  const name = tag('name')
  if (!name) {
    collector.skip('no name')
    return null
  }
  const town = tag('addr:city') || tag('addr:town') || tag('addr:village') || tag('addr:hamlet') || tag('addr:suburb')
  return { source_id: id, name, label: 'Pub', town: town || null, postcode: toPostcode(tag('addr:postcode')), lat: position.lat, lng: position.lng }
}

const CSV_ID = ['@id', 'id', 'osm_id', '@osmId']
const CSV_LAT = ['@lat', 'lat', 'latitude', 'y']
const CSV_LNG = ['@lon', 'lon', 'lng', 'longitude', 'x']

/**
 * Imports OpenStreetMap pubs (`amenity=pub`) from GeoJSON (a FeatureCollection or a feature a line, as
 * Overpass, osmium or ogr2ogr export them) or CSV (Overpass' `[out:csv(::id, ::lat, ::lon, name,
 * "addr:postcode", "addr:city")]`, commas or tabs). Features of another amenity and unnamed ones are
 * left out; a way's position is the middle of its outline.
 */
export async function importPubs(database: Pick<Database, 'db'>, file: string): Promise<PointsImportReport> {
  const start = trimRecordStart(await readStart(file))
  if (start.startsWith('{')) {
    return runImport(database, 'pub', 'osm', file, async (collector) => {
      for await (const { line, feature } of readGeoJsonFeatures(file, (problem) => collector.problem(problem))) {
        collector.rows++
        const item = feature as { type?: unknown; id?: unknown; properties?: Record<string, unknown> | null; geometry?: unknown }
        if (item?.type !== 'Feature') {
          collector.problem({ line, message: 'not a GeoJSON Feature' })
          continue
        }
        const tags = item.properties ?? {}
        const id = toOsmId(item.id ?? tags['@id'] ?? tags['id'] ?? tags['osm_id'], tags['@type'] ?? tags['osm_type'] ?? tags['type'])
        const row = toPubInput(collector, line, id, tags, toPosition(item.geometry))
        if (row) await collector.add(row)
      }
      return 'GeoJSON'
    })
  }
  const encoding = await detectEncoding(file)
  return runImport(database, 'pub', 'osm', file, async (collector) => {
    const columns: { id: string; lat: string; lng: string } = { id: '', lat: '', lng: '' }
    const checkHeader = (header: string[]) => {
      const find = (names: string[]) => header.find((column) => names.includes(column.toLowerCase()) || names.includes(column)) ?? ''
      columns.id = find(CSV_ID)
      columns.lat = find(CSV_LAT)
      columns.lng = find(CSV_LNG)
      const missing = [
        !columns.id && 'an id (@id)',
        !columns.lat && 'a latitude (@lat)',
        !columns.lng && 'a longitude (@lon)',
        !header.includes('name') && 'name',
      ].filter(Boolean)
      if (missing.length > 0) {
        throw new ImportFileError(`${path.basename(file)}: not an OpenStreetMap pubs CSV or GeoJSON (no column for ${missing.join(', ')})`)
      }
    }
    for await (const { line, values } of readCsv(file, encoding, checkHeader, (problem) => collector.problem(problem))) {
      collector.rows++
      const id = toOsmId(values[columns.id], values['@type'] ?? values['osm_type'] ?? values['type'])
      const position = { lat: Number(values[columns.lat] || NaN), lng: Number(values[columns.lng] || NaN) }
      const row = toPubInput(collector, line, id, values, position)
      if (row) await collector.add(row)
    }
    return `OpenStreetMap CSV (${encoding})`
  })
}

/** The columns of the DfT's NaPTAN stops CSV (Stops.csv) the importer reads. */
export const NAPTAN_COLUMNS = {
  atco: 'ATCOCode',
  name: 'CommonName',
  town: 'Town',
  locality: 'LocalityName',
  stopType: 'StopType',
  status: 'Status',
  easting: 'Easting',
  northing: 'Northing',
  lat: 'Latitude',
  lng: 'Longitude',
} as const

/** The NaPTAN column a file may leave out (older extracts carry grid references only). */
const NAPTAN_OPTIONAL: ReadonlySet<string> = new Set([NAPTAN_COLUMNS.lat, NAPTAN_COLUMNS.lng, NAPTAN_COLUMNS.town, NAPTAN_COLUMNS.status])

/**
 * What a NaPTAN stop is, for the stops a buyer searches near: a railway station's access area (RLY)
 * or a tram, metro or underground station's (MET, London Underground's ATCO codes starting 940GZZLU).
 * Null for every other stop (bus stops, platforms, entrances, taxi ranks, ferry and air terminals):
 * one record a station, not its platforms and doors.
 */
export function toStationLabel(stopType: string, atcoCode: string): string | null {
  switch (stopType.toUpperCase()) {
    case 'RLY':
      return 'Railway station'
    case 'MET':
      return atcoCode.toUpperCase().startsWith('940GZZLU') ? 'Underground station' : 'Tram or metro station'
  }
  return null
}

/** A station's name without the kind NaPTAN adds to it: 'Leeds Rail Station' → 'Leeds'. */
export function toStationName(commonName: string): string {
  return cleanText(commonName).replace(/\s+(rail(way)?|underground|metro|tram|dlr)\s+(station|stop)$/i, '').replace(/\s+(station|tram stop)$/i, '') || cleanText(commonName)
}

/** NaPTAN statuses of a stop no longer in use (the current 'inactive', older extracts' 'del'). */
const CLOSED_STATUSES = new Set(['inactive', 'del', 'deleted'])

/**
 * Imports the Department for Transport's NaPTAN stops CSV (Stops.csv of the NaPTAN download): its
 * railway, underground, tram and metro stations in use, positioned from their latitude and longitude
 * (or grid reference). A re-import removes the stations the file no longer holds or marks inactive.
 */
export async function importStations(database: Pick<Database, 'db'>, file: string): Promise<PointsImportReport> {
  const encoding = await detectEncoding(file)
  return runImport(database, 'station', 'naptan', file, async (collector) => {
    const checkHeader = (header: string[]) => {
      const missing = Object.values(NAPTAN_COLUMNS).filter((column) => !NAPTAN_OPTIONAL.has(column) && !header.includes(column))
      if (missing.length > 0) {
        throw new ImportFileError(`${path.basename(file)}: not a NaPTAN stops CSV (missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')})`)
      }
    }
    for await (const { line, values } of readCsv(file, encoding, checkHeader, (problem) => collector.problem(problem))) {
      collector.rows++
      const atco = cleanText(values[NAPTAN_COLUMNS.atco])
      const label = toStationLabel(cleanText(values[NAPTAN_COLUMNS.stopType]), atco)
      if (!label) {
        collector.skip('not a station')
        continue
      }
      const name = toStationName(values[NAPTAN_COLUMNS.name] ?? '')
      if (!/^[0-9A-Za-z]+$/.test(atco) || !name) {
        collector.problem({ line, message: !name ? 'no CommonName' : `ATCOCode '${atco}' is not one` })
        continue
      }
      if (CLOSED_STATUSES.has(cleanText(values[NAPTAN_COLUMNS.status]).toLowerCase())) {
        collector.skip('not active')
        continue
      }
      let position: { lat: number; lng: number } | null = null
      const lat = Number(cleanText(values[NAPTAN_COLUMNS.lat]) || NaN)
      const lng = Number(cleanText(values[NAPTAN_COLUMNS.lng]) || NaN)
      if (inGreatBritainRange(lat, lng)) position = { lat, lng }
      else {
        const easting = Number(cleanText(values[NAPTAN_COLUMNS.easting]) || NaN)
        const northing = Number(cleanText(values[NAPTAN_COLUMNS.northing]) || NaN)
        if (isGridReference(easting, northing)) position = gridToWgs84(easting, northing)
      }
      if (!position) {
        collector.skip('no position')
        continue
      }
      await collector.add({
        source_id: atco.toUpperCase(),
        name,
        label,
        town: cleanText(values[NAPTAN_COLUMNS.town]) || cleanText(values[NAPTAN_COLUMNS.locality]) || null,
        postcode: null,
        ...position,
      })
    }
    return `NaPTAN stops CSV (${encoding})`
  })
}
