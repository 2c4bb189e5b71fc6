import { Writable } from 'node:stream'
import { createTestDatabase, testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#app/app.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('GET /api/health on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers ok when the database answers', async () => {
    const response = await api.app.inject('/api/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  describe('when the database is gone', () => {
    it('answers 503 to the health check, and a plain 500 that is logged to other requests', async () => {
      const lines: string[] = []
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      })
      const database = await createTestDatabase(kind)
      const app = await buildApp({ database, mediaStore: api.mediaStore, cacheDir: api.cacheDir, publicUrl: 'https://agency.example', logger: { level: 'error', stream } })
      try {
        await database.close()

        const health = await app.inject('/api/health')
        expect(health.statusCode).toBe(503)
        expect(health.json()).toEqual({ status: 'error', database: 'error' })

        const search = await app.inject('/api/properties?min_price=100000')
        expect(search.statusCode).toBe(500)
        expect(search.json()).toEqual({ message: 'Something went wrong.' })
        expect(search.body).not.toMatch(/at |stack|pool|PGlite/i)

        const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
        const failure = logged.find((entry) => entry.msg === 'request failed')
        expect(failure).toMatchObject({ url: '/api/properties?min_price=100000', method: 'GET', err: { stack: expect.any(String) } })
        expect(failure?.reqId).toEqual(expect.any(String))
      } finally {
        await app.close()
      }
    })
  })
})
