import { contacts, magicLinks } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueOneTimeToken, spendOneTimeToken } from './one-time-tokens.ts'
import { hashToken } from './tokens.ts'

const NOW = new Date('2026-06-01T09:00:00Z')
const HOUR = 60 * 60_000

describe.each(testDatabaseKinds())('one-time tokens on %s', (kind) => {
  let database: TestDatabase
  let contactId: number
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const [contact] = await database.db.insert(contacts).values({ name: 'Amelia', surname: 'Hartley', salutation_id: 2, contact_source_id: 35 }).returning()
    contactId = contact!.contact_id
  })
  afterAll(async () => {
    await database?.close()
  })

  async function issue(issuedAt: Date, ttlMs = HOUR): Promise<string> {
    const { token, row } = issueOneTimeToken(issuedAt, ttlMs)
    await database.db.insert(magicLinks).values({ ...row, contact_id: contactId })
    return token
  }

  it('keeps only the hash, with the expiry the kind asks for', () => {
    const { token, row } = issueOneTimeToken(NOW, HOUR)
    expect(row).toEqual({ token_hash: hashToken(token), created_at: NOW, expires_at: new Date(NOW.getTime() + HOUR) })
    expect(row.token_hash).not.toContain(token)
  })

  it('spends a token once, and ends the holder\'s other unused tokens with it', async () => {
    const older = await issue(NOW)
    const newer = await issue(NOW)
    const spent = await spendOneTimeToken(database.db, 'login', newer, NOW)
    expect(spent?.holder).toBe(contactId)
    expect(await spendOneTimeToken(database.db, 'login', newer, NOW)).toBeNull()
    expect(await spendOneTimeToken(database.db, 'login', older, NOW)).toBeNull()
    const rows = await database.db.select().from(magicLinks).where(eq(magicLinks.contact_id, contactId)).orderBy(asc(magicLinks.magic_link_id))
    expect(rows.map((r) => r.used_at)).toEqual([NOW, NOW])
  })

  it('refuses an expired, an unknown and a malformed token, and spends nothing', async () => {
    await database.db.delete(magicLinks)
    const expired = await issue(new Date(NOW.getTime() - 2 * HOUR))
    expect(await spendOneTimeToken(database.db, 'login', expired, NOW)).toBeNull()
    expect(await spendOneTimeToken(database.db, 'login', 'A'.repeat(43), NOW)).toBeNull()
    expect(await spendOneTimeToken(database.db, 'login', "x' or '1'='1", NOW)).toBeNull()
    expect((await database.db.select().from(magicLinks)).map((r) => r.used_at)).toEqual([null])
  })

  it('lets one of two concurrent spends win', async () => {
    await database.db.delete(magicLinks)
    const token = await issue(NOW)
    const results = await Promise.all([1, 2, 3].map(() => spendOneTimeToken(database.db, 'login', token, NOW)))
    expect(results.filter((r) => r !== null)).toHaveLength(1)
  })
})
