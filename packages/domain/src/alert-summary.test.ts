import { describe, expect, it } from 'vitest'
import { AlertCriteriaSchema } from './applicant.ts'
import { APPLICANT_PROFILE } from './constants.ts'
import { toAlertName, toAlertSummary } from './alert-summary.ts'

const place = (location: string, distance: number, place_id: string) => ({ location, distance, place_id, lat: 53.8, lng: -1.55 })

describe('alert summary', () => {
  it('words a buying alert as its card does, with its property types named', () => {
    const criteria = AlertCriteriaSchema.parse({
      locations: [place('Leeds', 0.25, 'p1'), place('Otley', 3, 'p2')],
      min_price: 200000,
      max_price: 350000,
      min_bedroom: 2,
      property_types: [{ property_type_id: 1, property_style_ids: [] }, { property_type_id: 2, property_style_ids: [] }],
    })
    expect(toAlertSummary({ profile_id: APPLICANT_PROFILE.BUYER, criteria }, new Map([[1, 'House'], [2, 'Flat']]))).toEqual({
      name: 'Buying: Leeds, Otley',
      places: ['Leeds (0.25 mile)', 'Otley (3 miles)'],
      price: '£200,000 - £350,000',
      bedrooms: 'Min 2 - No Max Beds',
      bathrooms: 'No Min - No Max Baths',
      receptions: 'No Min - No Max Reception',
      propertyTypes: ['House', 'Flat'],
    })
  })

  it('words an open renting alert', () => {
    const criteria = AlertCriteriaSchema.parse({ max_price: 1200 })
    const summary = toAlertSummary({ profile_id: APPLICANT_PROFILE.TENANT, criteria })
    expect(summary.name).toBe('Renting: Any location')
    expect(summary.price).toBe('to £1,200 PCM')
    expect(summary.propertyTypes).toEqual([])
    expect(toAlertName({ profile_id: APPLICANT_PROFILE.TENANT, criteria })).toBe('Renting: Any location')
  })
})
