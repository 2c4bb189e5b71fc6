import { upsertPointsOfInterest } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { distanceMiles } from '@agency/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

/** A position on Shetland, far from the places any other fixture holds. */
const HOME = { lat: 60.155, lng: -1.145 }
/** A position `north` and `east` miles from HOME (near enough for a flat earth at these distances). */
const at = (north: number, east: number) => ({
  lat: HOME.lat + north / 69.09,
  lng: HOME.lng + east / (69.09 * Math.cos((HOME.lat * Math.PI) / 180)),
})
const place = (source_id: string, name: string, label: string, north: number, east: number) => ({ source_id, name, label, town: 'Lerwick', postcode: null, ...at(north, east) })

describe.each(testDatabaseKinds())('GET /api/places/nearby on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
    const db = api.database.db
    await upsertPointsOfInterest(db, 'school', 'gias', 'run-1', [
      place('1', 'Bell’s Brae Primary School', 'Primary school', 0.3, 0),
      place('2', 'Anderson High School', 'Secondary school', -0.5, 0.2),
      place('3', 'Sound Primary School', 'Primary school', 1.2, -0.4),
      place('4', 'Tingwall Primary School', 'Primary school', 2, 0),
      // Farther than three miles: not the property's neighbourhood.
      place('5', 'Whiteness Primary School', 'Primary school', 0, -3.5),
    ])
    await upsertPointsOfInterest(db, 'pub', 'osm', 'run-1', [place('n1', 'The Lounge', 'Pub', 0, 1)])
    await upsertPointsOfInterest(db, 'station', 'naptan', 'run-1', [place('9100LERWICK', 'Lerwick Ferry Terminal', 'Railway station', -0.1, -0.1)])
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers the nearest of each kind within three miles, nearest first, with distances in miles', async () => {
    const response = await api.app.inject({ url: '/api/places/nearby', query: { lat: String(HOME.lat), lng: String(HOME.lng) } })
    expect(response.statusCode).toBe(200)
    const { data } = response.json<{ data: Array<{ place_id: string; kind: string; name: string; distance_miles: number; lat: number; lng: number }> }>()
    expect(data.map((p) => [p.kind, p.name])).toEqual([
      ['station', 'Lerwick Ferry Terminal'],
      ['school', 'Bell’s Brae Primary School'],
      ['school', 'Anderson High School'],
      ['school', 'Sound Primary School'],
      ['pub', 'The Lounge'],
    ])
    expect(data[1]).toMatchObject({ place_id: 'school:gias:1', kind: 'school', lat: at(0.3, 0).lat })
    for (const p of data) expect(p.distance_miles).toBeCloseTo(distanceMiles(HOME, p), 2)
    expect(data[1]!.distance_miles).toBeCloseTo(0.3, 1)
  })

  it('answers nothing where nothing is near', async () => {
    const response = await api.app.inject({ url: '/api/places/nearby', query: { lat: '50.0', lng: '-5.0' } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: [] })
  })

  it.each([
    [{ lat: '91', lng: '0' }, 'lat'],
    [{ lat: '51.5', lng: 'west' }, 'lng'],
    [{ lat: '51.5' }, 'lng'],
  ])('refuses %j with 400 naming %s', async (query, field) => {
    const response = await api.app.inject({ url: '/api/places/nearby', query })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field])
  })
})
