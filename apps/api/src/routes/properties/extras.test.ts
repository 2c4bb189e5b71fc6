import { MATERIAL_INFORMATION_DETAIL_KEYS } from '@agency/domain'
import { outbox, properties, propertyMedias } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock, extractToken, insertTestContact, logIn, requestLink, toCookieHeader } from '#app/routes/contacts/test-support.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

type Row = typeof properties.$inferSelect

describe.each(testDatabaseKinds())('property extras on %s', (kind) => {
  let api: TestApi
  let all: Row[]
  let buyerCookie: string
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    api = await createTestApi(kind)
    const db = api.database.db
    all = await db.select().from(properties).orderBy(asc(properties.property_profile_id))
    // A market of its own, priced far above the fixture's (£50,000 to £1.5m), so only these can match.
    const base = all.find((row) => row.transaction_type_id === 1 && !row.is_locked)!
    const { property_profile_id: _id, public_lat: _lat, public_lng: _lng, public_price: _price, ...template } = base
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 1, hour))
    const market: Array<[name: string, changes: Partial<Row>]> = [
      ['target', { price: 5_000_000 }],
      ['above', { price: 5_100_000, created_at: at(9) }],
      ['below', { price: 4_900_000, created_at: at(8) }],
      ['bottomEdge', { price: 4_000_000, created_at: at(5) }],
      ['topEdge', { price: 6_000_000, created_at: at(6) }],
      ['tooCheap', { price: 3_999_999 }],
      ['tooDear', { price: 6_000_001 }],
      ['locked', { price: 5_050_000, is_locked: true }],
      ['sold', { price: 5_000_000, availability: 'sstc' }],
      ['otherType', { price: 5_020_000, property_type_id: 2, property_style_id: null }],
      ['otherBranch', { price: 5_010_000, branch_id: 2 }],
      // The nearest in price, of the same branch, but some 20 miles away.
      ['farAway', { price: 5_005_000, lat: base.lat + 0.3 }],
      ['lettings', { price: 5_030_000, transaction_type_id: 2 }],
      // A locked property elsewhere (branch 3) with one neighbour like it.
      ['lockedTarget', { price: 5_000_000, is_locked: true, branch_id: 3 }],
      ['lockedNeighbour', { price: 5_000_000, branch_id: 3 }],
      // A property with no branch, whose area is its town.
      ['noBranch', { price: 7_000_000, branch_id: null, town: 'Ashbourne' }],
      ['sameTown', { price: 7_100_000, branch_id: null, town: 'Ashbourne' }],
      ['otherTown', { price: 7_050_000, branch_id: null, town: 'Bakewell' }],
    ]
    for (const [name, changes] of market) {
      const [inserted] = await db
        .insert(properties)
        .values({ ...template, property_type_id: 1, property_style_id: 1, branch_id: 1, availability: 'available', is_locked: false, ...changes })
        .returning({ id: properties.property_profile_id })
      ids[name] = inserted!.id
    }
    // The nearest one above has a gallery of its own, stored out of gallery order.
    await db.insert(propertyMedias).values(
      [2, 0, 1].map((position) => ({ property_profile_id: ids.above!, position, kind: position === 1 ? 'video' : 'photo', file: `similar-${position}.jpg`, link: position === 1 ? 'https://www.youtube.com/embed/abc' : null })),
    )
    await insertTestContact({ ...api, clock: createTestClock() }, { email: 'buyer@example.com' })
    expect((await requestLink(api.app, 'buyer@example.com')).statusCode).toBe(202)
    const [mail] = await db.select().from(outbox)
    const login = await logIn(api.app, extractToken(mail!.text))
    buyerCookie = toCookieHeader(login.headers['set-cookie'])
  })
  afterAll(() => api.close())

  const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers })
  const similarIds = async (id: number, headers: Record<string, string> = {}) => {
    const response = await get(`/api/properties/${id}/similar`, headers)
    expect(response.statusCode).toBe(200)
    return (response.json().data as Array<{ property_profile_id: number }>).map((card) => card.property_profile_id)
  }

  describe('GET /api/properties/:id/similar', () => {
    it('offers a visitor up to 4 like it, nearest in price first, within ±20%, leaving out locked, sold, far away, other types, branches and itself', async () => {
      // above and below are £100,000 away (newest first), then the ±20% edges £1m away (newest first).
      expect(await similarIds(ids.target!)).toEqual([ids.above, ids.below, ids.topEdge, ids.bottomEdge])
    })

    it('offers a logged-in buyer the locked one too, in full', async () => {
      // locked is £50,000 away, the nearest; the fourth place goes to the newer edge.
      expect(await similarIds(ids.target!, { cookie: buyerCookie })).toEqual([ids.locked, ids.above, ids.below, ids.topEdge])
      const cards = (await get(`/api/properties/${ids.target}/similar`, { cookie: buyerCookie })).json().data
      expect(cards[0]).toMatchObject({ is_locked: false, price: { numberPrice: 5_050_000 } })
    })

    it("gives each card its gallery in gallery order, as the property's card elsewhere has it", async () => {
      const similar = (await get(`/api/properties/${ids.target}/similar`)).json<{ data: Array<{ property_profile_id: number; medias: unknown[] }> }>().data
      const above = similar.find((card) => card.property_profile_id === ids.above)
      expect(above?.medias).toHaveLength(3)
      // The cards of a saved list read their galleries with a statement of their own.
      const cards = (await get(`/api/properties/cards?ids=${similar.map((card) => card.property_profile_id).join(',')}`)).json<{ data: Array<{ medias: unknown[] }> }>()
      expect(similar.map((card) => card.medias)).toEqual(cards.data.map((card) => card.medias))
      expect(similar.filter((card) => card.property_profile_id !== ids.above).every((card) => card.medias.length === 0)).toBe(true)
    })

    it('gives a visitor nothing like a locked property, which would tell its type and price', async () => {
      expect(await similarIds(ids.lockedTarget!)).toEqual([])
      expect(await similarIds(ids.lockedTarget!, { cookie: buyerCookie })).toEqual([ids.lockedNeighbour])
    })

    it('takes a property without a branch to mean its town', async () => {
      expect(await similarIds(ids.noBranch!)).toEqual([ids.sameTown])
      expect(await similarIds(ids.noBranch!, { cookie: buyerCookie })).toEqual([ids.sameTown])
    })

    it('answers 404 for an unknown property and 400 for a bad id', async () => {
      const unknown = await get('/api/properties/999999/similar')
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ message: expect.any(String) })
      expect((await get('/api/properties/abc/similar')).statusCode).toBe(400)
      expect((await get('/api/properties/0/similar')).statusCode).toBe(400)
    })
  })

  describe('material information in GET /api/properties/:id', () => {
    it('answers every part A–C fact the database holds, and null for what it does not', async () => {
      const known = all.find((row) => !row.is_locked && row.heating !== null)!
      const unknown = all.find((row) => !row.is_locked && row.heating === null)!
      const knownInfo = (await get(`/api/properties/${known.property_profile_id}`)).json().data.material_information
      expect(knownInfo).toMatchObject({
        epc_potential_rating: 'B',
        epc_current_score: 70,
        epc_potential_score: 84,
        heating: 'Gas central heating (combination boiler)',
        broadband: 'Ultrafast fibre (FTTP), up to 1,000 Mbps',
        flood_risk: 'Very low risk (Environment Agency)',
      })
      for (const key of MATERIAL_INFORMATION_DETAIL_KEYS) expect(knownInfo[key], key).toBe(known[key])
      const unknownInfo = (await get(`/api/properties/${unknown.property_profile_id}`)).json().data.material_information
      for (const key of MATERIAL_INFORMATION_DETAIL_KEYS) expect(unknownInfo[key], key).toBeNull()
    })

    it('tells a visitor nothing of a locked property', async () => {
      const locked = all.find((row) => row.is_locked && row.heating !== null)!
      expect((await get(`/api/properties/${locked.property_profile_id}`)).json().data.material_information).toBeNull()
    })

    it('keeps what it answers in the database unchanged', async () => {
      const [row] = await api.database.db.select().from(properties).where(eq(properties.property_profile_id, ids.target!))
      expect(row!.price).toBe(5_000_000)
    })
  })
})
