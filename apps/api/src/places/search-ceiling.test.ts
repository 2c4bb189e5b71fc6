import os from 'node:os'
import { createDiskMediaStore, rebuildPlaces } from '@agency/db'
import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#app/app.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { toPlaceSearchOptions } from './config.ts'
import { createDatabasePlacesProvider } from './database-provider.ts'
import { createSearchCeiling } from './search-limit.ts'

describe('createSearchCeiling (place searches a second in one process)', () => {
  /** A clock moved by hand: a sleep notes how long it was asked to wait and moves the clock on. */
  function handClock() {
    const waits: number[] = []
    const clock = {
      time: 10_000,
      now: () => clock.time,
      sleep: (ms: number) => {
        waits.push(ms)
        clock.time += ms
        return Promise.resolve()
      },
    }
    return { clock, waits }
  }

  it('lets a burst through at once, then spaces searches out, refusing one whose turn is too far off', async () => {
    const { clock, waits } = handClock()
    const ceiling = createSearchCeiling({ perSecond: 4, burst: 3, maxWaitMs: 600 }, clock)
    // Searches arriving together: three at once, then one every 250 ms, until a turn is 600 ms away.
    const frozen = { ...clock, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) }
    const together = createSearchCeiling({ perSecond: 4, burst: 3, maxWaitMs: 600 }, frozen)
    const turns = []
    for (let i = 0; i < 7; i++) turns.push(await together.turn())
    expect(turns).toEqual([true, true, true, true, true, false, false])
    expect(waits).toEqual([250, 500])
    waits.length = 0
    // One at a time, each waiting its turn: four a second.
    for (let i = 0; i < 5; i++) expect(await ceiling.turn()).toBe(true)
    expect(waits).toEqual([250, 250])
    // A quiet spell gives back the burst, no more.
    clock.time += 60_000
    waits.length = 0
    for (let i = 0; i < 4; i++) expect(await ceiling.turn()).toBe(true)
    expect(waits).toEqual([250])
  })
})

describe('the place search past the ceiling, through the API', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    await rebuildPlaces(database)
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  it("answers 503 with Retry-After past the process's ceiling, whoever asks, and still answers a kept keyword and the place details", async () => {
    const provider = createDatabasePlacesProvider(database.db, { ...toPlaceSearchOptions(database.kind), searchCeiling: { perSecond: 0.001, burst: 2, maxWaitMs: 1000 } })
    const app = await buildApp({ database, mediaStore: createDiskMediaStore(os.tmpdir()), cacheDir: os.tmpdir(), publicUrl: 'https://agency.example', places: { provider }, visitorCacheTtlMs: 60_000 })
    try {
      const leeds = await app.inject({ url: '/api/places?keyword=leeds', remoteAddress: '198.51.100.1' })
      expect(leeds.statusCode).toBe(200)
      expect((await app.inject({ url: '/api/places?keyword=york', remoteAddress: '198.51.100.2' })).statusCode).toBe(200)
      // A third address: the per-address limit has nothing against it, the process's ceiling has.
      const third = await app.inject({ url: '/api/places?keyword=harrogate', remoteAddress: '198.51.100.3' })
      expect(third.statusCode).toBe(503)
      expect(third.headers['retry-after']).toBe('5')
      expect(third.json().message).toBe(API_MESSAGES.BUSY)
      const spelling = await app.inject({ url: '/api/places/nearest-spellings?keyword=harogate', remoteAddress: '198.51.100.4' })
      expect(spelling.statusCode).toBe(503)
      // A kept answer costs the database nothing, and is still given.
      const keptLeeds = await app.inject({ url: '/api/places?keyword=leeds', remoteAddress: '198.51.100.5' })
      expect(keptLeeds.statusCode).toBe(200)
      expect(keptLeeds.json()).toEqual(leeds.json())
      const placeId = leeds.json().data[0].place_id as string
      expect((await app.inject(`/api/places/${encodeURIComponent(placeId)}`)).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})
