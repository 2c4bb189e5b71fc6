import { describe, expect, it } from 'vitest'
import { isWithinLocation, toLocationArea, ZERO_RADIUS_MILES } from './criteria.ts'
import { distanceMiles } from './geo.ts'
import { isLocationResetKeyword, toLocationFilter, toPlaceSearchBounds } from './location.ts'
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
  it('leaves out the bounds of a point (a school, station, pub, full postcode, branch or address): its radius is a circle around it', () => {
    // Deansgate station, with the street or two around it that place details frame a map with.
    const station = { location: 'Deansgate', place_id: 'station:demo:t13', location_type: 'establishment', lat: 53.474, lng: -2.251, bounds: { south: 53.4718, west: -2.2548, north: 53.4762, east: -2.2472 } }
    for (const location_type of ['establishment', 'postcode', 'branch', 'address']) {
      expect(toPlaceSearchBounds({ ...station, location_type })).toBeNull()
      expect(toLocationFilter({ ...station, location_type, distance: 1 })).toEqual({ lat: 53.474, lng: -2.251, radius: 1 })
    }
    // 1.1 miles north-east of the station is beyond a mile, though within a mile of its box's corner.
    const northEast = { lat: 53.474 + 0.01125, lng: -2.251 + 0.0189 }
    expect(distanceMiles(station, northEast)).toBeGreaterThan(1)
    expect(isWithinLocation(toLocationFilter({ ...station, distance: 1 }), northEast)).toBe(false)
    expect(isWithinLocation({ lat: station.lat, lng: station.lng, radius: 1, bounds: station.bounds }, northEast)).toBe(true)
    // 'This area only' of a point is the street or two around it, less than the smallest radius.
    expect(toLocationArea(toLocationFilter({ ...station, distance: 0 }))).toEqual({ kind: 'circle', lat: 53.474, lng: -2.251, radiusMiles: ZERO_RADIUS_MILES })
    expect(ZERO_RADIUS_MILES).toBeLessThan(0.25)
  })
  it('keeps the bounds of an area (a town, a village, a postcode district) and of a location saved without a type', () => {
    const bounds = { south: 53.7, west: -1.7, north: 53.9, east: -1.4 }
    for (const location_type of ['city', 'town', 'village', 'postcode_district', 'area', null, undefined]) {
      expect(toPlaceSearchBounds({ location_type, bounds })).toEqual(bounds)
    }
    expect(toPlaceSearchBounds({ location_type: 'town', bounds: null })).toBeNull()
  })
})
