import { describe, expect, it } from 'vitest'
import { AlertCriteriaSchema } from './applicant.ts'
import { PropertySearchQuerySchema, type PropertySearchQuery } from './catalogue.schema.ts'
import { APPLICANT_PROFILE } from './constants.ts'
import { ZERO_RADIUS_MILES, findReversedRanges, isWithinLocation, milesFromLocation, toAlertCriteriaOfSearch, toAlertSearchFilters, toLocationArea, toOrderedRanges, toRangeChoice, toRangeOptions } from './criteria.ts'
import { distanceMiles, milesBeyondBounds } from './geo.ts'

describe("a search saved as an alert's criteria", () => {
  const search: PropertySearchQuery = {
    ...PropertySearchQuerySchema.parse({ transaction_type_id: 2 }),
    locations: [
      { lat: 53.4167, lng: -2.2311, radius: 3 },
      { lat: 53.8008, lng: -1.5491, radius: 2, bounds: { north: 53.9, south: 53.7, east: -1.4, west: -1.7 } },
    ],
    min_price: 1_000,
    max_price: 1_500,
    min_bedroom: 2,
    must_haves: ['garden'],
    furnishing: 'furnished',
    pets_allowed: 'show_only',
    keywords: 'balcony',
    reduced: true,
    include_unavailable: true,
  }

  it('keeps every filter an alert has, names its places, and is what the alert then searches', () => {
    const criteria = AlertCriteriaSchema.parse(toAlertCriteriaOfSearch(search, ['Didsbury']))
    expect(criteria.locations).toEqual([
      { location: 'Didsbury', place_id: '53.4167,-2.2311', lat: 53.4167, lng: -2.2311, bounds: null, distance: 3 },
      // No name shown for it: the place's point; a radius between the options: the one that covers it.
      { location: '53.8008,-1.5491', place_id: '53.8008,-1.5491', lat: 53.8008, lng: -1.5491, bounds: { north: 53.9, south: 53.7, east: -1.4, west: -1.7 }, distance: 3 },
    ])
    const searched = toAlertSearchFilters(criteria, APPLICANT_PROFILE.TENANT)
    expect(searched).toMatchObject({
      transaction_type_id: 2,
      min_price: 1_000,
      max_price: 1_500,
      min_bedroom: 2,
      must_haves: ['garden'],
      furnishing: 'furnished',
      pets_allowed: 'show_only',
      // What only a search has is left to the search, and an alert never announces what is let.
      keywords: '',
      reduced: false,
      include_unavailable: false,
    })
    expect(searched.locations.map((l) => l.radius)).toEqual([3, 3])
  })
})

describe('ranges the wrong way round', () => {
  const open = { min_price: 0, max_price: 0, min_bedroom: null, max_bedroom: null, min_bathroom: null, max_bathroom: null, min_reception: null, max_reception: null }

  it('are swapped, each pair on its own, as the visitor meant them', () => {
    expect(toOrderedRanges({ ...open, min_price: 500_000, max_price: 200_000, min_bedroom: 4, max_bedroom: 2, min_bathroom: 1, max_bathroom: 2, sort: 'newest' })).toEqual({
      ...open,
      min_price: 200_000,
      max_price: 500_000,
      min_bedroom: 2,
      max_bedroom: 4,
      min_bathroom: 1,
      max_bathroom: 2,
      sort: 'newest',
    })
  })

  it('leave an open end and a range the right way round alone, 0 bedrooms (a studio) being a bound', () => {
    expect(toOrderedRanges({ ...open, min_price: 500_000 })).toEqual({ ...open, min_price: 500_000 })
    expect(toOrderedRanges({ ...open, max_price: 200_000, min_bedroom: 2, max_bedroom: 2 })).toEqual({ ...open, max_price: 200_000, min_bedroom: 2, max_bedroom: 2 })
    expect(toOrderedRanges({ ...open, min_bedroom: 1, max_bedroom: 0 })).toEqual({ ...open, min_bedroom: 0, max_bedroom: 1 })
  })

  it('open the other bound when a form chooses one past it', () => {
    expect(toRangeChoice('min', 500_000, 200_000, 0)).toEqual({ value: 500_000, other: 0 })
    expect(toRangeChoice('max', 200_000, 500_000, 0)).toEqual({ value: 200_000, other: 0 })
    expect(toRangeChoice('min', 200_000, 500_000, 0)).toEqual({ value: 200_000, other: 500_000 })
    expect(toRangeChoice('max', 1, 3, null)).toEqual({ value: 1, other: null })
    expect(toRangeChoice('min', 3, null, null)).toEqual({ value: 3, other: null })
  })

  it('offer a max only from the min up and a min only up to the max, the open end always', () => {
    const prices = [0, 100_000, 200_000, 300_000].map((value) => ({ value, label: String(value) }))
    expect(toRangeOptions('max', prices, 200_000, 0).map((o) => o.value)).toEqual([0, 200_000, 300_000])
    expect(toRangeOptions('min', prices, 200_000, 0).map((o) => o.value)).toEqual([0, 100_000, 200_000])
    expect(toRangeOptions('max', prices, 0, 0).map((o) => o.value)).toEqual([0, 100_000, 200_000, 300_000])
    const rooms = [null, 0, 1, 2, 3].map((value) => ({ value, label: String(value) }))
    expect(toRangeOptions('max', rooms, 2, null).map((o) => o.value)).toEqual([null, 2, 3])
    expect(toRangeOptions('min', rooms, 0, null).map((o) => o.value)).toEqual([null, 0])
    expect(toRangeOptions('min', rooms, null, null).map((o) => o.value)).toEqual([null, 0, 1, 2, 3])
  })

  it('name each pair whose max is below its min, at its max field', () => {
    expect(findReversedRanges({ ...open, min_price: 500_000, max_price: 200_000, min_bedroom: 4, max_bedroom: 2 })).toEqual({
      max_price: ['The max price cannot be less than the min price.'],
      max_bedroom: ['The max bedrooms cannot be less than the min bedrooms.'],
    })
    expect(findReversedRanges({ ...open, min_price: 200_000, max_price: 200_000, min_reception: 1 })).toEqual({})
  })
})

describe('the area a location covers, as a map draws it', () => {
  const bounds = { south: 53.7, west: -1.7, north: 53.9, east: -1.4 }
  it("is the place's bounds for radius 0, a circle for a place without bounds", () => {
    expect(toLocationArea({ lat: 53.8, lng: -1.55, radius: 0, bounds })).toEqual({ kind: 'box', area: bounds })
    expect(toLocationArea({ lat: 53.8, lng: -1.55, radius: 0 })).toEqual({ kind: 'circle', lat: 53.8, lng: -1.55, radiusMiles: ZERO_RADIUS_MILES })
    expect(toLocationArea({ lat: 53.8, lng: -1.55, radius: 3 })).toEqual({ kind: 'circle', lat: 53.8, lng: -1.55, radiusMiles: 3 })
  })
  it('is the bounds widened by a larger radius: every point of the outline lies that far beyond them, around all four sides', () => {
    const area = toLocationArea({ lat: 53.8, lng: -1.55, radius: 1, bounds })
    if (area.kind !== 'outline') throw new Error(`expected an outline, got ${area.kind}`)
    for (const point of area.points) expect(milesBeyondBounds(point, bounds)).toBeCloseTo(1, 2)
    expect(Math.max(...area.points.map((p) => p.lat))).toBeGreaterThan(bounds.north)
    expect(Math.min(...area.points.map((p) => p.lat))).toBeLessThan(bounds.south)
    expect(Math.max(...area.points.map((p) => p.lng))).toBeGreaterThan(bounds.east)
    expect(Math.min(...area.points.map((p) => p.lng))).toBeLessThan(bounds.west)
    // A point within the radius of the bounds lies within the location; one beyond it does not.
    expect(isWithinLocation({ lat: 53.8, lng: -1.55, radius: 1, bounds }, { lat: 53.91, lng: -1.5 })).toBe(true)
    expect(isWithinLocation({ lat: 53.8, lng: -1.55, radius: 1, bounds }, { lat: 53.93, lng: -1.5 })).toBe(false)
  })
})

describe('how far a home lies from a searched location', () => {
  const bounds = { south: 53.7, west: -1.7, north: 53.9, east: -1.4 }
  it("is 0 inside a place's bounds and measured from their edge outside them, never from the place's centre", () => {
    const leeds = { lat: 53.8, lng: -1.55, bounds }
    // Inside the bounds but some miles from the centre.
    expect(distanceMiles(leeds, { lat: 53.88, lng: -1.42 })).toBeGreaterThan(5)
    expect(milesFromLocation(leeds, { lat: 53.88, lng: -1.42 })).toBe(0)
    // Just north of the bounds: the distance to their northern edge (0.01 degree of latitude, 0.69 mile).
    expect(milesFromLocation(leeds, { lat: 53.91, lng: -1.5 })).toBeCloseTo(0.69, 2)
  })
  it("is measured from a point's own position when it has no bounds", () => {
    expect(milesFromLocation({ lat: 53.8, lng: -1.55 }, { lat: 53.81, lng: -1.55 })).toBeCloseTo(0.69, 2)
  })
})
