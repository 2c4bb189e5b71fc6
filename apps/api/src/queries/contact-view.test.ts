import { APPLICANT_PROFILE, AlertCriteriaSchema, toAvatar } from '@agency/domain'
import { communicationInfos, contactAddresses, contactApplicants, contactProfiles, contacts, contactSubscriptions, subscriptionTypes } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '#app/auth/tokens.ts'
import { getContactView } from './contact-view.ts'

describe.each(testDatabaseKinds())('getContactView on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('reads the contact with each of its lists whole, in its order, and the applicants\' dates as ISO strings', async () => {
    const { db } = database
    const [contact] = await db.insert(contacts).values({ name: 'Oliver', surname: 'Bennett', salutation_id: 1, contact_source_id: 12 }).returning()
    const id = contact!.contact_id
    await db.insert(contactProfiles).values([
      { contact_id: id, profile_id: APPLICANT_PROFILE.TENANT },
      { contact_id: id, profile_id: APPLICANT_PROFILE.BUYER },
    ])
    await db.insert(communicationInfos).values([
      { contact_id: id, communication_method_id: 2, value: '07700 900123', preferred: false },
      { contact_id: id, communication_method_id: 1, value: 'oliver@example.com', preferred: true },
    ])
    // Position first, then the order added.
    await db.insert(contactAddresses).values([
      { contact_id: id, position: 1, display_name: '2 Mill Lane, York', address_line_1: '2 Mill Lane', town: 'York', postcode: 'YO1 7HH', lat: 53.958332, lng: -1.080278 },
      { contact_id: id, position: 0, display_name: '9 Park Row, Leeds', address_line_1: '9 Park Row', address_line_2: 'Flat 3', town: 'Leeds', county: 'West Yorkshire' },
    ])
    await db
      .insert(subscriptionTypes)
      .values([1, 2, 3].map((n) => ({ subscription_type_id: n, name: `Type ${n}` })))
      .onConflictDoNothing()
    await db.insert(contactSubscriptions).values([
      { contact_id: id, subscription_type_id: 3 },
      { contact_id: id, subscription_type_id: 1 },
    ])
    // Two applicants made at the same moment (the later id first) and an older one, to the microsecond.
    const criteria = AlertCriteriaSchema.parse({})
    const applicants = await db
      .insert(contactApplicants)
      .values([
        { applicant_key: createToken(), contact_id: id, profile_id: APPLICANT_PROFILE.BUYER, criteria, created_at: new Date('2026-03-01T09:30:00.123Z') },
        { applicant_key: createToken(), contact_id: id, profile_id: APPLICANT_PROFILE.TENANT, criteria, created_at: new Date('2026-05-10T16:45:12.500Z') },
        { applicant_key: createToken(), contact_id: id, profile_id: APPLICANT_PROFILE.BUYER, contact_applicant_status_id: 2, criteria, created_at: new Date('2026-05-10T16:45:12.500Z') },
      ])
      .returning()
    const [older, tenant, off] = applicants
    const toView = (a: (typeof applicants)[number]) => ({
      contact_applicant_id: a.contact_applicant_id,
      applicant_key: a.applicant_key,
      profile_id: a.profile_id,
      contact_applicant_status_id: a.contact_applicant_status_id,
      created_at: a.created_at.toISOString(),
    })

    expect(await getContactView(db, id, tenant!.contact_applicant_id)).toEqual({
      contact_id: id,
      salutation_id: 1,
      name: 'Oliver',
      surname: 'Bennett',
      avatar: toAvatar(1),
      contact_profiles: [APPLICANT_PROFILE.BUYER, APPLICANT_PROFILE.TENANT].sort((a, b) => a - b),
      communication_infos: [
        { value: '07700 900123', preferred: false, communication_method_id: 2 },
        { value: 'oliver@example.com', preferred: true, communication_method_id: 1 },
      ],
      contact_addresses: [
        { contact_address_id: expect.any(Number), display_name: '9 Park Row, Leeds', address_line_1: '9 Park Row', address_line_2: 'Flat 3', town: 'Leeds', county: 'West Yorkshire', postcode: null, lat: null, lng: null },
        { contact_address_id: expect.any(Number), display_name: '2 Mill Lane, York', address_line_1: '2 Mill Lane', address_line_2: null, town: 'York', county: null, postcode: 'YO1 7HH', lat: 53.958332, lng: -1.080278 },
      ],
      contact_source_id: 12,
      subscription_types: [1, 3],
      applicants: [toView(off!), toView(tenant!), toView(older!)],
      active_contact_applicant_id: tenant!.contact_applicant_id,
    })
  })

  it('reads a contact without any list as empty lists, and no contact as null', async () => {
    const [contact] = await database.db.insert(contacts).values({ name: 'Isla', surname: 'Morgan' }).returning()
    expect(await getContactView(database.db, contact!.contact_id, null)).toMatchObject({
      contact_profiles: [],
      communication_infos: [],
      contact_addresses: [],
      subscription_types: [],
      applicants: [],
      active_contact_applicant_id: null,
      contact_source_id: null,
    })
    expect(await getContactView(database.db, 2_000_000_000, null)).toBeNull()
  })
})
