import { describe, expect, it } from 'vitest'
import { MAX_LOCATIONS, fromSearchParams, toLocationParam, toSearchParams } from './catalogue.ts'
import { PropertySearchQuerySchema, parseLocationParam } from './catalogue.schema.ts'

describe('PropertySearchQuerySchema', () => {
  it('fills the defaults of an empty query', () => {
    const q = PropertySearchQuerySchema.parse({})
    expect(q).toMatchObject({ transaction_type_id: 1, min_price: 0, max_price: 0, min_bedroom: null, furnishing: 'any', new_homes: 'include', sort: 'newest', page: 1, page_size: 12, locations: [], property_types: [], must_haves: [], include_unavailable: false })
  })
  it('round-trips through URL search params', () => {
    const raw = 'locations=53.48,-2.24,3&min_price=100000&min_bedroom=0&property_types=1:1,2&property_types=3&must_haves=garden&new_homes=show_only&include_unavailable=true&sort=price_desc&page=2'
    const q = PropertySearchQuerySchema.parse(fromSearchParams(new URLSearchParams(raw)))
    expect(q.locations).toEqual([{ lat: 53.48, lng: -2.24, radius: 3 }])
    expect(q.property_types).toEqual([{ property_type_id: 1, property_style_ids: [1, 2] }, { property_type_id: 3, property_style_ids: [] }])
    expect(toSearchParams(q).toString()).toBe(new URLSearchParams(raw).toString())
  })
  it('reads keywords, added to site and reduced only, and writes them back', () => {
    const raw = 'include_unavailable=true&keywords=%22sea+view%22+-retirement&added_within_days=3&reduced=true&sort=most_reduced'
    const q = PropertySearchQuerySchema.parse(fromSearchParams(new URLSearchParams(raw)))
    expect(q).toMatchObject({ keywords: '"sea view" -retirement', added_within_days: 3, reduced: true, sort: 'most_reduced' })
    expect(toSearchParams(q).toString()).toBe(raw)
    expect(PropertySearchQuerySchema.parse({})).toMatchObject({ keywords: '', added_within_days: null, reduced: false })
    expect(PropertySearchQuerySchema.parse({ keywords: '  garage ', added_within_days: 14 })).toMatchObject({ keywords: 'garage', added_within_days: 14 })
    expect(toSearchParams(PropertySearchQuerySchema.parse({ keywords: '', added_within_days: '' })).toString()).toBe('')
  })
  it.each([{ added_within_days: '2' }, { added_within_days: '7.0' }, { keywords: 'a'.repeat(201) }, { keywords: 'sea\u0000view' }])(
    'refuses %o',
    (input) => {
      expect(PropertySearchQuerySchema.safeParse(input).success).toBe(false)
    },
  )
  it('refuses a malformed location', () => {
    expect(PropertySearchQuerySchema.safeParse({ locations: '53,-2' }).success).toBe(false)
  })
  it('takes at most 10 locations', () => {
    expect(MAX_LOCATIONS).toBe(10)
    const locations = (n: number) => Array.from({ length: n }, (_, i) => `53.${i},-2.24,3`)
    expect(PropertySearchQuerySchema.safeParse({ locations: locations(10) }).success).toBe(true)
    expect(PropertySearchQuerySchema.safeParse({ locations: locations(11) }).success).toBe(false)
  })
})

describe('locations param (lat,lng,radius_miles[,south,west,north,east])', () => {
  it('reads and writes the bounds a place carries, rounded to about ten metres', () => {
    const location = { lat: 53.99, lng: -1.54, radius: 0, bounds: { south: 53.961234, west: -1.59, north: 54.02, east: -1.49 } }
    expect(toLocationParam(location)).toBe('53.99,-1.54,0,53.9612,-1.59,54.02,-1.49')
    expect(parseLocationParam('53.99,-1.54,0,53.9612,-1.59,54.02,-1.49')).toEqual({
      lat: 53.99,
      lng: -1.54,
      radius: 0,
      bounds: { south: 53.9612, west: -1.59, north: 54.02, east: -1.49 },
    })
  })
  it('accepts bounds across the antimeridian (west east of east)', () => {
    expect(parseLocationParam('0,180,0,-1,179,1,-179')?.bounds).toEqual({ south: -1, west: 179, north: 1, east: -179 })
  })
  it.each([
    ['53.99,-1.54,0,53.96,-1.59,54.02', 'six parts'],
    ['53.99,-1.54,0,54.02,-1.59,53.96,-1.49', 'south north of north'],
    ['53.99,-1.54,0,53.96,-1.59,54.02,190', 'a longitude beyond 180'],
    ['53.99,-1.54,0,53.96,,54.02,-1.49', 'an empty part'],
    ['0x35,-1.54,3', 'a hexadecimal latitude'],
    ['53.99,-1.54,1e1', 'a radius with an exponent'],
    ['53.99,+1.54,3', 'a longitude with a plus sign'],
    ['53.99,-1.54,.5', 'a radius without its leading zero'],
    ['53.99,-1.54,0,53.96,-1.59,5.402e1,-1.49', 'bounds with an exponent'],
  ])('refuses %s (%s)', (value) => {
    expect(parseLocationParam(value)).toBeNull()
  })
})
