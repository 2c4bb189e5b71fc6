import { properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

type Answer = { data: Array<{ property_profile_id: number; is_locked: boolean; advert_heading: string }> }

/**
 * A visitor's search and map markers are kept for the cache's lifetime as the JSON text the route's
 * serializer made once; callers with a cookie or a session are answered afresh.
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

  it('refuses a bad query with the usual 400 error', async () => {
    const bad = await api.app.inject('/api/properties?transaction_type_id=9')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toHaveProperty('message')
  })
})
