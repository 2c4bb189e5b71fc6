import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { createGooglePlacesProvider, toLocationType, type FetchLike } from './google-provider.ts'

/** A response recorded in the shape Google documents for Places API (New). */
function recorded(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')
}

interface Call {
  url: string
  method: string | undefined
  headers: Record<string, string>
  body: unknown
}

/** A fetch that answers with the given status and body, and keeps what it was asked. */
function fakeFetch(status: number, body: string) {
  const calls: Call[] = []
  const fetch: FetchLike = async (url, init) => {
    calls.push({
      url,
      method: init.method,
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    })
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  }
  return { fetch, calls }
}

function createProvider(fetch: FetchLike) {
  const log = { error: vi.fn() }
  return { provider: createGooglePlacesProvider({ apiKey: 'test-key', fetch, log }), log }
}

describe('the Google Places provider', () => {
  it('asks Autocomplete for places in Great Britain, in British English', async () => {
    const { fetch, calls } = fakeFetch(200, recorded('google-autocomplete-newcastle'))
    const { provider } = createProvider(fetch)
    await provider.search('  Newcastle ')
    expect(calls).toEqual([
      {
        url: 'https://places.googleapis.com/v1/places:autocomplete',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test-key' },
        body: { input: 'Newcastle', includedRegionCodes: ['gb'], regionCode: 'gb', languageCode: 'en-GB' },
      },
    ])
  })

  it('offers each place prediction as name, description and place_id, leaving out query predictions', async () => {
    const { provider, log } = createProvider(fakeFetch(200, recorded('google-autocomplete-newcastle')).fetch)
    expect(await provider.search('Newcastle')).toEqual([
      { name: 'Newcastle upon Tyne', description: 'UK', place_id: 'ChIJzWRvDH6FfUgRkWGncrBS4gs' },
      { name: 'Newcastle-under-Lyme', description: 'Newcastle, UK', place_id: 'ChIJ5ZvuBpZoekgRmHkX1B9vjWI' },
      {
        name: 'Newcastle International Airport (NCL)',
        description: 'Woolsington, Newcastle upon Tyne, UK',
        place_id: 'ChIJ0z3cjzYYfkgRM0vQ-YVXwGM',
      },
      { name: 'Newcastle', description: 'UK', place_id: 'ChIJKV8u6c4IYUgRbIfXqiOjRsw' },
    ])
    expect(log.error).not.toHaveBeenCalled()
  })

  it('offers no more than the limit', async () => {
    const { provider } = createProvider(fakeFetch(200, recorded('google-autocomplete-newcastle')).fetch)
    expect((await provider.search('Newcastle', 2)).map((place) => place.place_id)).toEqual([
      'ChIJzWRvDH6FfUgRkWGncrBS4gs',
      'ChIJ5ZvuBpZoekgRmHkX1B9vjWI',
    ])
  })

  it('offers nothing when Google finds nothing, and does not call it for an empty keyword', async () => {
    const { fetch, calls } = fakeFetch(200, '{}')
    const { provider } = createProvider(fetch)
    expect(await provider.search('zzqx')).toEqual([])
    expect(await provider.search('   ')).toEqual([])
    expect(calls).toHaveLength(1)
  })

  it('offers nothing and logs the failure when Google refuses the request', async () => {
    const { provider, log } = createProvider(fakeFetch(400, recorded('google-error-api-key')).fetch)
    expect(await provider.search('Newcastle')).toEqual([])
    expect(log.error).toHaveBeenCalledTimes(1)
    const [details, message] = log.error.mock.calls[0] as [{ err: { status: number; body: string }; keyword: string }, string]
    expect(message).toBe('place search failed')
    expect(details.keyword).toBe('Newcastle')
    expect(details.err.status).toBe(400)
    expect(details.err.body).toContain('API_KEY_INVALID')
  })

  it('offers nothing and logs the failure when Google cannot be reached', async () => {
    const log = { error: vi.fn() }
    const provider = createGooglePlacesProvider({
      apiKey: 'test-key',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      log,
    })
    expect(await provider.search('Leeds')).toEqual([])
    expect(log.error).toHaveBeenCalledWith(
      { err: new TypeError('fetch failed'), provider: 'google', keyword: 'Leeds' },
      'place search failed',
    )
  })

  it('reads Place Details with only the Essentials fields', async () => {
    const { fetch, calls } = fakeFetch(200, recorded('google-place-details-newcastle'))
    const { provider } = createProvider(fetch)
    await provider.details('ChIJzWRvDH6FfUgRkWGncrBS4gs')
    expect(calls).toEqual([
      {
        url: 'https://places.googleapis.com/v1/places/ChIJzWRvDH6FfUgRkWGncrBS4gs?languageCode=en-GB&regionCode=gb',
        method: 'GET',
        headers: { 'x-goog-fieldmask': 'id,formattedAddress,location,viewport,types', 'x-goog-api-key': 'test-key' },
        body: undefined,
      },
    ])
  })

  it('answers a town as a Location with its viewport as bounds', async () => {
    const { provider } = createProvider(fakeFetch(200, recorded('google-place-details-newcastle')).fetch)
    expect(await provider.details('ChIJzWRvDH6FfUgRkWGncrBS4gs')).toEqual({
      location: 'Newcastle upon Tyne, UK',
      place_id: 'ChIJzWRvDH6FfUgRkWGncrBS4gs',
      bounds: { south: 54.9589369, west: -1.7756558, north: 55.079429499999996, east: -1.5291898 },
      location_type: 'town',
      lat: 54.978252,
      lng: -1.6177800000000002,
    })
  })

  it('gives a place without a viewport a small box around it', async () => {
    const { provider } = createProvider(fakeFetch(200, recorded('google-place-details-postcode')).fetch)
    const place = await provider.details('ChIJ6ZoWlXxbeUgR8JVdFg9KYpY')
    expect(place).toMatchObject({ location: 'Leeds LS1 4AP, UK', location_type: 'postcode', lat: 53.7986477, lng: -1.5440474 })
    expect(place?.bounds.south).toBeCloseTo(53.7936477, 9)
    expect(place?.bounds.north).toBeCloseTo(53.8036477, 9)
    expect(place?.bounds.west).toBeCloseTo(-1.5490474, 9)
    expect(place?.bounds.east).toBeCloseTo(-1.5390474, 9)
  })

  it('answers null for a place Google does not know, without logging', async () => {
    const { provider, log } = createProvider(fakeFetch(404, recorded('google-error-not-found')).fetch)
    expect(await provider.details('ChIJ000000000000000000000')).toBeNull()
    expect(log.error).not.toHaveBeenCalled()
  })

  it('answers null for an id Google could not have given, without asking it', async () => {
    const { fetch, calls } = fakeFetch(200, recorded('google-place-details-newcastle'))
    const { provider } = createProvider(fetch)
    expect(await provider.details('gb:town:2643123')).toBeNull()
    expect(await provider.details('../places:autocomplete')).toBeNull()
    expect(calls).toEqual([])
  })

  it('throws and logs when Place Details fails', async () => {
    const { provider, log } = createProvider(fakeFetch(400, recorded('google-error-api-key')).fetch)
    await expect(provider.details('ChIJzWRvDH6FfUgRkWGncrBS4gs')).rejects.toThrow('Google Places answered 400')
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.error.mock.calls[0]?.[1]).toBe('place details failed')
  })
})

describe('toLocationType', () => {
  it.each([
    [['locality', 'political'], 'town'],
    [['postal_town', 'political'], 'town'],
    [['postal_code'], 'postcode'],
    [['postal_code_prefix', 'postal_code'], 'postcode_district'],
    [['neighborhood', 'political'], 'area'],
    [['administrative_area_level_2', 'political'], 'area'],
    [['street_address'], 'address'],
    [['premise', 'street_address'], 'address'],
    [['school', 'point_of_interest', 'establishment'], 'establishment'],
    [['bar', 'pub', 'food', 'point_of_interest', 'establishment'], 'establishment'],
    [[], 'establishment'],
  ])('maps %j to %s', (types, expected) => {
    expect(toLocationType(types)).toBe(expected)
  })
})
