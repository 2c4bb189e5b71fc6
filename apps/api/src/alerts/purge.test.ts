import { communicationInfos, contactApplicantContacts, contactApplicants, contacts, leads } from '@agency/db'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CRITERIA } from '#app/routes/contacts/test-support.ts'
import { createToken } from '#app/auth/tokens.ts'
import { purgeExpired } from '#app/mail/worker.ts'

const NOW = new Date('2026-06-01T09:00:00Z')
const DAY = 24 * 60 * 60_000

describe.each(testDatabaseKinds())('purging unconfirmed alert registrations on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  async function contact(values: { pending: boolean; ageDays: number; email?: string; phone?: string }) {
    const created = new Date(NOW.getTime() - values.ageDays * DAY)
    const [row] = await database.db
      .insert(contacts)
      .values({ name: 'Test', surname: 'Person', is_pending: values.pending, created_at: created })
      .returning()
    const id = row!.contact_id
    if (values.email) await database.db.insert(communicationInfos).values({ contact_id: id, communication_method_id: 1, value: values.email, is_pending: values.pending })
    if (values.phone) await database.db.insert(communicationInfos).values({ contact_id: id, communication_method_id: 2, value: values.phone, is_pending: values.pending })
    await database.db.insert(contactApplicants).values({ applicant_key: createToken(), contact_id: id, profile_id: 3, criteria: TEST_CRITERIA, is_confirmed: !values.pending, created_at: created })
    return id
  }

  /** A second person on the alert of `ownerId`: a pending contact with an e-mail, as registrations create them. */
  async function partnerOf(ownerId: number, ageDays: number, email: string) {
    const [row] = await database.db
      .insert(contacts)
      .values({ name: 'Partner', surname: 'Person', is_pending: true, created_at: new Date(NOW.getTime() - ageDays * DAY) })
      .returning()
    await database.db.insert(communicationInfos).values({ contact_id: row!.contact_id, communication_method_id: 1, value: email, is_pending: true })
    const [alert] = await database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_id, ownerId))
    await database.db.insert(contactApplicantContacts).values({ contact_applicant_id: alert!.contact_applicant_id, contact_id: row!.contact_id, position: 1 })
    return row!.contact_id
  }

  it('deletes registrations with an e-mail left unconfirmed for 30 days, and keeps the rest', async () => {
    const stale = await contact({ pending: true, ageDays: 31, email: 'stale@example.com' })
    const recent = await contact({ pending: true, ageDays: 29, email: 'recent@example.com' })
    const phoneOnly = await contact({ pending: true, ageDays: 90, phone: '07400 123456' })
    const confirmed = await contact({ pending: false, ageDays: 400, email: 'confirmed@example.com' })
    await purgeExpired(database.db, NOW)
    const left = (await database.db.select({ id: contacts.contact_id }).from(contacts)).map((r) => r.id).sort((a, b) => a - b)
    expect(left).toEqual([recent, phoneOnly, confirmed].sort((a, b) => a - b))
    const alerts = await database.db.select({ id: contactApplicants.contact_id }).from(contactApplicants)
    expect(alerts.map((a) => a.id)).not.toContain(stale)
  })

  it('keeps the other people of a confirmed alert, and purges those of an unconfirmed one with it', async () => {
    const confirmedOwner = await contact({ pending: false, ageDays: 60, email: 'owner.kept@example.com' })
    const keptPartner = await partnerOf(confirmedOwner, 60, 'partner.kept@example.com')
    const staleOwner = await contact({ pending: true, ageDays: 31, email: 'owner.stale@example.com' })
    const stalePartner = await partnerOf(staleOwner, 31, 'partner.stale@example.com')
    await purgeExpired(database.db, NOW)
    const left = new Set((await database.db.select({ id: contacts.contact_id }).from(contacts)).map((r) => r.id))
    expect([left.has(confirmedOwner), left.has(keptPartner), left.has(staleOwner), left.has(stalePartner)]).toEqual([true, true, false, false])
  })

  /** A lead enquiry made `ageDays` ago by `contactId`, every field as the API stores it. */
  async function leadOf(contactId: number, ageDays: number) {
    const [row] = await database.db
      .insert(leads)
      .values({
        lead_id: randomUUID(),
        contact_id: contactId,
        i_would_like: ['to-view-a-property'],
        salutation_id: 4,
        name: 'Test',
        surname: 'Person',
        comment: 'Is it still available?',
        email: 'enquirer@example.com',
        mobile_phone: '+447400123456',
        contact_address: { suggestion_id: 'addr-1', display_name: '4 Mill Lane, Leeds LS6 2AB' },
        i_have_a_property_to_sell: 'no',
        i_have_a_property_to_let: 'no',
        my_property_valued: 'no',
        url: 'https://agency.example/property/1/a-flat',
        transaction_type_id: 1,
        confirm: 'confirmed',
        created_at: new Date(NOW.getTime() - ageDays * DAY),
      })
      .returning()
    return row!.lead_id
  }

  it("keeps an enquirer's unconfirmed contact while its lead is kept, and deletes both after the lead's two years", async () => {
    const enquirer = await contact({ pending: true, ageDays: 45, email: 'enquirer.kept@example.com' })
    const keptLead = await leadOf(enquirer, 45)
    const oldEnquirer = await contact({ pending: true, ageDays: 731, email: 'enquirer.old@example.com' })
    const oldLead = await leadOf(oldEnquirer, 731)
    const customer = await contact({ pending: false, ageDays: 800, email: 'customer@example.com' })
    const customersOldLead = await leadOf(customer, 731)
    const customersLead = await leadOf(customer, 700)
    await purgeExpired(database.db, NOW)

    const left = new Set((await database.db.select({ id: contacts.contact_id }).from(contacts)).map((r) => r.id))
    expect([left.has(enquirer), left.has(oldEnquirer), left.has(customer)]).toEqual([true, false, true])
    const keptLeads = await database.db.select({ id: leads.lead_id, contact: leads.contact_id }).from(leads)
    const byId = new Map(keptLeads.map((l) => [l.id, l.contact]))
    expect([byId.get(keptLead), byId.has(oldLead), byId.has(customersOldLead), byId.get(customersLead)]).toEqual([enquirer, false, false, customer])
  })
})
