import { PropertySearchQuerySchema } from '@agency/domain'
import { testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnalysedFixtureDatabase, TOWNS } from '#app/testing/fixtures.ts'
import { toSearchQueries } from './properties.ts'

// The index of real positions leads with an expression (migration 0029); a search whose band of
// latitude is written otherwise still answers (the API tests' oracles), but reads every entry of
// the index. This holds the two together.
describe.runIf(testDatabaseKinds().includes('postgres'))('a location search on PostgreSQL', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createAnalysedFixtureDatabase('postgres')
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  it('reads the index of real positions by its bands of latitude, then a range of longitude', async () => {
    const [leeds] = TOWNS
    const query = PropertySearchQuerySchema.parse({ transaction_type_id: '1', locations: [`${leeds!.lat},${leeds!.lng},5`], min_bedroom: '2' })
    const { sql: text, params } = toSearchQueries(database.db, query, { canSeeLocked: false }).page.toSQL()
    // The fixture's 150 properties fit on a few pages, where a scan of the table is cheaper: set aside,
    // so the plan shows the index-only scan a large catalogue gets.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_bitmapscan = off`)
      const explained = sql.raw(`explain ${text.replace(/\$(\d+)/g, (_, n: string) => literalOf(params[Number(n) - 1]))}`)
      const result = (await tx.execute(explained)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> }
      return result.rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toMatch(/Index Only Scan using properties_geo_band_cover_idx[^\n]*\n\s*Index Cond: \(+floor\(\(lat \* '20'::double precision\)\)\)::smallint\)* = ANY/)
    expect(plan).toMatch(/= ANY [^\n]*AND \(lng >= /)
  })
})

/** A bound value as an SQL literal, for EXPLAIN (which takes no parameters). */
function literalOf(value: unknown): string {
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return `'${String(value).replaceAll("'", "''")}'`
}
