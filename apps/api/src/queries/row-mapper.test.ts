import { MapMarkersQuerySchema, PropertySearchQuerySchema } from '@agency/domain'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertFixture } from '#app/testing/fixtures.ts'
import { keptMarkerStatementsOf, keptSearchStatementsOf, searchValuesOf, toMarkerQueries, toSearchQueries } from './properties.ts'

// A kept search statement maps its rows itself (row-mapper.ts `withFlatRows`); Drizzle's own mapper
// maps the same statement written for the search alone. Their rows must be the same, value for value
// and type for type (dates, nulls, the galleries' JSON, numbers), on each database.
const SEARCHES = [
  { transaction_type_id: '1' },
  { transaction_type_id: '2', page: '2', page_size: '5' },
  { transaction_type_id: '1', sort: 'most_reduced', include_unavailable: 'true' },
  { transaction_type_id: '2', reduced: 'true' },
  { transaction_type_id: '1', locations: ['53.7997,-1.5492,10', '53.959,-1.0815,5'], sort: 'distance', min_bedroom: '2' },
  { transaction_type_id: '1', bounds: '53.5,-2,54.1,-1', sort: 'price_asc' },
  { transaction_type_id: '1', keywords: 'centre', min_price: '100000' },
]

describe.each(testDatabaseKinds())('the rows of a kept search statement on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await insertFixture(database)
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  it.each(
    SEARCHES.flatMap((search) =>
      [
        { canSeeLocked: false, withMedias: true },
        { canSeeLocked: true, withMedias: true },
        { canSeeLocked: false, withMedias: false },
      ].map((how) => ({ search, ...how })),
    ),
  )(
    'are Drizzle’s rows for $search (locked shown: $canSeeLocked, galleries: $withMedias)',
    async ({ search, canSeeLocked, withMedias }) => {
      const query = PropertySearchQuerySchema.parse(search)
      const audience = { canSeeLocked }
      const kept = keptSearchStatementsOf(database.db, query, audience, { withMedias })
      // The kept statement maps its rows itself.
      expect(Reflect.get(kept.page, 'customResultMapper')).toBeTypeOf('function')
      const own = toSearchQueries(database.db, query, audience, undefined, { withMedias })
      const rows = await kept.page.execute(searchValuesOf(query, audience))
      expect(rows.length).toBeGreaterThan(0)
      expect(rows).toStrictEqual(await own.page.execute())
      expect(await kept.count.execute(searchValuesOf(query, audience))).toStrictEqual(await own.count.execute())
    },
  )

  it.each(SEARCHES.flatMap((search) => [false, true].map((canSeeLocked) => ({ search, canSeeLocked }))))(
    'of map markers are Drizzle’s rows for $search (locked shown: $canSeeLocked)',
    async ({ search: { sort: _sort, ...search }, canSeeLocked }) => {
      const query = MapMarkersQuerySchema.parse(search)
      const audience = { canSeeLocked }
      const kept = keptMarkerStatementsOf(database.db, query, audience)
      expect(Reflect.get(kept.found, 'customResultMapper')).toBeTypeOf('function')
      const own = toMarkerQueries(database.db, query, audience)
      const rows = await kept.found.execute(searchValuesOf(query, audience))
      expect(rows.length).toBeGreaterThan(0)
      expect(rows).toStrictEqual(await own.found.execute())
      expect(await kept.count.execute(searchValuesOf(query, audience))).toStrictEqual(await own.count.execute())
    },
  )
})
