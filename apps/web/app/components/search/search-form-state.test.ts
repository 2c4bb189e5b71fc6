import { MAX_LOCATIONS, toEmptySearchQuery } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { searchFormReducer, toFormUrl, toKeptParams, toSearchFormState } from '#app/components/search/search-form-state.ts'

const manchester = { name: 'Manchester', lat: 53.48095, lng: -2.23743 }
const leeds = { name: 'Leeds', lat: 53.79648, lng: -1.54785 }

const blank = () => toSearchFormState({ searchType: 'sales', query: toEmptySearchQuery('sales'), locationNames: [] })

describe('toSearchFormState', () => {
  it("pairs the URL's locations with their names and takes the first one's radius for the dropdown", () => {
    const state = toSearchFormState({
      searchType: 'lettings',
      query: { ...toEmptySearchQuery('lettings'), locations: [{ lat: 1, lng: 2, radius: 5 }, { lat: 3, lng: 4, radius: 1 }] },
      locationNames: ['Manchester'],
    })
    expect(state.locations).toEqual([
      { lat: 1, lng: 2, radius: 5, name: 'Manchester' },
      { lat: 3, lng: 4, radius: 1, name: '' },
    ])
    expect(state.radius).toBe(5)
  })

  it('starts the radius at SPEC §9 default 0.25 without a location', () => {
    expect(blank().radius).toBe(0.25)
  })

  it('keeps the radius asked for with a keyword that found no place, a radius of the dropdown only', () => {
    const criteria = { searchType: 'sales' as const, query: toEmptySearchQuery('sales'), locationNames: [] }
    expect(toSearchFormState(criteria, 'mnachestr', 3)).toMatchObject({ keyword: 'mnachestr', radius: 3 })
    expect(toSearchFormState(criteria, 'mnachestr', 0).radius).toBe(0)
    expect(toSearchFormState(criteria, 'mnachestr', 2).radius).toBe(0.25)
    expect(toSearchFormState(criteria, 'mnachestr', null).radius).toBe(0.25)
  })
})

describe('searchFormReducer', () => {
  it('adds a chosen place at the current radius and clears the keyword; the same place twice counts once', () => {
    let state = searchFormReducer(blank(), { type: 'radiusChanged', radius: 3 })
    state = searchFormReducer({ ...state, keyword: 'manc' }, { type: 'locationAdded', location: manchester })
    state = searchFormReducer({ ...state, keyword: 'manchester' }, { type: 'locationAdded', location: manchester })
    expect(state.locations).toEqual([{ ...manchester, radius: 3 }])
    expect(state.keyword).toBe('')
  })

  it('sets the radius of every chosen location when the dropdown changes', () => {
    let state = searchFormReducer(blank(), { type: 'locationAdded', location: manchester })
    state = searchFormReducer(state, { type: 'locationAdded', location: leeds })
    state = searchFormReducer(state, { type: 'radiusChanged', radius: 10 })
    expect(state.locations.map((l) => l.radius)).toEqual([10, 10])
  })

  it('removes one location, or all of them on reset (SPEC §4: an empty keyword)', () => {
    let state = searchFormReducer(blank(), { type: 'locationAdded', location: manchester })
    state = searchFormReducer(state, { type: 'locationAdded', location: leeds })
    expect(searchFormReducer(state, { type: 'locationRemoved', index: 0 }).locations.map((l) => l.name)).toEqual(['Leeds'])
    expect(searchFormReducer(state, { type: 'locationsReset' }).locations).toEqual([])
  })

  it('stops at the most locations the API takes', () => {
    let state = blank()
    for (let n = 0; n < MAX_LOCATIONS + 2; n++) {
      state = searchFormReducer(state, { type: 'locationAdded', location: { name: `Place ${n}`, lat: 50 + n / 10, lng: -1 } })
    }
    expect(state.locations).toHaveLength(MAX_LOCATIONS)
  })

  it('passes type actions to the domain reducer: Save keeps the working copy, Cancel drops it', () => {
    let state = searchFormReducer(blank(), { type: 'types', action: { type: 'featuredToggled', key: 'bungalow' } })
    state = searchFormReducer(state, { type: 'types', action: { type: 'popupOpened' } })
    state = searchFormReducer(state, { type: 'types', action: { type: 'styleToggled', propertyTypeId: 1, propertyStyleId: 6 } })
    expect(searchFormReducer(state, { type: 'types', action: { type: 'cancelled' } }).types.selection).toEqual([
      { property_type_id: 3, property_style_ids: [] },
    ])
    expect(searchFormReducer(state, { type: 'types', action: { type: 'saved' } }).types.selection).toEqual([
      { property_type_id: 3, property_style_ids: [] },
      { property_type_id: 1, property_style_ids: [6] },
    ])
  })
})

describe('toFormUrl', () => {
  it('goes to page 1 of the canonical URL of the state, keeping the sort', () => {
    let state = toSearchFormState({ searchType: 'sales', query: { ...toEmptySearchQuery('sales'), sort: 'price_desc', page: 3 }, locationNames: [] })
    state = searchFormReducer(state, { type: 'locationAdded', location: manchester })
    state = searchFormReducer(state, { type: 'criteriaChanged', patch: { min_bedroom: 0, must_haves: ['parking'] } })
    expect(toFormUrl(state)).toBe(
      '/sales/property-for-sale?locations=53.48095%2C-2.23743%2C0.25&location_names=Manchester&min_bedroom=0&must_haves=parking&sort=price_desc',
    )
  })

  it("keeps a place's bounds in the URL, whatever the radius, so radius 0 can search them", () => {
    const bounds = { south: 53.39, west: -2.32, north: 53.54, east: -2.15 }
    let state = searchFormReducer(blank(), { type: 'locationAdded', location: { ...manchester, bounds } })
    state = searchFormReducer(state, { type: 'radiusChanged', radius: 0 })
    expect(toFormUrl(state)).toBe(
      '/sales/property-for-sale?locations=53.48095%2C-2.23743%2C0%2C53.39%2C-2.32%2C53.54%2C-2.15&location_names=Manchester',
    )
  })

  it('sends a keyword typed but not chosen with its radius, for the server to look up', () => {
    let state = searchFormReducer(blank(), { type: 'keywordChanged', keyword: '  leeds ' })
    state = searchFormReducer(state, { type: 'radiusChanged', radius: 5 })
    expect(toFormUrl(state)).toBe('/sales/property-for-sale?keyword=leeds&radius=5')
  })
})

describe('toKeptParams', () => {
  const filtered = () =>
    toSearchFormState({
      searchType: 'sales',
      query: {
        ...toEmptySearchQuery('sales'),
        locations: [{ lat: 1, lng: 2, radius: 3 }],
        min_price: 100_000,
        min_bedroom: 2,
        min_bathroom: 2,
        must_haves: ['garden', 'parking'],
        property_types: [{ property_type_id: 3, property_style_ids: [] }],
        keywords: 'sea view',
        sort: 'price_asc',
        page: 3,
      },
      locationNames: ['Manchester'],
    })

  it('keeps only the sort and the page size where the Filters panel is on the page', () => {
    expect(toKeptParams(filtered(), true).toString()).toBe('sort=price_asc')
  })

  it("carries the panel's criteria where it is not, and leaves the bar's fields and the page to the form", () => {
    expect([...toKeptParams(filtered(), false)]).toEqual([
      ['min_bathroom', '2'],
      ['property_types', '3'],
      ['must_haves', 'garden'],
      ['must_haves', 'parking'],
      ['keywords', 'sea view'],
      ['sort', 'price_asc'],
    ])
    expect(toKeptParams(blank(), false).toString()).toBe('')
  })
})
