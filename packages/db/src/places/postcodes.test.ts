import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../client.ts'
import { postcodeDistricts, postcodes } from '../schema/index.ts'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts'
import { ImportFileError } from './import-files.ts'
import { importPostcodes, refreshDemoPostcodes, toPostcodeUnit } from './postcodes.ts'

// The ONS Postcode Directory's real column names, a few of the ~60 around the ones read.
const ONSPD_HEADER = ['pcd', 'pcd2', 'pcds', 'dointr', 'doterm', 'oscty', 'oslaua', 'osward', 'usertype', 'oseast1m', 'osnrth1m', 'osgrdind', 'ctry', 'lat', 'long']
const onspd = (pcds: string, doterm: string, easting: string, northing: string, lat = '99.999999', lng = '0.000000') => [
  pcds.replace(' ', '  '), pcds, pcds, '198001', doterm, 'E99999999', 'E09000033', 'E05013806', '1', easting, northing, '1', 'E92000001', lat, lng,
]
const csv = (rows: string[][]) => rows.map((row) => row.map((v) => `"${v}"`).join(',')).join('\r\n') + '\r\n'

describe('postcodes as written', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    [' SL9  9HB ', 'SL9 9HB'],
    ['M1 1AE', 'M1 1AE'],
    ['SL9', null],
    ['not one', null],
  ])('%s is %s', (text, unit) => expect(toPostcodeUnit(text)).toBe(unit))
})

describe.each(testDatabaseKinds())('the postcodes import on %s', (kind) => {
  let database: TestDatabase
  let dir: string
  const table = async () => ({
    postcodes: await database.db.select().from(postcodes).orderBy(asc(postcodes.postcode)),
    districts: await database.db.select().from(postcodeDistricts).orderBy(asc(postcodeDistricts.district)),
  })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    dir = mkdtempSync(path.join(os.tmpdir(), 'agency-postcodes-'))
  })

  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('loads the live postcodes of an ONS Postcode Directory CSV, converted from the grid, with their districts; the same file again leaves the same table', async () => {
    const file = path.join(dir, 'ONSPD.csv')
    writeFileSync(
      file,
      csv([
        ONSPD_HEADER,
        // Buckingham Palace: ONSPD gives 529090, 179645 and (WGS84) 51.501009, -0.141588.
        onspd('SW1A 1AA', '', '529090', '179645', '51.501009', '-0.141588'),
        onspd('SW1A 2AA', '', '530047', '179951'),
        onspd('SW1A 0AA', '', '530268', '179545'),
        // Terminated in 2001: dropped.
        onspd('SW1A 9ZZ', '200106', '529500', '179500'),
        // No grid reference: placed by ONSPD's own WGS84 columns.
        onspd('SW1P 3BU', '', '', '', '51.4963', '-0.1295'),
        // No grid reference and no position at all.
        onspd('SW1P 9XX', '', '', ''),
        onspd('NOT A CODE', '', '530000', '179000'),
      ]),
    )
    const report = await importPostcodes(database, file)
    expect(report).toMatchObject({ format: 'ONS Postcode Directory', rows: 7, postcodes: 4, districts: 2, skipped: { terminated: 1, 'no position': 1 }, bad: 1 })
    expect(report.problems).toEqual([{ line: 8, message: "'NOT A CODE' is not a full postcode" }])
    const first = await table()
    expect(first.postcodes.map((p) => [p.postcode, p.district, p.source])).toEqual([
      ['SW1A 0AA', 'SW1A', 'onspd'],
      ['SW1A 1AA', 'SW1A', 'onspd'],
      ['SW1A 2AA', 'SW1A', 'onspd'],
      ['SW1P 3BU', 'SW1P', 'onspd'],
    ])
    // OSGB36 → WGS84 agrees with ONSPD's own figure to within a few metres.
    const palace = first.postcodes.find((p) => p.postcode === 'SW1A 1AA')!
    expect(Math.abs(palace.lat - 51.501009)).toBeLessThan(0.0001)
    expect(Math.abs(palace.lng - -0.141588)).toBeLessThan(0.0001)
    const sw1a = first.districts.find((d) => d.district === 'SW1A')!
    expect(sw1a.postcodes).toBe(3)
    expect(sw1a.lat).toBeCloseTo((first.postcodes[0]!.lat + first.postcodes[1]!.lat + first.postcodes[2]!.lat) / 3, 9)

    await importPostcodes(database, file)
    expect(await table()).toEqual(first)
    // Loaded: the demo's own postcodes no longer replace them.
    await refreshDemoPostcodes(database.db as Db)
    expect(await table()).toEqual(first)
  })

  it('loads OS Code-Point Open with or without its header row, in place of what was there', async () => {
    const plain = path.join(dir, 'sl.csv')
    writeFileSync(plain, '"SL9 9HB",10,500560,190830,"E92000001","","","E10000002","E07000005","E05011234"\r\n"SL1 5HX",10,497060,180980,"E92000001","","","","E06000039","E05012345"\r\n')
    expect(await importPostcodes(database, plain)).toMatchObject({ format: 'OS Code-Point Open', rows: 2, postcodes: 2, districts: 2 })
    expect((await table()).postcodes.map((p) => [p.postcode, p.source])).toEqual([
      ['SL1 5HX', 'codepoint'],
      ['SL9 9HB', 'codepoint'],
    ])
    const headed = path.join(dir, 'sl-headed.csv')
    writeFileSync(headed, 'Postcode,Positional_quality_indicator,Eastings,Northings,Country_code\r\n"SL9 9HB",10,500560,190830,"E92000001"\r\n')
    expect(await importPostcodes(database, headed)).toMatchObject({ format: 'OS Code-Point Open', rows: 1, postcodes: 1, districts: 1 })
    expect((await table()).postcodes.map((p) => p.postcode)).toEqual(['SL9 9HB'])
  })

  it('refuses a file that is neither, and changes nothing', async () => {
    const before = await table()
    const file = path.join(dir, 'schools.csv')
    writeFileSync(file, 'URN,EstablishmentName\r\n100000,A school\r\n')
    await expect(importPostcodes(database, file)).rejects.toThrow(ImportFileError)
    await expect(importPostcodes(database, file)).rejects.toThrow(
      'schools.csv: not an ONS Postcode Directory CSV (pcds, doterm, oseast1m, osnrth1m) or an OS Code-Point Open CSV (postcode, quality, eastings, northings)',
    )
    expect(await table()).toEqual(before)
  })
})
