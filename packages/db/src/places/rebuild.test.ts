import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../client.ts'
import { IS_NAMED_PLACE, branches, places, properties } from '../schema/index.ts'
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

  // The embedded database has no trigram index: it compares names in JavaScript (migrate.ts).
  it.runIf(kind === 'postgres')('leaves the trigram index of names without a pending list, so a typo search reads a few of its pages', async () => {
    await rebuildPlaces(database)
    // The index scan itself (a small table may be scanned otherwise): every page it reads, counted.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`explain (analyze, buffers, format json) select place_id from places where search_key % 'harogate' and ${IS_NAMED_PLACE}`,
      )
      return JSON.stringify(row?.['QUERY PLAN'])
    })
    const scan = /"Node Type":"Bitmap Index Scan"[^}]*?"Index Name":"places_name_trgm_idx"[^}]*?"Shared Hit Blocks":(\d+),"Shared Read Blocks":(\d+)/.exec(plan)
    expect(scan, plan).not.toBeNull()
    // 19 pages here; with the 4,312 names in a pending list, every scan read 119.
    expect(Number(scan?.[1]) + Number(scan?.[2])).toBeLessThan(50)
    const [found] = await queryRows<{ name: string }>(database.db, sql`select name from places where search_key % 'harogate' and ${IS_NAMED_PLACE}`)
    expect(found?.name).toBe('Harrogate')
  })

  it.runIf(kind === 'pglite')('keeps no trigram index on the embedded database, whose pg_trgm faults under load', async () => {
    const indexes = await queryRows<{ indexname: string }>(database.db, sql`select indexname from pg_indexes where tablename = 'places' order by indexname`)
    expect(indexes.map((row) => row.indexname)).not.toContain('places_name_trgm_idx')
    expect(indexes.length).toBeGreaterThan(0)
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

interface PostcodePlace {
  place_id: string
  location_type: string
  description: string
  lat: number
  lng: number
  south: number
  west: number
  north: number
  east: number
  population: number
}

/**
 * The postcode places a visitor's property list allows, worked out here from the visible (not
 * locked) properties alone: one per district and postcode of theirs, at the mean of their
 * positions, counting them, named after their most common town.
 */
async function toAllowedPostcodePlaces(database: TestDatabase): Promise<Map<string, Omit<PostcodePlace, 'place_id'> & { towns: string[] }>> {
  const rows = await database.db
    .select({ postcode: properties.postcode, town: properties.town, lat: properties.lat, lng: properties.lng, is_locked: properties.is_locked })
    .from(properties)
  const groups = new Map<string, { kind: 'postcode_district' | 'postcode'; members: typeof rows }>()
  for (const row of rows.filter((r) => !r.is_locked)) {
    const code = row.postcode.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
    if (!/^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(code)) continue
    const district = code.slice(0, -3)
    for (const [key, kind] of [[district, 'postcode_district'], [`${district} ${code.slice(-3)}`, 'postcode']] as const) {
      const group = groups.get(key) ?? { kind, members: [] }
      group.members.push(row)
      groups.set(key, group)
    }
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
  const allowed = new Map<string, Omit<PostcodePlace, 'place_id'> & { towns: string[] }>()
  for (const [code, { kind, members }] of groups) {
    const lat = mean(members.map((m) => m.lat))
    const lng = mean(members.map((m) => m.lng))
    const padKm = kind === 'postcode_district' ? 0.5 : 0.25
    const dLat = padKm / 111.32
    const dLng = padKm / (111.32 * Math.cos((lat * Math.PI) / 180))
    const lats = kind === 'postcode_district' ? members.map((m) => m.lat) : [lat]
    const lngs = kind === 'postcode_district' ? members.map((m) => m.lng) : [lng]
    const counts = new Map<string, number>()
    for (const m of members) counts.set(m.town, (counts.get(m.town) ?? 0) + 1)
    const most = Math.max(...counts.values())
    allowed.set(`gb:postcode:${code}`, {
      location_type: kind,
      description: kind === 'postcode_district' ? 'Postcode district' : 'Postcode',
      towns: [...counts].filter(([, n]) => n === most).map(([town]) => town),
      lat,
      lng,
      south: Math.min(...lats) - dLat,
      west: Math.min(...lngs) - dLng,
      north: Math.max(...lats) + dLat,
      east: Math.max(...lngs) + dLng,
      population: members.length,
    })
  }
  return allowed
}

/** Every postcode place is one the visible properties allow, with exactly their centre, box and count. */
async function expectPostcodePlacesOfVisibleProperties(database: TestDatabase): Promise<void> {
  const allowed = await toAllowedPostcodePlaces(database)
  const found = await queryRows<PostcodePlace & Record<string, unknown>>(
    database.db,
    sql`select place_id, location_type, description, lat, lng, south, west, north, east, population
      from places where location_type in ('postcode_district', 'postcode') order by place_id`,
  )
  expect(found.map((place) => place.place_id)).toEqual([...allowed.keys()].sort())
  for (const place of found) {
    const expected = allowed.get(place.place_id)!
    expect(place.location_type, place.place_id).toBe(expected.location_type)
    expect(place.population, place.place_id).toBe(expected.population)
    expect(expected.towns.map((town) => `${expected.description}, ${town}`), place.place_id).toContain(place.description)
    for (const side of ['lat', 'lng', 'south', 'west', 'north', 'east'] as const) {
      expect(place[side], `${place.place_id} ${side}`).toBeCloseTo(expected[side], 9)
    }
  }
}

describe.each(testDatabaseKinds())('postcode places on %s', (kind) => {
  let database: TestDatabase

  const placeIds = async (prefix: string) =>
    (
      await database.db
        .select({ place_id: places.place_id })
        .from(places)
        .where(sql`${places.place_id} like ${`gb:postcode:${prefix}%`}`)
        .orderBy(places.place_id)
    ).map((row) => row.place_id)
  const getPlace = async (placeId: string) => (await database.db.select().from(places).where(eq(places.place_id, placeId)))[0]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await database.db.insert(properties).values([
      property('LS1 4AP', 'Leeds', 53.79, -1.55),
      property('LS1 4AP', 'Leeds', 53.8, -1.54),
      property('LS1 5HD', 'Leeds', 53.81, -1.53),
      // Locked: one shares a visible postcode, far from it; one has a postcode of its own in LS1; and
      // one (the Newton Aycliffe house of the report) is the only property of its district.
      { ...property('LS1 4AP', 'Leeds', 53.9, -1.4), is_locked: true },
      { ...property('LS1 9ZZ', 'Otley', 53.905, -1.69), is_locked: true },
      { ...property('DL4 1TZ', 'Newton Aycliffe', 54.616261, -1.579604), is_locked: true },
    ])
    await rebuildPlaces(database)
  })

  afterAll(async () => {
    await database?.close()
  })

  it('are built from visible properties only: a locked one adds no place and moves no centre', async () => {
    expect(await placeIds('LS1')).toEqual(['gb:postcode:LS1', 'gb:postcode:LS1 4AP', 'gb:postcode:LS1 5HD'])
    expect(await placeIds('DL4')).toEqual([])
    const postcode = await getPlace('gb:postcode:LS1 4AP')
    expect(postcode!.population).toBe(2)
    expect(postcode!.lat).toBeCloseTo(53.795, 9)
    expect(postcode!.lng).toBeCloseTo(-1.545, 9)
    const district = await getPlace('gb:postcode:LS1')
    expect(district).toMatchObject({ description: 'Postcode district, Leeds', population: 3 })
    expect(district!.lat).toBeCloseTo((53.79 + 53.8 + 53.81) / 3, 9)
    expect(district!.north).toBeCloseTo(53.81 + 0.5 / 111.32, 9)
    await expectPostcodePlacesOfVisibleProperties(database)
  })

  it('lose a property the moment it is locked, and get it back when it is unlocked', async () => {
    await database.db.update(properties).set({ is_locked: true }).where(eq(properties.postcode, 'LS1 5HD'))
    expect(await placeIds('LS1')).toEqual(['gb:postcode:LS1', 'gb:postcode:LS1 4AP'])
    expect((await getPlace('gb:postcode:LS1'))!.lat).toBeCloseTo(53.795, 9)
    await expectPostcodePlacesOfVisibleProperties(database)

    await database.db.update(properties).set({ is_locked: false }).where(eq(properties.postcode, 'LS1 9ZZ'))
    expect(await placeIds('LS1')).toEqual(['gb:postcode:LS1', 'gb:postcode:LS1 4AP', 'gb:postcode:LS1 9ZZ'])
    expect(await getPlace('gb:postcode:LS1 9ZZ')).toMatchObject({ description: 'Postcode, Otley', lat: 53.905, lng: -1.69, population: 1 })
    await expectPostcodePlacesOfVisibleProperties(database)

    await database.db.update(properties).set({ is_locked: false }).where(eq(properties.postcode, 'LS1 5HD'))
    await database.db.update(properties).set({ is_locked: true }).where(eq(properties.postcode, 'LS1 9ZZ'))
    expect(await placeIds('LS1')).toEqual(['gb:postcode:LS1', 'gb:postcode:LS1 4AP', 'gb:postcode:LS1 5HD'])
    await expectPostcodePlacesOfVisibleProperties(database)
  })

  it('change in the transaction that locks the property, and not at all when it rolls back', async () => {
    const rollback = new Error('roll back')
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(properties).set({ is_locked: true }).where(eq(properties.postcode, 'LS1 5HD'))
        const inside = await tx.select({ place_id: places.place_id }).from(places).where(eq(places.place_id, 'gb:postcode:LS1 5HD'))
        expect(inside).toEqual([])
        throw rollback
      }),
    ).rejects.toBe(rollback)
    expect(await placeIds('LS1')).toEqual(['gb:postcode:LS1', 'gb:postcode:LS1 4AP', 'gb:postcode:LS1 5HD'])
    await expectPostcodePlacesOfVisibleProperties(database)
  })

  it('follow properties as they are added, moved, given another postcode or town, and removed', async () => {
    const [added] = await database.db.insert(properties).values(property('dl4 1tz', 'Shildon', 54.63, -1.65)).returning()
    expect(await placeIds('DL4')).toEqual(['gb:postcode:DL4', 'gb:postcode:DL4 1TZ'])
    // The locked neighbour in the same postcode counts for nothing.
    expect(await getPlace('gb:postcode:DL4 1TZ')).toMatchObject({ description: 'Postcode, Shildon', lat: 54.63, lng: -1.65, population: 1 })
    await expectPostcodePlacesOfVisibleProperties(database)

    await database.db.update(properties).set({ lat: 54.64, lng: -1.66 }).where(eq(properties.property_profile_id, added!.property_profile_id))
    expect(await getPlace('gb:postcode:DL4 1TZ')).toMatchObject({ lat: 54.64, lng: -1.66 })
    await database.db.update(properties).set({ town: 'Bishop Auckland' }).where(eq(properties.property_profile_id, added!.property_profile_id))
    expect(await getPlace('gb:postcode:DL4')).toMatchObject({ description: 'Postcode district, Bishop Auckland' })
    await expectPostcodePlacesOfVisibleProperties(database)

    await database.db.update(properties).set({ postcode: 'LS1 5HD' }).where(eq(properties.property_profile_id, added!.property_profile_id))
    expect(await placeIds('DL4')).toEqual([])
    expect((await getPlace('gb:postcode:LS1 5HD'))!.population).toBe(2)
    await expectPostcodePlacesOfVisibleProperties(database)

    await database.db.delete(properties).where(eq(properties.property_profile_id, added!.property_profile_id))
    expect((await getPlace('gb:postcode:LS1 5HD'))!.population).toBe(1)
    await expectPostcodePlacesOfVisibleProperties(database)

    // Edits that touch no place leave the places as they are.
    await database.db.update(properties).set({ price: 300_000 })
    await expectPostcodePlacesOfVisibleProperties(database)
  })

  it('go with the properties when the catalogue is emptied, leaving the towns', async () => {
    await database.db.execute(sql`truncate table properties cascade`)
    expect(await placeIds('')).toEqual([])
    expect(await getPlace('gb:town:2643123')).toMatchObject({ name: 'Manchester' })
  })
})
