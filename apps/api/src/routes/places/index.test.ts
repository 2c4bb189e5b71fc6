import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { branches, properties, queryRows, rebuildPlaces, toBox, upsertPointsOfInterest } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

/** Properties in postcodes the shared fixture does not use, so these answers depend on this file alone. */
function property(postcode: string, town: string, lat: number, lng: number): typeof properties.$inferInsert {
  return {
    transaction_type_id: 1,
    property_type_id: 1,
    slug: 'a-flat',
    advert_heading: 'A flat',
    summary: 'A flat.',
    description: 'A flat.',
    bedroom: 2,
    bathroom: 1,
    reception: 1,
    price: 200_000,
    price_qualifier: 'Guide Price',
    address_line_1: '1 King Street',
    town,
    postcode,
    display_address: `King Street, ${town}`,
    lat,
    lng,
  }
}

async function insertPlacesFixture(api: TestApi): Promise<void> {
  await api.database.db.insert(branches).values({
    branch_id: 90,
    name: 'Hartwell & Co Manchester',
    branch_name: 'Manchester',
    phone: '0161 496 0750',
    email: 'manchester@agency.example',
    address: '55 King Street, Manchester M2 4LQ',
    postcode: 'M2 4LQ',
    lat: 53.48107,
    lng: -2.24401,
    business_link: 'https://maps.example/manchester',
  })
  await api.database.db.insert(properties).values([
    property('M1 1AE', 'Manchester', 53.478, -2.235),
    property('m11ae', 'Manchester', 53.479, -2.233),
    property('M1 2AB', 'Manchester', 53.477, -2.231),
    property('M2 4LQ', 'Manchester', 53.481, -2.244),
    property('LS1 4AP', 'Leeds', 53.7965, -1.5445),
    // Locked (pre-market): a postcode of its own in M1, far from the rest; a second house in a visible
    // postcode; and the only property of its district, as in the report of the leak.
    { ...property('M1 9LK', 'Manchester', 53.49, -2.21), is_locked: true },
    { ...property('M1 1AE', 'Manchester', 53.5, -2.3), is_locked: true },
    { ...property('DL4 1TZ', 'Newton Aycliffe', 54.616261, -1.579604), is_locked: true },
  ])
  await rebuildPlaces(api.database)
}

describe.each(testDatabaseKinds())('the places API on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
    await insertPlacesFixture(api)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function search(keyword: string) {
    const response = await api.app.inject({ url: '/api/places', query: { keyword } })
    expect(response.statusCode).toBe(200)
    return (response.json() as { data: Array<{ name: string; description: string; place_id: string }> }).data
  }

  describe('GET /api/places', () => {
    it('compares at most 40 characters by trigrams: a longer keyword is looked up by its start only', async () => {
      // Repeated, a name's words keep its trigrams: up to 40 characters the comparison still finds it.
      expect((await search('newcastle upon tyne newcastle upon tyne'))[0]).toEqual({ name: 'Newcastle upon Tyne', description: 'Tyne and Wear', place_id: 'gb:town:2641673' })
      expect(await search('newcastle upon tyne newcastle upon tyne newcastle')).toEqual([])
      expect(await search('x'.repeat(256))).toEqual([])
    })

    it('offers Manchester for "manc"', async () => {
      expect(await search('manc')).toEqual([{ name: 'Manchester', description: 'Greater Manchester', place_id: 'gb:town:2643123' }])
    })

    it('offers the places starting with the keyword, biggest first', async () => {
      expect(await search('lon')).toEqual([
        { name: 'London', description: 'England', place_id: 'gb:town:2643743' },
        { name: 'Londonderry', description: 'County Londonderry', place_id: 'gb:town:2643734' },
        { name: 'Long Eaton', description: 'Derbyshire', place_id: 'gb:town:2643697' },
        { name: 'Longfield', description: 'Kent', place_id: 'gb:town:2643696' },
        { name: 'Longsight', description: 'Greater Manchester', place_id: 'gb:town:6691766' },
        { name: 'Longton', description: 'Staffordshire', place_id: 'gb:town:2643620' },
        { name: 'Longdendale', description: 'Derbyshire', place_id: 'gb:town:2643704' },
        { name: 'Longridge', description: 'Lancashire', place_id: 'gb:town:2643646' },
      ])
    })

    it('puts a place named exactly so before a bigger one whose name only starts so', async () => {
      expect((await search('wick')).slice(0, 3)).toEqual([
        { name: 'Wick', description: 'Highland', place_id: 'gb:town:2633982' },
        { name: 'Wickford', description: 'Essex', place_id: 'gb:town:2633976' },
        { name: 'Wick', description: 'Gloucestershire', place_id: 'gb:town:2633984' },
      ])
    })

    it('offers both Newcastle upon Tyne and Newcastle-under-Lyme, with their counties', async () => {
      const places = await search('Newcastle')
      expect(places.slice(0, 4)).toEqual([
        { name: 'Newcastle upon Tyne', description: 'Tyne and Wear', place_id: 'gb:town:2641673' },
        { name: 'Newcastle-under-Lyme', description: 'Staffordshire', place_id: 'gb:town:2641674' },
        { name: 'Newcastle', description: 'County Down', place_id: 'gb:town:6695976' },
        { name: 'Newcastle Emlyn', description: 'Ceredigion', place_id: 'gb:town:2641676' },
      ])
    })

    it('matches names whatever their case, hyphens and spaces', async () => {
      for (const keyword of ['newcastle under lyme', 'NEWCASTLE-UNDER-LYME', '  Newcastle-under-Lyme  ']) {
        expect((await search(keyword))[0], keyword).toEqual({
          name: 'Newcastle-under-Lyme',
          description: 'Staffordshire',
          place_id: 'gb:town:2641674',
        })
      }
    })

    it('reads "saint" and "st" alike', async () => {
      expect((await search('saint albans'))[0]).toEqual({ name: 'St Albans', description: 'Hertfordshire', place_id: 'gb:town:2638867' })
      expect((await search('st andrews'))[0]).toEqual({ name: 'St Andrews', description: 'Fife', place_id: 'gb:town:2638864' })
    })

    it('forgives a typo: "harogate" offers Harrogate, and "manchster" Manchester', async () => {
      expect((await search('harogate'))[0]).toEqual({ name: 'Harrogate', description: 'North Yorkshire', place_id: 'gb:town:2647428' })
      expect((await search('manchster'))[0]).toEqual({ name: 'Manchester', description: 'Greater Manchester', place_id: 'gb:town:2643123' })
    })

    it('finds a word inside a name when no name starts with the keyword', async () => {
      expect((await search('upon tyne')).map((place) => place.name)).toEqual([
        'Newcastle upon Tyne',
        'Burton upon Trent',
        'Blaydon-on-Tyne',
        'Berwick-upon-Tweed',
        'Kingston upon Thames',
        'Stoke upon Tern',
        'Eyton upon the Weald Moors',
      ])
    })

    it('finds a full postcode however it is written', async () => {
      for (const keyword of ['LS1 4AP', 'ls1 4ap', 'ls14ap', ' Ls1  4aP ']) {
        expect(await search(keyword), keyword).toEqual([
          { name: 'LS1 4AP', description: 'Postcode, Leeds', place_id: 'gb:postcode:LS1 4AP' },
        ])
      }
    })

    it('offers the postcode district first, then its postcodes', async () => {
      expect(await search('m1')).toEqual([
        { name: 'M1', description: 'Postcode district, Manchester', place_id: 'gb:postcode:M1' },
        { name: 'M1 1AE', description: 'Postcode, Manchester', place_id: 'gb:postcode:M1 1AE' },
        { name: 'M1 2AB', description: 'Postcode, Manchester', place_id: 'gb:postcode:M1 2AB' },
      ])
      expect(await search('M1 1')).toEqual([{ name: 'M1 1AE', description: 'Postcode, Manchester', place_id: 'gb:postcode:M1 1AE' }])
    })

    it("never offers a locked property's postcode or district", async () => {
      for (const keyword of ['dl4', 'DL4 1', 'dl4 1tz', 'DL41TZ', 'm1 9', 'M1 9LK']) {
        expect(await search(keyword), keyword).toEqual([])
      }
      expect(await search('m1 1')).toEqual([{ name: 'M1 1AE', description: 'Postcode, Manchester', place_id: 'gb:postcode:M1 1AE' }])
    })

    it('takes a postcode out of the search the moment its only property is locked', async () => {
      const { db } = api.database
      expect(await search('M1 2')).toEqual([{ name: 'M1 2AB', description: 'Postcode, Manchester', place_id: 'gb:postcode:M1 2AB' }])
      await db.update(properties).set({ is_locked: true }).where(eq(properties.postcode, 'M1 2AB'))
      try {
        expect(await search('M1 2')).toEqual([])
        expect((await api.app.inject(`/api/places/${encodeURIComponent('gb:postcode:M1 2AB')}`)).statusCode).toBe(404)
        // The district's centre is now that of M1 1AE's two visible houses.
        const district = (await api.app.inject('/api/places/gb:postcode:M1')).json() as { data: { lat: number; lng: number } }
        expect(district.data.lat).toBeCloseTo(53.4785, 9)
        expect(district.data.lng).toBeCloseTo(-2.234, 9)
      } finally {
        await db.update(properties).set({ is_locked: false }).where(eq(properties.postcode, 'M1 2AB'))
      }
      expect(await search('M1 2')).toEqual([{ name: 'M1 2AB', description: 'Postcode, Manchester', place_id: 'gb:postcode:M1 2AB' }])
    })

    it('finds a branch by name', async () => {
      expect(await search('hartwell')).toEqual([
        { name: 'Hartwell', description: 'Northamptonshire', place_id: 'gb:town:2647388' },
        { name: 'Hartwell & Co Manchester', description: '55 King Street, Manchester M2 4LQ', place_id: 'branch:90' },
      ])
    })

    it('offers at most eight places', async () => {
      expect(await search('l')).toHaveLength(8)
    })

    it('answers an empty list for an empty, blank or missing keyword', async () => {
      expect(await search('')).toEqual([])
      expect(await search('   ')).toEqual([])
      const response = await api.app.inject('/api/places')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ data: [] })
    })

    it('answers an empty list when nothing matches', async () => {
      expect(await search('xqzv')).toEqual([])
      expect(await search('%_')).toEqual([])
    })

    it('accepts a keyword of 256 characters, not counting the spaces around it', async () => {
      expect(await search(` ${'a'.repeat(256)} `)).toEqual([])
    })

    it('refuses a keyword over 256 characters with 400 and the field error (SPEC §5)', async () => {
      const response = await api.app.inject({ url: '/api/places', query: { keyword: 'a'.repeat(257) } })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { keyword: ['The keyword may not be greater than 256 characters.'] },
      })
    })
  })

  describe('schools and pubs', () => {
    beforeAll(async () => {
      const db = api.database.db
      await upsertPointsOfInterest(db, 'school', 'gias', 'run-1', [
        { source_id: '1', name: 'Kingswood Academy', label: 'Secondary school', town: 'Hull', postcode: 'HU7 3JQ', lat: 53.7995, lng: -0.3472 },
        { source_id: '2', name: 'Leeds City Academy', label: 'Secondary school', town: 'Leeds', postcode: 'LS6 2LG', lat: 53.8149, lng: -1.5587 },
        { source_id: '3', name: 'Brudenell Primary School', label: 'Primary school', town: 'Leeds', postcode: 'LS6 1EW', lat: 53.8112, lng: -1.5696 },
      ])
      await upsertPointsOfInterest(db, 'pub', 'osm', 'run-1', [
        { source_id: 'n1', name: 'The Red Lion', label: 'Pub', town: 'Bristol', postcode: 'BS8 2LY', lat: 51.4626, lng: -2.6071 },
        { source_id: 'n2', name: 'The Red Lion', label: 'Pub', town: 'Leeds', postcode: null, lat: 53.797, lng: -1.546 },
        { source_id: 'w3', name: 'Red Lion Inn', label: 'Pub', town: null, postcode: 'HG1 1AA', lat: 53.99, lng: -1.54 },
        { source_id: 'n4', name: 'The Kings Arms', label: 'Pub', town: 'London', postcode: 'SE1 8TB', lat: 51.5033, lng: -0.1095 },
      ])
    })

    it('offers a school by the start of its name, saying what and where it is', async () => {
      expect(await search('Brudenell')).toEqual([
        { name: 'Brudenell Primary School', description: 'Primary school, Leeds LS6', place_id: 'school:gias:3' },
      ])
    })

    it('offers a town before a school of the same name, and the school after the towns', async () => {
      const places = await search('kingswood')
      expect(places.map((place) => place.place_id)).toEqual(['gb:town:2645418', 'gb:town:2645417', 'school:gias:1'])
      expect(places[2]).toEqual({ name: 'Kingswood Academy', description: 'Secondary school, Hull HU7', place_id: 'school:gias:1' })
      expect((await search('leeds'))[0]).toEqual({ name: 'Leeds', description: 'West Yorkshire', place_id: 'gb:town:2644688' })
      expect((await search('leeds')).at(-1)).toEqual({ name: 'Leeds City Academy', description: 'Secondary school, Leeds LS6', place_id: 'school:gias:2' })
    })

    it('offers the school first when the keyword names a school or pub word, even half typed', async () => {
      for (const keyword of ['kingswood academy', 'Kingswood Acad']) {
        expect((await search(keyword))[0], keyword).toEqual({ name: 'Kingswood Academy', description: 'Secondary school, Hull HU7', place_id: 'school:gias:1' })
      }
      expect(await search('kings arms')).toEqual([{ name: 'The Kings Arms', description: 'Pub, London SE1', place_id: 'pub:osm:n4' }])
    })

    it('finds a word inside a name, names starting with it first', async () => {
      expect(await search('red lion')).toEqual([
        { name: 'Red Lion Inn', description: 'Pub, HG1', place_id: 'pub:osm:w3' },
        { name: 'The Red Lion', description: 'Pub, Bristol BS8', place_id: 'pub:osm:n1' },
        { name: 'The Red Lion', description: 'Pub, Leeds', place_id: 'pub:osm:n2' },
      ])
      expect((await search('academy')).map((place) => place.name)).toEqual(['Kingswood Academy', 'Leeds City Academy'])
    })

    it('still offers the town for a typo and towns alone for a short keyword', async () => {
      expect((await search('harogate'))[0]).toEqual({ name: 'Harrogate', description: 'North Yorkshire', place_id: 'gb:town:2647428' })
      expect((await search('le')).every((place) => place.place_id.startsWith('gb:'))).toBe(true)
    })

    it('answers a school as a SPEC §3 Location at its position, bounded like a postcode', async () => {
      const response = await api.app.inject('/api/places/school:gias:3')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        data: {
          location: 'Brudenell Primary School, Leeds LS6',
          place_id: 'school:gias:3',
          bounds: toBox(53.8112, -1.5696, 0.25),
          location_type: 'establishment',
          lat: 53.8112,
          lng: -1.5696,
        },
      })
      const missing = await api.app.inject('/api/places/school:gias:999')
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ message: 'Place not found' })
    })
  })

  describe('GET /api/places/nearest-spellings', () => {
    async function nearest(keyword: string) {
      const response = await api.app.inject({ url: '/api/places/nearest-spellings', query: { keyword } })
      expect(response.statusCode).toBe(200)
      return (response.json() as { data: Array<{ name: string; description: string; place_id: string }> }).data
    }

    it('offers the names spelt nearest to a keyword the search finds nothing for, nearest first', async () => {
      expect(await search('mnachestr')).toEqual([])
      const manchester = await nearest('mnachestr')
      expect(manchester[0]).toEqual({ name: 'Manchester', description: 'Greater Manchester', place_id: 'gb:town:2643123' })
      expect(manchester.length).toBeLessThanOrEqual(5)
      expect(await search('bermingum')).toEqual([])
      expect((await nearest('bermingum'))[0]).toEqual({ name: 'Birmingham', description: 'West Midlands', place_id: 'gb:town:2655603' })
      expect((await nearest('brstl'))[0]).toEqual({ name: 'Bristol', description: 'England', place_id: 'gb:town:2654675' })
    })

    it('offers none for a keyword spelt like no name, a postcode-like keyword or an empty one', async () => {
      expect(await nearest('qzxqzxqzxw')).toEqual([])
      expect(await nearest('xqzv')).toEqual([])
      expect(await nearest('zz9 9zz')).toEqual([])
      expect(await nearest('%_')).toEqual([])
      expect(await nearest('')).toEqual([])
    })

    it('refuses a keyword over 256 characters with 400 and the field error (SPEC §5)', async () => {
      const response = await api.app.inject({ url: '/api/places/nearest-spellings', query: { keyword: 'a'.repeat(257) } })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { keyword: ['The keyword may not be greater than 256 characters.'] },
      })
    })
    it('answers NUL bytes, control characters and a repeated keyword with 4xx or an empty list, never 5xx', async () => {
      for (const url of ['/api/places/nearest-spellings?keyword=%00%00', '/api/places/nearest-spellings?keyword=le%00eds', '/api/places/nearest-spellings?keyword=%1B%5B31m', '/api/places/nearest-spellings?keyword=a&keyword=b']) {
        const response = await api.app.inject({ url })
        expect(response.statusCode, url).toBeLessThan(500)
        if (response.statusCode === 200) expect(Array.isArray(response.json<{ data: unknown }>().data), url).toBe(true)
      }
    })
  })

  describe('GET /api/places/:place_id', () => {
    it('answers a town as a SPEC §3 Location, bounded by its size', async () => {
      const response = await api.app.inject('/api/places/gb:town:2647428')
      expect(response.statusCode).toBe(200)
      // Harrogate, population 89,060: 0.5 + sqrt(89060) / 60 = 5.47 km around its centre.
      expect(response.json()).toEqual({
        data: {
          location: 'Harrogate, North Yorkshire',
          place_id: 'gb:town:2647428',
          bounds: { south: 53.941608, west: -1.620938, north: 54.039952, east: -1.453662 },
          location_type: 'town',
          lat: 53.99078,
          lng: -1.5373,
        },
      })
    })

    it('answers a postcode district at the centre of its properties', async () => {
      const response = await api.app.inject('/api/places/gb:postcode:M1')
      expect(response.statusCode).toBe(200)
      const { data } = response.json() as { data: { location: string; location_type: string; lat: number; lng: number } }
      expect(data).toMatchObject({ location: 'M1, Manchester', place_id: 'gb:postcode:M1', location_type: 'postcode_district' })
      expect(data.lat).toBeCloseTo(53.478, 9)
      expect(data.lng).toBeCloseTo(-2.233, 9)
    })

    it('answers 404 for the postcode and district of a locked property', async () => {
      for (const id of ['gb:postcode:DL4 1TZ', 'gb:postcode:DL4', 'gb:postcode:M1 9LK']) {
        const response = await api.app.inject(`/api/places/${encodeURIComponent(id)}`)
        expect(response.statusCode, id).toBe(404)
        expect(response.json()).toEqual({ message: 'Place not found' })
      }
    })

    it("answers a full postcode at the centre of its visible properties, not moved toward a locked one", async () => {
      const response = await api.app.inject(`/api/places/${encodeURIComponent('gb:postcode:M1 1AE')}`)
      expect(response.statusCode).toBe(200)
      const { data } = response.json() as { data: { lat: number; lng: number } }
      expect(data.lat).toBeCloseTo(53.4785, 9)
      expect(data.lng).toBeCloseTo(-2.234, 9)
    })

    it('answers a full postcode, its space encoded in the path', async () => {
      const response = await api.app.inject(`/api/places/${encodeURIComponent('gb:postcode:LS1 4AP')}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        data: { location: 'LS1 4AP, Leeds', place_id: 'gb:postcode:LS1 4AP', location_type: 'postcode', lat: 53.7965, lng: -1.5445 },
      })
    })

    it('answers a branch', async () => {
      const response = await api.app.inject('/api/places/branch:90')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        data: {
          location: 'Hartwell & Co Manchester, 55 King Street, Manchester M2 4LQ',
          location_type: 'branch',
          lat: 53.48107,
          lng: -2.24401,
        },
      })
    })

    it('answers 404 for an unknown place_id', async () => {
      for (const id of ['gb:town:1', 'gb:postcode:ZZ9 9ZZ', 'ChIJzWRvDH6FfUgRkWGncrBS4gs']) {
        const response = await api.app.inject(`/api/places/${encodeURIComponent(id)}`)
        expect(response.statusCode, id).toBe(404)
        expect(response.json()).toEqual({ message: 'Place not found' })
      }
    })
  })
})

describe('GET /api/places, from one address', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi('pglite', { placeSearchLimit: { limit: 3, windowMs: 60_000 } })
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers 429 with Retry-After past the per-address limit, and other addresses still search', async () => {
    const from = (remoteAddress: string, keyword: string) => api.app.inject({ url: '/api/places', query: { keyword }, remoteAddress })
    for (const keyword of ['leeds', 'york', 'hull']) expect((await from('203.0.113.7', keyword)).statusCode).toBe(200)
    const refused = await from('203.0.113.7', 'bath')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toEqual({ message: 'Too many place searches. Please try again in a moment.' })
    expect((await from('203.0.113.8', 'bath')).statusCode).toBe(200)
  })
})

describe.each(testDatabaseKinds())("the postcode places on %s, against a visitor's property list", (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
    await insertPlacesFixture(api)
  })
  afterAll(async () => {
    await api?.close()
  })

  interface ListedProperty {
    is_locked: boolean
    full_address: string | null
    lat: number
    lng: number
  }

  /** Every property a visitor can list, sales and lettings, whatever their availability. */
  async function listAsVisitor(): Promise<ListedProperty[]> {
    const listed: ListedProperty[] = []
    for (const transactionTypeId of [1, 2]) {
      for (let page = 1; ; page++) {
        const response = await api.app.inject({
          url: '/api/properties',
          query: { transaction_type_id: String(transactionTypeId), include_unavailable: 'true', page_size: '100', page: String(page) },
        })
        expect(response.statusCode).toBe(200)
        const { data } = response.json() as { data: ListedProperty[] }
        listed.push(...data)
        if (data.length < 100) break
      }
    }
    return listed
  }

  it('reveal nothing the list does not: each is a listed postcode, at the mean of its listed properties', async () => {
    const listed = await listAsVisitor()
    const [count] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::integer as n from properties`)
    expect(listed).toHaveLength(count!.n)
    expect(listed.some((p) => p.is_locked)).toBe(true)

    // A visitor reads a postcode off a visible property's full address; a locked card has none.
    const byPlace = new Map<string, ListedProperty[]>()
    for (const property of listed) {
      if (property.is_locked) {
        expect(property.full_address).toBeNull()
        continue
      }
      const postcode = property.full_address!.split(', ').at(-1)!.replace(/\s+/g, '').toUpperCase()
      if (!/^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(postcode)) continue
      for (const code of [postcode.slice(0, -3), `${postcode.slice(0, -3)} ${postcode.slice(-3)}`]) {
        byPlace.set(`gb:postcode:${code}`, [...(byPlace.get(`gb:postcode:${code}`) ?? []), property])
      }
    }

    const placeIds = (
      await queryRows<{ place_id: string }>(
        api.database.db,
        sql`select place_id from places where location_type in ('postcode_district', 'postcode') order by place_id`,
      )
    ).map((row) => row.place_id)
    expect(placeIds).toEqual([...byPlace.keys()].sort())
    expect(placeIds).not.toContain('gb:postcode:DL4 1TZ')

    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
    for (const placeId of placeIds) {
      const response = await api.app.inject(`/api/places/${encodeURIComponent(placeId)}`)
      expect(response.statusCode, placeId).toBe(200)
      const { data } = response.json() as { data: { lat: number; lng: number } }
      const members = byPlace.get(placeId)!
      expect(data.lat, placeId).toBeCloseTo(mean(members.map((m) => m.lat)), 9)
      expect(data.lng, placeId).toBeCloseTo(mean(members.map((m) => m.lng)), 9)
    }
  })
})

describe('GET /api/places with PLACES_PROVIDER=google', () => {
  const recorded = (name: string) => readFileSync(new URL(`../../places/fixtures/${name}.json`, import.meta.url), 'utf8')
  const requests: string[] = []
  let api: TestApi

  beforeAll(async () => {
    vi.stubEnv('PLACES_PROVIDER', 'google')
    vi.stubEnv('GOOGLE_PLACES_API_KEY', 'test-key')
    api = await createTestApi('pglite')
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await api?.close()
  })

  function answerAs(name: string, status = 200) {
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url)
      return new Response(recorded(name), { status, headers: { 'content-type': 'application/json' } })
    })
  }

  it('searches with Google', async () => {
    answerAs('google-autocomplete-newcastle')
    const response = await api.app.inject({ url: '/api/places', query: { keyword: 'Newcastle' } })
    expect(response.statusCode).toBe(200)
    expect((response.json() as { data: Array<{ place_id: string }> }).data.map((place) => place.place_id)).toEqual([
      'ChIJzWRvDH6FfUgRkWGncrBS4gs',
      'ChIJ5ZvuBpZoekgRmHkX1B9vjWI',
      'ChIJ0z3cjzYYfkgRM0vQ-YVXwGM',
      'ChIJKV8u6c4IYUgRbIfXqiOjRsw',
    ])
    expect(requests.at(-1)).toBe('https://places.googleapis.com/v1/places:autocomplete')
  })

  it('answers an empty list when Google fails', async () => {
    answerAs('google-error-api-key', 400)
    const response = await api.app.inject({ url: '/api/places', query: { keyword: 'Newcastle' } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: [] })
  })

  it('answers place details from Google, and 404 for a place it does not know', async () => {
    answerAs('google-place-details-newcastle')
    const found = await api.app.inject('/api/places/ChIJzWRvDH6FfUgRkWGncrBS4gs')
    expect(found.statusCode).toBe(200)
    expect(found.json()).toEqual({
      data: {
        location: 'Newcastle upon Tyne, UK',
        place_id: 'ChIJzWRvDH6FfUgRkWGncrBS4gs',
        bounds: { south: 54.9589369, west: -1.7756558, north: 55.079429499999996, east: -1.5291898 },
        location_type: 'town',
        lat: 54.978252,
        lng: -1.6177800000000002,
      },
    })
    answerAs('google-error-not-found', 404)
    const missing = await api.app.inject('/api/places/ChIJ000000000000000000000')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Place not found' })
  })
})
