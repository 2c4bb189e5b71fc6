import { describe, expect, it } from 'vitest'
import { ALERT_CRITERIA_DEFAULT } from './alert-payload.ts'
import { EARTH_RADIUS_MILES } from './geo.ts'
import { MATCH_WEIGHTS, scoreMatch, toMatchCriteria, toMatchSummary } from './matching.ts'
import type { MatchCriteria, MatchProperty } from './matching.ts'

const leeds = { lat: 53.7997, lng: -1.5492 }
/** A point due north of Leeds, `miles` away (along a meridian the great-circle distance is exact). */
const northOfLeeds = (miles: number) => ({ lat: leeds.lat + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI), lng: leeds.lng })

const criteria: MatchCriteria = {
  transaction_type_id: 1,
  locations: [{ ...leeds, radius: 3, name: 'Leeds' }],
  min_price: 200_000,
  max_price: 300_000,
  min_bedroom: 2,
  max_bedroom: 4,
  property_types: [{ property_type_id: 1, property_style_ids: [1, 7] }],
  must_haves: ['garden'],
}

const home: MatchProperty = {
  ...northOfLeeds(1),
  price: 275_000,
  bedroom: 3,
  property_type_id: 1,
  property_style_id: 1,
  has_garden: true,
  has_parking: false,
  transaction_type_id: 1,
}

describe('MATCH_WEIGHTS', () => {
  it('add up to 100, location weighing most', () => {
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100)
    expect(Math.max(...Object.values(MATCH_WEIGHTS))).toBe(MATCH_WEIGHTS.location)
  })
})

describe('scoreMatch', () => {
  it('scores a property meeting every criterion 100, with a reason per set criterion, location first', () => {
    expect(scoreMatch(criteria, home)).toEqual({
      score: 100,
      reasons: [
        { label: 'Within 3 miles of Leeds', matched: true },
        { label: 'price within range', matched: true },
        { label: '3 bedrooms', matched: true },
        { label: 'detached house', matched: true },
        { label: 'garden', matched: true },
      ],
    })
  })

  it('counts unset criteria as matched', () => {
    expect(scoreMatch({}, home)).toEqual({ score: 100, reasons: [] })
    expect(scoreMatch({ min_price: 0, max_price: 0, locations: [], property_types: [], must_haves: [] }, { ...home, price: null })).toEqual({ score: 100, reasons: [] })
  })

  it('gives no percentage to a property of the other search type', () => {
    expect(scoreMatch(criteria, { ...home, transaction_type_id: 2 })).toEqual({ score: null, reasons: [] })
    expect(scoreMatch({ transaction_type_id: 2 }, home)).toEqual({ score: null, reasons: [] })
  })

  it('gives no percentage to a property outside every location and its margin', () => {
    // The demo buyer's alert: London, 5 miles; a house in Nottingham is no match at all.
    const london = { locations: [{ lat: 51.5072, lng: -0.1276, radius: 5, name: 'London' }], min_price: 350_000, max_price: 650_000 }
    expect(scoreMatch(london, { ...home, lat: 52.9548, lng: -1.1581, price: 400_000 })).toEqual({ score: null, reasons: [] })
    // 10 miles north of Leeds is beyond the 3-mile radius and its 1.5-mile margin.
    expect(scoreMatch(criteria, { ...home, ...northOfLeeds(10) })).toEqual({ score: null, reasons: [] })
  })

  it.each([
    ['2% over budget keeps most price credit', { price: 306_000 }, 95, { label: '£6,000 over your maximum', matched: false }],
    ['10% or more over budget loses it', { price: 330_000 }, 75, { label: '£30,000 over your maximum', matched: false }],
    ['5% under the minimum', { price: 190_000 }, 88, { label: '£10,000 under your minimum', matched: false }],
    ['a price not stated', { price: null }, 75, { label: 'price not stated', matched: false }],
    ['one bedroom over', { bedroom: 5 }, 93, { label: '1 bedroom more', matched: false }],
    ['two bedrooms short', { bedroom: 0 }, 85, { label: '2 bedrooms fewer', matched: false }],
    ['bedrooms not stated', { bedroom: null }, 85, { label: 'bedrooms not stated', matched: false }],
    ['the right type in another style', { property_style_id: 2 }, 95, { label: 'semi-detached house, not a style you chose', matched: false }],
    ['another type', { property_type_id: 2, property_style_id: 9 }, 90, { label: 'flat, not a type you chose', matched: false }],
    ['no garden', { has_garden: false }, 90, { label: 'no garden', matched: false }],
    ['0.6 mile into the 1.5-mile margin beyond the radius', northOfLeeds(3.6), 84, { label: '3.6 miles from Leeds', matched: false }],
  ])('gives partial credit: %s', (_case, change, score, reason) => {
    const result = scoreMatch(criteria, { ...home, ...change })
    expect(result.score).toBe(score)
    expect(result.reasons).toContainEqual(reason)
  })

  it('labels lettings prices with PCM', () => {
    const result = scoreMatch({ max_price: 1500 }, { ...home, transaction_type_id: 2, price: 1650 })
    expect(result.reasons).toEqual([{ label: '£150 PCM over your maximum', matched: false }])
    expect(result.score).toBe(75)
  })

  it('scores must-haves by the share met', () => {
    expect(scoreMatch({ must_haves: ['garden', 'parking'] }, home)).toEqual({
      score: 95,
      reasons: [
        { label: 'garden', matched: true },
        { label: 'no parking', matched: false },
      ],
    })
    expect(scoreMatch({ must_haves: ['parking'] }, { ...home, has_parking: true }).reasons).toEqual([{ label: 'parking', matched: true }])
  })

  it('takes the best of several locations', () => {
    const result = scoreMatch({ locations: [{ lat: 51.5, lng: -0.12, radius: 5, name: 'London' }, { ...leeds, radius: 1, name: 'Leeds' }] }, home)
    expect(result).toEqual({ score: 100, reasons: [{ label: 'Within 1 mile of Leeds', matched: true }] })
  })

  it('reads radius 0 without bounds as the search does: a street or two (ZERO_RADIUS_MILES) around the place', () => {
    const thisArea = { locations: [{ ...leeds, radius: 0, name: 'Leeds' }] }
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(0.1) })).toEqual({ score: 100, reasons: [{ label: 'In Leeds', matched: true }] })
    // 0.25 mile beyond the circle, half the margin.
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(0.4) })).toEqual({ score: 80, reasons: [{ label: '0.4 mile from Leeds', matched: false }] })
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(1) })).toEqual({ score: null, reasons: [] })
  })

  it("reads radius 0 as the place's bounds when they are known", () => {
    const bounds = { south: leeds.lat - 0.1, west: leeds.lng - 0.1, north: leeds.lat + 0.1, east: leeds.lng + 0.1 }
    const thisArea = { locations: [{ ...leeds, radius: 0, name: 'Leeds', bounds }] }
    // About 6 miles north, still inside the bounds.
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(6) }).reasons).toEqual([{ label: 'In Leeds', matched: true }])
    // Just beyond the bounds' northern edge (6.9 miles north), within the half-mile margin.
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(7.1) }).reasons).toEqual([{ label: '7.1 miles from Leeds', matched: false }])
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(8) })).toEqual({ score: null, reasons: [] })
  })

  it("reads a larger radius around a place with bounds as the bounds and that radius beyond them", () => {
    const bounds = { south: leeds.lat - 0.1, west: leeds.lng - 0.1, north: leeds.lat + 0.1, east: leeds.lng + 0.1 }
    const quarterMile = { locations: [{ ...leeds, radius: 0.25, name: 'Leeds', bounds }] }
    // Six miles from the centre is inside Leeds, so within a quarter mile of it (a circle would miss it).
    expect(scoreMatch(quarterMile, { ...home, ...northOfLeeds(6) })).toEqual({ score: 100, reasons: [{ label: 'Within 0.25 mile of Leeds', matched: true }] })
    // The bounds end 6.9 miles north: 7.1 is within the quarter mile beyond them, 7.4 is not (it is in the margin).
    expect(scoreMatch(quarterMile, { ...home, ...northOfLeeds(7.1) }).reasons).toEqual([{ label: 'Within 0.25 mile of Leeds', matched: true }])
    expect(scoreMatch(quarterMile, { ...home, ...northOfLeeds(7.4) }).reasons).toEqual([{ label: '7.4 miles from Leeds', matched: false }])
  })

  it('names an unnamed location as your search area', () => {
    expect(scoreMatch({ locations: [{ ...leeds, radius: 3 }] }, home).reasons).toEqual([{ label: 'Within 3 miles of your search area', matched: true }])
  })

  it('takes a whole type as matching any of its styles', () => {
    const result = scoreMatch({ property_types: [{ property_type_id: 1, property_style_ids: [] }] }, { ...home, property_style_id: 6 })
    expect(result.reasons).toEqual([{ label: 'cottage', matched: true }])
  })

  it('names an unknown type plainly', () => {
    const result = scoreMatch({ property_types: [{ property_type_id: 1, property_style_ids: [] }] }, { ...home, property_type_id: null, property_style_id: null })
    expect(result.reasons).toEqual([{ label: 'type not stated', matched: false }])
  })
})

describe('toMatchSummary', () => {
  it('names what matched and what did not, in one line', () => {
    const didsbury = { lat: 53.4167, lng: -2.2297 }
    const result = scoreMatch(
      { locations: [{ ...didsbury, radius: 0, name: 'Didsbury' }], min_price: 300_000, max_price: 450_000, min_bedroom: 3 },
      { ...home, ...didsbury, price: 400_000, bedroom: 2 },
    )
    expect(toMatchSummary(result.reasons)).toBe('In Didsbury · price within range · 1 bedroom fewer')
    expect(result.score).toBe(93)
  })
})

describe('toMatchCriteria', () => {
  it('reads an alert’s criteria with named locations, and its search type by its profile', () => {
    const match = toMatchCriteria(
      { ...ALERT_CRITERIA_DEFAULT, locations: [{ location: 'Leeds', place_id: 'gb-leeds', ...leeds, distance: 3 }], min_price: 200_000 },
      3,
    )
    expect(match.locations).toEqual([{ ...leeds, radius: 3, name: 'Leeds', bounds: null }])
    expect(match.transaction_type_id).toBe(1)
    expect(toMatchCriteria(ALERT_CRITERIA_DEFAULT, 5).transaction_type_id).toBe(2)
    expect(scoreMatch(match, home).reasons[0]).toEqual({ label: 'Within 3 miles of Leeds', matched: true })
    expect(toMatchCriteria(ALERT_CRITERIA_DEFAULT).transaction_type_id).toBeNull()
  })
})
