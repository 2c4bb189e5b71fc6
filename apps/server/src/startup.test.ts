import os from 'node:os'
import { buildApp } from '@agency/api'
import { queryRows } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { prepareData } from './startup.ts'

const silent = { info: () => {} }

describe.each(testDatabaseKinds())('start-up on an empty %s database with SEED_PROPERTIES=0', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await prepareData(database, { seedProperties: 0, seed: 1, mediaDir: os.tmpdir(), log: silent })
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  it('loads no demo data but builds the gazetteer, so a place search finds Manchester', async () => {
    const [counts] = await queryRows<{ properties: number; contacts: number }>(
      database.db,
      sql`select (select count(*)::integer from properties) as properties, (select count(*)::integer from contacts) as contacts`,
    )
    expect(counts).toEqual({ properties: 0, contacts: 0 })

    const app = await buildApp({ database, mediaDir: os.tmpdir(), cacheDir: os.tmpdir(), publicUrl: 'http://localhost:3000' })
    try {
      const response = await app.inject('/api/places?keyword=manchester')
      expect(response.statusCode).toBe(200)
      const names = (response.json() as { data: Array<{ name: string }> }).data.map((p) => p.name)
      expect(names).toContain('Manchester')
    } finally {
      await app.close()
    }
  }, 60_000)

  it('leaves an existing gazetteer as it is on the next start', async () => {
    await database.db.execute(sql`delete from places where name <> 'Manchester'`)
    await prepareData(database, { seedProperties: 0, seed: 1, mediaDir: os.tmpdir(), log: silent })
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::integer as n from places`)
    expect(row?.n).toBeGreaterThan(0)
    expect(row?.n).toBeLessThan(5)
  })
})

describe('loadConfig', () => {
  it('loads demo data by default only on the embedded database', () => {
    expect(loadConfig({}).seedProperties).toBe(2000)
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/agency' }).seedProperties).toBe(0)
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/agency', SEED_PROPERTIES: '500' }).seedProperties).toBe(500)
    expect(loadConfig({ SEED_PROPERTIES: '0' }).seedProperties).toBe(0)
  })

  it('reads every setting the packages need, and names the renamed captcha key', () => {
    const config = loadConfig({ PLACES_PROVIDER: 'google', GOOGLE_PLACES_API_KEY: 'k', ALTCHA_HMAC_KEY: 'a'.repeat(32), SMTP_URL: 'smtp://mail.example' })
    expect(config.places).toEqual({ PLACES_PROVIDER: 'google', GOOGLE_PLACES_API_KEY: 'k' })
    expect(config.accounts.captcha.altchaHmacKey).toBe('a'.repeat(32))
    expect(config.accounts.mail.transport).toBe('smtp')
    expect(() => loadConfig({ SESSION_SECRET: 's'.repeat(32) })).toThrow('SESSION_SECRET is now ALTCHA_HMAC_KEY (the key of the login captcha)')
  })
})
