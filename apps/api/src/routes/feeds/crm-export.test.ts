/**
 * A feed as a real agency's CRM exports it, through POST /api/feeds/blm: TOWN always empty, the place
 * in ADDRESS_2/3 or only in DISPLAY_ADDRESS, postcodes no demo stock has, no BATHROOMS or LIVING_ROOMS
 * field, a stray comma, a BRANCH_ID the agency does not have, and one record with a negative price.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BLM_SAMPLE_FIELDS, testDatabaseKinds, toBlmText } from '@agency/db/testing'
import { branches, ensurePlaces, importPostcodes, places, postcodeDistricts, postcodes, properties, wgs84ToGrid } from '@agency/db'
import { DEFAULT_PRE_MARKET_RULE, distanceMiles, type FeedImportReport } from '@agency/domain'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

const KEY = 'feed-key-0123456789abcdef'

/** The export's fields: the usual ones but BATHROOMS and LIVING_ROOMS, which this CRM never writes. */
const FIELDS = BLM_SAMPLE_FIELDS.filter((field) => field !== 'BATHROOMS' && field !== 'LIVING_ROOMS')

/** Where each postcode of the file is (the postcode table written below holds these centres). */
const POSTCODES: Record<string, { lat: number; lng: number }> = {
  'SL9 9HB': { lat: 51.6101, lng: -0.5581 },
  'SL9 8AA': { lat: 51.6042, lng: -0.5633 },
  'SL9 7PE': { lat: 51.5877, lng: -0.5536 },
  'SL1 5HX': { lat: 51.5157, lng: -0.6107 },
  'HP9 2JH': { lat: 51.6071, lng: -0.6418 },
  'UB9 6AA': { lat: 51.6031, lng: -0.4823 },
}

function record(ref: string, postcode: string, values: Record<string, string | number>): Record<string, string | number> {
  const [outward, inward] = postcode.split(' ') as [string, string]
  return {
    AGENT_REF: ref,
    ADDRESS_1: '',
    ADDRESS_2: '',
    ADDRESS_3: '',
    ADDRESS_4: '',
    TOWN: '',
    POSTCODE1: outward,
    POSTCODE2: inward,
    SUMMARY: 'A well-presented home.',
    DESCRIPTION: 'A well-presented home close to the station.',
    BRANCH_ID: 901,
    STATUS_ID: 0,
    BEDROOMS: 2,
    PRICE: 450000,
    PRICE_QUALIFIER: 2,
    PROP_SUB_ID: 3,
    PUBLISHED_FLAG: 1,
    TENURE_TYPE_ID: 1,
    TRANS_TYPE_ID: 1,
    COUNCIL_TAX_BAND: 'D',
    ...values,
  }
}

/** The export: records on lines 12 to 20, in this order. */
const RECORDS = [
  record('GX-1', 'SL9 9HB', {
    ADDRESS_1: 'Green Tiles,',
    ADDRESS_2: 'Green Tiles Lane',
    ADDRESS_3: 'Chalfont St. Peter',
    ADDRESS_4: 'Gerrards Cross',
    DISPLAY_ADDRESS: 'Green Tiles,, Green Tiles Lane, Chalfont St. Peter, Gerrards Cross, Buckinghamshire',
  }),
  record('GX-2', 'SL9 8AA', { ADDRESS_1: '4 Joiners Lane', ADDRESS_2: 'Chalfont St. Peter', ADDRESS_3: 'Gerrards Cross', ADDRESS_4: 'Buckinghamshire', DISPLAY_ADDRESS: 'Joiners Lane, Chalfont St. Peter' }),
  // The place only in DISPLAY_ADDRESS.
  record('GX-3', 'SL9 7PE', { ADDRESS_1: '18 Packhorse Road', DISPLAY_ADDRESS: 'Packhorse Road , Gerrards Cross' }),
  record('SL-1', 'SL1 5HX', { ADDRESS_1: 'Flat 1, Wexham Court', ADDRESS_2: 'Slough', ADDRESS_3: 'Berkshire', DISPLAY_ADDRESS: 'Wexham Road, Slough', BRANCH_ID: 902, PROP_SUB_ID: 28, PRICE: 215000 }),
  record('SL-2', 'SL1 5HX', { ADDRESS_1: 'Flat 2, Wexham Court', ADDRESS_2: 'Slough', ADDRESS_3: 'Berkshire', DISPLAY_ADDRESS: 'Wexham Road, Slough', BRANCH_ID: 902, PROP_SUB_ID: 28, PRICE: 220000 }),
  record('BE-1', 'HP9 2JH', { ADDRESS_1: '2 London End', ADDRESS_2: 'Old Beaconsfield', ADDRESS_3: 'Beaconsfield', ADDRESS_4: 'Buckinghamshire', DISPLAY_ADDRESS: 'London End, Old Beaconsfield' }),
  // A branch the agency does not have.
  record('HA-1', 'UB9 6AA', { ADDRESS_1: '9 High Street', ADDRESS_2: 'Harefield', ADDRESS_3: 'Uxbridge', ADDRESS_4: 'Middlesex', DISPLAY_ADDRESS: 'High Street, Harefield', BRANCH_ID: 77 }),
  record('NEG-1', 'SL9 9HB', { ADDRESS_1: '1 Nowhere', ADDRESS_2: 'Chalfont St. Peter', DISPLAY_ADDRESS: 'Chalfont St. Peter', PRICE: '-500,000' }),
  // Whose TOWN and ADDRESS_2–4 are empty and DISPLAY_ADDRESS names a place the gazetteer has, at an SL9 postcode.
  record('GX-4', 'SL9 9HB', { ADDRESS_1: 'The Old Forge', DISPLAY_ADDRESS: 'The Old Forge, Chalfont St. Peter, Bucks' }),
]
const PUBLISHED = ['GX-1', 'GX-2', 'GX-3', 'SL-1', 'SL-2', 'BE-1', 'HA-1', 'GX-4']
/** The town each home is at before the UK's postcodes are loaded. */
const TOWNS: Record<string, string> = {
  'GX-1': 'Chalfont St Peter',
  'GX-2': 'Chalfont St Peter',
  'GX-3': 'Gerrards Cross',
  'SL-1': 'Slough',
  'SL-2': 'Slough',
  'BE-1': 'Beaconsfield',
  'HA-1': 'Harefield',
  'GX-4': 'Chalfont St Peter',
}

describe.each(testDatabaseKinds())('a CRM export through POST /api/feeds/blm on %s', (kind) => {
  let api: TestApi
  let dir: string
  const blm = toBlmText(RECORDS, { fields: FIELDS })

  const post = async (): Promise<FeedImportReport> => {
    const response = await api.app.inject({ method: 'POST', url: '/api/feeds/blm', headers: { 'content-type': 'text/plain', authorization: `Bearer ${KEY}` }, payload: blm })
    expect(response.statusCode).toBe(200)
    return response.json<FeedImportReport>()
  }
  const byRef = async (ref: string) => (await api.database.db.select().from(properties).where(eq(properties.agent_ref, ref)))[0]!
  const town = async (name: string) => (await api.database.db.select().from(places).where(eq(places.name, name))).find((p) => p.place_id.startsWith('gb:town:'))!
  /** The catalogue and the gazetteer, whole, in a stable order. */
  const snapshot = async () => ({
    properties: await api.database.db.select().from(properties).orderBy(asc(properties.property_profile_id)),
    places: await api.database.db.select().from(places).orderBy(asc(places.place_id)),
    postcodes: await api.database.db.select().from(postcodes).orderBy(asc(postcodes.postcode)),
    districts: await api.database.db.select().from(postcodeDistricts).orderBy(asc(postcodeDistricts.district)),
  })
  const searchNear = async (name: string, miles: number) => {
    const place = await town(name)
    const response = await api.app.inject({ method: 'GET', url: `/api/properties?transaction_type_id=1&page_size=100&locations=${place.lat},${place.lng},${miles}` })
    expect(response.statusCode).toBe(200)
    const ids = new Set(response.json<{ data: Array<{ property_profile_id: number }> }>().data.map((card) => card.property_profile_id))
    const found: string[] = []
    for (const ref of PUBLISHED) if (ids.has((await byRef(ref)).property_profile_id)) found.push(ref)
    return found
  }

  beforeAll(async () => {
    api = await createTestApi(kind, { feeds: { apiKey: KEY, maxBytes: 1024 * 1024, maxWithdrawShare: 0.2, preMarket: DEFAULT_PRE_MARKET_RULE, allowedMediaHosts: [] } })
    await ensurePlaces(api.database)
    await api.database.db.insert(branches).values([
      { branch_id: 901, name: 'Hartwell & Co Gerrards Cross', branch_name: 'Gerrards Cross', phone: '01753 496 021', email: 'gx@example.co.uk', address: '50 Packhorse Road, Gerrards Cross SL9 8EF', postcode: 'SL9 8EF', lat: 51.5866, lng: -0.5555, business_link: 'https://www.google.com/maps/search/?api=1&query=Gerrards+Cross' },
      { branch_id: 902, name: 'Hartwell & Co Slough', branch_name: 'Slough', phone: '01753 496 022', email: 'slough@example.co.uk', address: '1 High Street, Slough SL1 1DH', postcode: 'SL1 1DH', lat: 51.5096, lng: -0.5952, business_link: 'https://www.google.com/maps/search/?api=1&query=Slough' },
    ])
    dir = mkdtempSync(path.join(os.tmpdir(), 'agency-crm-export-'))
  })

  afterAll(async () => {
    await api?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('publishes every home with a price and a full postcode, each at the town its address names when no postcode table is loaded', async () => {
    const report = await post()
    expect(report).toMatchObject({ outcome: 'imported', records: 9, added: 8, updated: 0, unchanged: 0, refused: 1 })
    // The totals match the file: every record published or refused, the refusal with its line.
    expect(report.published.length + report.refused).toBe(report.records)
    expect(report.published).toEqual(PUBLISHED.map((ref) => ({ line: 12 + RECORDS.findIndex((r) => r.AGENT_REF === ref), agent_ref: ref, outcome: 'added', location_precision: 'town' })))
    expect(report.errors).toEqual([{ line: 19, agent_ref: 'NEG-1', message: 'PRICE is negative' }])
    expect(report.warnings.filter((w) => w.message.startsWith('BRANCH_ID'))).toEqual([
      { line: 18, agent_ref: 'HA-1', message: "BRANCH_ID 77 is not one of the agency's branches: given to the nearest branch, Hartwell & Co Gerrards Cross" },
    ])

    for (const ref of PUBLISHED) {
      const row = await byRef(ref)
      const centre = await town(TOWNS[ref]!)
      expect({ ref, lat: row.lat, lng: row.lng, precision: row.location_precision, town: row.town }).toEqual({ ref, lat: centre.lat, lng: centre.lng, precision: 'town', town: TOWNS[ref] })
      // The export has no BATHROOMS or LIVING_ROOMS: unknown, not 0.
      expect([row.bathroom, row.reception]).toEqual([null, null])
    }
    expect((await byRef('GX-1')).display_address).toBe('Green Tiles, Green Tiles Lane, Chalfont St. Peter, Gerrards Cross, Buckinghamshire')
    expect((await byRef('GX-1')).address_line_1).toBe('Green Tiles')
    expect((await byRef('GX-3')).display_address).toBe('Packhorse Road, Gerrards Cross')
    expect((await byRef('HA-1')).branch_id).toBe(901)

    // The API says the position is approximate, and has no room counts to show.
    const card = await api.app.inject({ method: 'GET', url: `/api/properties/${(await byRef('GX-1')).property_profile_id}` })
    expect(card.json<{ data: Record<string, unknown> }>().data).toMatchObject({ location_precision: 'town', bathroom: null, reception: null, branch_id: 901 })

    // A visitor searching Gerrards Cross at 3 miles finds the Gerrards Cross and Chalfont St Peter homes.
    expect(await searchNear('Gerrards Cross', 3)).toEqual(expect.arrayContaining(['GX-1', 'GX-2', 'GX-3', 'GX-4']))
    // Placed at towns, they teach the gazetteer no postcode or district.
    const learnt = (await api.database.db.select().from(places)).filter((p) => /^(sl9|sl1|hp9|ub9)( |$)/.test(p.search_key))
    expect(learnt).toEqual([])
  })

  it('gives the same catalogue and gazetteer when the same file is imported again', async () => {
    const before = await snapshot()
    const report = await post()
    expect(report).toMatchObject({ outcome: 'imported', records: 9, added: 0, updated: 0, unchanged: 8, refused: 1, published: [] })
    expect(await snapshot()).toEqual(before)
  })

  it('places every home within 0.1 mile of its postcode once the postcode table is loaded, and again gives the same result twice', async () => {
    // An OS Code-Point Open file (no header; eastings and northings on the British National Grid).
    const file = path.join(dir, 'sl.csv')
    writeFileSync(
      file,
      Object.entries(POSTCODES)
        .map(([postcode, at]) => {
          const grid = wgs84ToGrid(at.lat, at.lng)
          return `"${postcode}",10,${Math.round(grid.easting)},${Math.round(grid.northing)},"E92000001","","","E10000002","E07000005","E05011234"`
        })
        .join('\r\n'),
    )
    const loaded = await importPostcodes(api.database, file)
    expect(loaded).toMatchObject({ format: 'OS Code-Point Open', rows: 6, postcodes: 6, districts: 4, bad: 0 })

    const report = await post()
    expect(report).toMatchObject({ outcome: 'imported', added: 0, updated: 8, unchanged: 0, refused: 1 })
    expect(report.published.map((p) => [p.agent_ref, p.location_precision])).toEqual(PUBLISHED.map((ref) => [ref, 'postcode']))
    for (const ref of PUBLISHED) {
      const row = await byRef(ref)
      const [table] = await api.database.db.select().from(postcodes).where(eq(postcodes.postcode, row.postcode))
      expect(row.location_precision).toBe('postcode')
      expect(distanceMiles(row, table!)).toBeLessThan(0.1)
      expect(distanceMiles(row, POSTCODES[row.postcode]!)).toBeLessThan(0.1)
    }
    expect(await searchNear('Gerrards Cross', 3)).toEqual(expect.arrayContaining(['GX-1', 'GX-2', 'GX-3', 'GX-4']))

    const before = await snapshot()
    expect(await post()).toMatchObject({ added: 0, updated: 0, unchanged: 8, refused: 1 })
    expect(await snapshot()).toEqual(before)
  })
})
