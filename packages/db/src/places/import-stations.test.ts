import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pointsOfInterest } from '../schema/index.ts'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts'
import { importStations, toStationLabel, toStationName } from './import-points.ts'

// NaPTAN's Stops.csv: the real column names, a few of the ~43 around the ones read.
const HEADER = [
  'ATCOCode', 'NaptanCode', 'CommonName', 'ShortCommonName', 'Landmark', 'Street', 'Indicator', 'NptgLocalityCode', 'LocalityName',
  'ParentLocalityName', 'Town', 'Suburb', 'GridType', 'Easting', 'Northing', 'Longitude', 'Latitude', 'StopType', 'BusStopType', 'AdministrativeAreaCode', 'Status',
]
const quote = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
const csv = (rows: string[][]) => rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n'

function stop(atco: string, name: string, stopType: string, locality: string, lat: string, lng: string, status = 'active', easting = '', northing = ''): string[] {
  return [atco, '', name, '', '', '', '', 'E0057157', locality, '', '', '', 'U', easting, northing, lng, lat, stopType, '', '110', status]
}

const LEEDS = stop('9100LEEDS', 'Leeds Rail Station', 'RLY', 'Leeds', '53.7951', '-1.5477')
const HEADINGLEY = stop('9100HDGL', 'Headingley Rail Station', 'RLY', 'Headingley', '53.8180', '-1.5944')
const ANGEL = stop('940GZZLUAGL', 'Angel Underground Station', 'MET', 'Islington', '51.5322', '-0.1058')
const ST_PETERS = stop('9400ZZMASTP', "St Peter's Square (Manchester Metrolink)", 'MET', 'Manchester City Centre', '', '', 'active', '383870', '397960')
const PLATFORM = stop('9100LEEDS1', 'Leeds Rail Station', 'RPL', 'Leeds', '53.7951', '-1.5477')
const BUS = stop('450010500', 'Park Row', 'BCT', 'Leeds', '53.7981', '-1.5470')
const CLOSED = stop('9100OLDMILL', 'Old Mill Halt Rail Station', 'RLY', 'Leeds', '53.80', '-1.55', 'inactive')

describe('the stations NaPTAN lists', () => {
  it.each([
    ['RLY', '9100LEEDS', 'Railway station'],
    ['MET', '940GZZLUAGL', 'Underground station'],
    ['MET', '9400ZZMASTP', 'Tram or metro station'],
    ['RPL', '9100LEEDS1', null],
    ['RSE', '9100LEEDS0', null],
    ['BCT', '450010500', null],
  ])('%s %s is a %s', (stopType, atco, label) => {
    expect(toStationLabel(stopType, atco)).toBe(label)
  })

  it.each([
    ['Leeds Rail Station', 'Leeds'],
    ['Angel Underground Station', 'Angel'],
    ['Bank DLR Station', 'Bank'],
    ["St Peter's Square (Manchester Metrolink)", "St Peter's Square (Manchester Metrolink)"],
    ['Station', 'Station'],
  ])('names %s %s', (commonName, name) => {
    expect(toStationName(commonName)).toBe(name)
  })
})

describe.each(testDatabaseKinds())('importing NaPTAN stations on %s', (kind) => {
  let database: TestDatabase
  let dir: string
  const file = (name: string, content: string) => {
    const target = path.join(dir, name)
    writeFileSync(target, content)
    return target
  }
  const stored = () =>
    database.db
      .select({ place_id: pointsOfInterest.place_id, name: pointsOfInterest.name, description: pointsOfInterest.description, lat: pointsOfInterest.lat, lng: pointsOfInterest.lng })
      .from(pointsOfInterest)
      .where(eq(pointsOfInterest.kind, 'station'))
      // In code points, whatever the database's collation.
      .then((rows) => rows.sort((a, b) => (a.place_id < b.place_id ? -1 : 1)))

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    dir = mkdtempSync(path.join(os.tmpdir(), 'naptan-import-'))
  })
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps the stations in use, one a station, and leaves out platforms, bus stops and closed stations', async () => {
    const report = await importStations(database, file('Stops.csv', csv([HEADER, LEEDS, PLATFORM, BUS, ANGEL, ['9100BAD'], ST_PETERS, CLOSED, HEADINGLEY])))
    expect(report).toMatchObject({ kind: 'station', rows: 7, added: 4, updated: 0, removed: 0, bad: 1, skipped: { 'not a station': 2, 'not active': 1 } })
    const rows = await stored()
    expect(rows.map(({ place_id, name, description }) => ({ place_id, name, description }))).toEqual([
      { place_id: 'station:naptan:9100HDGL', name: 'Headingley', description: 'Railway station, Headingley' },
      { place_id: 'station:naptan:9100LEEDS', name: 'Leeds', description: 'Railway station, Leeds' },
      { place_id: 'station:naptan:9400ZZMASTP', name: "St Peter's Square (Manchester Metrolink)", description: 'Tram or metro station, Manchester City Centre' },
      { place_id: 'station:naptan:940GZZLUAGL', name: 'Angel', description: 'Underground station, Islington' },
    ])
    expect(rows[1]).toMatchObject({ lat: 53.7951, lng: -1.5477 })
    // Without a latitude, from the grid reference: St Peter's Square stands at about 53.478, -2.243.
    expect(rows[2]!.lat).toBeCloseTo(53.478, 2)
    expect(rows[2]!.lng).toBeCloseTo(-2.243, 2)
  })

  it('updates on re-import, and a station closed since (or gone from the file) leaves', async () => {
    const renamed = stop('9100LEEDS', 'Leeds City Rail Station', 'RLY', 'Leeds', '53.7951', '-1.5477')
    const closedNow = stop('9100HDGL', 'Headingley Rail Station', 'RLY', 'Headingley', '53.8180', '-1.5944', 'inactive')
    const report = await importStations(database, file('Stops-2.csv', csv([HEADER, renamed, closedNow, ANGEL])))
    expect(report).toMatchObject({ rows: 3, added: 0, updated: 2, removed: 2, skipped: { 'not active': 1 } })
    expect((await stored()).map((row) => [row.place_id, row.name])).toEqual([
      ['station:naptan:9100LEEDS', 'Leeds City'],
      ['station:naptan:940GZZLUAGL', 'Angel'],
    ])
  })

  it('refuses a file that is not NaPTAN stops, or holds no station, and changes nothing', async () => {
    await expect(importStations(database, file('schools.csv', csv([['URN', 'EstablishmentName'], ['1', 'A School']])))).rejects.toThrow(
      'schools.csv: not a NaPTAN stops CSV (missing columns ATCOCode, CommonName, LocalityName, StopType, Easting, Northing)',
    )
    await expect(importStations(database, file('buses.csv', csv([HEADER, BUS])))).rejects.toThrow('buses.csv: no active stations with a position in it; nothing changed')
    expect(await stored()).toHaveLength(2)
  })
})
