import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../client.ts'
import { branches, places, properties } from '../schema/index.ts'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts'
import { rebuildPlaces } from './rebuild.ts'
import { toPlaceSearchKey } from './search-key.ts'

function property(postcode: string, town: string, lat: number, lng: number): typeof properties.$inferInsert {
  return {
    transaction_type_id: 1,
    property_type_id: 1,
    slug: 'a-house',
    advert_heading: 'A house',
    summary: 'A house.',
    description: 'A house.',
    bedroom: 3,
    bathroom: 1,
    reception: 1,
    price: 250_000,
    price_qualifier: 'Guide Price',
    address_line_1: '1 Park Row',
    town,
    postcode,
    display_address: `Park Row, ${town}`,
    lat,
    lng,
  }
}

describe('toPlaceSearchKey', () => {
  it.each([
    ['Newcastle-under-Lyme', 'newcastle under lyme'],
    ['  NEWCASTLE under   lyme ', 'newcastle under lyme'],
    ['St. Mary’s Bay', 'st marys bay'],
    ['Saint Andrews', 'st andrews'],
    ['Bo’ness', 'boness'],
    ['Ystradgynlais', 'ystradgynlais'],
    ['Llanfair Pwllgwyngyll', 'llanfair pwllgwyngyll'],
    ['Ruthin / Rhuthun', 'ruthin rhuthun'],
    ['Crème', 'creme'],
    ['LS14AP', 'ls1 4ap'],
    ['ls1  4ap', 'ls1 4ap'],
    ['EC1A1BB', 'ec1a 1bb'],
    ['LS1', 'ls1'],
    ['ls1 4', 'ls1 4'],
  ])('keys %j as %j', (text, key) => {
    expect(toPlaceSearchKey(text)).toBe(key)
  })
})

describe.each(testDatabaseKinds())('rebuildPlaces on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await database.db.insert(branches).values({
      branch_id: 9,
      name: 'Hartwell & Co Leeds',
      branch_name: 'Leeds',
      phone: '0113 496 0214',
      email: 'leeds@example.co.uk',
      address: '12 Park Row, Leeds LS1 5HD',
      postcode: 'LS1 5HD',
      lat: 53.79733,
      lng: -1.54623,
      business_link: 'https://www.google.com/maps/search/?api=1&query=Leeds',
    })
    await database.db.insert(properties).values([
      property('LS1 4AP', 'Leeds', 53.79, -1.55),
      property('ls14ap', 'Leeds', 53.8, -1.54),
      property('LS1 5HD', 'Leeds', 53.81, -1.53),
      property('LS1 6AA', 'Headingley', 53.795, -1.545),
      property('NE1 6AE', 'Newcastle upon Tyne', 54.97, -1.61),
      property('not a postcode', 'Leeds', 53.7, -1.5),
    ])
  })

  afterAll(async () => {
    await database?.close()
  })

  it('writes the towns, the postcode districts and postcodes of the properties, and the branches', async () => {
    const summary = await rebuildPlaces(database)
    expect(summary).toEqual({ towns: 4300, postcodeDistricts: 2, postcodes: 4, branches: 1 })
    const counts = await queryRows<{ location_type: string; n: number }>(
      database.db,
      sql`select location_type, count(*)::int as n from places group by 1 order by 1`,
    )
    expect(counts).toEqual([
      { location_type: 'branch', n: 1 },
      { location_type: 'city', n: 78 },
      { location_type: 'postcode', n: 4 },
      { location_type: 'postcode_district', n: 2 },
      { location_type: 'town', n: 1564 },
      { location_type: 'village', n: 2658 },
    ])
  })

  it('names both Newcastles with their counties', async () => {
    const rows = await database.db
      .select({ place_id: places.place_id, location: places.location, location_type: places.location_type, population: places.population })
      .from(places)
      .where(sql`${places.search_key} like 'newcastle%'`)
      .orderBy(places.place_id)
    expect(rows).toEqual([
      { place_id: 'gb:town:2641673', location: 'Newcastle upon Tyne, Tyne and Wear', location_type: 'city', population: 192382 },
      { place_id: 'gb:town:2641674', location: 'Newcastle-under-Lyme, Staffordshire', location_type: 'town', population: 75794 },
      { place_id: 'gb:town:2641676', location: 'Newcastle Emlyn, Ceredigion', location_type: 'village', population: 1883 },
      { place_id: 'gb:town:6695976', location: 'Newcastle, County Down', location_type: 'town', population: 7444 },
    ])
  })

  it('sizes a town by its population', async () => {
    const [manchester] = await database.db.select().from(places).where(eq(places.place_id, 'gb:town:2643123'))
    // r = 0.5 + sqrt(395515) / 60 = 10.98 km: 0.0986° of latitude, 0.1658° of longitude at 53.48° N.
    expect(manchester).toEqual({
      place_id: 'gb:town:2643123',
      location_type: 'city',
      name: 'Manchester',
      description: 'Greater Manchester',
      location: 'Manchester, Greater Manchester',
      lat: 53.48095,
      lng: -2.23743,
      south: 53.3823,
      west: -2.403202,
      north: 53.5796,
      east: -2.071658,
      population: 395515,
      search_key: 'manchester',
    })
  })

  it('spans a postcode district over its properties, padded by half a kilometre', async () => {
    const [district] = await database.db.select().from(places).where(eq(places.place_id, 'gb:postcode:LS1'))
    expect(district).toMatchObject({
      location_type: 'postcode_district',
      name: 'LS1',
      description: 'Postcode district, Leeds',
      location: 'LS1, Leeds',
      population: 4,
      search_key: 'ls1',
    })
    expect(district!.lat).toBeCloseTo(53.79875, 9)
    expect(district!.lng).toBeCloseTo(-1.54125, 9)
    expect(district!.south).toBeCloseTo(53.79 - 0.5 / 111.32, 9)
    expect(district!.north).toBeCloseTo(53.81 + 0.5 / 111.32, 9)
    const dLng = 0.5 / (111.32 * Math.cos((53.79875 * Math.PI) / 180))
    expect(district!.west).toBeCloseTo(-1.55 - dLng, 9)
    expect(district!.east).toBeCloseTo(-1.53 + dLng, 9)
  })

  it('merges spellings of one postcode and leaves out what is not a postcode', async () => {
    const rows = await database.db
      .select({ place_id: places.place_id, name: places.name, description: places.description, population: places.population, search_key: places.search_key })
      .from(places)
      .where(eq(places.location_type, 'postcode'))
      .orderBy(places.place_id)
    expect(rows).toEqual([
      { place_id: 'gb:postcode:LS1 4AP', name: 'LS1 4AP', description: 'Postcode, Leeds', population: 2, search_key: 'ls1 4ap' },
      { place_id: 'gb:postcode:LS1 5HD', name: 'LS1 5HD', description: 'Postcode, Leeds', population: 1, search_key: 'ls1 5hd' },
      { place_id: 'gb:postcode:LS1 6AA', name: 'LS1 6AA', description: 'Postcode, Headingley', population: 1, search_key: 'ls1 6aa' },
      { place_id: 'gb:postcode:NE1 6AE', name: 'NE1 6AE', description: 'Postcode, Newcastle upon Tyne', population: 1, search_key: 'ne1 6ae' },
    ])
    const [postcode] = await database.db.select().from(places).where(eq(places.place_id, 'gb:postcode:LS1 4AP'))
    expect(postcode!.lat).toBeCloseTo(53.795, 9)
    expect(postcode!.north - postcode!.south).toBeCloseTo(0.5 / 111.32, 9)
  })

  it('offers a branch by its name, at its address', async () => {
    const [branch] = await database.db.select().from(places).where(eq(places.place_id, 'branch:9'))
    expect(branch).toMatchObject({
      location_type: 'branch',
      name: 'Hartwell & Co Leeds',
      description: '12 Park Row, Leeds LS1 5HD',
      location: 'Hartwell & Co Leeds, 12 Park Row, Leeds LS1 5HD',
      lat: 53.79733,
      lng: -1.54623,
      population: null,
      search_key: 'hartwell co leeds',
    })
  })

  it('rebuilds from the current properties when run again', async () => {
    await database.db.delete(properties).where(eq(properties.postcode, 'NE1 6AE'))
    const summary = await rebuildPlaces(database)
    expect(summary).toEqual({ towns: 4300, postcodeDistricts: 1, postcodes: 3, branches: 1 })
    const [total] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from places`)
    expect(total).toEqual({ n: 4300 + 1 + 3 + 1 })
  })
})
