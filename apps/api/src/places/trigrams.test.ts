import { branches, IS_NAMED_PLACE, places, queryRows, rebuildPlaces } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabasePlacesProvider } from './database-provider.ts'
import { toOrderedTrigrams, toTrigramSet, trigramSimilarity, trigramWordSimilarity } from './trigrams.ts'

const similarity = (a: string, b: string) => trigramSimilarity(toTrigramSet(toOrderedTrigrams(a)), toTrigramSet(toOrderedTrigrams(b)))
const wordSimilarity = (key: string, name: string) => trigramWordSimilarity(toTrigramSet(toOrderedTrigrams(key)), toOrderedTrigrams(name))

/** Typos, words inside names, repeated words, single letters and nonsense, as visitors type them. */
const KEYWORDS = [
  'harogate',
  'harrogate',
  'upon tyne',
  'newcastle upon tyne newcastle upon tyne',
  'bermingum',
  'manchster',
  'lndon',
  'st ives',
  'ives st',
  'on sea',
  'southend on',
  'wick',
  'ton',
  'a b c',
  'aaa aaa aaa',
  'the the',
  'edinburg',
  'glasgw',
  'yrok',
  'kingston upon',
  'bury st edmunds',
  'qzxv',
  'milton keynes milton',
  'ashby de la zouch',
  'x',
]

describe('pg_trgm measures in JavaScript', () => {
  it('gives the values PostgreSQL gives, as float4', () => {
    // Each as `select similarity(…)` / `select word_similarity(…)` answers on PostgreSQL 16–18.
    expect(similarity('harogate', 'harrogate')).toBe(Math.fround(0.72727275))
    expect(similarity('york', 'yrok')).toBe(Math.fround(0.11111111))
    expect(similarity('st ives', 'st ives')).toBe(1)
    expect(similarity('', 'york')).toBe(0)
    expect(wordSimilarity('upon tyne', 'newcastle upon tyne')).toBe(1)
    expect(wordSimilarity('bermingum', 'birmingham')).toBe(Math.fround(0.30769232))
    expect(wordSimilarity('a', 'a b c')).toBe(1)
    expect(wordSimilarity('ton', 'newton abbot')).toBe(Math.fround(0.5))
    // The best extent starts later than the first shared trigram.
    expect(wordSimilarity('harogate', 'high halstow')).toBe(Math.fround(0.22222222))
  })
})

// PGlite's pg_trgm is the reason for these functions (it faults under load), so the comparison with
// pg_trgm's own results runs on PostgreSQL.
for (const kind of testDatabaseKinds().filter((kind) => kind === 'postgres')) {
  describe(`the same as pg_trgm on ${kind}`, () => {
    let database: TestDatabase
    beforeAll(async () => {
      database = await createTestDatabase(kind)
      await rebuildPlaces(database)
    }, 120_000)
    afterAll(async () => {
      await database?.close()
    })

    it('measures every named place against each keyword as pg_trgm does', async () => {
      let compared = 0
      for (const keyword of KEYWORDS) {
        const rows = await queryRows<{ search_key: string; similarity: number; word_similarity: number }>(
          database.db,
          sql`select search_key, similarity(search_key, ${keyword}) as similarity, word_similarity(${keyword}, search_key) as word_similarity
            from ${places} where ${IS_NAMED_PLACE}`,
        )
        expect(rows.length).toBeGreaterThan(4000)
        for (const row of rows) {
          const expected = { similarity: Math.fround(Number(row.similarity)), wordSimilarity: Math.fround(Number(row.word_similarity)) }
          expect({ similarity: similarity(row.search_key, keyword), wordSimilarity: wordSimilarity(keyword, row.search_key) }, `${keyword} ~ ${row.search_key}`).toEqual(expected)
          compared++
        }
      }
      expect(compared).toBeGreaterThan(KEYWORDS.length * 4000)
    })

    it('finds the same names and nearest spellings in memory as with pg_trgm, in the same order', async () => {
      const inDatabase = createDatabasePlacesProvider(database.db, { trigrams: 'database' })
      const inMemory = createDatabasePlacesProvider(database.db, { trigrams: 'memory' })
      let offered = 0
      for (const keyword of KEYWORDS) {
        const expected = await inDatabase.search(keyword, 10)
        expect(await inMemory.search(keyword, 10), keyword).toEqual(expected)
        const spellings = await inDatabase.nearestSpellings!(keyword, 5)
        expect(await inMemory.nearestSpellings!(keyword, 5), keyword).toEqual(spellings)
        offered += expected.length + spellings.length
      }
      expect(offered).toBeGreaterThan(50)
    })

    it('reads the names again after the gazetteer is rebuilt', async () => {
      const inMemory = createDatabasePlacesProvider(database.db, { trigrams: 'memory' })
      expect(await inMemory.search('zzyzxvillx', 10)).toEqual([])
      const branch = { branch_id: 9_901, name: 'Zzyzxville', branch_name: 'Zzyzxville', phone: '01632 960001', email: 'zzyzxville@agency.example', address: '1 High Street, Zzyzxville', postcode: 'ZZ1 1ZZ', lat: 52.5, lng: -1.5, business_link: 'https://maps.google.com/?q=52.5,-1.5' }
      await database.db.insert(branches).values(branch)
      try {
        await rebuildPlaces(database)
        expect((await inMemory.search('zzyzxvillx', 10)).map((place) => place.name)).toEqual(['Zzyzxville'])
      } finally {
        await database.db.delete(branches).where(eq(branches.branch_id, branch.branch_id))
        await rebuildPlaces(database)
      }
      expect(await inMemory.search('zzyzxvillx', 10)).toEqual([])
    })
  })
}
