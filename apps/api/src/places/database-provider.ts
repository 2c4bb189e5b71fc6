import { EMBEDDED_BUSY_MESSAGE, getPlacesGeneration, IS_NAMED_PLACE, places, pointOfInterestKeys, pointsOfInterest, toBox, toPlaceSearchKey, type Db } from '@agency/db'
import { and, asc, eq, like, sql } from 'drizzle-orm'
import { NEAREST_SPELLINGS_LIMIT, toPlaceLimit, type PlacesProvider } from './provider.ts'
import { createSearchCeiling, type PlaceSearchCeiling } from './search-limit.ts'
import type { PlaceDetails, SearchResultPlace } from './schemas.ts'
import { toOrderedTrigrams, toTrigramSet, trigramSimilarity, trigramWordSimilarity } from './trigrams.ts'

/** The start of a postcode: 'l', 'ls', 'ls1', 'ls1 4', 'ls1 4a' ('ls14ap' is already 'ls1 4ap'). */
const POSTCODE_START = /^[a-z]{1,2}([0-9][a-z0-9]?( [0-9][a-z]{0,2})?)?$/

/** Keywords shorter than this have too few trigrams to be compared usefully. */
const MIN_SIMILAR_LENGTH = 3

/**
 * The longest keyword compared by trigrams: comparing costs in proportion to the keyword's trigrams
 * (a 256-character keyword held the embedded database's one connection for half a second), and no
 * place's name is longer. A longer keyword is only looked up by its start (an index range).
 */
export const MAX_SIMILAR_LENGTH = 40

/** How a provider over the gazetteer runs. */
export interface DatabasePlacesOptions {
  /**
   * How many searches may run or wait at once (default: no bound). On the embedded database a search
   * is a few short statements, but a flood of them queues those statements ahead of every page's: with
   * 2 running, a page's statement waits behind at most a few of them, and a search arriving while
   * the line is full is refused as the database's busy answer (503 with Retry-After).
   */
  searchSlots?: { running: number; waiting: number }
  /**
   * How many searches a second this process sends to the database, whoever asks (default: no
   * ceiling; search-limit.ts). A search waits its turn; one whose turn is too far off is refused as
   * the database's busy answer (503 with Retry-After), as one arriving while the line is full is.
   * Answers kept by the routes' cache do not count.
   */
  searchCeiling?: PlaceSearchCeiling
  /**
   * How many trigram comparisons may run or wait at once (default: no bound). On the embedded
   * database, 1 runs and 1 waits; a search arriving while both places are taken offers only what
   * starts with its keyword, so a flood of random keywords cannot queue comparisons ahead of the
   * pages' statements.
   */
  similarSlots?: { running: number; waiting: number }
  /**
   * Where names are compared by trigrams: `database` (pg_trgm, with its index; the default) or
   * `memory` (the same measures in JavaScript over the named places read once, trigrams.ts). The
   * embedded database uses `memory`: its pg_trgm sometimes faults under load.
   */
  trigrams?: 'database' | 'memory'
}

/** At most `running` calls at once and `waiting` in line; null, at once, when the line is full. */
export function createSlots(running: number, waiting: number) {
  let active = 0
  const line: Array<() => void> = []
  return async <T>(work: () => Promise<T>): Promise<T | null> => {
    if (active >= running) {
      if (line.length >= waiting) return null
      await new Promise<void>((resolve) => line.push(resolve))
    } else {
      active++
    }
    try {
      return await work()
    } finally {
      const next = line.shift()
      if (next) next()
      else active--
    }
  }
}

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

/**
 * How like a name a keyword must be to be offered as its nearest spelling: the search's own trigram
 * comparison (findNamesLike), with half the bar pg_trgm ships with (0.3 and 0.6). Only a keyword the
 * search found nothing for is compared so loosely.
 */
export const NEAREST_SPELLING_SIMILARITY = 0.15
export const NEAREST_SPELLING_WORD_SIMILARITY = 0.3

/**
 * The names spelt nearest to a key that found nothing, by the search's own trigram measure with a lower
 * bar: 'bermingum' offers Birmingham. The names are compared one by one (no index holds a bar this
 * low), a few thousand of them, and only for a keyword that found nothing.
 */
function findNearestSpellings(db: Db, key: string, limit: number) {
  const likeness = sql`greatest(similarity(${places.search_key}, ${key}), word_similarity(${key}, ${places.search_key}))`
  return db
    .select(RESULT)
    .from(places)
    .where(
      and(
        IS_NAMED_PLACE,
        sql`(similarity(${places.search_key}, ${key}) >= ${NEAREST_SPELLING_SIMILARITY} or word_similarity(${key}, ${places.search_key}) >= ${NEAREST_SPELLING_WORD_SIMILARITY})`,
      ),
    )
    .orderBy(sql`${likeness} desc`, sql`${places.population} desc nulls last`, asc(places.place_id))
    .limit(limit)
}

/** pg_trgm's thresholds for `%` and `%>` (pg_trgm.similarity_threshold, pg_trgm.word_similarity_threshold). */
const SIMILARITY_THRESHOLD = 0.3
const WORD_SIMILARITY_THRESHOLD = 0.6

interface NamedPlace {
  result: SearchResultPlace
  population: number | null
  trigrams: Int32Array
  trigramSet: Int32Array
}

/**
 * The trigram comparisons of findNamesLike and findNearestSpellings over the named places held in
 * memory, read again after a rebuild of the gazetteer (the only writer of named places). The same
 * measures, bars and order as the SQL: pg_trgm compares float4 similarities with its double
 * thresholds for `%` and `%>`, and with float4 parameters in `>=`.
 */
function createMemoryTrigrams(db: Db) {
  let loaded: { generation: number; names: Promise<NamedPlace[]> } | null = null
  const names = () => {
    const generation = getPlacesGeneration()
    if (!loaded || loaded.generation !== generation) {
      const names = db
        .select({ ...RESULT, search_key: places.search_key, population: places.population })
        .from(places)
        .where(IS_NAMED_PLACE)
        .then((rows) =>
          rows.map((row) => {
            const trigrams = toOrderedTrigrams(row.search_key)
            return { result: { name: row.name, description: row.description, place_id: row.place_id }, population: row.population, trigrams, trigramSet: toTrigramSet(trigrams) }
          }),
        )
      loaded = { generation, names }
      // A failed read is tried again by the next search.
      names.catch(() => {
        if (loaded?.names === names) loaded = null
      })
    }
    return loaded.names
  }
  const compare = async (key: string, limit: number, isLike: (similarity: number, wordSimilarity: number) => boolean) => {
    const keyTrigrams = toTrigramSet(toOrderedTrigrams(key))
    const liked: Array<{ place: NamedPlace; likeness: number }> = []
    for (const place of await names()) {
      const similarity = trigramSimilarity(place.trigramSet, keyTrigrams)
      // No shared trigram (similarity 0): the word similarity is 0 too.
      const wordSimilarity = similarity > 0 ? trigramWordSimilarity(keyTrigrams, place.trigrams) : 0
      if (isLike(similarity, wordSimilarity)) liked.push({ place, likeness: Math.max(similarity, wordSimilarity) })
    }
    liked.sort(
      (a, b) =>
        b.likeness - a.likeness ||
        (b.place.population ?? -Infinity) - (a.place.population ?? -Infinity) ||
        (a.place.result.place_id < b.place.result.place_id ? -1 : a.place.result.place_id > b.place.result.place_id ? 1 : 0),
    )
    return liked.slice(0, limit).map(({ place }) => place.result)
  }
  const nearestSimilarity = Math.fround(NEAREST_SPELLING_SIMILARITY)
  const nearestWordSimilarity = Math.fround(NEAREST_SPELLING_WORD_SIMILARITY)
  return {
    findNamesLike: (key: string, limit: number) =>
      compare(key, limit, (similarity, wordSimilarity) => similarity >= SIMILARITY_THRESHOLD || wordSimilarity >= WORD_SIMILARITY_THRESHOLD),
    findNearestSpellings: (key: string, limit: number) =>
      compare(key, limit, (similarity, wordSimilarity) => similarity >= nearestSimilarity || wordSimilarity >= nearestWordSimilarity),
  }
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

/** Words that name a school, a pub or a station: a keyword holding one offers these before towns. */
const POINT_OF_INTEREST_WORDS = [
  'school',
  'schools',
  'academy',
  'college',
  'primary',
  'infant',
  'infants',
  'junior',
  'juniors',
  'nursery',
  'grammar',
  'pub',
  'inn',
  'arms',
  'tavern',
  'station',
  'stations',
  'tram',
  'metro',
  'underground',
]

/**
 * Whether the key names a school or pub word: one of its words is such a word, or its last word,
 * after another and of three letters or more, is the start of one ('fulwood acad').
 */
export function namesPointOfInterestWord(key: string): boolean {
  const words = key.split(' ')
  if (words.some((word) => POINT_OF_INTEREST_WORDS.includes(word))) return true
  const last = words[words.length - 1] ?? ''
  return words.length > 1 && last.length >= 3 && POINT_OF_INTEREST_WORDS.some((word) => word.startsWith(last))
}

/** Keywords shorter than this do not look among schools and pubs: 'a' would match thousands. */
const MIN_POINT_OF_INTEREST_LENGTH = 3

/** How far around a school or pub its bounds reach, as for a postcode. */
const POINT_OF_INTEREST_RADIUS_KM = 0.25

/**
 * Schools and pubs with a word of their name starting with the key: names starting with it first,
 * then names with a later word starting with it ('acad' finds Fulwood Academy), each in the order of
 * the key index ('the red lion' before 'the red lion inn'), so a search reads only the first few keys.
 */
async function findPointsOfInterest(db: Db, key: string, limit: number): Promise<{ places: SearchResultPlace[]; nameStarts: boolean }> {
  const find = (isStart: boolean, count: number) =>
    db
      .select({ name: pointsOfInterest.name, description: pointsOfInterest.description, place_id: pointsOfInterest.place_id })
      .from(pointOfInterestKeys)
      .innerJoin(pointsOfInterest, eq(pointsOfInterest.place_id, pointOfInterestKeys.place_id))
      .where(and(eq(pointOfInterestKeys.is_start, isStart), like(pointOfInterestKeys.key, `${key}%`)))
      .orderBy(sql`${pointOfInterestKeys.key} using ~<~`, asc(pointOfInterestKeys.place_id))
      .limit(count)
  const found = await find(true, limit)
  const nameStarts = found.length > 0
  if (found.length >= limit) return { places: found, nameStarts }
  // A name may have the key at its start and again later ('st johns st marys'): offered once.
  const seen = new Set(found.map((place) => place.place_id))
  for (const place of await find(false, limit)) {
    if (found.length >= limit) break
    if (!seen.has(place.place_id)) found.push(place)
    seen.add(place.place_id)
  }
  return { places: found, nameStarts }
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
 * The offline provider over the `places` gazetteer and the schools and pubs beside it. A search tries
 * the cheap index lookups first: names starting with the keyword, then (for something shaped like a
 * postcode) districts and postcodes; only when those find nothing, names merely like it. Schools and
 * pubs follow the towns, or come first when the keyword names one ('fulwood academy', 'kings arms').
 */
export function createDatabasePlacesProvider(db: Db, options: DatabasePlacesOptions = {}): PlacesProvider {
  const similarSlots = options.similarSlots ? createSlots(options.similarSlots.running, options.similarSlots.waiting) : null
  const memory = options.trigrams === 'memory' ? createMemoryTrigrams(db) : null
  const namesLike = (key: string, limit: number) => (memory ? memory.findNamesLike(key, limit) : findNamesLike(db, key, limit))
  const findSimilar = async (key: string, limit: number): Promise<SearchResultPlace[]> =>
    similarSlots ? ((await similarSlots(() => namesLike(key, limit))) ?? []) : namesLike(key, limit)
  const provider: PlacesProvider & Required<Pick<PlacesProvider, 'nearestSpellings'>> = {
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
      const pointWord = namesPointOfInterestWord(key)
      // Schools and pubs are looked for when the towns leave room, or the keyword names one.
      const points =
        !hasDigit && key.length >= MIN_POINT_OF_INTEREST_LENGTH && (found.length < wanted || pointWord)
          ? await findPointsOfInterest(db, key, wanted)
          : { places: [], nameStarts: false }
      if (pointWord && points.places.length > 0) return [...points.places, ...found].slice(0, wanted)
      // Comparing trigrams costs far more than an index range (tens of milliseconds on PGlite), so it
      // runs only when no name starts with the keyword: a typo, or a word inside a name (a town's
      // then before a school's or pub's).
      if (found.length === 0 && !points.nameStarts && !hasDigit && key.length >= MIN_SIMILAR_LENGTH && key.length <= MAX_SIMILAR_LENGTH) {
        add(await findSimilar(key, wanted))
      }
      add(points.places.slice(0, wanted - found.length))
      return found
    },

    async nearestSpellings(keyword, limit) {
      const key = toPlaceSearchKey(keyword)
      // Names hold no digits (a postcode is found by its start or not at all), and a key too short or too
      // long for trigrams has no spelling to compare.
      if (!key || /[0-9]/.test(key) || key.length < MIN_SIMILAR_LENGTH || key.length > MAX_SIMILAR_LENGTH) return []
      const wanted = Math.min(toPlaceLimit(limit ?? NEAREST_SPELLINGS_LIMIT), NEAREST_SPELLINGS_LIMIT)
      const find = () => (memory ? memory.findNearestSpellings(key, wanted) : findNearestSpellings(db, key, wanted))
      // Compared in the same line as the search's own comparisons.
      return similarSlots ? ((await similarSlots(find)) ?? []) : find()
    },

    async details(placeId) {
      if (/^(school|pub|station):/.test(placeId)) return findPointOfInterest(db, placeId)
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
  if (!options.searchSlots && !options.searchCeiling) return provider
  const searchSlots = options.searchSlots ? createSlots(options.searchSlots.running, options.searchSlots.waiting) : null
  const ceiling = options.searchCeiling ? createSearchCeiling(options.searchCeiling) : null
  const bounded = async <T>(work: () => Promise<T>): Promise<T> => {
    const found = ceiling && !(await ceiling.turn()) ? null : searchSlots ? await searchSlots(work) : await work()
    if (found === null) throw new Error(EMBEDDED_BUSY_MESSAGE)
    return found
  }
  return {
    search: (keyword, limit) => bounded(() => provider.search(keyword, limit)),
    details: (placeId) => provider.details(placeId),
    nearestSpellings: (keyword, limit) => bounded(() => provider.nearestSpellings(keyword, limit)),
  }
}

/** A school's, pub's or station's details: its position, with bounds of a street or two around it. */
async function findPointOfInterest(db: Db, placeId: string): Promise<PlaceDetails | null> {
  const [row] = await db.select().from(pointsOfInterest).where(eq(pointsOfInterest.place_id, placeId)).limit(1)
  if (!row) return null
  const where = [row.town, row.postcode?.split(' ')[0]].filter(Boolean).join(' ')
  return {
    location: where ? `${row.name}, ${where}` : row.name,
    place_id: row.place_id,
    bounds: toBox(row.lat, row.lng, POINT_OF_INTEREST_RADIUS_KM),
    location_type: 'establishment',
    lat: row.lat,
    lng: row.lng,
  }
}
