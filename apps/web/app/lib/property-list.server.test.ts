import type { SiteServices } from '@agency/api/site-services'
import { LIST_PATHS } from '@agency/domain'
import type { PropertySearchQuery, SearchResultPlace } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loadPropertyList } from '#app/lib/property-list.server.ts'
import { UNUSED_SERVICES } from './unused-services.test-support.ts'

const MANCHESTER: SearchResultPlace = { name: 'Manchester', description: 'Greater Manchester', place_id: 'gb:town:2643123' }
const CHESTER: SearchResultPlace = { name: 'Chester', description: 'Cheshire', place_id: 'gb:town:2653228' }

/** An API that knows Manchester and Chester by name, and offers both for the misspelt 'mnachestr'; the services record the searches run. */
function fakeContext() {
  const searched: PropertySearchQuery[] = []
  const services: SiteServices = {
    ...UNUSED_SERVICES,
    searchPlaces: (keyword: string) => Promise.resolve([MANCHESTER, CHESTER].filter((p) => p.name.toLowerCase() === keyword.toLowerCase())),
    findNearestSpellings: (keyword: string) => Promise.resolve(keyword === 'mnachestr' ? [MANCHESTER, CHESTER] : []),
    getPlace: () => Promise.resolve({ name: 'Manchester, Greater Manchester', bounds: null, lat: 53.48095, lng: -2.23743 }),
    searchPropertyCards: (query: PropertySearchQuery) => {
      searched.push(query)
      return Promise.resolve({ data: [], total: 0, page: 1, page_size: query.page_size })
    },
  }
  const context = { services, publicUrl: 'https://agency.example', mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' } }
  return { context: context as unknown as AppLoadContext, searched }
}

const sales = (query: string) => new Request(`https://agency.example${LIST_PATHS.sales}?${query}`)

async function load(request: Request, context: AppLoadContext) {
  const answer = await loadPropertyList(request, context, 'sales')
  if (answer.data.kind !== 'results') throw new Error(`expected results, got ${answer.data.kind}`)
  return answer.data
}

describe('a list page for a keyword that finds no place', () => {
  it('lists nothing, says no place matched it and offers the nearest spellings as searches with that place', async () => {
    const { context, searched } = fakeContext()
    const page = await load(sales('keyword=mnachestr&radius=3&min_bedroom=2'), context)

    // Not the national list as if the search had worked: no search is run at all.
    expect(searched).toEqual([])
    expect(page.results).toMatchObject({ data: [], total: 0 })
    // SPEC §8's message stays by the field (the keyword is kept there).
    expect(page.notFoundKeyword).toBe('mnachestr')
    expect(page.placeNotFound).toEqual({
      keyword: 'mnachestr',
      radius: 3,
      spellings: [
        { name: 'Manchester', description: 'Greater Manchester', url: `${LIST_PATHS.sales}?min_bedroom=2&keyword=Manchester&place=gb%3Atown%3A2643123&radius=3` },
        { name: 'Chester', description: 'Cheshire', url: `${LIST_PATHS.sales}?min_bedroom=2&keyword=Chester&place=gb%3Atown%3A2653228&radius=3` },
      ],
    })
  })

  it('runs the search around the place a nearest spelling names, keeping the rest of it', async () => {
    const { context } = fakeContext()
    const first = await load(sales('keyword=mnachestr&radius=3&min_bedroom=2'), context)
    const link = first.placeNotFound?.spellings[0]?.url ?? ''
    const redirected = await loadPropertyList(new Request(`https://agency.example${link}`), context, 'sales').then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(redirected).toBeInstanceOf(Response)
    const location = new URL((redirected as Response).headers.get('location') ?? '', 'https://agency.example')
    expect(location.pathname).toBe(LIST_PATHS.sales)
    expect(location.searchParams.getAll('locations')).toEqual(['53.48095,-2.23743,3'])
    expect(location.searchParams.getAll('location_names')).toEqual(['Manchester'])
    expect(location.searchParams.get('min_bedroom')).toBe('2')

    const { context: again, searched } = fakeContext()
    const results = await load(new Request(location), again)
    expect(results.placeNotFound).toBeNull()
    // The search runs, around the place chosen.
    expect(searched.map((query) => query.locations)).toEqual([[{ lat: 53.48095, lng: -2.23743, radius: 3 }]])
  })

  it('says so with no spelling to offer when none is near', async () => {
    const { context, searched } = fakeContext()
    const page = await load(sales('keyword=qzxqzxqzxw'), context)
    expect(searched).toEqual([])
    expect(page.placeNotFound).toEqual({ keyword: 'qzxqzxqzxw', radius: null, spellings: [] })
  })
})

describe('a list page for a place id sent without its name', () => {
  it('names the place as the place itself is, in the address it redirects to', async () => {
    const { context } = fakeContext()
    const redirected = await loadPropertyList(sales('place=gb%3Atown%3A2643123&radius=1'), context, 'sales').then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(redirected).toBeInstanceOf(Response)
    const location = new URL((redirected as Response).headers.get('location') ?? '', 'https://agency.example')
    expect(location.searchParams.getAll('locations')).toEqual(['53.48095,-2.23743,1'])
    expect(location.searchParams.getAll('location_names')).toEqual(['Manchester, Greater Manchester'])
  })
})
