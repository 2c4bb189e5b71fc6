import { sql } from 'drizzle-orm'
import { check, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/** What a gazetteer entry is; SPEC §3 Location `location_type`. */
export const PLACE_KINDS = ['city', 'town', 'village', 'postcode_district', 'postcode', 'branch'] as const
/** One kind of gazetteer entry. */
export type PlaceKind = (typeof PLACE_KINDS)[number]

/** The entries found by name (the rest are postcodes, found by their start only). */
export const NAMED_PLACE_KINDS = ['city', 'town', 'village', 'branch'] as const satisfies readonly PlaceKind[]

/**
 * `location_type in ('city', 'town', 'village', 'branch')` as literal SQL: a query must repeat the
 * partial index's predicate in this form for the planner to use the index.
 */
export const IS_NAMED_PLACE = sql.raw(`location_type in (${NAMED_PLACE_KINDS.map((kind) => `'${kind}'`).join(', ')})`)

/**
 * The offline gazetteer behind SPEC's "place search by keyword" and "place details by place_id":
 * GB cities, towns and villages, the postcode districts and postcodes of the agency's own visible
 * (not locked) properties, and its branches. Rebuilt as a whole by `rebuildPlaces()`; the postcode
 * places are also kept up to date by triggers on `properties` (migration 0009), in the writer's transaction.
 */
export const places = pgTable(
  'places',
  {
    /** Stable across rebuilds: `gb:town:<geonameid>`, `gb:postcode:LS1`, `gb:postcode:LS1 4AP`, `branch:<id>`. */
    place_id: text('place_id').primaryKey(),
    location_type: text('location_type').$type<PlaceKind>().notNull(),
    /** What the result list shows in bold: 'Newcastle upon Tyne', 'LS1'. */
    name: text('name').notNull(),
    /** The line under it: 'Tyne and Wear', 'Postcode district, Leeds'. */
    description: text('description').notNull(),
    /** SPEC §3 Location `location`: the one-line label of a chosen place. */
    location: text('location').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    south: doublePrecision('south').notNull(),
    west: doublePrecision('west').notNull(),
    north: doublePrecision('north').notNull(),
    east: doublePrecision('east').notNull(),
    /** Residents (towns) or properties (postcodes); ranks equally good matches. */
    population: integer('population'),
    /** `toPlaceSearchKey(name)`: lower case, no accents or punctuation, 'saint' as 'st'. */
    search_key: text('search_key').notNull(),
  },
  (t) => [
    // Prefix search (`like 'manc%'`) of one kind of entry: the pattern operator class because the
    // collation is not C, the kind first so that 'l' does not wade through every L postcode.
    index('places_type_search_key_idx').on(t.location_type, t.search_key.op('text_pattern_ops')),
    // Typo-tolerant search (`%`, `%>`) over trigrams, of names only: a hundred thousand postcodes
    // sharing trigrams such as ' ne' made it five times slower, and postcodes are never fuzzy-matched.
    // Without a pending list (0030): entries go straight into the index, which a typo search reads.
    index('places_name_trgm_idx').using('gin', t.search_key.op('gin_trgm_ops')).where(IS_NAMED_PLACE),
    // A postcode's district ('ls1' of 'ls1 4ab'): refresh_postcode_places deletes a district's
    // postcodes by it, not by a range join the planner answered with a scan of every place.
    index('places_postcode_district_idx').on(sql`split_part(${t.search_key}, ' ', 1)`).where(sql`${t.location_type} = 'postcode'`),
    check(
      'places_location_type_check',
      sql`${t.location_type} in ('city', 'town', 'village', 'postcode_district', 'postcode', 'branch')`,
    ),
  ],
)

// The search key's definition travels with the column, so the builder and the search agree on it.
export { toPlaceSearchKey } from '../places/search-key.ts'

/**
 * The UK's postcodes, for placing a feed's properties (BLM carries no coordinates): loaded from the
 * ONS Postcode Directory or OS Code-Point Open by `places:import -- postcodes FILE`, live postcodes
 * only, WGS84. Until an agency loads it, the demo seed fills it with the demo stock's own postcodes
 * (source 'demo'). Never written from imported properties.
 */
export const postcodes = pgTable(
  'postcodes',
  {
    /** In its one written form: 'SL9 9HB'. */
    postcode: text('postcode').primaryKey(),
    /** Its outward code: 'SL9'. */
    district: text('district').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** 'onspd' | 'codepoint' | 'demo'. */
    source: text('source').notNull(),
  },
  (t) => [index('postcodes_district_idx').on(t.district)],
)

/** Every postcode district's centre (the mean of its postcodes), derived from `postcodes` whenever it is loaded. */
export const postcodeDistricts = pgTable('postcode_districts', {
  /** 'SL9'. */
  district: text('district').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  /** How many live postcodes it has. */
  postcodes: integer('postcodes').notNull(),
})
