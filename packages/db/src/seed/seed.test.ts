import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { COMPANY_SETTING, PROPERTY_STYLES, PromoCardSchema, RedirectTargetsSchema, isCouncilTaxBandOf, toEpcRating, toUkCountry } from '@agency/domain'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows, type Db } from '../client.ts'
import { createDiskMediaStore } from '../media-store/disk.ts'
import { createTestDatabase, testDatabaseKinds, testPoolCache, type TestDatabase } from '../testing.ts'
import { renderEpcPdf } from './images/epc.ts'
import { GB_BOUNDS, distanceKm, getTowns } from './places.ts'
import { EXTERIOR_KINDS, POOL_MANIFEST, POOL_VERSION, listPoolFiles, toEpcChartFile, toEpcPdfFile } from './pool-layout.ts'
import { ensureImagePool } from './pool.ts'
import { toTaxBand } from './generate.ts'
import { seedDemoData, type SeedSummary } from './index.ts'

const NOW = new Date('2026-03-02T00:00:00Z')
const COUNT = 2_000
let mediaDir: string

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(os.tmpdir(), 'agency-seed-media-'))
  await ensureImagePool(createDiskMediaStore(mediaDir), testPoolCache())
}, 240_000)

afterAll(() => {
  rmSync(mediaDir, { recursive: true, force: true })
})

const MAGIC: Record<string, number[]> = {
  jpg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  pdf: [...Buffer.from('%PDF-1.4')],
}

describe('the image pool', () => {
  it('holds every listed file as a real JPEG, PNG or PDF of the expected size', async () => {
    const files = listPoolFiles()
    expect(files.length).toBe(150 + 70 + 12)
    for (const file of files) {
      const data = await readFile(path.join(mediaDir, file))
      const ext = path.extname(file).slice(1)
      const magic = MAGIC[ext]
      expect(magic, file).toBeDefined()
      expect([...data.subarray(0, magic?.length ?? 0)], file).toEqual(magic)
      if (ext === 'pdf') continue
      const meta = await sharp(data).metadata()
      expect([meta.format, meta.width, meta.height], file).toEqual(['jpeg', 1280, 853])
    }
    const manifest: unknown = JSON.parse(await readFile(path.join(mediaDir, POOL_MANIFEST), 'utf8'))
    expect(manifest).toEqual({ version: POOL_VERSION, files })
  })

  it('is not rendered again when it is complete', async () => {
    const probe = path.join(mediaDir, listPoolFiles()[0] as string)
    const before = statSync(probe).mtimeMs
    expect(await ensureImagePool(createDiskMediaStore(mediaDir))).toBe(false)
    expect(statSync(probe).mtimeMs).toBe(before)
  })

  it('writes PDFs whose cross-reference table points at each object', () => {
    const pdf = renderEpcPdf({ current: 61, potential: 86 }, 'Hartwell & Co').toString('latin1')
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1])
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref')
    const entries = pdf.slice(startxref).split('\n').slice(3, 9)
    expect(entries).toHaveLength(6)
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10))
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`)
    })
    expect(pdf).toContain("This property's current energy rating is D. It has the potential to be B.")
    expect(pdf).toContain('(61 D)')
    expect(pdf).toContain('(86 B)')
  })
})

describe('the council tax band of a demo home', () => {
  it.each([
    // England: 1991 values, about 4.5 times lower outside London and the South East and East.
    [200_000, 'england', 'north_east', 'B'],
    [200_000, 'england', 'london', 'A'],
    // Scotland: 1991 values on its own lower limits, so the same price sits higher.
    [200_000, 'scotland', 'scotland', 'D'],
    // Wales: 2003 values on its nine bands.
    [200_000, 'wales', 'wales', 'C'],
    [1_200_000, 'wales', 'wales', 'I'],
    [1_200_000, 'england', 'north_east', 'G'],
    [1_500_000, 'england', 'north_east', 'H'],
    // A home in the Welsh districts of the CH postcode area is banded as in Wales.
    [200_000, 'wales', 'north_west', 'C'],
    // Northern Ireland has domestic rates and no bands.
    [200_000, 'northern_ireland', 'north_west', null],
  ] as const)('bands a £%d home in %s (%s prices) as %s', (value, country, region, band) => {
    expect(toTaxBand(value, country, region)).toBe(band)
  })
})

/** A digest of everything a run wrote for the first `upTo` properties. */
async function digest(db: Db, upTo: number): Promise<string> {
  const rows = await queryRows<{ d: string }>(
    db,
    sql`select md5(concat_ws('#',
      (select string_agg(p::text, '|' order by p.property_profile_id) from properties p where p.property_profile_id <= ${upTo}),
      (select string_agg(concat_ws(',', property_profile_id, position, kind, file, link, caption, is_downloadable), '|' order by property_profile_id, position) from property_medias where property_profile_id <= ${upTo}),
      (select string_agg(concat_ws(',', property_profile_id, position, file), '|' order by property_profile_id, position) from floor_plans where property_profile_id <= ${upTo}),
      (select string_agg(concat_ws(',', property_profile_id, position, file, pdf_file), '|' order by property_profile_id, position) from epcs where property_profile_id <= ${upTo}),
      (select string_agg(concat_ws(',', property_profile_id, price, changed_at), '|' order by property_profile_id, changed_at) from price_history where property_profile_id <= ${upTo})
    )) as d`,
  )
  return rows[0]?.d ?? ''
}

async function share(db: Db, where: string, of = 'true'): Promise<number> {
  const rows = await queryRows<{ r: number }>(
    db,
    sql.raw(`select (count(*) filter (where ${where}))::float / nullif(count(*), 0) as r from properties where ${of}`),
  )
  return rows[0]?.r ?? Number.NaN
}

describe.each(testDatabaseKinds())('seedDemoData on %s', (kind) => {
  let database: TestDatabase
  let summary: SeedSummary

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    summary = await seedDemoData(database, { properties: COUNT, seed: 7, mediaStore: createDiskMediaStore(mediaDir), now: NOW })
  }, 240_000)

  afterAll(async () => {
    await database?.close()
  })

  it('writes twelve branches with real towns, drama-range phone numbers and map links', async () => {
    const branches = await queryRows<{ branch_id: number; name: string; branch_name: string; phone: string; email: string; address: string; lat: number; lng: number; business_link: string; version: number }>(
      database.db,
      sql`select * from branches order by branch_id`,
    )
    expect(branches).toHaveLength(12)
    expect(summary.branches).toBe(12)
    for (const b of branches) {
      expect(b.name).toBe(`Hartwell & Co ${b.branch_name}`)
      expect(b.email).toBe(`${b.branch_name.toLowerCase()}@hartwellandco.co.uk`)
      expect(b.phone).toMatch(/^(01\d\d 49[68] \d{4}|020 7946 \d{4}|029 2018 \d{4})$/)
      expect(b.business_link).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`Hartwell & Co, ${b.address}`)}`)
      expect(b.address).toMatch(/ [A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}$/)
      expect(b.version).toBe(1)
      expect(b.lat).toBeGreaterThan(GB_BOUNDS.minLat)
      expect(b.lat).toBeLessThan(GB_BOUNDS.maxLat)
    }
    expect(branches.map((b) => b.branch_name)).toContain('Leeds')
  })

  it('writes the company settings the site reads', async () => {
    const rows = await queryRows<{ setting_id: number; value: unknown }>(database.db, sql`select setting_id, value from company_settings order by setting_id`)
    const byId = new Map(rows.map((r) => [r.setting_id, r.value]))
    expect(byId.get(COMPANY_SETTING.REGISTRATION_TEXT)).toMatch(/^Register for Heads Up Property Alerts/)
    expect(byId.get(COMPANY_SETTING.AGENCY_NAME)).toBe('Hartwell & Co')
    expect(byId.get(COMPANY_SETTING.DEFAULT_SEARCH_TYPE)).toBe('sales')
    expect(byId.get(COMPANY_SETTING.PROPERTY_CARD_VARIANT)).toBe('v1')
    const promos = PromoCardSchema.array().parse(byId.get(COMPANY_SETTING.PROMO_CARDS))
    expect(promos.map((p) => [p.position, p.title, p.link])).toEqual([
      [4, 'Thinking of selling?', '/valuation'],
      [11, 'Get a Heads Up', '/heads-up-alerts/register'],
    ])
    expect(byId.get(COMPANY_SETTING.SEARCH_PANEL_THEME)).toBe('light')
    expect(byId.get(COMPANY_SETTING.SLIDER_ARROW_VARIANT)).toBe(1)
    expect(RedirectTargetsSchema.parse(byId.get(COMPANY_SETTING.REDIRECT_TARGETS))).toMatchObject({ 'stamp-duty': 'https://www.gov.uk/stamp-duty-land-tax' })
    expect(byId.get(COMPANY_SETTING.REGISTER_VARIANT)).toBe('v1')
  })

  it('reports exactly what it wrote', async () => {
    const [counts] = await queryRows<Record<string, number>>(
      database.db,
      sql`select (select count(*) from properties)::int as properties, (select count(*) from property_medias)::int as medias,
        (select count(*) from floor_plans)::int as "floorPlans", (select count(*) from epcs)::int as epcs,
        (select count(*) from price_history)::int as "priceHistory"`,
    )
    expect(counts).toEqual({
      properties: COUNT,
      medias: summary.medias,
      floorPlans: summary.floorPlans,
      epcs: summary.epcs,
      priceHistory: summary.priceHistory,
    })
    expect(summary.poolGenerated).toBe(false)
    expect(summary.medias / COUNT).toBeGreaterThan(5)
  })

  it('keeps the mix of listings near its targets', async () => {
    const db = database.db
    expect(await share(db, 'transaction_type_id = 1')).toBeCloseTo(0.65, 1)
    expect(await share(db, 'is_locked')).toBeGreaterThan(0.03)
    expect(await share(db, 'is_locked')).toBeLessThan(0.07)
    expect(await share(db, "availability <> 'available'", 'is_locked')).toBe(0)
    expect(await share(db, "availability = 'sstc'", 'transaction_type_id = 1 and not is_locked')).toBeCloseTo(0.15, 1)
    expect(await share(db, "availability = 'under_offer'", 'transaction_type_id = 1 and not is_locked')).toBeCloseTo(0.08, 1)
    expect(await share(db, "availability = 'let_agreed'", 'transaction_type_id = 2 and not is_locked')).toBeCloseTo(0.15, 1)
    expect(await share(db, "availability in ('sstc', 'under_offer')", 'transaction_type_id = 2')).toBe(0)
    expect(await share(db, 'new_home', 'transaction_type_id = 1')).toBeCloseTo(0.08, 1)
    expect(await share(db, 'shared_ownership', 'transaction_type_id = 1')).toBeGreaterThan(0.01)
    expect(await share(db, 'shared_ownership', 'transaction_type_id = 1')).toBeLessThan(0.05)
    expect(await share(db, 'retirement')).toBeGreaterThan(0.01)
    expect(await share(db, 'retirement')).toBeLessThan(0.06)
    expect(await share(db, 'property_type_id in (1, 2)')).toBeGreaterThan(0.85)
    expect(await share(db, 'property_type_id in (4, 5, 6)')).toBeLessThan(0.08)
    expect(await share(db, 'new_home or shared_ownership', 'transaction_type_id = 2')).toBe(0)
    expect(await share(db, 'short_let or house_flat_share or pets_allowed or bills_included or furnishing is not null', 'transaction_type_id = 1')).toBe(0)
    expect(await share(db, 'furnishing is null', 'transaction_type_id = 2')).toBe(0)
    expect(await share(db, 'pets_allowed', 'transaction_type_id = 2')).toBeGreaterThan(0.15)
    expect(await share(db, 'has_garden <> (garden_type is not null)')).toBe(0)
    expect(await share(db, 'garden_type not between 1 and 8', 'garden_type is not null')).toBe(0)
    // Studios are flats of style Studio; only commercial and land have no bedrooms otherwise.
    expect(await share(db, 'property_style_id <> 13', 'bedroom = 0 and property_type_id = 2')).toBe(0)
    expect(await share(db, 'property_type_id not in (2, 5, 6)', 'bedroom = 0')).toBe(0)
    expect(await share(db, 'bedroom not between 0 and 6')).toBe(0)
  })

  it('uses real property styles of the property type', async () => {
    const rows = await queryRows<{ property_type_id: number; property_style_id: number }>(
      database.db,
      sql`select distinct property_type_id, property_style_id from properties`,
    )
    const styleType = new Map<number, number>(PROPERTY_STYLES.map((s) => [s.property_style_id, s.property_type_id]))
    for (const r of rows) expect(styleType.get(r.property_style_id)).toBe(r.property_type_id)
  })

  it('writes a let whose date had come when it was listed as available now, and one still to come with its date', async () => {
    const rows = await queryRows<{ available_from: string; text: string }>(
      database.db,
      sql`select available_from::text, summary || ' ' || description as text from properties where transaction_type_id = 2 and property_type_id <= 4`,
    )
    const today = NOW.toISOString().slice(0, 10)
    const passed = rows.filter((r) => r.available_from <= today)
    const coming = rows.filter((r) => r.available_from > today)
    expect(passed.length).toBeGreaterThan(0)
    expect(coming.length).toBeGreaterThan(0)
    for (const r of passed) expect(r.text, r.available_from).not.toMatch(/Available (?:\w+ )?from \d/)
    expect(passed.some((r) => /Available (?:\w+ )?now/.test(r.text))).toBe(true)
    expect(coming.some((r) => /Available (?:\w+ )?from \d/.test(r.text))).toBe(true)
  })

  it('prices in agents’ steps with the right qualifiers, deposits and material information', async () => {
    const rows = await queryRows<{
      transaction_type_id: number
      property_type_id: number
      price: number
      price_qualifier: string
      deposit: number | null
      tenure: string | null
      council_tax_band: string | null
      epc_rating: string | null
      available_from: string | null
      postcode: string
    }>(database.db, sql`select transaction_type_id, property_type_id, price, price_qualifier, deposit, tenure, council_tax_band, epc_rating, available_from::text, postcode from properties`)
    for (const r of rows) {
      if (r.transaction_type_id === 1) {
        expect(r.price % 5_000).toBe(0)
        expect(r.price).toBeGreaterThanOrEqual(25_000)
        expect(['Guide Price', 'Offers in Excess of', 'Offers in the Region of', 'Fixed Price', 'Asking Price']).toContain(r.price_qualifier)
        expect(['Freehold', 'Leasehold', 'Share of Freehold', 'Ownership']).toContain(r.tenure)
        expect(r.deposit).toBeNull()
        expect(r.available_from).toBeNull()
      } else {
        expect(r.price % 25).toBe(0)
        expect(r.price).toBeGreaterThanOrEqual(300)
        expect(r.price_qualifier).toBe('Per Month')
        expect(r.deposit).toBe(Math.floor((r.price * 12 * 5) / 52))
        expect(r.tenure).toBeNull()
        expect(r.available_from).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
      const residential = r.property_type_id <= 4
      if (residential) expect(isCouncilTaxBandOf(r.council_tax_band ?? '', toUkCountry(r.postcode)!), `${r.council_tax_band} ${r.postcode}`).toBe(true)
      else expect(r.council_tax_band).toBeNull()
      if (r.property_type_id === 6) expect(r.epc_rating).toBeNull()
      else expect(['A', 'B', 'C', 'D', 'E', 'F', 'G']).toContain(r.epc_rating)
    }
    // Region matters: London's typical sale price is well above the North East's.
    const [medians] = await queryRows<{ london: number; north_east: number }>(
      database.db,
      sql`select
        (select percentile_cont(0.5) within group (order by price) from properties where transaction_type_id = 1 and property_type_id in (1, 2) and county = 'Greater London') as london,
        (select percentile_cont(0.5) within group (order by price) from properties where transaction_type_id = 1 and property_type_id in (1, 2) and county in ('Tyne and Wear', 'County Durham')) as north_east`,
    )
    expect(medians?.london).toBeGreaterThan(2 * (medians?.north_east ?? Infinity))
  })

  it('words tenure and flood risk by the nation of the postcode: Scottish homes owned, flood maps of SEPA, Natural Resources Wales and the Environment Agency', async () => {
    const rows = await queryRows<{ transaction_type_id: number; property_type_id: number; postcode: string; tenure: string | null; flood_risk: string | null }>(
      database.db,
      sql`select transaction_type_id, property_type_id, postcode, tenure, flood_risk from properties`,
    )
    const flood = { england: 'Environment Agency', wales: 'Natural Resources Wales', scotland: 'SEPA' } as const
    const seen = { england: 0, wales: 0, scotland: 0 }
    for (const r of rows) {
      const country = toUkCountry(r.postcode)
      if (country !== 'england' && country !== 'wales' && country !== 'scotland') throw new Error(`${r.postcode} is not in Great Britain`)
      if (r.flood_risk) {
        expect(r.flood_risk, r.postcode).toContain(`(${flood[country]});`)
        seen[country]++
      }
      if (country === 'scotland' && r.transaction_type_id === 1) {
        if (r.property_type_id <= 4) expect(r.tenure, r.postcode).toBe('Ownership')
        else expect(['Ownership', 'Leasehold'], r.postcode).toContain(r.tenure)
      }
      if (country !== 'scotland') expect(r.tenure).not.toBe('Ownership')
    }
    expect(seen.wales).toBeGreaterThan(20)
    expect(seen.scotland).toBeGreaterThan(20)
  })

  it('bands homes by their own nation\u2019s council tax: a band D home costs less in Scotland and Wales than in England', async () => {
    const rows = await queryRows<{ postcode: string; price: number; council_tax_band: string }>(
      database.db,
      sql`select postcode, price, council_tax_band from properties where transaction_type_id = 1 and property_type_id <= 4 and not shared_ownership`,
    )
    const bandD = { england: [] as number[], scotland: [] as number[], wales: [] as number[] }
    const walesBands = new Set<string>()
    for (const r of rows) {
      const country = toUkCountry(r.postcode)
      if (country === 'wales') walesBands.add(r.council_tax_band)
      if (r.council_tax_band === 'D' && country && country !== 'northern_ireland') bandD[country].push(r.price)
    }
    const median = (prices: number[]) => [...prices].sort((a, b) => a - b)[Math.floor(prices.length / 2)] ?? Number.NaN
    expect(bandD.scotland.length).toBeGreaterThan(5)
    expect(bandD.wales.length).toBeGreaterThan(5)
    // England's band D is £68,001–£88,000 in 1991 values; Scotland's £45,001–£58,000 in 1991, Wales's £91,001–£123,000 in 2003.
    expect(median(bandD.scotland)).toBeLessThan(0.8 * median(bandD.england))
    expect(median(bandD.wales)).toBeLessThan(0.8 * median(bandD.england))
    expect(walesBands.size).toBeGreaterThan(4)
  })

  it('places every property in Great Britain within a few km of a real town', async () => {
    const rows = await queryRows<{ lat: number; lng: number; town: string }>(database.db, sql`select lat, lng, town from properties`)
    const towns = getTowns()
    for (const r of rows) {
      expect(r.lat).toBeGreaterThan(GB_BOUNDS.minLat)
      expect(r.lat).toBeLessThan(GB_BOUNDS.maxLat)
      expect(r.lng).toBeGreaterThan(GB_BOUNDS.minLng)
      expect(r.lng).toBeLessThan(GB_BOUNDS.maxLng)
      const nearest = Math.min(...towns.filter((t) => t.name === r.town).map((t) => distanceKm(r.lat, r.lng, t.lat, t.lng)))
      expect(nearest, `${r.town} ${r.lat},${r.lng}`).toBeLessThanOrEqual(6.01)
    }
    const distinctTowns = new Set(rows.map((r) => r.town))
    expect(distinctTowns.size).toBeGreaterThan(300)
  })

  it('writes believable addresses, headings, slugs and copy', async () => {
    const rows = await queryRows<{
      transaction_type_id: number
      bedroom: number
      address_line_1: string
      town: string
      postcode: string
      display_address: string
      advert_heading: string
      slug: string
      summary: string
      description: string
      features: string[]
    }>(database.db, sql`select * from properties`)
    let longSummaries = 0
    for (const r of rows) {
      expect(r.display_address).toMatch(new RegExp(`^[A-Z][^0-9]+, ${r.town.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
      expect(r.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/)
      expect(r.advert_heading).toMatch(r.transaction_type_id === 1 ? / for sale$/ : / to rent$/)
      if (r.bedroom > 0) expect(r.advert_heading).toMatch(new RegExp(`^${r.bedroom} bedroom `))
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(r.features.length).toBeGreaterThanOrEqual(5)
      expect(r.features.length).toBeLessThanOrEqual(8)
      const paragraphs = r.description.split('\n\n').length
      expect(paragraphs).toBeGreaterThanOrEqual(3)
      expect(paragraphs).toBeLessThanOrEqual(5)
      if (r.summary.length > 120) longSummaries++
      // 'an enclosed garden', never 'a enclosed garden'.
      expect(`${r.advert_heading} ${r.summary} ${r.description} ${r.features.join('. ')}`).not.toMatch(/\b[Aa] (?!one\b|once\b)[aeio]/)
    }
    expect(longSummaries / rows.length).toBeGreaterThan(0.4)
  })

  it('words an office, a shop, an industrial unit and land for what they are: no rooms of a home, its garden, its parking or its council tax', async () => {
    const rows = await queryRows<{ property_style_id: number; display_address: string; summary: string; description: string; features: string[]; parking: string | null; heating: string | null; restrictions: string | null }>(
      database.db,
      sql`select property_style_id, display_address, summary, description, features, parking, heating, restrictions from properties where property_type_id in (5, 6)`,
    )
    expect(rows.length).toBeGreaterThan(40)
    const homely = /bedroom|bathroom|famil|garden|\bhomes?\b|council tax|driveway|garage|pets|schools|modern living|cul-de-sac|five weeks/i
    for (const r of rows) {
      // The street's own name may say 'Gardens'; the copy around it may not.
      const street = r.display_address.split(', ')[0] ?? ''
      const text = [r.summary, r.description, ...r.features].join('\n').replaceAll(street, 'the street')
      expect(text, text).not.toMatch(homely)
      expect([r.parking, r.heating, r.restrictions].join('\n'), text).not.toMatch(/Driveway|garage|Residents|combination boiler|front garden|no business use/i)
      // One size, said the same in the bullets, the summary and the description.
      const size = r.property_style_id >= 23 ? /^Approximately ([\d.]+ acres?)$/.exec(r.features[0] ?? '') : /^Approximately ([\d,]+ sq ft)$/.exec(r.features[0] ?? '')
      expect(size, r.features.join(', ')).not.toBeNull()
      expect(r.summary).toContain(size?.[1])
      expect(r.description).toContain(size?.[1])
    }
    const byStyle = (id: number) => rows.filter((r) => r.property_style_id === id)
    for (const r of byStyle(20)) expect(r.description).toMatch(/open-plan office space/)
    for (const r of byStyle(21)) expect(r.description).toMatch(/a sales area/)
    for (const r of byStyle(22)) expect(r.description).toMatch(/warehouse/)
    for (const r of byStyle(23)) {
      expect(r.features).toContain('Outline planning permission for a detached dwelling')
      if (r.restrictions) expect(r.restrictions).toBe('Outline planning permission for one dwelling')
    }
    for (const r of byStyle(24)) if (r.restrictions) expect(r.restrictions).toMatch(/^Agricultural use only/)
  })

  it('gives every property 3–12 photos, the exterior first, and well-formed video and tour links', async () => {
    const [photos] = await queryRows<{ min: number; max: number; bad_first: number; gaps: number }>(
      database.db,
      sql`with per as (
        select property_profile_id, count(*) filter (where kind = 'photo') as photos, max(position) as last, count(*) as n
        from property_medias group by property_profile_id)
      select min(photos)::int as min, max(photos)::int as max,
        (select count(*) from property_medias where position = 0 and (kind <> 'photo' or file not like 'pool/exterior-%'))::int as bad_first,
        (select count(*) from per where last <> n - 1)::int as gaps
      from per`,
    )
    expect(photos).toEqual({ min: 3, max: 12, bad_first: 0, gaps: 0 })
    const [withMedia] = await queryRows<{ n: number }>(database.db, sql`select count(distinct property_profile_id)::int as n from property_medias`)
    expect(withMedia?.n).toBe(COUNT)
    const links = await queryRows<{ kind: string; link: string; file: string }>(database.db, sql`select kind, link, file from property_medias where kind <> 'photo'`)
    const videos = links.filter((l) => l.kind === 'video')
    const tours = links.filter((l) => l.kind === 'virtual_tour')
    expect(videos.length + tours.length).toBe(links.length)
    for (const v of videos) expect(v.link).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/)
    for (const t of tours) expect(t.link).toMatch(/^https:\/\/my\.matterport\.com\/show\/\?m=[A-Za-z0-9]{11}$/)
    for (const l of links) expect(l.file).toMatch(/^pool\/.+\.jpg$/)
    expect(videos.length / COUNT).toBeCloseTo(0.1, 1)
    expect(tours.length / COUNT).toBeCloseTo(0.08, 1)
    const [downloadable] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from property_medias where is_downloadable`)
    expect(downloadable?.n).toBeGreaterThan(0)
    const files = await queryRows<{ file: string }>(database.db, sql`select distinct file from property_medias union select distinct file from floor_plans union select distinct file from epcs union select distinct pdf_file from epcs where pdf_file is not null`)
    for (const { file } of files) expect(existsSync(path.join(mediaDir, file)), file).toBe(true)
    // Documents are pictures of their own size: plans 4:3, EPC charts as the certificate's graph.
    const plan = await queryRows<{ file: string }>(database.db, sql`select file from floor_plans limit 1`)
    const chart = await queryRows<{ file: string }>(database.db, sql`select file from epcs limit 1`)
    const size = async (file: string | undefined) => {
      const meta = await sharp(path.join(mediaDir, file ?? '')).metadata()
      return [meta.format, meta.width, meta.height]
    }
    expect(await size(plan[0]?.file)).toEqual(['png', 1024, 768])
    expect(await size(chart[0]?.file)).toEqual(['png', 880, 720])
  })

  it('never shows one main picture twice on the first page of a list, nor twice in a town', async () => {
    const cards = await queryRows<{ id: number; town: string; branch_id: number | null; type: number; file: string }>(
      database.db,
      sql`select p.property_profile_id as id, p.town, p.branch_id, p.transaction_type_id as type, m.file
        from properties p join property_medias m on m.property_profile_id = p.property_profile_id and m.position = 0
        order by p.created_at desc, p.property_profile_id desc`,
    )
    const branchTowns = new Map((await queryRows<{ branch_id: number; branch_name: string }>(database.db, sql`select branch_id, branch_name from branches`)).map((b) => [b.branch_id, b.branch_name]))
    // Lists as the site orders them (newest first): sales, lettings, and each branch's, and its town's, of each kind and of both.
    const lists = new Map<string, string[]>()
    const add = (key: string, file: string) => lists.set(key, [...(lists.get(key) ?? []), file])
    for (const c of cards) {
      add(`type ${c.type}`, c.file)
      for (const type of [c.type, 'any']) {
        add(`branch ${c.branch_id} ${type}`, c.file)
        if ([...branchTowns.values()].includes(c.town)) add(`town ${c.town} ${type}`, c.file)
      }
    }
    expect(lists.size).toBeGreaterThan(30)
    for (const [key, files] of lists) {
      const page = files.slice(0, 12)
      expect(new Set(page).size, `${key}: ${page.join(', ')}`).toBe(page.length)
    }
    // A town repeats an exterior only once it has shown every picture of that kind (London's flats).
    const byTownKind = new Map<string, string[]>()
    for (const c of cards) {
      const kind = /exterior-(\w+)-\d+\.jpg$/.exec(c.file)?.[1] ?? ''
      byTownKind.set(`${c.town} ${kind}`, [...(byTownKind.get(`${c.town} ${kind}`) ?? []), c.file])
    }
    for (const [key, files] of byTownKind) {
      const kind = key.split(' ').pop() as keyof typeof EXTERIOR_KINDS
      expect(new Set(files).size, key).toBe(Math.min(files.length, EXTERIOR_KINDS[kind]))
    }
  })

  it('shows each property as a building of its own type: a flat a block, a bungalow a bungalow, a semi a pair, a new home a new-build', async () => {
    const rows = await queryRows<{ id: number; type: number; style: number; new_home: boolean; file: string; photos: string[] }>(
      database.db,
      sql`select p.property_profile_id as id, p.property_type_id as type, p.property_style_id as style, p.new_home, m.file,
          (select array_agg(x.file order by x.position) from property_medias x where x.property_profile_id = p.property_profile_id and x.kind = 'photo' and x.file like 'pool/exterior-%') as photos
        from properties p join property_medias m on m.property_profile_id = p.property_profile_id and m.position = 0`,
    )
    expect(rows).toHaveLength(COUNT)
    // What a buyer would call each archetype, by the type and style the listing says.
    const HOUSES = ['villa', 'detached_new', 'semi_1930s', 'semi_new', 'terrace_victorian', 'terrace_new', 'townhouse', 'townhouse_new', 'cottage']
    const FLATS = ['mansion_block', 'warehouse', 'flats_modern']
    const NEW = ['detached_new', 'semi_new', 'terrace_new', 'townhouse_new', 'flats_modern']
    const byStyle: Record<number, string[]> = { 1: ['villa', 'detached_new'], 7: ['villa', 'detached_new'], 2: ['semi_1930s', 'semi_new'], 3: ['terrace_victorian', 'terrace_new'], 4: ['terrace_victorian', 'terrace_new'], 5: ['townhouse', 'townhouse_new'], 8: ['townhouse', 'townhouse_new'], 6: ['cottage'] }
    const byType: Record<number, string[]> = { 1: HOUSES, 2: FLATS, 3: ['bungalow'], 4: ['park_home'], 5: ['commercial'], 6: ['land'] }
    const seen = new Map<string, number>()
    for (const r of rows) {
      const archetype = /^pool\/exterior-([a-z0-9_]+)-\d+\.jpg$/.exec(r.file)?.[1] ?? ''
      seen.set(archetype, (seen.get(archetype) ?? 0) + 1)
      expect(byType[r.type], `${r.id}: type ${r.type} shows ${r.file}`).toContain(archetype)
      if (byStyle[r.style]) expect(byStyle[r.style], `${r.id}: style ${r.style} shows ${r.file}`).toContain(archetype)
      if (r.new_home) expect(NEW, `${r.id}: a new home shows ${r.file}`).toContain(archetype)
      // Every exterior photo of a property (front, rear, the building) shows the same archetype.
      for (const photo of r.photos) expect(photo, `${r.id}`).toMatch(new RegExp(`^pool/exterior-${archetype}-\\d+\\.jpg$`))
    }
    // Every archetype of the pool is shown somewhere in 2,000 homes.
    expect([...seen.keys()].sort()).toEqual(Object.keys(EXTERIOR_KINDS).sort())
    // Rooms of the building's age: a pre-war home's rooms are the pool's period ones (odd-numbered).
    const rooms = await queryRows<{ file: string; main: string }>(
      database.db,
      sql`select m.file, f.file as main from property_medias m
        join property_medias f on f.property_profile_id = m.property_profile_id and f.position = 0
        join properties p on p.property_profile_id = m.property_profile_id
        where m.kind = 'photo' and m.file ~ 'interior-(living|kitchen|bedroom|bathroom|dining)-' and p.property_type_id <> 5`,
    )
    expect(rooms.length).toBeGreaterThan(COUNT)
    for (const r of rooms) {
      const period = /exterior-(villa|semi_1930s|terrace_victorian|townhouse|cottage|mansion_block)-/.test(r.main)
      expect(Number(/-(\d+)\.jpg$/.exec(r.file)?.[1]) % 2 === 1, `${r.file} in ${r.main}`).toBe(period)
    }
  })

  it('gives floor plans and EPCs to everything but land, half of the EPCs as PDFs, each EPC drawn from the chart\u2019s own scores', async () => {
    const rows = await queryRows<{ property_type_id: number; bedroom: number; epc_rating: string | null; current: number | null; potential: number | null; potential_rating: string | null; plans: number; epcs: number; epc_file: string | null; pdf_file: string | null }>(
      database.db,
      sql`select p.property_type_id, p.bedroom, p.epc_rating, p.epc_current_score as current, p.epc_potential_score as potential, p.epc_potential_rating as potential_rating,
        (select count(*) from floor_plans f where f.property_profile_id = p.property_profile_id)::int as plans,
        (select count(*) from epcs e where e.property_profile_id = p.property_profile_id)::int as epcs,
        (select e.file from epcs e where e.property_profile_id = p.property_profile_id) as epc_file,
        (select e.pdf_file from epcs e where e.property_profile_id = p.property_profile_id) as pdf_file
      from properties p`,
    )
    let pdfs = 0
    for (const r of rows) {
      if (r.property_type_id === 6) {
        expect([r.plans, r.epcs]).toEqual([0, 0])
        continue
      }
      expect(r.plans).toBeGreaterThanOrEqual(1)
      expect(r.plans).toBeLessThanOrEqual(r.property_type_id === 1 ? (r.bedroom >= 5 ? 3 : 2) : 1)
      expect(r.epcs).toBe(1)
      // The picture is named by, and drawn from, the scores the page's chart shows.
      expect(r.current).not.toBeNull()
      expect(r.potential).not.toBeNull()
      expect(r.epc_file).toBe(toEpcChartFile(r.current ?? 0, r.potential ?? 0))
      expect(toEpcRating(r.current ?? 0)).toBe(r.epc_rating)
      expect(toEpcRating(r.potential ?? 0)).toBe(r.potential_rating)
      if (r.pdf_file) {
        expect(r.pdf_file).toBe(toEpcPdfFile(r.current ?? 0, r.potential ?? 0))
        const pdf = (await readFile(path.join(mediaDir, r.pdf_file))).toString('latin1')
        expect(pdf).toContain(`(${r.current} ${r.epc_rating})`)
        expect(pdf).toContain(`(${r.potential} ${r.potential_rating})`)
        pdfs++
      }
    }
    const withEpc = rows.filter((r) => r.property_type_id !== 6).length
    expect(pdfs / withEpc).toBeCloseTo(0.5, 1)
  })

  it('records each price change, the current price last and reductions only downwards', async () => {
    const rows = await queryRows<{ id: number; price: number; created_at: string; is_locked: boolean; history: Array<{ price: number; changed_at: string }> }>(
      database.db,
      sql`select p.property_profile_id as id, p.price, p.created_at::text, p.is_locked,
        (select json_agg(json_build_object('price', h.price, 'changed_at', h.changed_at) order by h.changed_at)
          from price_history h where h.property_profile_id = p.property_profile_id) as history
      from properties p`,
    )
    let reduced = 0
    for (const r of rows) {
      const history = r.history
      expect(history.length).toBeGreaterThanOrEqual(1)
      expect(history.length).toBeLessThanOrEqual(3)
      expect(new Date(history[0]?.changed_at ?? '').getTime()).toBe(new Date(r.created_at).getTime())
      expect(history[history.length - 1]?.price).toBe(r.price)
      for (let i = 1; i < history.length; i++) {
        expect(history[i]?.price).toBeLessThan(history[i - 1]?.price ?? 0)
        expect(new Date(history[i]?.changed_at ?? '').getTime()).toBeGreaterThan(new Date(history[i - 1]?.changed_at ?? '').getTime())
      }
      for (const h of history) expect(new Date(h.changed_at).getTime()).toBeLessThanOrEqual(NOW.getTime())
      if (history.length > 1) {
        reduced++
        expect(r.is_locked).toBe(false)
      }
    }
    expect(reduced / rows.length).toBeCloseTo(0.12, 1)
    const [span] = await queryRows<{ oldest: string; newest: string }>(database.db, sql`select min(created_at)::text as oldest, max(created_at)::text as newest from properties`)
    expect(NOW.getTime() - new Date(span?.oldest ?? '').getTime()).toBeLessThanOrEqual(120 * 86_400_000)
    expect(NOW.getTime() - new Date(span?.oldest ?? '').getTime()).toBeGreaterThan(110 * 86_400_000)
    expect(new Date(span?.newest ?? '').getTime()).toBeLessThanOrEqual(NOW.getTime())
  })

  it('writes the same rows for the same seed, and different ones for another seed', async () => {
    const again = await createTestDatabase(kind)
    const other = await createTestDatabase(kind)
    try {
      // Each property draws from its own stream: 300 properties of seed 7 are the first 300 of 2,000.
      await seedDemoData(again, { properties: 300, seed: 7, mediaStore: createDiskMediaStore(mediaDir), now: NOW })
      await seedDemoData(other, { properties: 300, seed: 8, mediaStore: createDiskMediaStore(mediaDir), now: NOW })
      const first = await digest(database.db, 300)
      expect(first).toMatch(/^[0-9a-f]{32}$/)
      expect(await digest(again.db, 300)).toBe(first)
      expect(await digest(other.db, 300)).not.toBe(first)
    } finally {
      await again.close()
      await other.close()
    }
  })

  it('gives every postcode and district of a visible property its place in the gazetteer, and leaves the insert trigger on', async () => {
    const expected = sql`select 'gb:postcode:' || postcode_district as id from properties where not is_locked and availability <> 'withdrawn'
      union select 'gb:postcode:' || postcode_unit from properties where not is_locked and availability <> 'withdrawn'`
    const [missing] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from (${expected}) e where e.id not in (select place_id from places)`)
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from (${expected}) e`)
    expect(count?.n).toBeGreaterThan(COUNT / 2)
    expect(missing?.n).toBe(0)
    // The seed turns the trigger off while it writes; an ordinary insert afterwards still makes its places.
    const [row] = await queryRows<{ property_profile_id: number }>(
      database.db,
      sql`select property_profile_id from properties where not is_locked and availability = 'available' order by property_profile_id limit 1`,
    )
    await database.db.execute(sql`delete from places where location_type = 'postcode_district'`)
    await database.db.execute(sql`update properties set bedroom = bedroom + 1 where property_profile_id = ${row?.property_profile_id}`)
    await database.db.execute(sql`insert into properties (transaction_type_id, property_type_id, slug, advert_heading, summary, description,
      bedroom, bathroom, reception, price, price_qualifier, address_line_1, town, postcode, display_address, lat, lng)
      values (1, 1, 'trigger-check', 'Check', 'Check.', 'Check.', 2, 1, 1, 200000, 'Guide Price',
      '1 Trigger Lane', 'Leeds', 'ZE9 9ZZ', 'Trigger Lane, Leeds', 53.8, -1.55)`)
    const [made] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from places where place_id in ('gb:postcode:ZE9', 'gb:postcode:ZE9 9ZZ')`)
    expect(made?.n).toBe(2)
    await database.db.execute(sql`delete from properties where slug = 'trigger-check'`)
    await database.db.execute(sql`update properties set bedroom = bedroom - 1 where property_profile_id = ${row?.property_profile_id}`)
  })

  it('appends after existing properties, and a reset starts again from id 1', async () => {
    const appended = await seedDemoData(database, { properties: 10, seed: 7, mediaStore: createDiskMediaStore(mediaDir), now: NOW })
    expect(appended.properties).toBe(10)
    const [after] = await queryRows<{ n: number; max: number }>(database.db, sql`select count(*)::int as n, max(property_profile_id)::int as max from properties`)
    expect(after).toEqual({ n: COUNT + 10, max: COUNT + 10 })
    const [next] = await queryRows<{ id: number }>(database.db, sql`select nextval(pg_get_serial_sequence('properties', 'property_profile_id'))::int as id`)
    expect(next?.id).toBe(COUNT + 11)

    await database.db.execute(sql`update company_settings set value = '"v2"'::jsonb where setting_id = ${COMPANY_SETTING.PROPERTY_CARD_VARIANT}`)
    await seedDemoData(database, { properties: 0, mediaStore: createDiskMediaStore(mediaDir), now: NOW })
    const [kept] = await queryRows<{ value: unknown }>(database.db, sql`select value from company_settings where setting_id = ${COMPANY_SETTING.PROPERTY_CARD_VARIANT}`)
    expect(kept?.value).toBe('v2')

    await seedDemoData(database, { properties: 5, seed: 7, mediaStore: createDiskMediaStore(mediaDir), now: NOW, reset: true })
    const [reset] = await queryRows<{ n: number; min: number; max: number; medias_min: number }>(
      database.db,
      sql`select count(*)::int as n, min(property_profile_id)::int as min, max(property_profile_id)::int as max,
        (select min(property_profile_media_id)::int from property_medias) as medias_min from properties`,
    )
    expect(reset).toEqual({ n: 5, min: 1, max: 5, medias_min: 1 })
    const [restored] = await queryRows<{ value: unknown }>(database.db, sql`select value from company_settings where setting_id = ${COMPANY_SETTING.PROPERTY_CARD_VARIANT}`)
    expect(restored?.value).toBe('v1')
  })
})
