import { MapMarkersQuerySchema, PropertySearchQuerySchema, type PropertySearchQuery } from '@agency/domain'
import { schema, type Db } from '@agency/db'
import { fillPlaceholders } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { describe, expect, it } from 'vitest'
import {
  countKeyOf,
  keptMarkerStatementsOf,
  keptSearchStatementsOf,
  markersShapeOf,
  searchShapeOf,
  searchValuesOf,
  toMarkerQueries,
  toSearchQueries,
  type SearchAudience,
} from './properties.ts'

// A search's statements are built once per shape and run with each search's values
// (properties.ts `searchShapeOf`). Here, for searches of every filter and kind of place in many
// combinations, each run
// through one database's kept statements in turn (so that searches of one shape meet), the kept
// statement filled with a search's values is, to the letter and parameter, the statement the search
// writes for itself. Drizzle writes statements without a connection: no database is needed.

/** A small deterministic generator, so a failure names a search that can be run again. */
function randomOf(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  return <T>(choices: readonly T[]): T => choices[Math.floor(next() * choices.length)] as T
}

/**
 * Each filter of a search and values it may take (as in a search's address), and who searches
 * (`audience`).
 */
const FIELDS: Record<string, readonly (string | string[])[]> = {
  audience: ['visitor', 'buyer'],
  transaction_type_id: ['1', '2'],
  sort: ['newest', 'price_desc', 'price_asc', 'distance', 'most_reduced'],
  reduced: ['', 'true'],
  include_unavailable: ['', 'true'],
  added_within_days: ['', '1', '3', '7', '14'],
  keywords: ['', '!!', 'garage', '"sea view" -retirement', 'cottage'],
  furnishing: ['', 'any', 'furnished', 'part_furnished', 'unfurnished'],
  min_price: ['', '0', '100000', '250000'],
  max_price: ['', '0', '300000', '1000000'],
  min_bedroom: ['', '0', '2'],
  max_bedroom: ['', '3', '6'],
  min_bathroom: ['', '1', '2'],
  max_bathroom: ['', '2', '5'],
  min_reception: ['', '1'],
  max_reception: ['', '2', '5'],
  property_types: [[], ['1'], ['3'], ['1:1,7'], ['2:10,12'], ['1', '2:9,10,11,12,13'], ['2147483648'], ['1:2147483648', '3'], ['1:5,2147483648', '4:17', '2']],
  must_haves: [[], ['garden'], ['parking'], ['garden', 'parking']],
  // Places: a circle (two, three), a place's own bounds (radius 0), a point (radius 0 without bounds),
  // near a pole (every longitude), across the antimeridian either way, tall enough for a range of bands.
  locations: [
    [],
    ['53.4794,-2.2453,5'],
    ['53.8008,-1.5491,3'],
    ['53.4794,-2.2453,5', '53.8008,-1.5491,5'],
    ['51.5072,-0.1276,1', '51.4545,-2.5879,10', '52.4862,-1.8904,0.25'],
    ['51.5072,-0.1276,0'],
    ['51.4545,-2.5879,0,51.40,-2.70,51.51,-2.50'],
    ['54.9783,-1.6178,0,49.5,-6,59,2'],
    ['89.95,10,5'],
    ['0,179.99,10'],
    ['0,-179.99,10'],
    ['55.9533,-3.1883,40'],
  ],
  // The map's area: a town, a country (a range of bands), across the antimeridian.
  bounds: ['', '51.4,-0.2,51.6,0.1', '49,-8,59,2', '10,179,11,-179'],
  page: ['', '1', '2', '7'],
  page_size: ['', '10', '24'],
  ...Object.fromEntries(
    ['new_homes', 'shared_ownership', 'retirement_homes', 'short_let', 'house_flat_share', 'pets_allowed', 'bills_included'].map((name) => [
      name,
      ['', 'include', 'exclude', 'show_only'],
    ]),
  ),
}
type SearchParams = Record<string, string | string[]>

const randomSearch = (pick: ReturnType<typeof randomOf>): SearchParams =>
  Object.fromEntries(Object.entries(FIELDS).map(([name, choices]) => [name, pick(choices)]))

/**
 * A search and its neighbours: the same search with one filter changed, for each filter. Where a
 * filter changes a statement's text and its shape does not say so, a neighbour meets the search's
 * kept statement with a text it would not write.
 */
function withNeighbours(search: SearchParams, pick: ReturnType<typeof randomOf>): SearchParams[] {
  return [search, ...Object.entries(FIELDS).map(([name, choices]) => ({ ...search, [name]: pick(choices) }))]
}

const AUDIENCES: Record<string, SearchAudience> = { visitor: { canSeeLocked: false }, buyer: { canSeeLocked: true } }

/** A kept statement's text, and its parameters with a search's values in its placeholders. */
function filled(statement: { getQuery(): { sql: string; params: unknown[] } }, values: Record<string, unknown>) {
  const { sql, params } = statement.getQuery()
  return { sql, params: fillPlaceholders(params, values) }
}

describe('a search statement kept for its shape', () => {
  it('is the statement each search of the shape would write, with its own values', () => {
    const db = drizzle.mock({ schema }) as unknown as Db
    const pick = randomOf(20_261_128)
    const shapes = new Set<string>()
    let searches = 0
    let met = 0
    const searchesToRun = Array.from({ length: 80 }, () => withNeighbours(randomSearch(pick), pick)).flat()
    for (const { audience: who, ...params } of searchesToRun) {
      const query: PropertySearchQuery = PropertySearchQuerySchema.parse(params)
      const audience = AUDIENCES[String(who)]!
      // One search in three asks for its cards without their galleries, as the site's list pages do;
      // one in two (of another cycle) has its count kept, and leaves it out.
      const how = { withMedias: searches % 3 !== 2, countKept: searches % 2 === 1 && countKeyOf(query, audience) !== null }
      const shape = searchShapeOf(query, audience, how)
      if (shapes.has(shape)) met++
      shapes.add(shape)
      const kept = keptSearchStatementsOf(db, query, audience, how)
      const own = toSearchQueries(db, query, audience, undefined, how)
      expect(filled(kept.page, searchValuesOf(query, audience)), JSON.stringify({ query, audience, how })).toEqual(own.page.toSQL())
      expect(filled(kept.count, searchValuesOf(query, audience)), JSON.stringify({ query, audience, how })).toEqual(own.count.toSQL())
      searches++
    }
    expect(searches).toBe(searchesToRun.length)
    // Most neighbours meet their search's statement (their filter changed a value, not the text).
    expect(met).toBeGreaterThan(searchesToRun.length / 3)
  })

  it('of a page of map markers is the statement the page would write, with its own values', () => {
    const db = drizzle.mock({ schema }) as unknown as Db
    const pick = randomOf(28_112_026)
    const shapes = new Set<string>()
    let met = 0
    const searchesToRun = Array.from({ length: 50 }, () => withNeighbours(randomSearch(pick), pick)).flat()
    for (const { audience: who, sort: _sort, ...params } of searchesToRun) {
      const query = MapMarkersQuerySchema.parse(params)
      const audience = AUDIENCES[String(who)]!
      const shape = markersShapeOf(query, audience)
      if (shapes.has(shape)) met++
      shapes.add(shape)
      const kept = keptMarkerStatementsOf(db, query, audience)
      const own = toMarkerQueries(db, query, audience)
      expect(filled(kept.found, searchValuesOf(query, audience)), JSON.stringify({ query, audience })).toEqual(own.found.toSQL())
      expect(filled(kept.count, searchValuesOf(query, audience)), JSON.stringify({ query, audience })).toEqual(own.count.toSQL())
    }
    expect(met).toBeGreaterThan(searchesToRun.length / 3)
  })
})
