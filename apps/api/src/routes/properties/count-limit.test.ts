import { SEARCH_COUNT_LIMIT } from '@agency/domain'
import { properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

type Answer = { data: Array<{ property_profile_id: number }>; total: number; total_capped?: true; page: number; page_size: number }

/**
 * Past SEARCH_COUNT_LIMIT matches a search says 'over 1,000' rather than counting them all: the
 * fixture's properties copied until the sales search matches more than the limit.
 */
describe.each(testDatabaseKinds())('the search count limit on %s', (kind) => {
  let api: TestApi
  let availableSales: number

  beforeAll(async () => {
    api = await createTestApi(kind)
    const db = api.database.db
    const originals = await db.select().from(properties).orderBy(asc(properties.property_profile_id))
    for (let copy = 1; copy <= 25; copy++) {
      const rows = originals.map(({ property_profile_id: _id, search_document: _doc, ...row }) => ({
        ...row,
        agent_ref: row.agent_ref === null ? null : `${row.agent_ref}-copy${copy}`,
        slug: `${row.slug}-copy${copy}`,
      }))
      await db.insert(properties).values(rows)
    }
    const [counted] = await db
      .select({ n: count() })
      .from(properties)
      .where(and(eq(properties.transaction_type_id, 1), eq(properties.availability, 'available')))
    availableSales = counted!.n
  }, 120_000)
  afterAll(async () => {
    await api?.close()
  })

  const get = async (url: string) => {
    const response = await api.app.inject({ method: 'GET', url })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Answer>()
  }

  it('answers the limit and total_capped when more properties match, and still serves every page', async () => {
    expect(availableSales).toBeGreaterThan(SEARCH_COUNT_LIMIT)
    const first = await get('/api/properties?transaction_type_id=1&page_size=100')
    expect(first.total).toBe(SEARCH_COUNT_LIMIT)
    expect(first.total_capped).toBe(true)
    expect(first.data).toHaveLength(100)
    // A page past the counted ones still answers its properties, the last one the rest.
    const lastPage = Math.ceil(availableSales / 100)
    const last = await get(`/api/properties?transaction_type_id=1&page_size=100&page=${lastPage}`)
    expect(last.data).toHaveLength(availableSales - (lastPage - 1) * 100)
    expect(last.total_capped).toBe(true)
    const markers = await get('/api/properties/markers?transaction_type_id=1')
    expect([markers.total, markers.total_capped]).toEqual([SEARCH_COUNT_LIMIT, true])
  })

  it('counts exactly, without total_capped, up to the limit', async () => {
    const narrow = await get('/api/properties?transaction_type_id=1&min_bedroom=4&min_price=300000')
    const [counted] = await api.database.db.select({ n: count() }).from(properties)
    expect(counted!.n).toBeGreaterThan(SEARCH_COUNT_LIMIT)
    expect(narrow.total).toBeLessThanOrEqual(SEARCH_COUNT_LIMIT)
    expect(narrow).not.toHaveProperty('total_capped')
    const near = await get('/api/properties?transaction_type_id=1&locations=53.9921,-1.5418,1')
    expect(near.total).toBeLessThanOrEqual(SEARCH_COUNT_LIMIT)
    expect(near).not.toHaveProperty('total_capped')
  })
})
