import { createReadDatabase, places, properties, type LagProbe } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'
import { insertFixture } from '#app/testing/fixtures.ts'
import { logInTestBuyer } from '#app/routes/contacts/test-support.ts'

/** The price the replica's copy of one property shows, and its primary's never does. */
const REPLICA_PRICE = 987_654

/**
 * The "replica" is a second database holding the same fixture, with one property's price changed and
 * one place only there: what a request reads tells which database answered it.
 */
async function createReplica(): Promise<TestDatabase> {
  const replica = await createTestDatabase('postgres')
  await insertFixture(replica)
  return replica
}

const withPostgres = testDatabaseKinds().includes('postgres')

describe.skipIf(!withPostgres)('read replicas on PostgreSQL', () => {
  let replica: TestDatabase
  let api: TestApi
  let cookie: string
  let propertyId: number
  let transactionType: number
  let lag = 0
  const warnings: Array<Record<string, unknown>> = []
  const lagProbe: LagProbe = async () => lag

  beforeAll(async () => {
    replica = await createReplica()
    api = await createTestApi('postgres', {
      readDatabase: (primary) =>
        createReadDatabase(primary, {
          urls: [replica.url!],
          lagProbe,
          checkIntervalMs: 0,
          maxLagSeconds: 5,
          log: { warn: (fields) => warnings.push(fields), info: () => undefined },
        }),
    })
    const [first] = await api.database.db.select().from(properties).where(eq(properties.is_locked, false)).limit(1)
    propertyId = first!.property_profile_id
    transactionType = first!.transaction_type_id
    await replica.db.update(properties).set({ price: REPLICA_PRICE }).where(eq(properties.property_profile_id, propertyId))
    await replica.db.insert(places).values({
      place_id: 'gb:town:999001',
      location_type: 'town',
      name: 'Replicaford',
      description: 'Standbyshire',
      location: 'Replicaford, Standbyshire',
      lat: 52,
      lng: -1,
      south: 51.9,
      west: -1.1,
      north: 52.1,
      east: -0.9,
      population: 5000,
      search_key: 'replicaford',
    })
    cookie = await logInTestBuyer(api)
  })
  afterAll(async () => {
    await api?.close()
    await replica?.close()
  })

  const priceIn = async (url: string, headers: Record<string, string> = {}): Promise<number | undefined> => {
    const response = await api.app.inject({ method: 'GET', url, headers })
    expect(response.statusCode).toBe(200)
    type Row = { property_profile_id: number; price: { numberPrice: number } | null }
    const body = response.json() as { data: Row[] | Row }
    const rows = Array.isArray(body.data) ? body.data : [body.data]
    return rows.find((row) => row.property_profile_id === propertyId)?.price?.numberPrice
  }
  /** A search and the markers of a search only the replica's price matches. */
  const filter = () => `transaction_type_id=${transactionType}&include_unavailable=true&min_price=${REPLICA_PRICE}&max_price=${REPLICA_PRICE}`
  const search = () => `/api/properties/cards?ids=${propertyId}`
  const idsIn = async (url: string, headers: Record<string, string> = {}): Promise<number[]> => {
    const response = await api.app.inject({ method: 'GET', url, headers })
    expect(response.statusCode).toBe(200)
    return (response.json() as { data: Array<{ property_profile_id: number }> }).data.map((row) => row.property_profile_id)
  }

  it("answers a visitor's search, property page and place search from the replica", async () => {
    lag = 0
    expect(await priceIn(search())).toBe(REPLICA_PRICE)
    expect(await priceIn(`/api/properties/${propertyId}`)).toBe(REPLICA_PRICE)
    expect(await idsIn(`/api/properties?${filter()}`)).toContain(propertyId)
    expect(await idsIn(`/api/properties/markers?${filter()}`)).toContain(propertyId)
    const found = (await api.app.inject({ url: '/api/places', query: { keyword: 'replicaford' } })).json() as { data: Array<{ name: string }> }
    expect(found.data.map((p) => p.name)).toContain('Replicaford')
  })

  it("answers a signed-in buyer's reads from the primary, and a write is read back from it at once", async () => {
    lag = 0
    const primaryPrice = (await api.database.db.select().from(properties).where(eq(properties.property_profile_id, propertyId)))[0]!.price
    expect(primaryPrice).not.toBe(REPLICA_PRICE)
    expect(await priceIn(search(), { cookie })).toBe(primaryPrice)
    expect(await priceIn(`/api/properties/${propertyId}`, { cookie })).toBe(primaryPrice)
    expect(await idsIn(`/api/properties?${filter()}`, { cookie })).not.toContain(propertyId)
    expect(await idsIn(`/api/properties/markers?${filter()}`, { cookie })).not.toContain(propertyId)
    // The buyer saves the property and reads the saved list back: the primary has it.
    const saved = await api.app.inject({ method: 'PUT', url: `/api/contacts/me/saved_properties/${propertyId}`, headers: { cookie, origin: PUBLIC_URL } })
    expect(saved.statusCode).toBeLessThan(300)
    const ids = await api.app.inject({ url: '/api/contacts/me/saved_properties/ids', headers: { cookie } })
    expect(ids.statusCode).toBe(200)
    expect(ids.body).toContain(String(propertyId))
  })

  it('sends reads to the primary while the replica lags past the limit, and back when it catches up', async () => {
    lag = 60
    const before = warnings.length
    expect(await priceIn(search())).not.toBe(REPLICA_PRICE)
    expect(await priceIn(search())).not.toBe(REPLICA_PRICE)
    // One warning for the change of state, not one per read; no URL, role or password in it.
    expect(warnings.length).toBe(before + 1)
    expect(JSON.stringify(warnings.at(-1))).not.toContain('postgres://')
    lag = 0
    expect(await priceIn(search())).toBe(REPLICA_PRICE)
  })
})

describe.skipIf(!withPostgres)('several read replicas', () => {
  let replicas: TestDatabase[]
  let api: TestApi
  let propertyId: number

  beforeAll(async () => {
    replicas = [await createReplica(), await createReplica()]
    api = await createTestApi('postgres', { readDatabase: (primary) => createReadDatabase(primary, { urls: replicas.map((r) => r.url!), lagProbe: async () => 0 }) })
    const [first] = await api.database.db.select().from(properties).where(eq(properties.is_locked, false)).limit(1)
    propertyId = first!.property_profile_id
    for (const [i, replica] of replicas.entries()) await replica.db.update(properties).set({ price: REPLICA_PRICE + i }).where(eq(properties.property_profile_id, propertyId))
  })
  afterAll(async () => {
    await api?.close()
    for (const replica of replicas ?? []) await replica.close()
  })

  it("spreads visitors' requests over the replicas in turn, each request's reads from one of them", async () => {
    const prices: number[] = []
    for (let i = 0; i < 4; i++) {
      const response = await api.app.inject(`/api/properties/${propertyId}`)
      expect(response.statusCode).toBe(200)
      prices.push((response.json() as { data: { price: { numberPrice: number } } }).data.price.numberPrice)
    }
    expect(prices).toEqual([REPLICA_PRICE, REPLICA_PRICE + 1, REPLICA_PRICE, REPLICA_PRICE + 1])
  })
})

describe.skipIf(!withPostgres)('a read replica that cannot be reached', () => {
  let api: TestApi
  const warnings: Array<Record<string, unknown>> = []

  beforeAll(async () => {
    api = await createTestApi('postgres', {
      // Nothing listens on this port: every connection is refused.
      readDatabase: (primary) =>
        createReadDatabase(primary, { urls: ['postgres://reader:secret@127.0.0.1:4199/nowhere'], acquireTimeoutMs: 1000, log: { warn: (fields) => warnings.push(fields), info: () => undefined } }),
    })
  })
  afterAll(() => api?.close())

  it('answers the reads from the primary, with one warning that names neither role nor password', async () => {
    for (const url of ['/api/properties?page_size=5', '/api/properties/markers?page_size=5', '/api/properties/property_types']) {
      expect((await api.app.inject(url)).statusCode).toBe(200)
    }
    const search = (await api.app.inject('/api/properties?page_size=5')).json() as { total: number }
    expect(search.total).toBeGreaterThan(0)
    expect(warnings).toHaveLength(1)
    expect(JSON.stringify(warnings)).not.toMatch(/secret|reader/)
    expect(warnings[0]).toMatchObject({ replica: '127.0.0.1:4199/nowhere' })
  })
})
