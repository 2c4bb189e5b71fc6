import { PropertySearchQuerySchema, type PropertySearchQuery } from '@agency/domain'
import { queryRows } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertFixture } from '#app/testing/fixtures.ts'
import { recordStatements } from '#app/testing/statements.ts'
import { searchProperties } from './properties.ts'

// A search without a location keeps its count (kept-counts.ts) for as long as the catalogue's version
// is the same: the triggers of migration 0031 set it at the commit of every transaction that writes a
// property or a price change, whoever writes. These tests write as anyone else would (SQL by hand, on
// the database's own connections) and look at the count the next search answers, and at the
// statements it ran.
describe.each(testDatabaseKinds())('a search’s kept count on %s', (kind) => {
  let database: TestDatabase
  let statements: string[]
  const buyer = { canSeeLocked: true }
  const search = (params: Record<string, string>): PropertySearchQuery =>
    PropertySearchQuerySchema.parse({ transaction_type_id: '1', min_bedroom: '2', page_size: '5', ...params })

  /** The number of sales with two bedrooms or more on the market, counted by hand. */
  const countedByHand = async (extra = sql`true`) => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from properties where transaction_type_id = 1 and availability = 'available' and bedroom >= 2 and ${extra}`,
    )
    return Number(row?.n)
  }
  const aMatch = async () => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select property_profile_id as id from properties where transaction_type_id = 1 and availability = 'available' and bedroom >= 2 order by property_profile_id limit 1`,
    )
    return Number(row?.id)
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await insertFixture(database)
    recordStatements(database.db, (text) => statements.push(text))
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(() => {
    statements = []
  })

  it('answers the next search of the same filters, another page and sort, with the count kept, counting nothing', async () => {
    const first = await searchProperties(database.db, search({ sort: 'newest' }), buyer)
    expect(statements.filter((text) => /count\(\*\)/.test(text))).toHaveLength(1)
    const expected = await countedByHand()
    expect(expected).toBeGreaterThan(10)
    expect(first.total).toBe(expected)

    statements = []
    const next = await searchProperties(database.db, search({ sort: 'price_asc', page: '2' }), buyer)
    expect(next.total).toBe(expected)
    expect(next.rows).toHaveLength(5)
    expect(statements).toHaveLength(1)
    expect(statements[0]).not.toMatch(/count\(\*\)/)
  })

  it('counts again once a property has been added, changed or taken away, by any writer', async () => {
    const query = search({})
    await searchProperties(database.db, query, buyer)
    const before = await countedByHand()

    // Another bedroom-filtered sale comes on the market (a copy of one, under a new id and slug).
    const copied = (
      await queryRows<{ name: string }>(
        database.db,
        sql`
        select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'properties' and is_generated = 'NEVER' and column_name not in ('property_profile_id', 'slug')`,
      )
    ).map((row) => sql.identifier(row.name))
    await database.db.execute(sql`
      insert into properties (slug, ${sql.join(copied, sql`, `)})
      select slug || '-again', ${sql.join(copied, sql`, `)} from properties where property_profile_id = ${await aMatch()}`)
    expect((await searchProperties(database.db, query, buyer)).total).toBe(before + 1)

    // One goes under offer.
    await database.db.execute(sql`update properties set availability = 'under_offer' where property_profile_id = ${await aMatch()}`)
    expect((await searchProperties(database.db, query, buyer)).total).toBe(before)

    // One is taken away.
    await database.db.execute(sql`delete from properties where property_profile_id = ${await aMatch()}`)
    expect((await searchProperties(database.db, query, buyer)).total).toBe(before - 1)
    expect(await countedByHand()).toBe(before - 1)
  })

  it('counts reduced properties again once a price has fallen', async () => {
    const matches = await queryRows<{ id: number }>(
      database.db,
      sql`select property_profile_id as id from properties where transaction_type_id = 1 and availability = 'available' and bedroom >= 2 order by property_profile_id limit 2`,
    )
    const [one, other] = matches.map((row) => Number(row.id))
    // A property's price history: its first price, then £5,000 less.
    const reduce = async (id: number | undefined) => {
      await database.db.execute(sql`delete from price_history where property_profile_id = ${id}`)
      await database.db.execute(sql`
        insert into price_history (property_profile_id, price, changed_at)
        select ${id}::int, price + 5000, now() - interval '2 days' from properties where property_profile_id = ${id}
        union all select ${id}::int, price, now() - interval '1 day' from properties where property_profile_id = ${id}`)
    }
    const reduced = search({ reduced: 'true', page_size: '100' })
    await reduce(one)
    const before = await searchProperties(database.db, reduced, buyer)
    expect(before.total).toBeGreaterThan(0)
    await reduce(other)
    const after = await searchProperties(database.db, reduced, buyer)
    expect(after.total).toBe(before.total + 1)
    expect(after.rows.map((row) => row.property_profile_id)).toEqual(expect.arrayContaining([one, other]))
  })

  it('keeps no count of a search near a location or of properties added within days, and counts each', async () => {
    await searchProperties(database.db, search({ added_within_days: '7' }), buyer)
    statements = []
    await searchProperties(database.db, search({ added_within_days: '7', page: '2' }), buyer)
    expect(statements.some((text) => /count\(\*\)/.test(text))).toBe(true)

    const near = search({ locations: '53.9921,-1.5418,10' })
    const first = await searchProperties(database.db, near, buyer)
    statements = []
    expect((await searchProperties(database.db, { ...near, page: 2 }, buyer)).total).toBe(first.total)
    expect(statements.some((text) => /count\(\*\) over \(\)/.test(text))).toBe(true)
  })
})

// Two writers at once (a feed import and an agent's price change, say), each on a connection of its
// own: the catalogue's version is set at each one's commit, so neither holds it while it waits for a
// row the other has, and the triggers add no deadlock; a search between and after counts each write.
describe.runIf(testDatabaseKinds().includes('postgres'))('the catalogue’s version, with two writers at once on PostgreSQL', () => {
  let database: TestDatabase
  const connections: pg.Client[] = []
  const buyer = { canSeeLocked: true }
  const onTheMarket = PropertySearchQuerySchema.parse({ transaction_type_id: '1', page_size: '5' })

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    await insertFixture(database)
    for (let i = 0; i < 2; i++) {
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      // A writer kept waiting for a lock fails the test soon rather than hanging it.
      await client.query(`set lock_timeout = '5s'`)
      connections.push(client)
    }
  }, 120_000)
  afterAll(async () => {
    await Promise.all(connections.map((client) => client.end()))
    await database?.close()
  })

  it('lets each commit in turn, one waiting for the row the other changed, and counts what each took off the market', async () => {
    const [first, second] = connections as [pg.Client, pg.Client]
    const ids = (
      await queryRows<{ id: number }>(
        database.db,
        sql`select property_profile_id as id from properties where transaction_type_id = 1 and availability = 'available' order by property_profile_id limit 2`,
      )
    ).map((row) => Number(row.id))
    const [a, b] = ids
    const before = (await searchProperties(database.db, onTheMarket, buyer)).total

    await first.query('begin')
    await second.query('begin')
    await first.query(`update properties set availability = 'sstc' where property_profile_id = $1`, [a])
    // With the version set by each statement (not at commit), this would wait for the first writer's
    // hold on the version, and the first writer's next change would wait for this one: a deadlock.
    await second.query(`update properties set availability = 'sstc' where property_profile_id = $1`, [b])
    // The first writer now wants the row the second holds, and waits for its commit.
    const waiting = first.query(`update properties set availability = 'under_offer' where property_profile_id = $1`, [b])
    // Nothing is committed yet: the kept count stands.
    expect((await searchProperties(database.db, onTheMarket, buyer)).total).toBe(before)
    await second.query('commit')
    await waiting
    expect((await searchProperties(database.db, onTheMarket, buyer)).total).toBe(before - 1)
    await first.query('commit')
    // b was taken off by the second writer; the first took a off and put b under offer.
    expect((await searchProperties(database.db, onTheMarket, buyer)).total).toBe(before - 2)
  })
})
