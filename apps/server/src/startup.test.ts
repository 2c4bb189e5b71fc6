import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '@agency/api'
import { createDiskMediaStore, createPostgresMediaStore, moveMedia, queryRows } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { MEDIA_NOT_MOVED_WARNING, checkMediaStore, prepareData } from './startup.ts'

const silent = { info: () => {} }

describe.each(testDatabaseKinds())('start-up on an empty %s database with SEED_PROPERTIES=0', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await prepareData(database, { seedProperties: 0, seed: 1, mediaStore: createDiskMediaStore(os.tmpdir()), log: silent })
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

    const app = await buildApp({ database, mediaStore: createDiskMediaStore(os.tmpdir()), cacheDir: os.tmpdir(), publicUrl: 'http://localhost:3000' })
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
    await prepareData(database, { seedProperties: 0, seed: 1, mediaStore: createDiskMediaStore(os.tmpdir()), log: silent })
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::integer as n from places`)
    expect(row?.n).toBeGreaterThan(0)
    expect(row?.n).toBeLessThan(5)
  })

  it('warns at start while a shared media store is empty and the disk still holds media, and not once they are moved', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-startup-media-'))
    try {
      await mkdir(path.join(dataDir, 'media', 'pool'), { recursive: true })
      await writeFile(path.join(dataDir, 'media', 'pool', 'exterior-01.jpg'), 'a picture')
      const store = createPostgresMediaStore(database)
      const warnings: string[] = []
      const log = { info: () => {}, warn: (_details: object, message: string) => warnings.push(message) }
      await checkMediaStore(store, dataDir, log)
      expect(warnings).toEqual([MEDIA_NOT_MOVED_WARNING])
      await moveMedia(createDiskMediaStore(path.join(dataDir, 'media')), store)
      await checkMediaStore(store, dataDir, log)
      expect(warnings).toHaveLength(1)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('loadConfig', () => {
  it("takes the maps' tiles from MAP_TILE_URL and MAP_ATTRIBUTION, OpenStreetMap's by default", () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    })
    const own = { MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png?key=k', MAP_ATTRIBUTION: '© Example' }
    expect(loadConfig(own).mapTiles).toEqual({ url: own.MAP_TILE_URL, attribution: '© Example' })
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(/MAP_TILE_URL must be an http\(s\) URL template/)
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/)
  })

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
    expect(config.warnings).toEqual([])
  })

  it('runs the embedded database in a thread of its own unless told not to', () => {
    expect(loadConfig({}).database.thread).toBe(true)
    expect(loadConfig({ EMBEDDED_DATABASE_THREAD: 'false' }).database.thread).toBe(false)
    expect(() => loadConfig({ EMBEDDED_DATABASE_THREAD: 'no' })).toThrow('EMBEDDED_DATABASE_THREAD')
    expect(loadConfig({}).database.maxRestarts).toBe(3)
    expect(loadConfig({ EMBEDDED_DATABASE_RESTARTS: '0' }).database.maxRestarts).toBe(0)
    expect(() => loadConfig({ EMBEDDED_DATABASE_RESTARTS: '-1' })).toThrow('EMBEDDED_DATABASE_RESTARTS')
  })

  it('keeps media on the disk on the embedded database, in PostgreSQL with DATABASE_URL, and in a bucket with MEDIA_S3_BUCKET', () => {
    const pg = 'postgres://db.example/agency'
    expect(loadConfig({ DATA_DIR: '/srv/agency' }).media).toEqual({ kind: 'disk', dir: '/srv/agency/media' })
    expect(loadConfig({ DATABASE_URL: pg }).media).toEqual({ kind: 'postgres' })
    expect(loadConfig({ DATABASE_URL: pg, MEDIA_STORE: 'disk', DATA_DIR: '/srv/agency' }).media).toEqual({ kind: 'disk', dir: '/srv/agency/media' })
    const bucket = { MEDIA_S3_BUCKET: 'media', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' }
    expect(loadConfig({ DATABASE_URL: pg, ...bucket }).media).toEqual({
      kind: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    })
    expect(loadConfig({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_REGION: 'eu-west-2' }).media).toEqual({ kind: 's3', bucket: 'media', region: 'eu-west-2', endpoint: undefined, forcePathStyle: false, credentials: undefined })
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'media' })).toThrow('MEDIA_S3_REGION: needed for AWS S3')
    expect(() => loadConfig({ ...bucket, MEDIA_S3_SECRET_ACCESS_KEY: '' })).toThrow('give both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither')
    expect(() => loadConfig({ ...bucket, MEDIA_S3_ENDPOINT: 'ftp://files.example' })).toThrow('MEDIA_S3_ENDPOINT must be an http(s) URL')
    expect(() => loadConfig({ MEDIA_STORE: 'disk', ...bucket })).toThrow('MEDIA_STORE: disk keeps media elsewhere')
    expect(() => loadConfig({ MEDIA_STORE: 'postgres' })).toThrow('MEDIA_STORE: postgres needs DATABASE_URL')
    // The message of a bad setting never carries the secret key.
    const refusal = (() => {
      try {
        loadConfig({ ...bucket, MEDIA_S3_ACCESS_KEY_ID: '', MEDIA_S3_ENDPOINT: 'not a url' })
        return 'accepted'
      } catch (error) {
        return String(error)
      }
    })()
    expect(refusal).toContain('MEDIA_S3_ENDPOINT')
    expect(refusal).not.toContain('secret')
  })

  it('reads one or several read replicas beside DATABASE_URL only, with a 5-second lag limit by default', () => {
    const primary = 'postgres://db.example/agency'
    expect(loadConfig({ DATABASE_URL: primary }).readReplicas).toEqual({ urls: [], maxLagSeconds: 5 })
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://r1.example/agency, postgresql://u:p@r2.example:6432/agency', DATABASE_READ_MAX_LAG_SECONDS: '2' }).readReplicas).toEqual({
      urls: ['postgres://r1.example/agency', 'postgresql://u:p@r2.example:6432/agency'],
      maxLagSeconds: 2,
    })
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1.example/agency' })).toThrow('DATABASE_READ_URL: read replicas need DATABASE_URL')
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'r1.example' })).toThrow('DATABASE_READ_URL: one or more postgres:// URLs, comma separated')
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_MAX_LAG_SECONDS: '-1' })).toThrow('DATABASE_READ_MAX_LAG_SECONDS')
  })

  it('runs one process per core on PostgreSQL, one on the embedded database, and refuses more there', () => {
    expect(loadConfig({}).workers).toBe(1)
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/agency' }).workers).toBe(os.availableParallelism())
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/agency', WORKERS: '3' }).workers).toBe(3)
    expect(() => loadConfig({ WORKERS: '2' })).toThrow('WORKERS: more than one process needs DATABASE_URL (the embedded database belongs to one process)')
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/agency', WORKERS: '0' })).toThrow('WORKERS')
  })

  it('still takes SESSION_SECRET as the captcha key, with a warning; ALTCHA_HMAC_KEY wins when both are set', () => {
    const old = loadConfig({ SESSION_SECRET: 's'.repeat(32) })
    expect(old.accounts.captcha.altchaHmacKey).toBe('s'.repeat(32))
    expect(old.warnings).toEqual(['SESSION_SECRET is deprecated: it keys only the login captcha, so name it ALTCHA_HMAC_KEY'])
    const both = loadConfig({ SESSION_SECRET: 's'.repeat(32), ALTCHA_HMAC_KEY: 'a'.repeat(32) })
    expect(both.accounts.captcha.altchaHmacKey).toBe('a'.repeat(32))
    expect(both.warnings).toHaveLength(1)
  })

  it('reads the feed import settings, with a 200 MB limit, a 20 % withdrawal guard and unpublished stock as pre-market by default', () => {
    expect(loadConfig({}).feeds).toEqual({ apiKey: undefined, maxBytes: 200 * 1024 * 1024, maxWithdrawShare: 0.2, preMarket: { unpublished: true, statusIds: [] }, allowedMediaHosts: [] })
    const config = loadConfig({ FEED_API_KEY: 'k'.repeat(16), FEED_MAX_MB: '10', FEED_MAX_WITHDRAW_SHARE: '0.5', FEED_PRE_MARKET: 'status:4', IMPORT_ALLOWED_MEDIA_HOSTS: 'Media.CRM.example, 10.0.4.7' })
    expect(config.feeds).toEqual({ apiKey: 'k'.repeat(16), maxBytes: 10 * 1024 * 1024, maxWithdrawShare: 0.5, preMarket: { unpublished: false, statusIds: [4] }, allowedMediaHosts: ['media.crm.example', '10.0.4.7'] })
    expect(() => loadConfig({ FEED_API_KEY: 'short' })).toThrow('FEED_API_KEY must be at least 16 characters')
    expect(() => loadConfig({ FEED_PRE_MARKET: 'soon' })).toThrow('FEED_PRE_MARKET: a list of `unpublished` and `status:N`, or `none`')
  })

  it('runs the alert worker every 15 seconds with a one-minute instant batch by default, the batch at most 5 minutes, digests at 08:00 on Mondays', () => {
    expect(loadConfig({}).alerts).toEqual({ intervalMs: 15_000, instantBatchMs: 60_000, digest: { timeZone: 'Europe/London', hour: 8, weekday: 1 } })
    expect(loadConfig({ ALERT_INTERVAL_MS: '0', ALERT_BATCH_MS: '0' }).alerts).toEqual({
      intervalMs: 0,
      instantBatchMs: 0,
      digest: { timeZone: 'Europe/London', hour: 8, weekday: 1 },
    })
    expect(loadConfig({ ALERT_DIGEST_HOUR: '7', ALERT_DIGEST_WEEKDAY: '5' }).alerts.digest).toEqual({ timeZone: 'Europe/London', hour: 7, weekday: 5 })
    expect(() => loadConfig({ ALERT_DIGEST_HOUR: '24' })).toThrow('ALERT_DIGEST_HOUR')
    expect(() => loadConfig({ ALERT_BATCH_MS: '300001' })).toThrow('ALERT_BATCH_MS')
  })

  it("leaves a claimed e-mail to other processes five minutes after it was taken by default, or after OUTBOX_LEASE_SECONDS", () => {
    expect(loadConfig({}).outboxLeaseMs).toBe(300_000)
    expect(loadConfig({ OUTBOX_LEASE_SECONDS: '20' }).outboxLeaseMs).toBe(20_000)
    expect(() => loadConfig({ OUTBOX_LEASE_SECONDS: '5' })).toThrow('OUTBOX_LEASE_SECONDS')
  })
})
