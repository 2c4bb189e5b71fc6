import { gunzipSync } from 'node:zlib'
import { properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

type Answer = { data: Array<{ property_profile_id: number; is_locked: boolean; advert_heading: string }> }

/**
 * A visitor's search and map markers are kept for the cache's lifetime as the bytes of the JSON text
 * the route's serializer made once (and those bytes gzipped, for browsers); callers with a cookie or a
 * session are answered afresh.
 */
describe.each(testDatabaseKinds())("visitors' kept answers on %s", (kind) => {
  let api: TestApi

  beforeAll(async () => {
    api = await createTestApi(kind, { visitorCacheTtlMs: 60_000 })
  }, 120_000)
  afterAll(async () => {
    await api?.close()
  })

  const rename = (id: number, heading: string) =>
    api.database.db.update(properties).set({ advert_heading: heading }).where(eq(properties.property_profile_id, id))

  it.each([
    ['the search', '/api/properties?transaction_type_id=1&page_size=5'],
    ['the map markers', '/api/properties/markers?transaction_type_id=1'],
  ])('answers every visitor the same JSON for %s while it is kept, and a caller with a cookie the change at once', async (_name, url) => {
    const first = await api.app.inject(url)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    const fresh = await api.app.inject({ url, headers: { cookie: 'bench=1' } })
    // The kept text is the answer the route gives any caller, field for field.
    expect(first.json()).toEqual(fresh.json())

    const shown = first.json<Answer>().data.find((card) => !card.is_locked)
    expect(shown).toBeDefined()
    const id = shown!.property_profile_id
    await rename(id, `Renamed while kept ${kind}`)
    const again = await api.app.inject(url)
    expect(again.statusCode).toBe(200)
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(again.body).toBe(first.body)

    const withCookie = await api.app.inject({ url, headers: { cookie: 'bench=1' } })
    expect(withCookie.body).not.toBe(first.body)
    expect(withCookie.body).toContain(`Renamed while kept ${kind}`)
    await rename(id, shown!.advert_heading)
  })

  it.each([
    ['the search', '/api/properties?transaction_type_id=1&page_size=24'],
    ['the map markers', '/api/properties/markers?transaction_type_id=1'],
  ])('sends %s gzipped to a caller that accepts gzip, kept or fresh, and as it is to one that does not', async (_name, url) => {
    const plain = await api.app.inject(url)
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    const browser = 'gzip, deflate, br, zstd'
    // Kept (no cookie), then fresh (a cookie): each is the same JSON, gzipped, and says so.
    for (const headers of [{ 'accept-encoding': browser }, { 'accept-encoding': browser, cookie: 'bench=1' }]) {
      const zipped = await api.app.inject({ url, headers })
      expect(zipped.statusCode).toBe(200)
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(String(zipped.headers.vary)).toContain('accept-encoding')
      // A kept answer's gzip is made once and sent with its length.
      if (!('cookie' in headers)) expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.byteLength)
      expect(zipped.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3)
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
    }
    // gzip refused by weight 0: the JSON as it is, kept or fresh.
    for (const headers of [{ 'accept-encoding': 'gzip;q=0, br' }, { 'accept-encoding': 'gzip;q=0, br', cookie: 'bench=1' }]) {
      const refused = await api.app.inject({ url, headers })
      expect(refused.headers['content-encoding']).toBeUndefined()
      expect(refused.json()).toEqual(plain.json())
    }
  })

  it('answers plain JSON, never an error, to a broken Accept-Encoding', async () => {
    for (const header of ['gzip;q=abc', ';;,,', 'x'.repeat(8_000)]) {
      for (const headers of [{ 'accept-encoding': header }, { 'accept-encoding': header, cookie: 'bench=1' }]) {
        const answer = await api.app.inject({ url: '/api/properties?transaction_type_id=1&page_size=5', headers })
        expect(answer.statusCode).toBe(200)
        expect(answer.headers['content-encoding']).toBeUndefined()
        expect(answer.json()).toHaveProperty('data')
      }
    }
  })

  it('refuses a bad query with the usual 400 error', async () => {
    const bad = await api.app.inject('/api/properties?transaction_type_id=9')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toHaveProperty('message')
  })
})

/**
 * A visitor's search answer is cacheable by HTTP whether or not this process keeps it: `public` with
 * `s-maxage` and `stale-while-revalidate` and a strong ETag, and a request naming that ETag gets a 304;
 * a caller with a cookie gets `private, no-cache` and no ETag.
 */
describe.each(testDatabaseKinds())("visitors' answers cached by HTTP on %s", (kind) => {
  for (const ttl of [60_000, 0]) {
    describe(ttl ? 'kept by the process' : 'not kept by the process', () => {
      let api: TestApi

      beforeAll(async () => {
        api = await createTestApi(kind, { visitorCacheTtlMs: ttl })
      }, 120_000)
      afterAll(async () => {
        await api?.close()
      })

      const url = '/api/properties?transaction_type_id=1&page_size=5'

      it("carries a shared cache's Cache-Control and a strong ETag, and answers 304 with no body to a request that names it", async () => {
        const first = await api.app.inject(url)
        expect(first.statusCode).toBe(200)
        expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60')
        const etag = String(first.headers.etag)
        expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
        expect(first.headers['set-cookie']).toBeUndefined()

        const again = await api.app.inject({ url, headers: { 'if-none-match': etag } })
        expect(again.statusCode).toBe(304)
        expect(again.body).toBe('')
        expect(again.headers.etag).toBe(etag)
        expect(again.headers['cache-control']).toBe(first.headers['cache-control'])
        // Another tag (an older answer's) gets the answer.
        const changed = await api.app.inject({ url, headers: { 'if-none-match': '"older"' } })
        expect(changed.statusCode).toBe(200)
        expect(changed.body).toBe(first.body)

        // The gzipped answer is another representation, with its own tag.
        const zipped = await api.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
        expect(zipped.headers['content-encoding']).toBe('gzip')
        expect(zipped.headers.etag).not.toBe(etag)
        expect((await api.app.inject({ url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) } })).statusCode).toBe(304)
        expect((await api.app.inject({ url, headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })).statusCode).toBe(200)
      })

      it('never marks a caller with a cookie or credentials cacheable, nor answers them 304', async () => {
        const etag = String((await api.app.inject(url)).headers.etag)
        for (const headers of [{ cookie: 'session=not-a-session' }, { authorization: 'Bearer x' }]) {
          const answer = await api.app.inject({ url, headers: { ...headers, 'if-none-match': etag } })
          expect(answer.statusCode).toBe(200)
          expect(answer.headers['cache-control']).toBe('private, no-cache')
          expect(answer.headers.etag).toBeUndefined()
        }
      })
    })
  }
})
