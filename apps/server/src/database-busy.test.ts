import { createDatabase, EMBEDDED_BUSY_MESSAGE, isDatabaseBusy, migrate, type Database } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUSY_MESSAGE } from './load-shedding.ts'
import { buildTestSite } from './testing.ts'

const PUBLIC_URL = 'http://localhost:3000'

describe('isDatabaseBusy', () => {
  it("knows the pool's acquire timeout, a statement timeout and a full server, also wrapped as Drizzle wraps them", () => {
    expect(isDatabaseBusy(new Error('timeout exceeded when trying to connect'))).toBe(true)
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })
    expect(isDatabaseBusy(new Error('Failed query: select 1', { cause: cancelled }))).toBe(true)
    expect(isDatabaseBusy(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true)
    expect(isDatabaseBusy(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false)
    expect(isDatabaseBusy(new Error('Something else'))).toBe(false)
    expect(isDatabaseBusy('timeout exceeded when trying to connect')).toBe(false)
    expect(isDatabaseBusy(new Error('Failed query: select 1', { cause: new Error(EMBEDDED_BUSY_MESSAGE) }))).toBe(true)
  })
})

/** The databases a request may wait for: those the tests run on (testDatabaseKinds). */
const kinds = testDatabaseKinds()

// PostgreSQL: a pool of one connection. PGlite: its one connection, behind the queue that bounds the
// wait for it (pglite-gate.ts). Either way the test holds that connection busy.
describe.each(kinds)('a request waiting for the database, on %s', (kind) => {
  let test: TestDatabase | undefined
  let database: Database
  let app: FastifyInstance
  let release: () => void = () => {}

  beforeAll(async () => {
    // A wait long enough for a route's queries queued one behind another on a loaded machine.
    if (kind === 'postgres') {
      test = await createTestDatabase('postgres')
      database = await createDatabase({ databaseUrl: test.url, poolSize: 1, acquireTimeoutMs: 2000 })
    } else {
      database = await createDatabase({ dataDir: 'memory', acquireTimeoutMs: 2000 })
      await migrate(database)
    }
    await database.db.execute('select 1')
    app = await buildTestSite({ database, publicUrl: PUBLIC_URL })
  }, 120_000)
  afterAll(async () => {
    release()
    await app?.close()
    await database?.close()
    await test?.close()
  })

  /** Holds the one connection in a transaction until `release()` is called; `done` settles after. */
  async function holdTheConnection(): Promise<{ done: Promise<void> }> {
    let started: () => void = () => {}
    const isHeld = new Promise<void>((resolve) => (started = resolve))
    const gate = new Promise<void>((resolve) => (release = resolve))
    const done = database.db.transaction(async (tx) => {
      await tx.execute('select 1')
      started()
      await gate
    })
    await isHeld
    return { done }
  }

  it('answers 503 with Retry-After, for the API and the pages, and serves again once the connection is free', async () => {
    const search = '/api/branches'
    expect((await app.inject(search)).statusCode).toBe(200)
    // A page rendered first keeps the reads every page shares (settings, branches) for a while: held,
    // the list page then fails only in its own search, which its loader asks of the API's services.
    expect((await app.inject({ url: '/sales/property-for-sale', headers: { host: 'localhost:3000' } })).statusCode).toBe(200)

    const { done } = await holdTheConnection()
    const api = await app.inject(search)
    expect(api.statusCode).toBe(503)
    expect(api.headers['retry-after']).toBe('5')
    expect(api.json()).toEqual({ message: BUSY_MESSAGE })

    const page = await app.inject({ url: '/sales/property-for-sale', headers: { host: 'localhost:3000' } })
    expect(page.statusCode).toBe(503)
    expect(page.headers['retry-after']).toBe('5')
    expect(page.body).toContain(BUSY_MESSAGE)

    release()
    await done
    expect((await app.inject(search)).statusCode).toBe(200)
    expect((await app.inject({ url: '/sales/property-for-sale', headers: { host: 'localhost:3000' } })).statusCode).toBe(200)
  }, 60_000)
})
