import { describe, expect, it } from 'vitest'
import { isLocationResetKeyword, toLocationFilter } from './location.ts'
import { LocationSchema, parseLocationSearch } from './location.schema.ts'

describe('parseLocationSearch (SPEC §5: at most 256 characters)', () => {
  it('accepts 256 characters with the default radius of 0.25', () => {
    const keyword = 'k'.repeat(256)
    expect(parseLocationSearch({ keyword })).toEqual({ success: true, data: { keyword, radius: 0.25 } })
  })
  it('refuses 257 characters', () => {
    expect(parseLocationSearch({ keyword: 'k'.repeat(257), radius: 1 })).toEqual({
      success: false,
      message: 'The keyword may not be greater than 256 characters.',
      field: 'keyword',
      errors: { keyword: ['The keyword may not be greater than 256 characters.'] },
    })
  })
  it('reads a radius from a query string and refuses one not offered', () => {
    expect(parseLocationSearch({ keyword: 'Leeds', radius: '3' })).toEqual({ success: true, data: { keyword: 'Leeds', radius: 3 } })
    expect(parseLocationSearch({ keyword: 'Leeds', radius: '2' })).toMatchObject({
      success: false,
      field: 'radius',
      message: 'The radius must be one of the offered options.',
    })
  })
  it('treats an empty keyword as a reset (SPEC §4)', () => {
    expect(isLocationResetKeyword('  ')).toBe(true)
    expect(isLocationResetKeyword('Leeds')).toBe(false)
  })
})

describe('LocationSchema (SPEC §3)', () => {
  it('defaults the distance to 0.25 mile and converts to a search filter', () => {
    const location = LocationSchema.parse({ location: 'Leeds', place_id: 'gb-leeds', lat: 53.8, lng: -1.55 })
    expect(location.distance).toBe(0.25)
    expect(toLocationFilter({ ...location, distance: 3 })).toEqual({ lat: 53.8, lng: -1.55, radius: 3 })
  })
  it("carries the place's bounds into the filter, for radius 0", () => {
    const bounds = { south: 53.7, west: -1.7, north: 53.9, east: -1.4 }
    const location = LocationSchema.parse({ location: 'Leeds', place_id: 'gb-leeds', lat: 53.8, lng: -1.55, bounds, distance: 0 })
    expect(toLocationFilter(location)).toEqual({ lat: 53.8, lng: -1.55, radius: 0, bounds })
  })
})
