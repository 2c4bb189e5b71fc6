import { describe, expect, it } from 'vitest'
import { NEARBY_HEADINGS, NEARBY_KINDS, NEARBY_PER_KIND, NEARBY_SEARCH_RADIUS_MILES, NEARBY_WITHIN_MILES } from './neighbourhood.ts'
import { NearbyPlaceSchema } from './neighbourhood.schema.ts'
import { RADIUS_OPTIONS_MILES } from './radius.ts'

describe('the neighbourhood of a property page', () => {
  it('lists stations, then schools, then pubs, three of each within three miles', () => {
    expect(NEARBY_KINDS).toEqual(['station', 'school', 'pub'])
    expect(NEARBY_HEADINGS).toEqual({ station: 'Nearest stations', school: 'Nearest schools', pub: 'Nearest pubs' })
    expect([NEARBY_PER_KIND, NEARBY_WITHIN_MILES]).toEqual([3, 3])
  })

  it('links to a search of one of SPEC’s radius options', () => {
    expect(RADIUS_OPTIONS_MILES).toContain(NEARBY_SEARCH_RADIUS_MILES)
  })

  it('refuses a place of another kind or a negative distance', () => {
    const place = { place_id: 'station:naptan:9100LEEDS', kind: 'station', name: 'Leeds', label: 'Railway station', lat: 53.795, lng: -1.548, distance_miles: 0.4 }
    expect(NearbyPlaceSchema.safeParse(place).success).toBe(true)
    expect(NearbyPlaceSchema.safeParse({ ...place, kind: 'bus stop' }).success).toBe(false)
    expect(NearbyPlaceSchema.safeParse({ ...place, distance_miles: -1 }).success).toBe(false)
  })
})
