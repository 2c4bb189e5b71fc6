import { APPLICANT_PROFILE, SAVED_COPY, SAVED_PROPERTIES_MAX } from '@agency/domain'
import { outbox, properties, savedProperties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'
import { SAME_ORIGIN, createTestClock, extractToken, insertTestContact, logIn, requestLink, toCookieHeader } from '#app/routes/contacts/test-support.ts'

const BASE = '/api/contacts/me/saved_properties'

interface SavedAnswer {
  property_profile_id: number
  saved_at: string
  saved_price: number | null
  on_market: boolean
  property: { property_profile_id: number; is_locked: boolean; price: { numberPrice: number } | null } | null
}

describe.each(testDatabaseKinds())('saved properties on %s', (kind) => {
  let api: TestApi
  let buyer: { cookie: string; contactId: number }
  let vendor: { cookie: string; contactId: number }
  /** Unlocked sales properties on the market, and a locked one. */
  let open: { id: number; price: number }[]
  let locked: { id: number; price: number }

  async function loginAs(email: string, profileId: number) {
    const contact = await insertTestContact({ ...api, clock: createTestClock() }, { email, profile_id: profileId })
    expect((await requestLink(api.app, email)).statusCode).toBe(202)
    const mails = await api.database.db.select().from(outbox).orderBy(asc(outbox.id))
    const login = await logIn(api.app, extractToken(mails.at(-1)!.text))
    expect(login.statusCode).toBe(200)
    return { cookie: toCookieHeader(login.headers['set-cookie']), contactId: contact.contact_id }
  }

  beforeAll(async () => {
    api = await createTestApi(kind)
    const rows = await api.database.db
      .select({ id: properties.property_profile_id, price: properties.price, is_locked: properties.is_locked })
      .from(properties)
      .where(eq(properties.availability, 'available'))
      .orderBy(asc(properties.property_profile_id))
    open = rows.filter((row) => !row.is_locked).slice(0, 4)
    locked = rows.find((row) => row.is_locked)!
    buyer = await loginAs('buyer@example.com', APPLICANT_PROFILE.BUYER)
    vendor = await loginAs('vendor@example.com', APPLICANT_PROFILE.VENDOR)
  })
  afterAll(() => api?.close())

  const put = (id: number | string, who?: { cookie: string }, payload?: Record<string, unknown>, headers = SAME_ORIGIN) =>
    api.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) })
  const remove = (id: number | string, who?: { cookie: string }) =>
    api.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: { ...SAME_ORIGIN, ...(who ? { cookie: who.cookie } : {}) } })
  const list = async (who: { cookie: string }) => {
    const response = await api.app.inject({ method: 'GET', url: BASE, headers: { cookie: who.cookie } })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: SavedAnswer[] }>().data
  }
  const rowsOf = (who: { contactId: number }) =>
    api.database.db.select().from(savedProperties).where(eq(savedProperties.contact_id, who.contactId))

  it('answers 401 to a visitor, and writes nothing', async () => {
    const answers = [await api.app.inject({ method: 'GET', url: BASE }), await put(open[0]!.id), await remove(open[0]!.id)]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toEqual({ message: 'Please log in to continue.' })
    }
    expect(await api.database.db.select().from(savedProperties)).toEqual([])
  })

  it('saves a property once, with the price the contact saw, and lists it as it is now', async () => {
    const first = open[0]!
    const r = await put(first.id, buyer)
    expect(r.statusCode, r.body).toBe(204)
    expect((await put(first.id, buyer)).statusCode).toBe(204)
    expect(await rowsOf(buyer)).toHaveLength(1)
    const [saved] = await list(buyer)
    expect(saved).toMatchObject({ property_profile_id: first.id, saved_price: first.price, on_market: true })
    expect(saved!.property).toMatchObject({ property_profile_id: first.id, is_locked: false, price: { numberPrice: first.price } })
    // Another contact's list is their own.
    expect(await list(vendor)).toEqual([])
  })

  it('keeps the price sent from the browser (saved before login), so a change since shows', async () => {
    const second = open[1]!
    expect((await put(second.id, buyer, { saved_price: second.price + 25_000 })).statusCode).toBe(204)
    const saved = (await list(buyer)).find((s) => s.property_profile_id === second.id)
    expect(saved?.saved_price).toBe(second.price + 25_000)
    expect(saved?.property?.price?.numberPrice).toBe(second.price)
  })

  it('lists the latest saved first, in full and as ids', async () => {
    expect((await list(buyer)).map((s) => s.property_profile_id)).toEqual([open[1]!.id, open[0]!.id])
    const ids = await api.app.inject({ method: 'GET', url: `${BASE}/ids`, headers: { cookie: buyer.cookie } })
    expect(ids.json()).toEqual({ data: [open[1]!.id, open[0]!.id] })
    expect((await api.app.inject({ method: 'GET', url: `${BASE}/ids` })).statusCode).toBe(401)
  })

  it('tells a property no longer on the market, without its card, and will not save one', async () => {
    const third = open[2]!
    expect((await put(third.id, buyer)).statusCode).toBe(204)
    await api.database.db.update(properties).set({ availability: 'withdrawn' }).where(eq(properties.property_profile_id, third.id))
    try {
      const saved = (await list(buyer)).find((s) => s.property_profile_id === third.id)
      expect(saved).toMatchObject({ on_market: false, property: null })
      const again = await put(third.id, vendor)
      expect(again.statusCode).toBe(404)
      expect(again.json()).toEqual({ message: 'Property not found' })
      expect(await rowsOf(vendor)).toEqual([])
    } finally {
      await api.database.db.update(properties).set({ availability: 'available' }).where(eq(properties.property_profile_id, third.id))
      await remove(third.id, buyer)
    }
  })

  it('saves a locked property without its price for a contact who may not see it, and shows it locked', async () => {
    expect((await put(locked.id, vendor)).statusCode).toBe(204)
    const [saved] = await list(vendor)
    expect(saved).toMatchObject({ property_profile_id: locked.id, saved_price: null, on_market: true })
    expect(saved!.property).toMatchObject({ is_locked: true, price: null })
    // A buyer may see it: its price is kept and shown.
    expect((await put(locked.id, buyer)).statusCode).toBe(204)
    const forBuyer = (await list(buyer)).find((s) => s.property_profile_id === locked.id)
    expect(forBuyer).toMatchObject({ saved_price: locked.price, property: { is_locked: false, price: { numberPrice: locked.price } } })
    await remove(locked.id, vendor)
    await remove(locked.id, buyer)
  })

  it('removes a property, and removing it again changes nothing', async () => {
    const first = open[0]!
    expect((await remove(first.id, buyer)).statusCode).toBe(204)
    expect((await remove(first.id, buyer)).statusCode).toBe(204)
    expect((await rowsOf(buyer)).map((row) => row.property_profile_id)).toEqual([open[1]!.id])
  })

  it('refuses an unknown property, a malformed id or price, and a cross-site request, writing nothing', async () => {
    const before = await rowsOf(buyer)
    const unknown = await put(2_000_000, buyer)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Property not found' })
    expect((await put('abc', buyer)).statusCode).toBe(400)
    expect((await put(open[3]!.id, buyer, { saved_price: -1 })).statusCode).toBe(400)
    expect((await put(open[3]!.id, buyer, { saved_price: 1, extra: true })).statusCode).toBe(400)
    expect((await put(open[3]!.id, buyer, undefined, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect(await rowsOf(buyer)).toEqual(before)
  })

  it(`keeps at most ${SAVED_PROPERTIES_MAX}, with a clear message, and still accepts one already saved`, async () => {
    // Enough properties on the market to fill a shortlist: the fixture's, and plain ones added here.
    const onMarket = async () =>
      (
        await api.database.db
          .select({ id: properties.property_profile_id })
          .from(properties)
          .where(eq(properties.availability, 'available'))
          .orderBy(asc(properties.property_profile_id))
      ).map((row) => row.id)
    const missing = SAVED_PROPERTIES_MAX + 1 - (await onMarket()).length
    if (missing > 0) {
      await api.database.db.insert(properties).values(
        Array.from({ length: missing }, (_, i) => ({
          transaction_type_id: 1,
          property_type_id: 1,
          slug: `filler-${i}`,
          advert_heading: 'Terraced house',
          summary: 'A terraced house.',
          description: 'Two bedrooms.',
          bedroom: 2,
          bathroom: 1,
          reception: 1,
          price: 150_000 + i,
          price_qualifier: 'Guide price',
          address_line_1: `${i + 1} Mill Lane`,
          town: 'Whitby',
          postcode: 'YO22 4AA',
          display_address: 'Mill Lane, Whitby',
          lat: 54.486,
          lng: -0.615,
        })),
      )
    }
    const ids = (await onMarket()).filter((id) => id !== open[3]!.id).slice(0, SAVED_PROPERTIES_MAX)
    await api.database.db.delete(savedProperties).where(eq(savedProperties.contact_id, vendor.contactId))
    await api.database.db.insert(savedProperties).values(ids.map((id) => ({ contact_id: vendor.contactId, property_profile_id: id })))
    const refused = await put(open[3]!.id, vendor)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({ message: SAVED_COPY.TOO_MANY, errors: { property_profile_id: [SAVED_COPY.TOO_MANY] } })
    expect(await rowsOf(vendor)).toHaveLength(SAVED_PROPERTIES_MAX)
    expect((await put(ids[0]!, vendor)).statusCode).toBe(204)
  })

  describe('GET /api/properties/cards', () => {
    const cards = (query: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url: `/api/properties/cards?${query}`, headers })

    it('answers the cards in the order asked, each once, leaving out those no longer on the market', async () => {
      const [a, b, c] = open
      await api.database.db.update(properties).set({ availability: 'withdrawn' }).where(eq(properties.property_profile_id, c!.id))
      try {
        const response = await cards(`ids=${b!.id},${a!.id},${c!.id},${b!.id},2000000`)
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json<{ data: { property_profile_id: number }[] }>().data.map((card) => card.property_profile_id)).toEqual([b!.id, a!.id])
      } finally {
        await api.database.db.update(properties).set({ availability: 'available' }).where(eq(properties.property_profile_id, c!.id))
      }
    })

    it('shows a locked property to a visitor as locked, without its price', async () => {
      const response = await cards(`ids=${locked.id}`)
      expect(response.json<{ data: unknown[] }>().data).toEqual([expect.objectContaining({ is_locked: true, price: null })])
      const forBuyer = await cards(`ids=${locked.id}`, { cookie: buyer.cookie })
      expect(forBuyer.json<{ data: unknown[] }>().data).toEqual([expect.objectContaining({ is_locked: false, price: expect.objectContaining({ numberPrice: locked.price }) })])
    })

    it('refuses malformed or too many ids', async () => {
      for (const query of ['', 'ids=', 'ids=1,,2', 'ids=a', 'ids=01', `ids=${Array.from({ length: SAVED_PROPERTIES_MAX + 1 }, (_, i) => i + 1).join(',')}`]) {
        expect((await cards(query)).statusCode, query).toBe(400)
      }
    })
  })
})
