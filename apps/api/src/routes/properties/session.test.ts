import { distanceMiles } from '@agency/domain'
import { outbox, properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'
import {
  createTestClock,
  extractToken,
  insertTestContact,
  logIn,
  requestLink,
  TEST_CRITERIA,
  toCookieHeader,
} from '#app/routes/contacts/test-support.ts'

describe.each(testDatabaseKinds())('the catalogue for a logged-in buyer on %s', (kind) => {
  let api: TestApi
  let cookie: string

  beforeAll(async () => {
    api = await createTestApi(kind)
    await insertTestContact({ ...api, clock: createTestClock() }, { email: 'buyer@example.com' })
    expect((await requestLink(api.app, 'buyer@example.com')).statusCode).toBe(202)
    const [mail] = await api.database.db.select().from(outbox)
    const login = await logIn(api.app, extractToken(mail!.text))
    expect(login.statusCode).toBe(200)
    cookie = toCookieHeader(login.headers['set-cookie'])
  })
  afterAll(() => api.close())

  const list = (headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'GET', url: '/api/properties?transaction_type_id=1&page_size=100&include_unavailable=true', headers })

  it('gives a visitor locked cards without price or rooms, and no match percentage', async () => {
    const body = list().then((r) => r.json())
    const cards = (await body).data as Array<{ is_locked: boolean; price: unknown; bedroom: unknown; match_percentage: unknown }>
    expect(cards.some((c) => c.is_locked)).toBe(true)
    for (const card of cards) {
      expect(card.match_percentage).toBeNull()
      if (card.is_locked) expect([card.price, card.bedroom]).toEqual([null, null])
    }
  })

  it("filters and sorts locked properties by their real details for the buyer, as for any other", async () => {
    const all = await api.database.db.select().from(properties)
    const row = all.find((p) => p.is_locked && p.transaction_type_id === 1)!
    const search = async (query: string, headers: Record<string, string> = {}) => {
      const response = await api.app.inject({ method: 'GET', url: `/api/properties?transaction_type_id=1&include_unavailable=true&page_size=100&${query}`, headers })
      expect(response.statusCode).toBe(200)
      return (response.json().data as Array<{ property_profile_id: number }>).map((c) => c.property_profile_id)
    }
    const tooDear = `min_price=${row.price + 5_000}&locations=${row.lat},${row.lng},1`
    expect(await search(tooDear)).toContain(row.property_profile_id)
    expect(await search(tooDear, { cookie })).not.toContain(row.property_profile_id)
    expect(await search(`max_price=${row.price}&min_price=${row.price}&locations=${row.lat},${row.lng},1`, { cookie })).toContain(row.property_profile_id)
    // In a price sort the buyer sees it among the others, by its price.
    const sorted = await search('sort=price_desc', { cookie })
    const prices = sorted.map((id) => all.find((p) => p.property_profile_id === id)!.price)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
  })

  it('shows the buyer locked properties in full, with a match percentage on every card', async () => {
    const all = await api.database.db.select().from(properties)
    const lockedIds = new Set(all.filter((p) => p.is_locked && p.transaction_type_id === 1).map((p) => p.property_profile_id))
    const response = await list({ cookie })
    expect(response.statusCode).toBe(200)
    const cards = response.json().data as Array<{
      property_profile_id: number
      is_locked: boolean
      price: { numberPrice: number } | null
      bedroom: number | null
      match_percentage: number
      match_reasons: Array<{ label: string; matched: boolean }>
    }>
    const unlocked = cards.filter((c) => lockedIds.has(c.property_profile_id))
    expect(unlocked.length).toBeGreaterThan(0)
    for (const card of unlocked) {
      expect(card.is_locked).toBe(false)
      expect(card.price?.numberPrice).toBeGreaterThan(0)
      expect(card.bedroom).not.toBeNull()
    }
    const byId = new Map(all.map((p) => [p.property_profile_id, p]))
    const leeds = TEST_CRITERIA.locations[0]!
    for (const card of cards) {
      expect(card.match_percentage).toBeGreaterThanOrEqual(0)
      expect(card.match_percentage).toBeLessThanOrEqual(100)
      const row = byId.get(card.property_profile_id)!
      const perfect =
        distanceMiles(leeds, row) <= leeds.distance && row.price >= 200_000 && row.price <= 400_000 && row.bedroom >= 2
      if (perfect) {
        expect(card.match_percentage).toBe(100)
        expect(card.match_reasons.every((r) => r.matched)).toBe(true)
      } else {
        expect(card.match_percentage).toBeLessThan(100)
        expect(card.match_reasons.some((r) => !r.matched)).toBe(true)
      }
    }
    expect(cards.some((c) => c.match_percentage === 100)).toBe(true)
  })

  it('locks them again after logout', async () => {
    const out = await api.app.inject({
      method: 'DELETE',
      url: '/api/contacts/oauth/sessions/current',
      headers: { cookie, origin: 'https://agency.example' },
    })
    expect(out.statusCode).toBe(204)
    const cards = (await list({ cookie })).json().data as Array<{ is_locked: boolean; price: unknown; match_percentage: unknown }>
    expect(cards.some((c) => c.is_locked && c.price === null)).toBe(true)
    expect(cards.every((c) => c.match_percentage === null)).toBe(true)
  })
})
