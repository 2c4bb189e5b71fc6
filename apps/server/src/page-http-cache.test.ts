import { gunzipSync } from 'node:zlib'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestSite } from './testing.ts'

const PUBLIC_URL = 'http://localhost:3000'
const HOST = { host: 'localhost:3000' }
const SHARED = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60'

/**
 * A visitor's page is cacheable by HTTP, whether or not the server's page cache keeps it: the route's
 * `public` Cache-Control with `s-maxage` and `stale-while-revalidate`, a strong ETag, and a 304 with no
 * body for a request that names it. A page for anyone with a cookie stays `private, no-cache`, with no
 * ETag, and is never answered 304.
 */
describe.each(testDatabaseKinds())("a visitor's pages cached by HTTP on %s", (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  for (const pageCacheEntries of [100, 0]) {
    describe(pageCacheEntries ? 'with the page cache' : 'without the page cache', () => {
      let app: FastifyInstance

      beforeAll(async () => {
        app = await buildTestSite({ database, publicUrl: PUBLIC_URL, pageCacheEntries })
      }, 120_000)
      afterAll(async () => {
        await app?.close()
      })

      it('sends a list page and its hydration data with a strong ETag, and a 304 with no body to a request naming it', async () => {
        for (const headers of [HOST, { ...HOST, 'x-hydration-data': '1' }]) {
          const url = '/sales/property-for-sale?min_bedroom=1'
          const first = await app.inject({ url, headers })
          expect(first.statusCode).toBe(200)
          expect(first.headers['cache-control']).toBe(SHARED)
          expect(first.headers['set-cookie']).toBeUndefined()
          const etag = String(first.headers.etag)
          expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)

          const again = await app.inject({ url, headers: { ...headers, 'if-none-match': `"older", ${etag}` } })
          expect(again.statusCode).toBe(304)
          expect(again.rawPayload.byteLength).toBe(0)
          expect(again.headers.etag).toBe(etag)
          expect(again.headers['cache-control']).toBe(SHARED)
          expect(String(again.headers.vary)).toContain('accept-encoding')

          const other = await app.inject({ url, headers: { ...headers, 'if-none-match': '"older"' } })
          expect(other.statusCode).toBe(200)
          expect(other.body).toBe(first.body)
          expect(other.headers.etag).toBe(etag)
        }
      })

      it('tags the gzipped page apart from the plain one', async () => {
        const url = '/lettings/property-to-rent'
        const plain = await app.inject({ url, headers: HOST })
        const zipped = await app.inject({ url, headers: { ...HOST, 'accept-encoding': 'gzip' } })
        expect(zipped.headers['content-encoding']).toBe('gzip')
        expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body)
        expect(zipped.headers.etag).not.toBe(plain.headers.etag)
        expect((await app.inject({ url, headers: { ...HOST, 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) } })).statusCode).toBe(304)
        expect((await app.inject({ url, headers: { ...HOST, 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) } })).statusCode).toBe(200)
      })

      it('keeps a page for anyone with a cookie private, untagged and never 304', async () => {
        const url = '/sales/property-for-sale'
        const etag = String((await app.inject({ url, headers: HOST })).headers.etag)
        const answer = await app.inject({ url, headers: { ...HOST, cookie: 'session=not-a-session', 'if-none-match': etag } })
        expect(answer.statusCode).toBe(200)
        expect(answer.headers['cache-control']).toBe('private, no-cache')
        expect(answer.headers.etag).toBeUndefined()
      })

      it('sends a page that sets a cookie, or that no shared cache may keep, without an ETag', async () => {
        // The login page is rendered for its one visitor (a form key of its own): no shared cache keeps it.
        const login = await app.inject({ url: '/login', headers: HOST })
        expect(login.statusCode).toBe(200)
        expect(login.headers['cache-control']).not.toContain('public')
        expect(login.headers.etag).toBeUndefined()
      })
    })
  }
})
