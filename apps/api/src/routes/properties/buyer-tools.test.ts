import { KEYWORDS_MAX_LENGTH } from '@agency/domain'
import { priceHistory, properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'
import { logInTestBuyer } from '#app/routes/contacts/test-support.ts'

const DAY_MS = 86_400_000
const INVALID = 'The given data was invalid.'
/** Far from every fixture town, so a search around it finds only the properties added here. */
const WHITBY = { lat: 54.486, lng: -0.615 }

interface Added {
  heading: string
  summary: string
  description: string
  features: string[]
  ageDays: number
  /** The prices it has had, oldest first, each a day apart and the last one a day ago; the last is its price. */
  prices: number[]
  locked?: boolean
}

/** Sales properties beside the fixture's (whose sales have no price history and were all added long ago). */
const ADDED = {
  seaView: {
    heading: 'Lighthouse with sea views',
    summary: 'A stone lighthouse above the harbour.',
    description: 'Two bedrooms and a garden.',
    features: ['Double garage'],
    ageDays: 2,
    prices: [320_000, 300_000],
  },
  retirement: {
    heading: 'Retirement lighthouse',
    summary: 'A lighthouse in a retirement village.',
    description: 'Warden on site.',
    features: [],
    ageDays: 5,
    prices: [250_000],
  },
  locked: {
    heading: 'Secret lighthouse with a sea view',
    summary: 'A detached lighthouse with a garage.',
    description: 'Coming soon.',
    features: [],
    ageDays: 10,
    prices: [500_000, 450_000],
    locked: true,
  },
  raised: {
    heading: 'Flat with a garage',
    summary: 'A modern flat.',
    description: 'Lift and porter.',
    features: [],
    ageDays: 20,
    prices: [200_000, 210_000],
  },
  barn: {
    heading: 'Barn conversion',
    summary: 'A barn in open country.',
    description: 'Exposed beams.',
    features: ['Paddock'],
    ageDays: 30,
    prices: [400_000, 300_000],
  },
} satisfies Record<string, Added>
type Name = keyof typeof ADDED

interface Card {
  property_profile_id: number
  is_locked: boolean
  reduced_at?: string | null
}

describe.each(testDatabaseKinds())('keywords, new and reduced on %s', (kind) => {
  let api: TestApi
  let cookie: string
  const ids = {} as Record<Name, number>
  const reducedAt = {} as Record<Name, string>
  const name = (id: number) => (Object.keys(ids) as Name[]).find((key) => ids[key] === id) ?? 'fixture'

  beforeAll(async () => {
    api = await createTestApi(kind)
    const now = Date.now()
    for (const [key, added] of Object.entries(ADDED) as Array<[Name, Added]>) {
      const [row] = await api.database.db
        .insert(properties)
        .values({
          transaction_type_id: 1,
          property_type_id: 1,
          slug: added.heading.toLowerCase().replace(/[^a-z]+/g, '-'),
          advert_heading: added.heading,
          summary: added.summary,
          description: added.description,
          features: added.features,
          bedroom: 2,
          bathroom: 1,
          reception: 1,
          price: added.prices.at(-1)!,
          price_qualifier: 'Guide price',
          is_locked: added.locked ?? false,
          address_line_1: '1 Church Street',
          town: 'Whitby',
          postcode: 'YO22 4AA',
          display_address: 'Church Street, Whitby',
          lat: WHITBY.lat,
          lng: WHITBY.lng,
          created_at: new Date(now - added.ageDays * DAY_MS - 60_000),
        })
        .returning({ id: properties.property_profile_id })
      ids[key] = row!.id
      const changes = added.prices.map((price, i) => ({
        property_profile_id: row!.id,
        price,
        changed_at: new Date(now - (added.prices.length - i) * DAY_MS),
      }))
      await api.database.db.insert(priceHistory).values(changes)
      reducedAt[key] = changes.at(-1)!.changed_at.toISOString()
    }
    cookie = await logInTestBuyer(api)
  })
  afterAll(() => api?.close())

  async function search(query: Record<string, string>, headers: Record<string, string> = {}) {
    const params = new URLSearchParams({ transaction_type_id: '1', include_unavailable: 'true', page_size: '100', ...query })
    const response = await api.app.inject({ method: 'GET', url: `/api/properties?${params}`, headers })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<{ data: Card[]; total: number }>()
    if (!query.page_size) expect(body.total).toBe(body.data.length)
    return body.data
  }
  const total = async (query: Record<string, string>) => {
    const response = await api.app.inject({ method: 'GET', url: `/api/properties?${new URLSearchParams({ transaction_type_id: '1', include_unavailable: 'true', ...query })}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ total: number }>().total
  }
  const names = async (query: Record<string, string>, headers: Record<string, string> = {}) =>
    (await search(query, headers)).map((card) => name(card.property_profile_id))
  const asBuyer = () => ({ cookie })

  describe('keywords', () => {
    it('finds a word in the heading, summary, description or features, by its English stem', async () => {
      expect((await names({ keywords: 'garages' })).sort()).toEqual(['raised', 'seaView'])
      expect(await names({ keywords: 'beams' })).toEqual(['barn'])
      expect(await names({ keywords: 'paddock' })).toEqual(['barn'])
      expect(await names({ keywords: 'harbour' })).toEqual(['seaView'])
    })

    it('matches a quoted phrase and leaves out a word after a minus', async () => {
      expect(await names({ keywords: '"sea view"' })).toEqual(['seaView'])
      expect(await names({ keywords: '"view sea"' })).toEqual([])
      expect((await names({ keywords: 'lighthouse' })).sort()).toEqual(['retirement', 'seaView'])
      expect(await names({ keywords: 'lighthouse -retirement' })).toEqual(['seaView'])
    })

    it('searches a locked property by its real words only for a caller who may see it', async () => {
      expect(await names({ keywords: '"sea view"' }, asBuyer())).toEqual(['seaView', 'locked'])
      expect((await names({ keywords: 'lighthouse -retirement' }, asBuyer())).sort()).toEqual(['locked', 'seaView'])
      expect(await names({ keywords: 'secret' })).toEqual([])
      expect(await names({ keywords: 'secret' }, asBuyer())).toEqual(['locked'])
    })

    it("matches a locked property for a visitor by its locked card's heading and town", async () => {
      const visitor = await search({ keywords: 'pre-market whitby' })
      expect(visitor.map((card) => [name(card.property_profile_id), card.is_locked])).toEqual([['locked', true]])
      expect(await names({ keywords: 'pre-market whitby' }, asBuyer())).toEqual([])
    })

    it('combines with a location and another filter', async () => {
      const near = `${WHITBY.lat},${WHITBY.lng},1`
      expect((await names({ keywords: 'garage', locations: near })).sort()).toEqual(['raised', 'seaView'])
      expect(await names({ keywords: 'garage', locations: near, min_price: '250000' })).toEqual(['seaView'])
      expect((await names({ keywords: 'garage', locations: near, min_price: '250000' }, asBuyer())).sort()).toEqual(['locked', 'seaView'])
      // Far from Whitby the same words find nothing.
      expect(await names({ keywords: 'garage', locations: '53.8,-1.55,5' })).toEqual([])
    })

    it('ignores blanks around the words, and finds every property for no words', async () => {
      expect(await names({ keywords: '  harbour  ' })).toEqual(['seaView'])
      const all = await total({})
      expect(all).toBeGreaterThan(5)
      expect(await total({ keywords: '' })).toBe(all)
      // Punctuation alone makes no search term: nothing is filtered.
      expect(await total({ keywords: '"' })).toBe(all)
      expect(await total({ keywords: ' - ' })).toBe(all)
    })

    it.each([
      ['a control character', 'garage\u0001', 'This field must not contain control characters.'],
      ['a line break', 'sea\nview', 'This field must not contain control characters.'],
      ['too long a text', 'a'.repeat(KEYWORDS_MAX_LENGTH + 1), `Too big: expected string to have <=${KEYWORDS_MAX_LENGTH} characters`],
    ])('refuses %s with 400', async (_label, keywords, message) => {
      const response = await api.app.inject({ method: 'GET', url: `/api/properties?${new URLSearchParams({ keywords })}` })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: INVALID, errors: { keywords: [message] } })
    })
  })

  describe('added to site', () => {
    it.each([
      ['1', []],
      ['3', ['seaView']],
      ['7', ['seaView', 'retirement']],
      ['14', ['seaView', 'retirement', 'locked']],
    ])('added_within_days=%s finds the properties added since, newest first, locked ones too', async (days, expected) => {
      expect(await names({ added_within_days: days })).toEqual(expected)
      expect(await names({ added_within_days: days }, asBuyer())).toEqual(expected)
    })

    it('combines with keywords', async () => {
      expect(await names({ added_within_days: '7', keywords: 'lighthouse -retirement' })).toEqual(['seaView'])
    })

    it.each(['2', '0', 'week', '-1'])('refuses added_within_days=%s with 400', async (days) => {
      const response = await api.app.inject({ method: 'GET', url: `/api/properties?added_within_days=${days}` })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: INVALID, errors: { added_within_days: ['Invalid option: expected one of 1|3|7|14'] } })
    })
  })

  describe('reduced', () => {
    it('finds the properties whose last price change was a reduction, never a locked one for a visitor', async () => {
      expect((await names({ reduced: 'true' })).sort()).toEqual(['barn', 'seaView'])
      expect((await names({ reduced: 'true' }, asBuyer())).sort()).toEqual(['barn', 'locked', 'seaView'])
      expect(await names({ reduced: 'true', keywords: 'lighthouse' })).toEqual(['seaView'])
      expect(await names({ reduced: 'true', added_within_days: '14' }, asBuyer())).toEqual(['seaView', 'locked'])
    })

    it('dates the reduction on the card, and on no other', async () => {
      const cards = await search({ locations: `${WHITBY.lat},${WHITBY.lng},1` })
      const byName = Object.fromEntries(cards.map((card) => [name(card.property_profile_id), card]))
      expect(byName.seaView!.reduced_at).toBe(reducedAt.seaView)
      expect(byName.barn!.reduced_at).toBe(reducedAt.barn)
      expect(byName.raised!.reduced_at).toBeNull()
      expect(byName.retirement!.reduced_at).toBeNull()
      expect(byName.locked).not.toHaveProperty('reduced_at')
      const buyer = await search({ locations: `${WHITBY.lat},${WHITBY.lng},1` }, asBuyer())
      expect(buyer.find((card) => card.property_profile_id === ids.locked)!.reduced_at).toBe(reducedAt.locked)
    })

    it('sorts the largest reduction first (as a share of the price before), then the rest newest first', async () => {
      const near = `${WHITBY.lat},${WHITBY.lng},1`
      // Barn 25%, locked 10%, sea view 6.25%.
      expect(await names({ sort: 'most_reduced', locations: near })).toEqual(['barn', 'seaView', 'retirement', 'locked', 'raised'])
      expect(await names({ sort: 'most_reduced', locations: near }, asBuyer())).toEqual(['barn', 'locked', 'seaView', 'retirement', 'raised'])
      const first = await names({ sort: 'most_reduced', page_size: '3' })
      expect(first).toEqual(['barn', 'seaView', 'retirement'])
      expect(await total({ sort: 'most_reduced' })).toBe(await total({}))
    })
  })
})
