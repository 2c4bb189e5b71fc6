/**
 * A small, deterministic catalogue for the API's tests: about 150 properties with known attributes
 * around five Yorkshire towns, their medias, floor plans and EPCs, and real picture files made with
 * sharp. Tests compute expected answers from these rows themselves.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { COMPANY_SETTING, PROPERTY_STYLES, PROPERTY_TYPES, withIndefiniteArticle } from '@agency/domain'
import {
  branches,
  companySettings,
  epcs,
  floorPlans,
  priceHistory,
  properties,
  Random,
  propertyMedias,
  type Database,
} from '@agency/db'
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '@agency/db/testing'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'

/** The towns the fixture properties sit around. */
export const TOWNS = [
  { name: 'Leeds', lat: 53.7997, lng: -1.5492 },
  { name: 'Harrogate', lat: 53.9921, lng: -1.5418 },
  { name: 'York', lat: 53.959, lng: -1.0815 },
  { name: 'Wakefield', lat: 53.6833, lng: -1.4977 },
  { name: 'Ilkley', lat: 53.925, lng: -1.822 },
] as const

/** Number of fixture properties. */
export const PROPERTY_COUNT = 150

/** Width of the original photos, wider than every variant. */
export const PHOTO_WIDTH = 1800

/** The picture files, relative to the media root. */
export const FILES = {
  photos: ['pool/photo-0.jpg', 'pool/photo-1.jpg', 'pool/photo-2.jpg'],
  floorPlan: 'pool/floor-plan-0.png',
  epcImage: 'pool/epc-0.png',
  epcPdf: 'pool/epc-0.pdf',
  missing: 'pool/missing.jpg',
} as const

/** A tiny PDF, enough for a browser to open. */
const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`

/** A picture with fine detail (a coloured checkerboard and stripes), so blurring it is measurable. */
function detailedSvg(width: number, height: number, hue: number): Buffer {
  const square = 20
  const cells: string[] = []
  for (let y = 0; y < height; y += square) {
    for (let x = (y / square) % 2 === 0 ? 0 : square; x < width; x += square * 2) {
      cells.push(`<rect x="${x}" y="${y}" width="${square}" height="${square}"/>`)
    }
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="hsl(${hue},70%,85%)"/>` +
      `<g fill="hsl(${hue},70%,25%)">${cells.join('')}</g></svg>`,
  )
}

/** Writes the picture files under a new temporary media root. */
export async function createMediaFiles(): Promise<{ mediaDir: string; cacheDir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'agency-api-test-'))
  const mediaDir = path.join(root, 'media')
  const cacheDir = path.join(root, 'cache')
  await mkdir(path.join(mediaDir, 'pool'), { recursive: true })
  await Promise.all([
    ...FILES.photos.map((file, i) =>
      sharp(detailedSvg(PHOTO_WIDTH, 1200, i * 110))
        .jpeg({ quality: 90 })
        .toFile(path.join(mediaDir, file)),
    ),
    sharp(detailedSvg(1400, 1000, 200)).png().toFile(path.join(mediaDir, FILES.floorPlan)),
    sharp(detailedSvg(900, 700, 40)).png().toFile(path.join(mediaDir, FILES.epcImage)),
    writeFile(path.join(mediaDir, FILES.epcPdf), PDF),
  ])
  return { mediaDir, cacheDir, cleanup: () => rm(root, { recursive: true, force: true }) }
}

const MILES_PER_DEGREE = (Math.PI * 3958.7613) / 180

const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Park Avenue', 'Mill Lane', 'Victoria Road']
const SALES_QUALIFIERS = ['Guide Price', 'Offers Over', 'Fixed Price', 'Offers in Region of']
const FURNISHINGS = ['furnished', 'part_furnished', 'unfurnished'] as const

/**
 * A new database of `kind` holding the fixture, vacuumed and analysed as after a seed or an import
 * (vacuumCatalogue): the planner knows the catalogue, and the visibility map lets an index-only scan
 * skip the table. For tests that read a statement's plan.
 */
export async function createAnalysedFixtureDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const database = await createTestDatabase(kind)
  await insertFixture(database)
  await database.db.execute(sql`vacuum analyze properties`)
  return database
}

/** What the fixture inserted, for tests to pick examples from. */
export interface Fixture {
  branchIds: number[]
  registrationText: string
}

/** Inserts the fixture catalogue. Same rows every time (ids depend only on a fresh database). */
export async function insertFixture(database: Database): Promise<Fixture> {
  const { db } = database
  const rng = new Random(20_260_101)
  const next = () => rng.next()
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const chance = (p: number) => next() < p

  const branchRows = TOWNS.slice(0, 3).map((town, i) => ({
    branch_id: i + 1,
    name: `Agency ${town.name}`,
    branch_name: town.name,
    phone: `0113 496 00${i}0`,
    email: `${town.name.toLowerCase()}@agency.example`,
    address: `${i + 1} ${STREETS[i]}, ${town.name}`,
    postcode: `LS${i + 1} 1AA`,
    lat: town.lat,
    lng: town.lng,
    business_link: `https://maps.example/${town.name.toLowerCase()}`,
    marker_image: i === 0 ? 'https://maps.example/marker.png' : null,
  }))
  await db.insert(branches).values(branchRows)

  const registrationText = 'Register for Heads Up Property Alerts and hear first.'
  await db.insert(companySettings).values([
    { setting_id: COMPANY_SETTING.REGISTRATION_TEXT, value: registrationText },
    { setting_id: COMPANY_SETTING.DEFAULT_SEARCH_TYPE, value: 'sales' },
    { setting_id: 999, value: 'not public' },
  ])

  const base = Date.UTC(2026, 0, 31, 12)
  let createdAt = base
  const rows: Array<typeof properties.$inferInsert> = []
  for (let i = 0; i < PROPERTY_COUNT; i++) {
    const town = TOWNS[i % TOWNS.length]!
    const transaction = i % 3 === 0 ? 2 : 1
    const style = pick(PROPERTY_STYLES)
    // Some properties have a type but no style.
    const withoutStyle = i % 8 === 5
    const typeId = withoutStyle ? pick(PROPERTY_TYPES).property_type_id : style.property_type_id
    const previous = rows.findLast((row) => row.transaction_type_id === transaction)
    // Every tenth property repeats an earlier price, so price sorts need their tiebreak.
    const price =
      i % 10 === 9 && previous
        ? previous.price
        : transaction === 1
          ? 50_000 + Math.round(next() * 290) * 5_000
          : 400 + Math.round(next() * 144) * 25
    // Every seventh property shares the previous one's creation time, so newest needs its tiebreak.
    if (i % 7 !== 6) createdAt -= Math.round(1 + next() * 48) * 3_600_000
    const hasGarden = chance(0.5)
    const availability =
      transaction === 1 ? pick(['available', 'available', 'available', 'sstc', 'under_offer']) : pick(['available', 'available', 'let_agreed'])
    const street = pick(STREETS)
    const number = 1 + Math.floor(next() * 120)
    // 0.12, 0.22, 0.32 … miles from the centre, away from any radius option's edge.
    const ring = i % 10 === 1 ? { miles: 0.12 + ((i - 1) / 10) * 0.1, north: i % 20 === 1 } : null
    const heading = `${withIndefiniteArticle((withoutStyle ? PROPERTY_TYPES.find((t) => t.property_type_id === typeId)!.name : style.name).toLowerCase(), true)} in ${town.name}`
    rows.push({
      transaction_type_id: transaction,
      property_type_id: typeId,
      property_style_id: withoutStyle ? null : style.property_style_id,
      branch_id: (i % 4) + 1 <= 3 ? (i % 4) + 1 : null,
      slug: heading.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
      advert_heading: heading,
      summary: `Summary of fixture ${i}: ${withIndefiniteArticle(style.name.toLowerCase())} near the centre of ${town.name}.`,
      description: `Description of fixture ${i}. Spacious rooms and a quiet street.`,
      features: [`Feature ${i}-A`, `Feature ${i}-B`],
      bedroom: Math.floor(next() * 7),
      bathroom: Math.floor(next() * 4),
      reception: Math.floor(next() * 4),
      price,
      price_qualifier: transaction === 1 ? pick(SALES_QUALIFIERS) : 'Rent',
      new_home: chance(0.3),
      shared_ownership: chance(0.3),
      retirement: chance(0.3),
      short_let: chance(0.3),
      house_flat_share: chance(0.3),
      pets_allowed: chance(0.3),
      bills_included: chance(0.3),
      furnishing: transaction === 2 ? pick(FURNISHINGS) : null,
      has_garden: hasGarden,
      garden_type: hasGarden ? 1 + Math.floor(next() * 8) : null,
      has_parking: chance(0.5),
      availability,
      is_locked: i % 11 === 4,
      address_line_1: `${number} ${street}`,
      address_line_2: i % 2 === 0 ? 'Flat ' + (1 + (i % 5)) : null,
      town: town.name,
      county: 'West Yorkshire',
      postcode: `LS${1 + (i % 9)} ${1 + (i % 8)}AB`,
      display_address: `${street}, ${town.name}`,
      // Within about four miles of the town centre; every tenth (all in Harrogate) on a ring at known distances.
      lat: ring === null ? town.lat + (next() - 0.5) * 0.1 : town.lat + (ring.north ? ring.miles / MILES_PER_DEGREE : 0),
      lng: ring === null ? town.lng + (next() - 0.5) * 0.16 : town.lng + (ring.north ? 0 : ring.miles / (MILES_PER_DEGREE * Math.cos((town.lat * Math.PI) / 180))),
      tenure: transaction === 1 ? pick(['Freehold', 'Leasehold']) : null,
      council_tax_band: pick(['A', 'B', 'C', 'D', 'E']),
      epc_rating: pick(['B', 'C', 'D']),
      // Material information: every other property has it, the rest leave it unknown.
      ...(i % 2 === 0
        ? {
            epc_potential_rating: 'B',
            epc_current_score: 70,
            epc_potential_score: 84,
            lease_years_remaining: transaction === 1 ? 120 : null,
            ground_rent: transaction === 1 ? 0 : null,
            service_charge: transaction === 1 ? 1_200 : null,
            construction: 'Standard: brick and block cavity walls under a tiled roof',
            electricity_supply: 'Mains electricity',
            water_supply: 'Mains water',
            sewerage: 'Mains drainage',
            heating: 'Gas central heating (combination boiler)',
            broadband: 'Ultrafast fibre (FTTP), up to 1,000 Mbps',
            mobile_signal: 'Good outdoor and indoor signal from EE, O2, Three and Vodafone',
            parking: 'Driveway for two cars',
            building_safety: 'No known building safety issues',
            restrictions: 'None known',
            rights_and_easements: 'None known',
            flood_risk: 'Very low risk (Environment Agency)',
            accessibility: 'Level access to the ground floor',
          }
        : {}),
      available_from: transaction === 2 ? '2026-03-01' : null,
      deposit: transaction === 2 ? price + 200 : null,
      created_at: new Date(createdAt),
      updated_at: new Date(createdAt + 3_600_000),
    })
  }
  const inserted = await db.insert(properties).values(rows).returning({ id: properties.property_profile_id })

  const medias: Array<typeof propertyMedias.$inferInsert> = []
  const plans: Array<typeof floorPlans.$inferInsert> = []
  const certificates: Array<typeof epcs.$inferInsert> = []
  const prices: Array<typeof priceHistory.$inferInsert> = []
  inserted.forEach(({ id }, i) => {
    const photos = i % 5 === 0 ? 0 : 1 + (i % 4)
    let position = 0
    // Some galleries open with a video, so the card picture must be the first photo.
    if (i % 13 === 3) {
      medias.push({ property_profile_id: id, position: position++, kind: 'video', file: FILES.photos[2], link: `https://video.example/embed/${i}` })
    }
    for (let n = 0; n < photos; n++) {
      medias.push({ property_profile_id: id, position: position++, kind: 'photo', file: FILES.photos[(i + n) % 3]!, is_downloadable: n === 0, caption: `Photo ${n + 1}` })
    }
    if (i % 6 === 1) {
      medias.push({ property_profile_id: id, position, kind: 'virtual_tour', file: FILES.photos[1], link: `https://tour.example/${i}` })
    }
    if (i % 2 === 1) {
      plans.push({ property_profile_id: id, position: 0, file: FILES.floorPlan })
      if (i % 4 === 1) plans.push({ property_profile_id: id, position: 1, file: FILES.floorPlan })
    }
    if (i % 3 === 0) certificates.push({ property_profile_id: id, position: 0, file: FILES.epcImage, pdf_file: FILES.epcPdf })
    if (i % 3 === 1) certificates.push({ property_profile_id: id, position: 0, file: FILES.epcImage })
    if (i % 3 === 0) {
      const price = rows[i]!.price
      prices.push({ property_profile_id: id, price: price + 10_000, changed_at: new Date(base - 90 * 86_400_000) })
      prices.push({ property_profile_id: id, price, changed_at: new Date(base - 30 * 86_400_000) })
    }
  })
  // A photo whose file is missing from the media root.
  medias.push({ property_profile_id: inserted[1]!.id, position: 50, kind: 'photo', file: FILES.missing })
  await db.insert(propertyMedias).values(medias)
  await db.insert(floorPlans).values(plans)
  await db.insert(epcs).values(certificates)
  await db.insert(priceHistory).values(prices)

  return { branchIds: branchRows.map((b) => b.branch_id), registrationText }
}
