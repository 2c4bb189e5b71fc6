import { PropertySearchQuerySchema } from '@agency/domain'
import type { PropertySearchQuery } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import {
  isSameQuery,
  readPageRequest,
  toEmptyQuery,
  toMergedTypeSelection,
  toSearchUrl,
  toSearchUrlParams,
  toSelectionOutsideFeatured,
  toSwitchedQuery,
} from '#app/components/search/search-url.ts'

const manchester = { lat: 53.48095, lng: -2.23743, radius: 3 }
const leeds = { lat: 53.79648, lng: -1.54785, radius: 3 }

describe('toEmptyQuery', () => {
  it('is what the API query schema makes of an empty URL', () => {
    expect(toEmptyQuery('sales')).toEqual(PropertySearchQuerySchema.parse({}))
    expect(toEmptyQuery('lettings')).toEqual(PropertySearchQuerySchema.parse({ transaction_type_id: '2' }))
  })
})

describe('toSearchUrl', () => {
  it('writes the location names right after the locations, in the same order', () => {
    const query: Partial<PropertySearchQuery> = { locations: [manchester, leeds], min_bedroom: 2, sort: 'price_asc' }
    expect(toSearchUrl('sales', query, ['Manchester', 'Leeds'])).toBe(
      '/sales/property-for-sale?locations=53.48095%2C-2.23743%2C3&locations=53.79648%2C-1.54785%2C3' +
        '&location_names=Manchester&location_names=Leeds&min_bedroom=2&sort=price_asc',
    )
  })

  it('leaves the names out when none is known, and keeps an empty one to stay aligned', () => {
    expect(toSearchUrl('lettings', { locations: [manchester] }, [])).toBe('/lettings/property-to-rent?locations=53.48095%2C-2.23743%2C3')
    expect(toSearchUrlParams({ locations: [manchester, leeds] }, ['', 'Leeds']).getAll('location_names')).toEqual(['', 'Leeds'])
  })

  it('writes names after the locations even when nothing follows them', () => {
    expect(toSearchUrlParams({ locations: [manchester] }, ['Manchester']).toString()).toBe(
      'locations=53.48095%2C-2.23743%2C3&location_names=Manchester',
    )
  })

  it('is the plain list path for a search without criteria', () => {
    expect(toSearchUrl('sales', toEmptyQuery('sales'))).toBe('/sales/property-for-sale')
  })
})

describe('readPageRequest', () => {
  it("separates the page's own parameters from the API's", () => {
    const request = readPageRequest(
      new URLSearchParams(
        'locations=53.48095,-2.23743,3&location_names=%20Greater%20%20Manchester%20&keyword=%20leeds%20&radius=5&search_type=lettings&remove_location=0&min_bedroom=2',
      ),
    )
    expect(request.apiParams.toString()).toBe('locations=53.48095%2C-2.23743%2C3&min_bedroom=2')
    expect(request).toMatchObject({
      locationNames: ['Greater Manchester'],
      keyword: 'leeds',
      radius: 5,
      searchType: 'lettings',
      removeLocation: 0,
    })
  })

  it('ignores a radius that is not an option, an unknown search type and a malformed index', () => {
    const request = readPageRequest(new URLSearchParams('radius=2&search_type=rent&remove_location=-1'))
    expect(request).toMatchObject({ radius: null, searchType: null, removeLocation: null, keyword: '' })
  })

  it('cuts a keyword at 256 characters (SPEC §5)', () => {
    expect(readPageRequest(new URLSearchParams({ keyword: 'a'.repeat(300) })).keyword).toHaveLength(256)
  })
})

describe('isSameQuery', () => {
  it('compares parameters whatever their order, but not their values', () => {
    expect(isSameQuery(new URLSearchParams('a=1&b=2&a=3'), new URLSearchParams('b=2&a=1&a=3'))).toBe(true)
    expect(isSameQuery(new URLSearchParams('a=1&b=2'), new URLSearchParams('a=1&b=2&c='))).toBe(false)
    expect(isSameQuery(new URLSearchParams('a=1&a=3'), new URLSearchParams('a=3&a=1'))).toBe(false)
  })
})

describe('toSwitchedQuery (SPEC §2 For Sale / For Rent)', () => {
  const base = toEmptyQuery('sales')

  it('going to lettings drops the sales-only filters and the prices, and keeps the rest', () => {
    const sales: PropertySearchQuery = {
      ...base,
      locations: [manchester],
      min_price: 200_000,
      max_price: 400_000,
      min_bedroom: 2,
      new_homes: 'exclude',
      shared_ownership: 'show_only',
      retirement_homes: 'exclude',
      must_haves: ['garden'],
      include_unavailable: true,
      property_types: [{ property_type_id: 3, property_style_ids: [] }],
      sort: 'price_asc',
      page: 4,
    }
    expect(toSwitchedQuery(sales, 'sales')).toEqual({
      ...sales,
      min_price: 0,
      max_price: 0,
      new_homes: 'include',
      shared_ownership: 'include',
      page: 1,
    })
  })

  it('going to sales drops the lettings-only filters, furnishing among them', () => {
    const lettings: PropertySearchQuery = {
      ...toEmptyQuery('lettings'),
      max_price: 1_500,
      short_let: 'exclude',
      house_flat_share: 'exclude',
      pets_allowed: 'show_only',
      bills_included: 'show_only',
      furnishing: 'furnished',
      retirement_homes: 'show_only',
    }
    expect(toSwitchedQuery(lettings, 'lettings')).toEqual({ ...toEmptyQuery('lettings'), retirement_homes: 'show_only' })
  })
})

describe('toMergedTypeSelection', () => {
  it('unites the styles of one type and lets a whole type win, in first-seen order', () => {
    expect(
      toMergedTypeSelection([
        { property_type_id: 1, property_style_ids: [1, 7] },
        { property_type_id: 3, property_style_ids: [14] },
        { property_type_id: 1, property_style_ids: [2] },
        { property_type_id: 3, property_style_ids: [] },
        { property_type_id: 1, property_style_ids: [7, 6] },
      ]),
    ).toEqual([
      { property_type_id: 1, property_style_ids: [1, 2, 6, 7] },
      { property_type_id: 3, property_style_ids: [] },
    ])
  })
})

describe('toSelectionOutsideFeatured', () => {
  it('keeps only what no chosen featured box stands for', () => {
    // Detached (1, 7) and Flats (9–13) are chosen boxes; Cottage (6) and Lodge (19) are not boxes of their own.
    expect(
      toSelectionOutsideFeatured([
        { property_type_id: 1, property_style_ids: [1, 6, 7] },
        { property_type_id: 2, property_style_ids: [9, 10, 11, 12, 13] },
        { property_type_id: 4, property_style_ids: [19] },
      ]),
    ).toEqual([
      { property_type_id: 1, property_style_ids: [6] },
      { property_type_id: 4, property_style_ids: [19] },
    ])
  })

  it('leaves nothing of a whole type whose type-only box is chosen, and keeps a part of one', () => {
    expect(toSelectionOutsideFeatured([{ property_type_id: 3, property_style_ids: [] }])).toEqual([])
    expect(toSelectionOutsideFeatured([{ property_type_id: 3, property_style_ids: [14] }])).toEqual([
      { property_type_id: 3, property_style_ids: [14] },
    ])
  })
})
