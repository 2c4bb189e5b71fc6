import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../client.ts'
import { pointOfInterestKeys, pointsOfInterest } from '../schema/index.ts'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts'
import { importPubs, importSchools } from './import-points.ts'
import { gridToOsgb36, gridToWgs84 } from './osgb.ts'

// The DfE's establishment CSV: the real column names, a few of the ~130 around the ones read.
const GIAS_HEADER = [
  'URN', 'LA (code)', 'LA (name)', 'EstablishmentNumber', 'EstablishmentName', 'TypeOfEstablishment (code)',
  'TypeOfEstablishment (name)', 'EstablishmentStatus (code)', 'EstablishmentStatus (name)', 'PhaseOfEducation (code)',
  'PhaseOfEducation (name)', 'Street', 'Locality', 'Town', 'County (name)', 'Postcode', 'Easting', 'Northing',
]
const quote = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
const csv = (rows: string[][], eol = '\n') => rows.map((row) => row.map(quote).join(',')).join(eol) + eol

function school(urn: string, name: string, status: 'Open' | 'Closed' | 'Open, but proposed to close', phase: string, type: string, town: string, postcode: string, easting: string, northing: string): string[] {
  const statusCode = { Open: '1', Closed: '2', 'Open, but proposed to close': '3' }[status]
  return [urn, '383', 'Leeds', '2001', name, '1', type, statusCode, status, '2', phase, '1 School Lane', '', town, 'West Yorkshire', postcode, easting, northing]
}

const BRUDENELL = school('900001', 'Brudenell Primary School', 'Open', 'Primary', 'Community school', 'Leeds', 'LS6 1EW', '428500', '435400')
const RIVERSIDE = school('900002', 'Riverside Academy', 'Open, but proposed to close', 'Secondary', 'Academy converter', 'Leeds', 'ls11 5ab', '430000', '432000')
const OLD_MILL = school('900003', 'Old Mill Infant School', 'Closed', 'Primary', 'Community school', 'Leeds', 'LS7 2AA', '430500', '436500')
const NO_PLACE = school('900004', 'Nowhere Special School', 'Open', 'Not applicable', 'Community special school', 'Leeds', 'LS8 1AA', '', '')

describe.each(testDatabaseKinds())('importing schools and pubs on %s', (kind) => {
  let database: TestDatabase
  let dir: string
  const file = (name: string, content: string | Buffer) => {
    const target = path.join(dir, name)
    writeFileSync(target, content)
    return target
  }
  const stored = () =>
    database.db.select({ place_id: pointsOfInterest.place_id, name: pointsOfInterest.name, description: pointsOfInterest.description, lat: pointsOfInterest.lat, lng: pointsOfInterest.lng })
      .from(pointsOfInterest).orderBy(asc(pointsOfInterest.place_id))

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    dir = mkdtempSync(path.join(os.tmpdir(), 'poi-import-'))
  })
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps the open schools of a GIAS CSV with Windows line endings and a byte order mark, reporting the rest', async () => {
    const content = csv([GIAS_HEADER, BRUDENELL, ['900009', 'Short Row'], RIVERSIDE, OLD_MILL, NO_PLACE], '\r\n')
    const report = await importSchools(database, file('edubasealldata.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(content)])))
    expect(report).toMatchObject({ kind: 'school', rows: 4, added: 2, updated: 0, removed: 0, bad: 1, skipped: { 'not open': 1, 'no position': 1 } })
    expect(report.problems).toEqual([{ line: 3, message: expect.stringMatching(/column/i) as string }])
    const rows = await stored()
    expect(rows.map(({ place_id, name, description }) => ({ place_id, name, description }))).toEqual([
      { place_id: 'school:gias:900001', name: 'Brudenell Primary School', description: 'Primary school, Leeds LS6' },
      { place_id: 'school:gias:900002', name: 'Riverside Academy', description: 'Secondary school, Leeds LS11' },
    ])
    const expected = gridToWgs84(428500, 435400)
    expect(rows[0]?.lat).toBeCloseTo(expected.lat, 9)
    expect(rows[0]?.lng).toBeCloseTo(expected.lng, 9)
    const keys = await database.db.select({ key: pointOfInterestKeys.key, is_start: pointOfInterestKeys.is_start }).from(pointOfInterestKeys)
      .where(sql`${pointOfInterestKeys.place_id} = 'school:gias:900001'`).orderBy(asc(pointOfInterestKeys.key))
    expect(keys).toEqual([
      { key: 'brudenell primary school', is_start: true },
      { key: 'primary school', is_start: false },
      { key: 'school', is_start: false },
    ])
  })

  it('updates on a re-import and removes the schools that have closed since, in Windows-1252 as the DfE writes it', async () => {
    const renamed = [...BRUDENELL]
    renamed[4] = 'St Mary’s Brudenell Primary School'
    const closed = [...RIVERSIDE]
    closed[8] = 'Closed'
    const text = csv([GIAS_HEADER, renamed, closed])
    const bytes = Buffer.from(text.replace('’', '\u0000'), 'latin1')
    bytes[bytes.indexOf(0)] = 0x92 // Windows-1252's right single quotation mark
    const report = await importSchools(database, file('edubase-1252.csv', bytes))
    expect(report).toMatchObject({ rows: 2, added: 0, updated: 1, removed: 1, bad: 0, skipped: { 'not open': 1 } })
    expect((await stored()).map((row) => row.name)).toEqual(['St Mary’s Brudenell Primary School'])
    const [keys] = await queryRows<{ count: number }>(database.db, sql`select count(*)::integer as count from point_of_interest_keys where key like 'st marys%' and is_start`)
    expect(keys?.count).toBe(1)
    const [orphans] = await queryRows<{ count: number }>(database.db, sql`select count(*)::integer as count from point_of_interest_keys where place_id = 'school:gias:900002'`)
    expect(orphans?.count).toBe(0)
  })

  it('refuses a file that is not the schools CSV, with a clear error, changing nothing', async () => {
    const before = await stored()
    const geojson = file('pubs.geojson', JSON.stringify({ type: 'FeatureCollection', features: [] }))
    await expect(importSchools(database, geojson)).rejects.toThrow(
      "pubs.geojson: not a 'Get Information about Schools' establishment CSV (missing columns URN, EstablishmentName",
    )
    const onlyClosed = file('closed.csv', csv([GIAS_HEADER, OLD_MILL]))
    await expect(importSchools(database, onlyClosed)).rejects.toThrow('closed.csv: no open schools with a position in it; nothing changed')
    await expect(importSchools(database, path.join(dir, 'missing.csv'))).rejects.toThrow(/cannot read/)
    expect(await stored()).toEqual(before)
  })

  it('imports pubs from a GeoJSON FeatureCollection as exported from OpenStreetMap, one feature over many lines', async () => {
    const collection = {
      type: 'FeatureCollection',
      generator: 'overpass-turbo',
      features: [
        { type: 'Feature', id: 'node/101', properties: { amenity: 'pub', name: 'The Red Lion', 'addr:city': 'Bristol', 'addr:postcode': 'BS8 2LY' }, geometry: { type: 'Point', coordinates: [-2.6071, 51.4626] } },
        { type: 'Feature', id: 'way/202', properties: { amenity: 'pub', name: 'The "Quoted" Arms {1}', 'addr:town': 'Leeds' }, geometry: { type: 'Polygon', coordinates: [[[-1.55, 53.8], [-1.54, 53.8], [-1.54, 53.81], [-1.55, 53.8]]] } },
        { type: 'Feature', id: 'node/303', properties: { amenity: 'cafe', name: 'Not A Pub' }, geometry: { type: 'Point', coordinates: [-1.5, 53.8] } },
        { type: 'Feature', id: 'node/404', properties: { amenity: 'pub' }, geometry: { type: 'Point', coordinates: [-1.5, 53.8] } },
        { type: 'Feature', properties: { amenity: 'pub', name: 'No Id' }, geometry: { type: 'Point', coordinates: [-1.5, 53.8] } },
      ],
    }
    const report = await importPubs(database, file('export.geojson', JSON.stringify(collection, null, 2).replace(/\n/g, '\r\n')))
    expect(report).toMatchObject({ kind: 'pub', format: 'GeoJSON', rows: 5, added: 2, removed: 0, bad: 1, skipped: { 'not amenity=pub': 1, 'no name': 1 } })
    const pubs = (await stored()).filter((row) => row.place_id.startsWith('pub:'))
    expect(pubs).toEqual([
      { place_id: 'pub:osm:n101', name: 'The Red Lion', description: 'Pub, Bristol BS8', lat: 51.4626, lng: -2.6071 },
      { place_id: 'pub:osm:w202', name: 'The "Quoted" Arms {1}', description: 'Pub, Leeds', lat: 53.805, lng: -1.545 },
    ])
  })

  it('imports pubs from an Overpass CSV (tabs) and a feature-a-line GeoJSON, replacing what the last import held', async () => {
    const tsv = ['@id\t@lat\t@lon\tname\taddr:postcode\taddr:city', '101\t51.4626\t-2.6071\tThe Red Lion\tBS8 2LY\tBristol', '505\t53.8\tnot a number\tBad Row\t\t'].join('\n')
    const fromCsv = await importPubs(database, file('pubs.tsv', tsv))
    expect(fromCsv).toMatchObject({ rows: 2, added: 0, updated: 1, removed: 1, bad: 1 })
    const lines = [
      { type: 'Feature', id: 'node/101', properties: { amenity: 'pub', name: 'The Red Lion', 'addr:city': 'Bristol' }, geometry: { type: 'Point', coordinates: [-2.6071, 51.4626] } },
      { type: 'Feature', id: 'node/606', properties: { amenity: 'pub', name: 'The Kings Arms' }, geometry: { type: 'Point', coordinates: [-0.1, 51.5] } },
    ].map((feature) => JSON.stringify(feature)).join('\n')
    expect(await importPubs(database, file('pubs.geojsonseq', lines))).toMatchObject({ rows: 2, added: 1, updated: 1, removed: 0 })
    expect((await stored()).filter((row) => row.place_id.startsWith('pub:')).map((row) => [row.name, row.description])).toEqual([
      ['The Red Lion', 'Pub, Bristol'],
      ['The Kings Arms', 'Pub'],
    ])
  })

  it('refuses the schools CSV as pubs', async () => {
    const schools = file('schools.csv', csv([GIAS_HEADER, BRUDENELL]))
    await expect(importPubs(database, schools)).rejects.toThrow(
      'schools.csv: not an OpenStreetMap pubs CSV or GeoJSON (no column for an id (@id), a latitude (@lat), a longitude (@lon), name)',
    )
  })
})

describe('British National Grid to WGS84 (proj4)', () => {
  it('matches the Ordnance Survey worked example: Caister water tower, 651409.903 E 313177.270 N', () => {
    // 'A guide to coordinate systems in Great Britain', annex C: 52°39′27.2531″N 1°43′4.5177″E on OSGB36.
    const osgb36 = gridToOsgb36(651409.903, 313177.27)
    expect(osgb36.lat).toBeCloseTo(52 + 39 / 60 + 27.2531 / 3600, 7)
    expect(osgb36.lng).toBeCloseTo(1 + 43 / 60 + 4.5177 / 3600, 7)
    // After the OS Helmert transformation: 52°39′28.72″N 1°42′57.79″E on WGS84.
    const wgs84 = gridToWgs84(651409.903, 313177.27)
    expect(wgs84.lat).toBeCloseTo(52 + 39 / 60 + 28.72 / 3600, 4)
    expect(wgs84.lng).toBeCloseTo(1 + 42 / 60 + 57.79 / 3600, 4)
  })

  it("puts the grid's true origin at 49°N 2°W and Ben Nevis (NN 16666 71288) at its summit", () => {
    const origin = gridToOsgb36(400_000, -100_000)
    expect(origin.lat).toBeCloseTo(49, 7)
    expect(origin.lng).toBeCloseTo(-2, 7)
    // 56°47′49″N 5°00′13″W, to about 50 m.
    const summit = gridToWgs84(216_666, 771_288)
    expect(summit.lat).toBeCloseTo(56.79694, 3)
    expect(summit.lng).toBeCloseTo(-5.00361, 3)
  })
})
