import { IS_NAMED_PLACE, places, toPlaceSearchKey, type Db } from '@agency/db'
import { and, asc, eq, like, sql } from 'drizzle-orm'
import { toPlaceLimit, type PlacesProvider } from './provider.ts'
import type { PlaceDetails, SearchResultPlace } from './schemas.ts'

/** The start of a postcode: 'l', 'ls', 'ls1', 'ls1 4', 'ls1 4a' ('ls14ap' is already 'ls1 4ap'). */
const POSTCODE_START = /^[a-z]{1,2}([0-9][a-z0-9]?( [0-9][a-z]{0,2})?)?$/

/** Keywords shorter than this have too few trigrams to be compared usefully. */
const MIN_SIMILAR_LENGTH = 3

const RESULT = { name: places.name, description: places.description, place_id: places.place_id }

/**
 * Names starting with the key, the biggest place first. An exact name weighs ten times its
 * population, so 'wick' offers Wick (7,000) before Wickford (33,000) while 'newcastle' still offers
 * Newcastle upon Tyne (192,000) before Newcastle, County Down (7,000).
 */
function findNamesStartingWith(db: Db, key: string, limit: number) {
  return db
    .select(RESULT)
    .from(places)
    .where(and(like(places.search_key, `${key}%`), IS_NAMED_PLACE))
    .orderBy(
      sql`(case when ${places.search_key} = ${key} then 10 else 1 end) * coalesce(${places.population}, 0) desc`,
      sql`length(${places.search_key})`,
      asc(places.place_id),
    )
    .limit(limit)
}

/**
 * Names like the key (pg_trgm), for typos ('harogate') and words inside a name ('upon tyne'): the
 * `%` and `%>` operators with the thresholds pg_trgm ships with (0.3 and 0.6). The planner is left
 * to choose between the trigram index and a scan: forcing the index (`set local enable_seqscan =
 * off` in a transaction) was faster on PGlite but made its COMMIT fail ('bad buffer ID') when
 * nothing matched.
 */
function findNamesLike(db: Db, key: string, limit: number) {
  return db
      .select(RESULT)
      .from(places)
      .where(and(sql`(${places.search_key} % ${key} or ${places.search_key} %> ${key})`, IS_NAMED_PLACE))
      .orderBy(
        sql`greatest(similarity(${places.search_key}, ${key}), word_similarity(${key}, ${places.search_key})) desc`,
        sql`${places.population} desc nulls last`,
        asc(places.place_id),
      )
      .limit(limit)
}

/** Postcode districts starting with the key, the shortest first: 'ls1' offers LS1, then LS10, LS11… */
function findDistrictsStartingWith(db: Db, key: string, limit: number) {
  return db
    .select(RESULT)
    .from(places)
    .where(and(like(places.search_key, `${key}%`), eq(places.location_type, 'postcode_district')))
    .orderBy(sql`length(${places.search_key})`, asc(places.search_key))
    .limit(limit)
}

/** Full postcodes starting with the key, in order. */
function findPostcodesStartingWith(db: Db, key: string, limit: number) {
  return db
    .select(RESULT)
    .from(places)
    .where(and(like(places.search_key, `${key}%`), eq(places.location_type, 'postcode')))
    .orderBy(asc(places.search_key))
    .limit(limit)
}

/**
 * The offline provider over the `places` gazetteer. A search tries the cheap index lookups first:
 * names starting with the keyword, then (for something shaped like a postcode) districts and
 * postcodes; only when those find nothing, names merely like it.
 */
export function createDatabasePlacesProvider(db: Db): PlacesProvider {
  return {
    async search(keyword, limit) {
      const key = toPlaceSearchKey(keyword)
      const wanted = toPlaceLimit(limit)
      if (!key) return []
      const found: SearchResultPlace[] = []
      // Each step asks only for what is still missing, and the steps find different kinds of place.
      const add = (rows: SearchResultPlace[]) => found.push(...rows)
      // Place names hold no digits; postcodes always do after their area letters.
      const hasDigit = /[0-9]/.test(key)
      if (!hasDigit) add(await findNamesStartingWith(db, key, wanted))
      if (found.length < wanted && POSTCODE_START.test(key)) {
        if (!key.includes(' ')) add(await findDistrictsStartingWith(db, key, wanted - found.length))
        if (found.length < wanted && hasDigit) add(await findPostcodesStartingWith(db, key, wanted - found.length))
      }
      // Comparing trigrams costs far more than an index range (tens of milliseconds on PGlite), so it
      // runs only when nothing starts with the keyword: a typo, or a word inside a name.
      if (found.length === 0 && !hasDigit && key.length >= MIN_SIMILAR_LENGTH) add(await findNamesLike(db, key, wanted))
      return found
    },

    async details(placeId) {
      const [row] = await db.select().from(places).where(eq(places.place_id, placeId)).limit(1)
      if (!row) return null
      return {
        location: row.location,
        place_id: row.place_id,
        bounds: { south: row.south, west: row.west, north: row.north, east: row.east },
        location_type: row.location_type,
        lat: row.lat,
        lng: row.lng,
      } satisfies PlaceDetails
    },
  }
}
