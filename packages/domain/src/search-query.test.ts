import { describe, expect, it } from 'vitest'
import { PropertySearchQuerySchema } from './catalogue.schema.ts'
import type { PropertySearchQuery } from './catalogue.schema.ts'
import { toEmptySearchQuery, toSwitchedQuery } from './search-query.ts'

const manchester = { lat: 53.48095, lng: -2.23743, radius: 3 }

describe('toEmptySearchQuery', () => {
  it('is what the search query schema makes of an empty URL', () => {
    expect(toEmptySearchQuery('sales')).toEqual(PropertySearchQuerySchema.parse({}))
    expect(toEmptySearchQuery('lettings')).toEqual(PropertySearchQuerySchema.parse({ transaction_type_id: '2' }))
  })
})

describe('toSwitchedQuery (SPEC §2 For Sale / For Rent)', () => {
  const base = toEmptySearchQuery('sales')

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
      ...toEmptySearchQuery('lettings'),
      max_price: 1_500,
      short_let: 'exclude',
      house_flat_share: 'exclude',
      pets_allowed: 'show_only',
      bills_included: 'show_only',
      furnishing: 'furnished',
      retirement_homes: 'show_only',
    }
    expect(toSwitchedQuery(lettings, 'lettings')).toEqual({ ...toEmptySearchQuery('lettings'), retirement_homes: 'show_only' })
  })
})
