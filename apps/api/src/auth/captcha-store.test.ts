import { spentCaptchaChallenges } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSpentChallengeStore, purgeSpentChallenges } from './captcha-store.ts'

describe.each(testDatabaseKinds())('the spent captcha challenges on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('takes a challenge once and refuses it again', async () => {
    const spent = createSpentChallengeStore(database.db)
    const expires = new Date('2030-01-01T00:10:00Z')
    expect(await spent('challenge-1', expires)).toBe(true)
    expect(await spent('challenge-1', expires)).toBe(false)
    expect(await spent('challenge-2', expires)).toBe(true)
  })

  it('forgets challenges once they have expired', async () => {
    await database.db.delete(spentCaptchaChallenges)
    const spent = createSpentChallengeStore(database.db)
    await spent('old', new Date('2030-01-01T00:00:00Z'))
    await spent('live', new Date('2030-01-01T00:20:00Z'))
    await purgeSpentChallenges(database.db, new Date('2030-01-01T00:10:00Z'))
    expect((await database.db.select().from(spentCaptchaChallenges)).map((r) => r.challenge_id)).toEqual(['live'])
  })
})
