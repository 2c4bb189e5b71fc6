import { magicLinks, rateLimitBuckets } from '@agency/db'
import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestSite, insertBuyer } from './testing.ts'

const PUBLIC_URL = 'http://127.0.0.1:3000'
const EMAIL = 'buyer@example.com'
const HOUR = 60 * 60_000

describe('per-visitor rate limits through the pages', () => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    await insertBuyer(database, EMAIL)
    app = await buildTestSite({
      database,
      publicUrl: PUBLIC_URL,
      // Two login links an hour from one address; the address limit is the one under test.
      accounts: { magicLinkLimits: { perEmail: { limit: 100, windowMs: HOUR }, perIp: { limit: 2, windowMs: HOUR } } },
    })
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  /** The login page's form post, as a browser at `address` sends it. */
  function postLogin(address: string) {
    return app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: address,
      // A browser's Host is the address it asked for, the origin it posts from.
      headers: { host: new URL(PUBLIC_URL).host, origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: EMAIL, recaptcha_token: 'ok' }).toString(),
    })
  }

  it("counts each visitor's login link requests against that visitor's address, not the server's", async () => {
    for (let i = 0; i < 3; i++) expect((await postLogin('192.0.2.10')).statusCode).toBe(200)
    // The first address is over its limit: its third request wrote no link.
    expect(await database.db.select().from(magicLinks)).toHaveLength(2)

    // Another visitor is not held back by the first one's requests.
    expect((await postLogin('198.51.100.20')).statusCode).toBe(200)
    expect(await database.db.select().from(magicLinks)).toHaveLength(3)

    const buckets = await database.db.select({ key: rateLimitBuckets.key, count: rateLimitBuckets.count }).from(rateLimitBuckets)
    const byAddress = Object.fromEntries(buckets.filter((b) => b.key.startsWith('magic-link:ip:')).map((b) => [b.key, b.count]))
    expect(byAddress).toEqual({ 'magic-link:ip:192.0.2.10': 3, 'magic-link:ip:198.51.100.20': 1 })
  })
})
