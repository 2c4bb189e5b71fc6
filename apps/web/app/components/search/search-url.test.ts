import { toEmptySearchQuery } from '@agency/domain'
import type { PropertySearchQuery } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { isSameQuery, readPageRequest, toFiltersViewUrl, toSearchUrl, toSearchUrlParams } from '#app/components/search/search-url.ts'

const manchester = { lat: 53.48095, lng: -2.23743, radius: 3 }
const leeds = { lat: 53.79648, lng: -1.54785, radius: 3 }

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
    expect(toSearchUrl('sales', toEmptySearchQuery('sales'))).toBe('/sales/property-for-sale')
  })
})

describe('readPageRequest', () => {
  it("separates the page's own parameters from the API's", () => {
    const request = readPageRequest(
      new URLSearchParams(
        'locations=53.48095,-2.23743,3&location_names=%20Greater%20%20Manchester%20&keyword=%20leeds%20&radius=5&search_type=lettings&remove_location=0&filters=open&alert=on&min_bedroom=2',
      ),
    )
    expect(request.apiParams.toString()).toBe('locations=53.48095%2C-2.23743%2C3&min_bedroom=2')
    expect(request).toMatchObject({
      locationNames: ['Greater Manchester'],
      keyword: 'leeds',
      radius: 5,
      searchType: 'lettings',
      removeLocation: 0,
      filtersOpen: true,
      alertOn: true,
    })
    expect(readPageRequest(new URLSearchParams('alert=yes')).alertOn).toBe(false)
  })

  it('opens the Filters panel for filters=open only', () => {
    expect(readPageRequest(new URLSearchParams('min_bedroom=2')).filtersOpen).toBe(false)
    expect(readPageRequest(new URLSearchParams('filters=1')).filtersOpen).toBe(false)
    expect(readPageRequest(new URLSearchParams('filters=1')).apiParams.toString()).toBe('')
  })

  it('ignores a radius that is not an option, an unknown search type and a malformed index', () => {
    const request = readPageRequest(new URLSearchParams('radius=2&search_type=rent&remove_location=-1'))
    expect(request).toMatchObject({ radius: null, searchType: null, removeLocation: null, keyword: '' })
  })

  it('cuts a keyword at 256 characters (SPEC §5)', () => {
    expect(readPageRequest(new URLSearchParams({ keyword: 'a'.repeat(300) })).keyword).toHaveLength(256)
  })
})

describe('toFiltersViewUrl', () => {
  it('is the same search with the Filters panel open', () => {
    expect(toFiltersViewUrl('/sales/property-for-sale', '')).toBe('/sales/property-for-sale?filters=open')
    expect(toFiltersViewUrl('/lettings/property-to-rent', '?min_bedroom=2&must_haves=garden')).toBe(
      '/lettings/property-to-rent?min_bedroom=2&must_haves=garden&filters=open',
    )
    expect(toFiltersViewUrl('/sales/property-for-sale', '?filters=open')).toBe('/sales/property-for-sale?filters=open')
  })
})

describe('isSameQuery', () => {
  it('compares parameters whatever their order, but not their values', () => {
    expect(isSameQuery(new URLSearchParams('a=1&b=2&a=3'), new URLSearchParams('b=2&a=1&a=3'))).toBe(true)
    expect(isSameQuery(new URLSearchParams('a=1&b=2'), new URLSearchParams('a=1&b=2&c='))).toBe(false)
    expect(isSameQuery(new URLSearchParams('a=1&a=3'), new URLSearchParams('a=3&a=1'))).toBe(false)
  })
})
