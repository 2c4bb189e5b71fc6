import os from 'node:os'
import { gunzipSync } from 'node:zlib'
import { rebuildPlaces, createDiskMediaStore } from '@agency/db'
import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#app/app.ts'
import { toPlaceSearchOptions } from '#app/places/config.ts'
import { createDatabasePlacesProvider } from '#app/places/database-provider.ts'
import type { PlacesProvider } from '#app/places/provider.ts'

/** The offline gazetteer, noting each keyword it is asked to search for. */
function countingGazetteer(database: TestDatabase): { provider: PlacesProvider; searched: string[] } {
  const gazetteer = createDatabasePlacesProvider(database.db, toPlaceSearchOptions(database.kind))
  const searched: string[] = []
  return {
    searched,
    provider: {
      search: (keyword, limit) => {
        searched.push(keyword)
        return gazetteer.search(keyword, limit)
      },
      details: (placeId) => gazetteer.details(placeId),
    },
  }
}

describe('place search answers kept by keyword', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    await rebuildPlaces(database)
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  async function appWith(visitorCacheTtlMs: number) {
    const gazetteer = countingGazetteer(database)
    const app = await buildApp({ database, mediaStore: createDiskMediaStore(os.tmpdir()), cacheDir: os.tmpdir(), publicUrl: 'https://agency.example', places: { provider: gazetteer.provider }, visitorCacheTtlMs })
    return { app, searched: gazetteer.searched }
  }

  it('looks a keyword up once in the cache lifetime, for a visitor and a logged-in caller alike', async () => {
    const { app, searched } = await appWith(60_000)
    try {
      const first = await app.inject('/api/places?keyword=leeds')
      expect(first.statusCode).toBe(200)
      expect(first.json().data[0].name).toBe('Leeds')
      const again = await app.inject({ url: '/api/places?keyword=leeds', headers: { cookie: 'agency_session=anything' } })
      expect(again.json()).toEqual(first.json())
      expect(searched).toEqual(['leeds'])
      // Another keyword is an answer of its own.
      expect((await app.inject('/api/places?keyword=york')).json().data[0].name).toBe('York')
      expect(searched).toEqual(['leeds', 'york'])
      // Each address is an answer of its own.
      await app.inject('/api/places?keyword=leeds&limit=3')
      expect(searched).toEqual(['leeds', 'york', 'leeds'])
    } finally {
      await app.close()
    }
  })

  it('sends a kept answer as the same JSON, gzipped to a caller that accepts gzip', async () => {
    const { app, searched } = await appWith(60_000)
    try {
      const plain = await app.inject('/api/places?keyword=leeds')
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(plain.headers['content-encoding']).toBeUndefined()
      const zipped = await app.inject({ url: '/api/places?keyword=leeds', headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(zipped.headers.vary).toBe('accept-encoding')
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
      expect(searched).toEqual(['leeds'])
    } finally {
      await app.close()
    }
  })

  it('asks the gazetteer every time when no lifetime is set', async () => {
    const { app, searched } = await appWith(0)
    try {
      await app.inject('/api/places?keyword=leeds')
      await app.inject('/api/places?keyword=leeds')
      expect(searched).toEqual(['leeds', 'leeds'])
    } finally {
      await app.close()
    }
  })
})
