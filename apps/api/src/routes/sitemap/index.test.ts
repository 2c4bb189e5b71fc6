import { properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('GET /api/sitemap/properties on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(() => api.close())

  const get = (url: string) => api.app.inject({ method: 'GET', url })

  it('pages through every property page but the locked ones, in id order', async () => {
    const rows = await api.database.db.select().from(properties).orderBy(asc(properties.property_profile_id))
    const visible = rows.filter((row) => !row.is_locked)
    expect(visible.length).toBeLessThan(rows.length)
    const seen: Array<{ property_profile_id: number; detail_page_url: string; updated_at: string }> = []
    let after = 0
    let pages = 0
    for (;;) {
      const response = await get(`/api/sitemap/properties?after=${after}&limit=40`)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      seen.push(...body.data)
      pages++
      if (body.next_after === null) break
      after = body.next_after
    }
    expect(pages).toBe(Math.ceil(visible.length / 40) + (visible.length % 40 === 0 ? 1 : 0))
    expect(seen).toEqual(
      visible.map((row) => ({
        property_profile_id: row.property_profile_id,
        detail_page_url: `/property/${row.property_profile_id}/${row.slug}`,
        updated_at: row.updated_at.toISOString(),
      })),
    )
  })

  it('answers the whole catalogue in one page by default', async () => {
    const body = (await get('/api/sitemap/properties')).json()
    expect(body.next_after).toBeNull()
    expect(body.data.length).toBeGreaterThan(100)
  })

  it.each(['limit=0', 'limit=5001', 'after=-1', 'after=abc'])('refuses %s with 400', async (query) => {
    const response = await get(`/api/sitemap/properties?${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
  })
})
