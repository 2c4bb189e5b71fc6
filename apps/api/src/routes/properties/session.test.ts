import { LOCATION_MARGIN, LOCATION_MARGIN_MIN_MILES, distanceMiles, isResidentialPropertyType, toPriceLabel } from '@agency/domain'
import { epcs, floorPlans, properties, propertyMedias } from '@agency/db'
import { asc, eq } from 'drizzle-orm'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'
import { TEST_CRITERIA, logInTestBuyer } from '#app/routes/contacts/test-support.ts'

describe.each(testDatabaseKinds())('the catalogue for a logged-in buyer on %s', (kind) => {
  let api: TestApi
  let cookie: string

  beforeAll(async () => {
    api = await createTestApi(kind)
    cookie = await logInTestBuyer(api)
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

  it('shows the buyer locked properties in full, with a match percentage on every card near the alert and none beyond', async () => {
    const all = await api.database.db.select().from(properties)
    const lockedIds = new Set(all.filter((p) => p.is_locked && p.transaction_type_id === 1).map((p) => p.property_profile_id))
    const response = await list({ cookie })
    expect(response.statusCode).toBe(200)
    const cards = response.json().data as Array<{
      property_profile_id: number
      is_locked: boolean
      price: { numberPrice: number } | null
      bedroom: number | null
      match_percentage: number | null
      match_reasons?: Array<{ label: string; matched: boolean }>
    }>
    const unlocked = cards.filter((c) => lockedIds.has(c.property_profile_id))
    expect(unlocked.length).toBeGreaterThan(0)
    const byId = new Map(all.map((p) => [p.property_profile_id, p]))
    for (const card of unlocked) {
      expect(card.is_locked).toBe(false)
      expect(card.price?.numberPrice).toBeGreaterThan(0)
      // Its rooms, as any card shows them: a home's count, none for an office or land.
      const row = byId.get(card.property_profile_id)!
      expect(card.bedroom).toBe(isResidentialPropertyType(row.property_type_id) ? row.bedroom : null)
    }
    const leeds = TEST_CRITERIA.locations[0]!
    let beyond = 0
    for (const card of cards) {
      const row = byId.get(card.property_profile_id)!
      // Beyond the alert's radius and its margin, a property is no match: no percentage, no badge.
      if (distanceMiles(leeds, row) > leeds.distance + Math.max(leeds.distance * LOCATION_MARGIN, LOCATION_MARGIN_MIN_MILES)) {
        expect(card.match_percentage).toBeNull()
        expect(card.match_reasons).toBeUndefined()
        beyond++
        continue
      }
      expect(card.match_percentage).toBeGreaterThanOrEqual(0)
      expect(card.match_percentage).toBeLessThanOrEqual(100)
      const perfect =
        distanceMiles(leeds, row) <= leeds.distance && row.price >= 200_000 && row.price <= 400_000 && row.bedroom >= 2
      if (perfect) {
        expect(card.match_percentage).toBe(100)
        expect(card.match_reasons!.every((r) => r.matched)).toBe(true)
      } else {
        expect(card.match_percentage).toBeLessThan(100)
        expect(card.match_reasons!.some((r) => !r.matched)).toBe(true)
      }
    }
    expect(beyond).toBeGreaterThan(0)
    expect(cards.some((c) => c.match_percentage === 100)).toBe(true)
  })

  it("shows the buyer a locked property's detail in full, with its media, for the buyer's eyes only", async () => {
    const { db } = api.database
    const lockedRows = await db.select().from(properties).where(eq(properties.is_locked, true)).orderBy(asc(properties.property_profile_id))
    const mediaRows = await db.select().from(propertyMedias).orderBy(asc(propertyMedias.position), asc(propertyMedias.property_profile_media_id))
    const planRows = await db.select().from(floorPlans).orderBy(asc(floorPlans.position))
    const epcRows = await db.select().from(epcs)
    const row = lockedRows.find(
      (p) =>
        p.transaction_type_id === 1 &&
        mediaRows.some((m) => m.property_profile_id === p.property_profile_id && m.kind === 'photo') &&
        planRows.some((f) => f.property_profile_id === p.property_profile_id) &&
        epcRows.some((e) => e.property_profile_id === p.property_profile_id),
    )!
    const own = mediaRows.filter((m) => m.property_profile_id === row.property_profile_id)
    const plans = planRows.filter((f) => f.property_profile_id === row.property_profile_id)
    const [certificate] = epcRows.filter((e) => e.property_profile_id === row.property_profile_id)
    const url = (key: string, variant: string) => `${PUBLIC_URL}/api/media/${key}/${variant}`

    const response = await api.app.inject({ method: 'GET', url: `/api/properties/${row.property_profile_id}`, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    // An answer that depends on the session is never kept by a shared cache.
    expect(response.headers['cache-control']).toBe('private, no-cache')
    const detail = response.json().data
    expect(detail).toMatchObject({
      property_profile_id: row.property_profile_id,
      is_locked: false,
      advert_heading: row.advert_heading,
      summary: row.summary,
      description: row.description,
      bedroom: isResidentialPropertyType(row.property_type_id) ? row.bedroom : null,
      price: { numberPrice: row.price, price: toPriceLabel(row.price, 'sales') },
      postcode: row.postcode,
      // The address of a pre-market property is the same for everyone and names nothing the locked card hides.
      detail_page_url: `/property/${row.property_profile_id}/pre-market-property-for-sale-${row.town.toLowerCase()}`,
      image: url(own.find((m) => m.kind === 'photo')!.media_key, 'card'),
      medias: own.map((m) => expect.objectContaining({ property_profile_media_id: m.media_key, background: url(m.media_key, 'medium') })),
      floor_plans: plans.map((f) => ({ image: url(f.media_key, 'full') })),
      epcs: [expect.objectContaining({ image: url(certificate!.media_key, 'medium') })],
      material_information: expect.objectContaining({ epc_rating: row.epc_rating }),
    })

    // Each picture the detail names opens for the buyer, privately, and is not found for a visitor.
    const pictures: string[] = [detail.image, ...detail.medias.map((m: { background: string }) => m.background), ...detail.floor_plans.map((f: { image: string }) => f.image), ...detail.epcs.map((e: { image: string; fileURL: string }) => e.fileURL)]
    for (const picture of pictures) {
      const path = picture.slice(PUBLIC_URL.length)
      const asBuyer = await api.app.inject({ method: 'GET', url: path, headers: { cookie } })
      expect(asBuyer.statusCode, path).toBe(200)
      expect(asBuyer.headers['cache-control'], path).toBe('private, max-age=31536000, immutable')
      expect((await api.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404)
    }
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
