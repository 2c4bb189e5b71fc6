import { readdir, mkdtemp, rm, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createDatabase, createPostgresMediaStore, ensurePlaces, properties, propertyMedias, type Database, type MediaStore } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, toBlmText, toSampleBlmRecord, writeFeedZip, type TestDatabase } from '@agency/db/testing'
import { DEFAULT_PRE_MARKET_RULE } from '@agency/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#app/app.ts'

const KEY = 'feed-key-0123456789abcdef'
const PUBLIC_URL = 'https://agency.example'

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name)
  } catch {
    return []
  }
}

// Two machines of one site: each its own connection to the database, its own media store over it and
// its own variants cache. A feed imported through the first is served by the second.
describe.each(testDatabaseKinds())('media in the database, served by another app instance, on %s', (kind) => {
  let database: TestDatabase
  let secondDatabase: Database
  let dir: string
  const stores: MediaStore[] = []
  let first: FastifyInstance
  let second: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await ensurePlaces(database)
    // The embedded database belongs to one process; PostgreSQL gets a second pool, as a second machine would have.
    secondDatabase = database.url ? await createDatabase({ databaseUrl: database.url, poolSize: 2 }) : database
    dir = await mkdtemp(path.join(os.tmpdir(), 'agency-shared-media-'))
    const build = (db: Database, name: string) => {
      const store = createPostgresMediaStore(db)
      stores.push(store)
      return buildApp({
        database: db,
        mediaStore: store,
        cacheDir: path.join(dir, `cache-${name}`),
        publicUrl: PUBLIC_URL,
        feeds: { apiKey: KEY, maxBytes: 1024 * 1024, maxWithdrawShare: 0.2, preMarket: DEFAULT_PRE_MARKET_RULE, allowedMediaHosts: [], uploadDir: path.join(dir, `uploads-${name}`) },
      })
    }
    first = await build(database, 'first')
    second = await build(secondDatabase, 'second')
    await Promise.all([first.ready(), second.ready()])
  })

  afterAll(async () => {
    await first?.close()
    await second?.close()
    for (const store of stores) await store.close()
    if (secondDatabase && secondDatabase !== database) await secondDatabase.close()
    await database?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('serves a picture imported through one instance from the other, which derives the variant', async () => {
    const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#3a7' } }).jpeg().toBuffer()
    const zip = path.join(dir, 'feed.zip')
    await writeFeedZip(zip, 'agency.blm', toBlmText([toSampleBlmRecord('SHARED-1', { MEDIA_IMAGE_00: 'front.jpg', MEDIA_IMAGE_TEXT_00: 'Front elevation' })]), [{ name: 'front.jpg', body: photo }])
    const imported = await first.inject({
      method: 'POST',
      url: '/api/feeds/blm',
      headers: { 'content-type': 'application/zip', authorization: `Bearer ${KEY}` },
      payload: await readFile(zip),
    })
    expect(imported.statusCode).toBe(200)
    expect(imported.json()).toMatchObject({ outcome: 'imported', added: 1, media: { stored: 1, failed: 0 } })

    const [media] = await secondDatabase.db
      .select({ key: propertyMedias.media_key })
      .from(propertyMedias)
      .innerJoin(properties, eq(properties.property_profile_id, propertyMedias.property_profile_id))
      .where(eq(properties.agent_ref, 'SHARED-1'))
    expect(media).toBeDefined()

    // The second instance has never seen the picture: no variant in its cache before it is asked.
    expect(await filesUnder(path.join(dir, 'cache-second'))).toEqual([])
    const served = await second.inject({ method: 'GET', url: `/api/media/${media!.key}/card` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    const picture = await sharp(served.rawPayload).metadata()
    expect(picture).toMatchObject({ format: 'webp', width: 640, height: 427 })
    // Derived by the second instance, into its own cache; the first derived nothing.
    expect(await filesUnder(path.join(dir, 'cache-second'))).toHaveLength(1)
    expect(await filesUnder(path.join(dir, 'cache-first'))).toEqual([])

    // Both instances name the variant alike, so a browser's or a CDN's copy holds on either.
    const again = await first.inject({ method: 'GET', url: `/api/media/${media!.key}/card` })
    expect(again.statusCode).toBe(200)
    expect(again.headers.etag).toBe(served.headers.etag)
    expect(await filesUnder(path.join(dir, 'cache-first'))).toHaveLength(1)
  })
})
