import { describe, expect, it } from 'vitest'
import { toBoundsParam, toSearchParams } from './catalogue.ts'
import { PropertySearchQuerySchema, parseBoundsParam } from './catalogue.schema.ts'
import { toGoogleMapsUrl } from './google-maps.ts'
import { MapMarkersQuerySchema, toSearchBounds } from './map.ts'

describe('the bounds parameter', () => {
  it.each([
    ['53.7,-1.7,54,-1.4', { south: 53.7, west: -1.7, north: 54, east: -1.4 }],
    [' 53.7 , -1.7 , 54 , -1.4 ', { south: 53.7, west: -1.7, north: 54, east: -1.4 }],
    ['53.7,170,54,-1.4', { south: 53.7, west: 170, north: 54, east: -1.4 }],
    ['-90,-180,90,180', { south: -90, west: -180, north: 90, east: 180 }],
  ])('reads %s', (value, bounds) => {
    expect(parseBoundsParam(value)).toEqual(bounds)
  })

  it.each(['53.7,-1.7,54', '54,-1.7,53.7,-1.4', '53.7,-1.7,91,-1.4', '53.7,-181,54,-1.4', '1e1,0,20,1', 'a,b,c,d', '53.7,,54,-1.4'])(
    'refuses %s',
    (value) => {
      expect(parseBoundsParam(value)).toBeNull()
    },
  )

  it('writes the area to about a metre and reads it back', () => {
    const bounds = { south: 53.7000012, west: -1.70000049, north: 54, east: -1.4 }
    expect(toBoundsParam(bounds)).toBe('53.7,-1.7,54,-1.4')
    expect(toSearchParams({ bounds }).toString()).toBe('bounds=53.7%2C-1.7%2C54%2C-1.4')
  })

  it('is part of the search query, null when absent', () => {
    expect(PropertySearchQuerySchema.parse({}).bounds).toBeNull()
    expect(PropertySearchQuerySchema.parse({ bounds: '53.7,-1.7,54,-1.4' }).bounds).toEqual({ south: 53.7, west: -1.7, north: 54, east: -1.4 })
  })
})

describe('the map markers query', () => {
  it('takes the search filters and pages of up to 2,000 markers', () => {
    const query = MapMarkersQuerySchema.parse({ bounds: '53.7,-1.7,54,-1.4', min_bedroom: '2' })
    expect(query).toMatchObject({ page: 1, page_size: 500, min_bedroom: 2 })
    expect(MapMarkersQuerySchema.safeParse({ page_size: '2001' }).success).toBe(false)
  })
})

describe('toSearchBounds', () => {
  it('keeps an area within ±180 degrees of longitude', () => {
    expect(toSearchBounds({ south: 53, west: -2, north: 54, east: -1 })).toEqual({ south: 53, west: -2, north: 54, east: -1 })
    expect(toSearchBounds({ south: 53, west: 170, north: 54, east: 190 })).toEqual({ south: 53, west: 170, north: 54, east: -170 })
    expect(toSearchBounds({ south: -95, west: -400, north: 95, east: 400 })).toEqual({ south: -90, west: -180, north: 90, east: 180 })
  })
})

describe('toGoogleMapsUrl', () => {
  it('searches for the address at the position', () => {
    expect(toGoogleMapsUrl({ address: '1 High St, Leeds LS1 1AA', lat: 53.8, lng: -1.55 })).toBe(
      'https://www.google.com/maps/search/1%20High%20St%2C%20Leeds%20LS1%201AA/@53.8,-1.55,17z',
    )
  })
})
