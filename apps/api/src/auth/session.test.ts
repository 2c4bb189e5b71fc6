import { APPLICANT_PROFILE, APPLICANT_STATUS, AlertCriteriaSchema } from '@agency/domain'
import { contactApplicants, contacts } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pickActiveApplicant } from './session.ts'
import { createToken } from './tokens.ts'

describe.each(testDatabaseKinds())('pickActiveApplicant on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  async function insertContact(applicants: Array<{ status: number; created_at: string; profile_id?: number }>) {
    const [contact] = await database.db
      .insert(contacts)
      .values({ name: 'Amelia', surname: 'Hartley', salutation_id: 2, contact_source_id: 35 })
      .returning()
    const ids: number[] = []
    for (const applicant of applicants) {
      const [row] = await database.db
        .insert(contactApplicants)
        .values({
          applicant_key: createToken(),
          contact_id: contact!.contact_id,
          profile_id: applicant.profile_id ?? APPLICANT_PROFILE.BUYER,
          contact_applicant_status_id: applicant.status,
          criteria: AlertCriteriaSchema.parse({}),
          created_at: new Date(applicant.created_at),
        })
        .returning()
      ids.push(row!.contact_applicant_id)
    }
    return { contactId: contact!.contact_id, ids }
  }

  it("starts a session with the contact's newest applicant that is ON", async () => {
    const { contactId, ids } = await insertContact([
      { status: APPLICANT_STATUS.ON, created_at: '2026-01-01T09:00:00Z' },
      { status: APPLICANT_STATUS.ON, created_at: '2026-02-01T09:00:00Z', profile_id: APPLICANT_PROFILE.TENANT },
      { status: APPLICANT_STATUS.OFF, created_at: '2026-03-01T09:00:00Z' },
    ])
    expect(await pickActiveApplicant(database.db, contactId)).toBe(ids[1])
  })

  it('takes the later of two created at the same moment', async () => {
    const { contactId, ids } = await insertContact([
      { status: APPLICANT_STATUS.ON, created_at: '2026-01-01T09:00:00Z' },
      { status: APPLICANT_STATUS.ON, created_at: '2026-01-01T09:00:00Z' },
    ])
    expect(await pickActiveApplicant(database.db, contactId)).toBe(ids[1])
  })

  it('starts a session without one when every applicant is OFF, or there is none', async () => {
    const off = await insertContact([{ status: APPLICANT_STATUS.OFF, created_at: '2026-01-01T09:00:00Z' }])
    expect(await pickActiveApplicant(database.db, off.contactId)).toBeNull()
    const none = await insertContact([])
    expect(await pickActiveApplicant(database.db, none.contactId)).toBeNull()
  })
})
