import { describe, expect, it } from 'vitest'
import { ALERT_CRITERIA_DEFAULT } from './alert-payload.ts'
import { EARTH_RADIUS_MILES } from './geo.ts'
import { MATCH_WEIGHTS, scoreMatch, toMatchCriteria } from './matching.ts'
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
  min_bathroom: 1,
  max_bathroom: null,
  min_reception: null,
  max_reception: null,
  property_types: [{ property_type_id: 1, property_style_ids: [1, 7] }],
  must_haves: ['garden'],
}

const home: MatchProperty = {
  ...northOfLeeds(1),
  price: 275_000,
  bedroom: 3,
  bathroom: 1,
  reception: 1,
  property_type_id: 1,
  property_style_id: 1,
  has_garden: true,
  has_parking: false,
  transaction_type_id: 1,
  town: 'Leeds',
}

describe('MATCH_WEIGHTS', () => {
  it('add up to 100', () => {
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100)
  })
})

describe('scoreMatch', () => {
  it('scores a property meeting every criterion 100, with a reason per set criterion', () => {
    expect(scoreMatch(criteria, home)).toEqual({
      score: 100,
      reasons: [
        { label: 'Within 3 miles of Leeds', matched: true },
        { label: 'Price within your range', matched: true },
        { label: '3 bedrooms (you want 2–4)', matched: true },
        { label: 'Detached House is among your property types', matched: true },
        { label: '1 bathroom (you want at least 1)', matched: true },
        { label: 'Has a garden', matched: true },
      ],
    })
  })

  it('counts unset criteria as matched', () => {
    expect(scoreMatch({}, home)).toEqual({ score: 100, reasons: [] })
    expect(scoreMatch({ min_price: 0, max_price: 0, locations: [], property_types: [], must_haves: [] }, { ...home, price: null })).toEqual({ score: 100, reasons: [] })
  })

  it('scores the other transaction type 0', () => {
    expect(scoreMatch(criteria, { ...home, transaction_type_id: 2 })).toEqual({
      score: 0,
      reasons: [{ label: 'This property is to rent, not for sale', matched: false }],
    })
    expect(scoreMatch({ transaction_type_id: 2 }, home).reasons).toEqual([{ label: 'This property is for sale, not to rent', matched: false }])
  })

  it.each([
    ['2% over budget keeps most price credit', { price: 306_000 }, 95, { label: 'Price above your maximum of £300,000', matched: false }],
    ['10% or more over budget loses it', { price: 330_000 }, 75, { label: 'Price above your maximum of £300,000', matched: false }],
    ['5% under the minimum', { price: 190_000 }, 88, { label: 'Price below your minimum of £200,000', matched: false }],
    ['a price not stated', { price: null }, 75, { label: 'Price not stated', matched: false }],
    ['one bedroom over', { bedroom: 5 }, 93, { label: '5 bedrooms (you want 2–4)', matched: false }],
    ['two bedrooms short', { bedroom: 0 }, 85, { label: 'Studio (you want 2–4)', matched: false }],
    ['bedrooms not stated', { bedroom: null }, 85, { label: 'Bedrooms not stated (you want 2–4)', matched: false }],
    ['the right type in another style', { property_style_id: 2 }, 93, { label: 'Semi-Detached House is not among your chosen House styles', matched: false }],
    ['another type', { property_type_id: 2, property_style_id: 9 }, 85, { label: 'Flat is not among your property types', matched: false }],
    ['no garden', { has_garden: false }, 95, { label: 'No garden', matched: false }],
    ['0.6 mile into the 1.5-mile tolerance beyond the radius', northOfLeeds(3.6), 88, { label: '3.6 miles from Leeds', matched: false }],
    ['far beyond the radius', northOfLeeds(10), 70, { label: '10 miles from Leeds', matched: false }],
  ])('gives partial credit: %s', (_case, change, score, reason) => {
    const result = scoreMatch(criteria, { ...home, ...change })
    expect(result.score).toBe(score)
    expect(result.reasons).toContainEqual(reason)
  })

  it('labels lettings prices with PCM', () => {
    const result = scoreMatch({ max_price: 1500 }, { ...home, transaction_type_id: 2, price: 1650 })
    expect(result.reasons).toEqual([{ label: 'Price above your maximum of £1,500 PCM', matched: false }])
    expect(result.score).toBe(75)
  })

  it('scores must-haves by the share met', () => {
    const result = scoreMatch({ must_haves: ['garden', 'parking'] }, home)
    expect(result).toEqual({
      score: 98,
      reasons: [
        { label: 'Has a garden', matched: true },
        { label: 'No parking', matched: false },
      ],
    })
    expect(scoreMatch({ must_haves: ['parking'] }, { ...home, has_parking: true }).reasons).toEqual([{ label: 'Has parking', matched: true }])
  })

  it('takes the best of several locations', () => {
    const result = scoreMatch({ locations: [{ lat: 51.5, lng: -0.12, radius: 5, name: 'London' }, { ...leeds, radius: 1, name: 'Leeds' }] }, home)
    expect(result).toEqual({ score: 100, reasons: [{ label: 'Within 1 mile of Leeds', matched: true }] })
  })

  it('reads radius 0 as the place itself', () => {
    const thisArea = { locations: [{ ...leeds, radius: 0, name: 'Leeds' }] }
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(4) }).reasons).toEqual([{ label: 'In Leeds', matched: true }])
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(0.5), town: null }).reasons).toEqual([{ label: 'In Leeds', matched: true }])
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(5), town: 'Otley' })).toEqual({
      score: 70,
      reasons: [{ label: '5 miles from Leeds', matched: false }],
    })
  })

  it("reads radius 0 as the place's bounds when they are known", () => {
    const bounds = { south: leeds.lat - 0.1, west: leeds.lng - 0.1, north: leeds.lat + 0.1, east: leeds.lng + 0.1 }
    const thisArea = { locations: [{ ...leeds, radius: 0, name: 'Leeds', bounds }] }
    // About 6 miles north, still inside the bounds, in a town of another name.
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(6), town: 'Otley' }).reasons).toEqual([{ label: 'In Leeds', matched: true }])
    expect(scoreMatch(thisArea, { ...home, ...northOfLeeds(8), town: 'Otley' }).reasons).toEqual([{ label: '8 miles from Leeds', matched: false }])
  })

  it('names an unnamed location as your search area', () => {
    expect(scoreMatch({ locations: [{ ...leeds, radius: 3 }] }, home).reasons).toEqual([{ label: 'Within 3 miles of your search area', matched: true }])
  })

  it('takes a whole type as matching any of its styles', () => {
    const result = scoreMatch({ property_types: [{ property_type_id: 1, property_style_ids: [] }] }, { ...home, property_style_id: 6 })
    expect(result.reasons).toEqual([{ label: 'Cottage is among your property types', matched: true }])
  })

  it('names an unknown type plainly', () => {
    const result = scoreMatch({ property_types: [{ property_type_id: 1, property_style_ids: [] }] }, { ...home, property_type_id: null, property_style_id: null })
    expect(result.reasons).toEqual([{ label: 'This property type is not among your property types', matched: false }])
  })

  it('describes reception and bathroom ranges', () => {
    const result = scoreMatch({ min_reception: 1, max_reception: 2, max_bathroom: 2 }, { ...home, reception: 2, bathroom: 3 })
    expect(result.reasons).toEqual([
      { label: '3 bathrooms (you want up to 2)', matched: false },
      { label: '2 receptions (you want 1–2)', matched: true },
    ])
    expect(result.score).toBe(98)
  })
})

describe('toMatchCriteria', () => {
  it('reads an alert’s criteria with named locations', () => {
    const match = toMatchCriteria(
      { ...ALERT_CRITERIA_DEFAULT, locations: [{ location: 'Leeds', place_id: 'gb-leeds', ...leeds, distance: 3 }], min_price: 200_000 },
      1,
    )
    expect(match.locations).toEqual([{ ...leeds, radius: 3, name: 'Leeds', bounds: null }])
    expect(match.transaction_type_id).toBe(1)
    expect(scoreMatch(match, home).reasons[0]).toEqual({ label: 'Within 3 miles of Leeds', matched: true })
    expect(toMatchCriteria(ALERT_CRITERIA_DEFAULT).transaction_type_id).toBeNull()
  })
})
