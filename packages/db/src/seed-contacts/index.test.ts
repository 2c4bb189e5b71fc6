import { APPLICANT_PROFILE, COMMUNICATION_METHOD } from '@agency/domain'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { queryRows } from '../client.ts'
import { communicationInfos, contactApplicants, contactProfiles, contacts, properties } from '../schema/index.ts'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts'
import { DEMO_BUYER_EMAIL, DEMO_LANDLORD_EMAIL, DEMO_TENANT_EMAIL, DEMO_TWO_ALERTS_EMAIL, DEMO_VENDOR_EMAIL, seedDemoContacts } from './index.ts'

const NOW = new Date('2030-03-01T00:00:00Z')

/** Listings: Harrogate has the most for sale, York the most to let. */
async function insertListings(database: TestDatabase): Promise<void> {
  const base = {
    property_type_id: 1,
    summary: 's',
    description: 'd',
    bathroom: 1,
    reception: 1,
    price_qualifier: 'Guide Price',
    address_line_1: '1 Road',
    postcode: 'HG1 1AA',
    display_address: 'Road',
  }
  const rows: Array<typeof properties.$inferInsert> = []
  const add = (town: string, lat: number, lng: number, transaction: 1 | 2, prices: number[], bedrooms: number[]) => {
    prices.forEach((price, i) =>
      rows.push({
        ...base,
        transaction_type_id: transaction,
        slug: `${town}-${transaction}-${i}`,
        advert_heading: `${town} ${i}`,
        town,
        lat: lat + i * 0.002,
        lng: lng - i * 0.002,
        price,
        bedroom: bedrooms[i % bedrooms.length]!,
        is_locked: i === 1,
      }),
    )
  }
  add('Harrogate', 53.9921, -1.5418, 1, [210_000, 265_000, 300_000, 340_000, 420_000, 515_000], [2, 3, 3, 4])
  add('Leeds', 53.7997, -1.5492, 1, [180_000, 220_000], [2])
  add('York', 53.959, -1.0815, 2, [850, 975, 1_100, 1_250, 1_600], [1, 2, 2, 3])
  add('Ilkley', 53.925, -1.822, 2, [900, 1_050], [2])
  await database.db.insert(properties).values(rows)
}

async function contactByEmail(database: TestDatabase, email: string) {
  const [info] = await database.db.select().from(communicationInfos).where(sql`lower(${communicationInfos.value}) = ${email}`)
  if (!info) throw new Error(`no contact ${email}`)
  const [contact] = await database.db.select().from(contacts).where(sql`${contacts.contact_id} = ${info.contact_id}`)
  const profiles = await database.db.select().from(contactProfiles).where(sql`${contactProfiles.contact_id} = ${info.contact_id}`)
  const applicants = await database.db
    .select()
    .from(contactApplicants)
    .where(sql`${contactApplicants.contact_id} = ${info.contact_id}`)
    .orderBy(sql`${contactApplicants.created_at} desc`)
  return { contact: contact!, profiles: profiles.map((p) => p.profile_id).sort(), applicants }
}

describe.each(testDatabaseKinds())('the demo contacts on %s', (kind) => {
  let database: TestDatabase | undefined
  afterEach(async () => {
    await database?.close()
    database = undefined
  })

  it('adds a buyer, a tenant, a vendor, a landlord and a contact with two alerts', async () => {
    database = await createTestDatabase(kind)
    await insertListings(database)
    expect(await seedDemoContacts(database, { now: NOW })).toEqual({ skipped: false, contacts: 5, applicants: 4 })

    const buyer = await contactByEmail(database, DEMO_BUYER_EMAIL)
    expect(buyer.contact).toMatchObject({ name: 'James', surname: 'Whitaker', salutation_id: 3, contact_source_id: 35 })
    expect(buyer.profiles).toEqual([APPLICANT_PROFILE.BUYER])
    expect(buyer.applicants).toHaveLength(1)
    expect(buyer.applicants[0]!.applicant_key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(buyer.applicants[0]!.contact_applicant_status_id).toBe(1)
    // Harrogate's middle half of prices is £265,000 to £420,000; median 3 bedrooms.
    expect(buyer.applicants[0]!.criteria).toMatchObject({
      locations: [{ location: 'Harrogate', lat: 53.9971, lng: -1.5468, distance: 5 }],
      min_price: 260_000,
      max_price: 425_000,
      min_bedroom: 2,
      max_bedroom: null,
    })

    const tenant = await contactByEmail(database, DEMO_TENANT_EMAIL)
    expect(tenant.profiles).toEqual([APPLICANT_PROFILE.TENANT])
    expect(tenant.applicants[0]!.criteria).toMatchObject({
      locations: [{ location: 'York', lat: 53.963, lng: -1.0855, distance: 5 }],
      min_price: 950,
      max_price: 1_250,
      min_bedroom: 1,
    })

    expect((await contactByEmail(database, DEMO_VENDOR_EMAIL)).profiles).toEqual([APPLICANT_PROFILE.VENDOR])
    expect((await contactByEmail(database, DEMO_LANDLORD_EMAIL)).applicants).toEqual([])
    const two = await contactByEmail(database, DEMO_TWO_ALERTS_EMAIL)
    expect(two.applicants.map((a) => [a.profile_id, a.contact_applicant_status_id])).toEqual([
      [APPLICANT_PROFILE.BUYER, 1],
      [APPLICANT_PROFILE.TENANT, 2],
    ])
    const emails = await database.db.select().from(communicationInfos).where(sql`${communicationInfos.communication_method_id} = ${COMMUNICATION_METHOD.EMAIL}`)
    expect(emails).toHaveLength(5)
  })

  it('answers every question with options on the demo alerts, so their update pages pass the checks', async () => {
    database = await createTestDatabase(kind)
    await insertListings(database)
    await seedDemoContacts(database, { now: NOW })
    const [row] = await queryRows<{ questions: number }>(
      database.db,
      sql`select count(*)::int as questions from contact_questions q
          where q.profile_id = ${APPLICANT_PROFILE.BUYER} and exists (select 1 from contact_question_options o where o.contact_question_id = q.contact_question_id)`,
    )
    const buyer = await contactByEmail(database, DEMO_BUYER_EMAIL)
    expect(Object.keys(buyer.applicants[0]!.question_answers)).toHaveLength(row!.questions)
    expect(row!.questions).toBeGreaterThanOrEqual(4)
  })

  it('builds alerts that match seeded properties, locked ones among them', async () => {
    database = await createTestDatabase(kind)
    await insertListings(database)
    await seedDemoContacts(database, { now: NOW })
    for (const [email, transaction] of [
      [DEMO_BUYER_EMAIL, 1],
      [DEMO_TENANT_EMAIL, 2],
    ] as const) {
      const { applicants } = await contactByEmail(database, email)
      const c = applicants[0]!.criteria
      const loc = c.locations[0]!
      const [row] = await queryRows<{ matches: number; locked: number }>(
        database.db,
        sql`select count(*)::int as matches, count(*) filter (where is_locked)::int as locked from properties
            where transaction_type_id = ${transaction}
              and price between ${c.min_price} and ${c.max_price}
              and bedroom >= ${c.min_bedroom ?? 0}
              and earth_distance(ll_to_earth(lat, lng), ll_to_earth(${loc.lat}, ${loc.lng})) <= ${loc.distance * 1609.344}`,
      )
      expect(row!.matches, email).toBeGreaterThanOrEqual(3)
      expect(row!.locked, email).toBe(1)
    }
  })

  it('writes nothing when contacts exist, and the same criteria for the same catalogue', async () => {
    database = await createTestDatabase(kind)
    await insertListings(database)
    await seedDemoContacts(database, { now: NOW })
    const first = await database.db.select().from(contactApplicants).orderBy(contactApplicants.contact_applicant_id)
    expect(await seedDemoContacts(database, { now: NOW })).toEqual({ skipped: true, contacts: 0, applicants: 0 })
    expect(await database.db.select().from(contacts)).toHaveLength(5)

    const again = await createTestDatabase(kind)
    try {
      await insertListings(again)
      await seedDemoContacts(again, { now: NOW })
      const second = await again.db.select().from(contactApplicants).orderBy(contactApplicants.contact_applicant_id)
      // Applicant keys and unsubscribe tokens are random capabilities, never derived.
      const strip = (rows: typeof first) => rows.map(({ applicant_key: _key, unsubscribe_token: _token, ...rest }) => rest)
      expect(strip(second)).toEqual(strip(first))
      expect(second[0]!.applicant_key).not.toBe(first[0]!.applicant_key)
      expect(second[0]!.unsubscribe_token).not.toBe(first[0]!.unsubscribe_token)
    } finally {
      await again.close()
    }
  })

  it('falls back to a default alert when the catalogue is empty', async () => {
    database = await createTestDatabase(kind)
    await seedDemoContacts(database, { now: NOW })
    const { applicants } = await contactByEmail(database, DEMO_BUYER_EMAIL)
    expect(applicants[0]!.criteria).toMatchObject({ locations: [{ location: 'Leeds' }], min_price: 200_000, max_price: 400_000 })
  })
})
