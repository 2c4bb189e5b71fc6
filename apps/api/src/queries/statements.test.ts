import { NEARBY_KINDS, PropertySearchQuerySchema } from '@agency/domain'
import { GENERIC_PLAN_COMMENT, propertyMedias, queryRows } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnalysedFixtureDatabase, insertFixture } from '#app/testing/fixtures.ts'
import { recordStatements } from '#app/testing/statements.ts'
import { getSimilarProperties } from './extras.ts'
import { getNearbyPlaces } from './nearby.ts'
import { getPropertyDetail, searchProperties, toSearchQueries } from './properties.ts'

// A search page and a property's detail are one statement each, their lists as JSON: on the embedded
// database each statement waits its turn on the one connection and each field of its rows is parsed
// in JavaScript; on PostgreSQL each statement's round trip costs more than the JSON. This holds them
// to it; the API tests hold their answers.
describe.each(testDatabaseKinds())('the statements of a search and of a property page on %s', (kind) => {
  let database: TestDatabase
  let statements: string[]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await insertFixture(database)
    recordStatements(database.db, (text) => statements.push(text))
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  const storedGallery = (id: number) =>
    database.db
      .select({ media_key: propertyMedias.media_key, kind: propertyMedias.kind, link: propertyMedias.link, is_downloadable: propertyMedias.is_downloadable })
      .from(propertyMedias)
      .where(eq(propertyMedias.property_profile_id, id))
      .orderBy(asc(propertyMedias.position), asc(propertyMedias.property_profile_media_id))

  it('reads a page of a search, its count and its galleries in one statement', async () => {
    statements = []
    const query = PropertySearchQuerySchema.parse({ transaction_type_id: '1', min_bedroom: '1', page_size: '5' })
    const { rows, medias, pictures, total } = await searchProperties(database.db, query, { canSeeLocked: false })
    expect(statements).toHaveLength(1)
    expect(rows).toHaveLength(5)
    expect(total).toBeGreaterThan(5)
    expect(pictures).toBeNull()
    // Every card's gallery, in gallery order, for the cards of the page alone.
    expect([...(medias ?? new Map()).keys()]).toEqual(rows.map((row) => row.property_profile_id))
    const galleries = [...(medias ?? new Map()).values()]
    expect(galleries.some((gallery) => gallery.length > 1)).toBe(true)
    for (const [id, gallery] of medias ?? new Map()) expect(gallery).toEqual(await storedGallery(id))
  })

  it("reads a page of a search without its galleries, each card's picture alone, in one statement", async () => {
    const query = PropertySearchQuerySchema.parse({ transaction_type_id: '1', min_bedroom: '1', page_size: '24' })
    const whole = await searchProperties(database.db, query, { canSeeLocked: true })
    statements = []
    const { rows, medias, pictures, total } = await searchProperties(database.db, query, { canSeeLocked: true }, { withMedias: false })
    expect(statements).toHaveLength(1)
    expect(statements[0]).not.toContain('json_agg')
    expect(medias).toBeNull()
    expect(rows).toEqual(whole.rows)
    expect(total).toBe(whole.total)
    // The picture a card shows: its first photo in gallery order, else the first of its gallery; none without one.
    const expected = await Promise.all(
      rows.map(async (row) => {
        const gallery = await storedGallery(row.property_profile_id)
        return [row.property_profile_id, (gallery.find((media) => media.kind === 'photo') ?? gallery[0])?.media_key ?? null] as const
      }),
    )
    expect([...(pictures ?? new Map()).entries()]).toEqual(expected)
    // The fixture's page has cards without pictures and cards whose gallery opens with a video.
    expect(expected.some(([, picture]) => picture === null)).toBe(true)
    expect(expected.some(([id, picture]) => picture !== null && picture !== whole.medias?.get(id)?.[0]?.media_key)).toBe(true)
  })

  it("reads a property's detail, with its gallery, plans, EPCs, price history and brochures, in one statement", async () => {
    const query = PropertySearchQuerySchema.parse({ transaction_type_id: '1', page_size: '1' })
    const [first] = (await searchProperties(database.db, query, { canSeeLocked: true })).rows
    statements = []
    const detail = await getPropertyDetail(database.db, first!.property_profile_id)
    expect(statements).toHaveLength(1)
    expect(detail?.property.property_profile_id).toBe(first!.property_profile_id)
    expect(detail?.priceHistory.every((entry) => entry.changed_at instanceof Date)).toBe(true)
  })

  // Each read of a property page is the same plan whatever its values (a row by its key, a walk of one
  // index): the embedded database plans it once rather than at every page.
  it("marks the property page's reads to be planned once, and the embedded database plans them once", async () => {
    const query = PropertySearchQuerySchema.parse({ transaction_type_id: '1', page_size: '1' })
    const [first] = (await searchProperties(database.db, query, { canSeeLocked: true })).rows
    const read = async () => {
      await getPropertyDetail(database.db, first!.property_profile_id)
      await getSimilarProperties(database.db, first!.property_profile_id, { canSeeLocked: false })
      await getNearbyPlaces(database.db, { lat: 53.8, lng: -1.55 }, NEARBY_KINDS)
    }
    statements = []
    await read()
    // The detail, the similar properties' target and their walk, the neighbourhood.
    const texts = [...statements]
    expect(texts).toHaveLength(4)
    for (const text of texts) expect(text).toContain(GENERIC_PLAN_COMMENT)
    if (kind !== 'pglite') return
    for (let i = 0; i < 6; i++) await read()
    const rows = await queryRows<{ statement: string; generic_plans: number; custom_plans: number }>(
      database.db,
      sql`select statement, generic_plans::int as generic_plans, custom_plans::int as custom_plans from pg_prepared_statements`,
    )
    for (const text of texts) {
      const prepared = rows.find((row) => row.statement === text)
      expect(prepared, text.slice(0, 80)).toBeDefined()
      expect(prepared).toMatchObject({ custom_plans: 0 })
      expect(prepared!.generic_plans).toBeGreaterThanOrEqual(7)
    }
  })
})

// The embedded database plans a search near a place once (GENERIC_PLAN_COMMENT): planning it for each
// search's values took 2.6 ms of its 4. A plan made for any values must still read each kind of
// position from its own index: the locked properties' (partial, `WHERE is_locked`) only when the
// statement says `is_locked` as such, not as a parameter.
describe('a search near a place on the embedded database', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createAnalysedFixtureDatabase('pglite')
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  it('is marked to be planned once, and that plan reads real positions by band and locked ones from their own index', async () => {
    const near = PropertySearchQuerySchema.parse({ transaction_type_id: '1', locations: ['53.8008,-1.5491,5', '53.4794,-2.2453,5'], min_bedroom: '2' })
    const { sql: text } = toSearchQueries(database.db, near, { canSeeLocked: false }).page.toSQL()
    expect(text).toContain(GENERIC_PLAN_COMMENT)
    const elsewhere = PropertySearchQuerySchema.parse({ transaction_type_id: '1', min_bedroom: '2' })
    expect(toSearchQueries(database.db, elsewhere, { canSeeLocked: false }).page.toSQL().sql).not.toContain(GENERIC_PLAN_COMMENT)

    // A statement with parameters and no values: as a simple query, not prepared.
    const client = (database.db as unknown as { $client: { exec: (text: string) => Promise<{ rows: { 'QUERY PLAN': string }[] }[]> } }).$client
    const [explained] = await client.exec(`explain (generic_plan) ${text}`)
    const plan = (explained?.rows ?? []).map((row) => row['QUERY PLAN']).join('\n')
    expect(plan.match(/Index Only Scan using properties_geo_band_cover_idx/g)).toHaveLength(2)
    expect(plan.match(/Index Only Scan using properties_locked_public_geo_cover_idx/g)).toHaveLength(2)
  })
})
