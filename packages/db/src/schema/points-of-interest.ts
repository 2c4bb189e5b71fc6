import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/** What a point of interest is (SPEC §5: locations may be schools or pubs; stations, issue 46). */
export const POINT_OF_INTEREST_KINDS = ['school', 'pub', 'station'] as const
/** One kind of point of interest. */
export type PointOfInterestKind = (typeof POINT_OF_INTEREST_KINDS)[number]

/** Where a point of interest came from: the DfE's list, OpenStreetMap, the DfT's NaPTAN, or the invented demo set. */
export const POINT_OF_INTEREST_SOURCES = ['gias', 'osm', 'naptan', 'demo'] as const
/** One source of points of interest. */
export type PointOfInterestSource = (typeof POINT_OF_INTEREST_SOURCES)[number]

/**
 * Schools and pubs the location search offers beside the gazetteer's towns, loaded from public lists
 * (`npm run places:import`) or the demo set. Kept apart from `places`, so that its trigram index and
 * typo search stay as small and fast as they were; found by name through `point_of_interest_keys`.
 */
export const pointsOfInterest = pgTable(
  'points_of_interest',
  {
    /** The place id the search answers: `school:gias:<URN>`, `pub:osm:n<node id>`, `school:demo:1`. */
    place_id: text('place_id').primaryKey(),
    kind: text('kind').$type<PointOfInterestKind>().notNull(),
    source: text('source').$type<PointOfInterestSource>().notNull(),
    /** The source's own id (URN, OSM `n123`/`w123`/`r123`): what a re-import updates by. */
    source_id: text('source_id').notNull(),
    name: text('name').notNull(),
    /** What it is: 'Primary school', 'Pub'. */
    label: text('label').notNull(),
    /** Town or city of its address, when known. */
    town: text('town'),
    /** Full postcode, when known ('LS6 1AA'). */
    postcode: text('postcode'),
    /** The result list's second line: 'Primary school, Leeds LS6'. */
    description: text('description').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** `toPlaceSearchKey(name)`. */
    search_key: text('search_key').notNull(),
    /** The import that last wrote it: a later import of the same source removes what it no longer holds. */
    import_run: text('import_run').notNull(),
  },
  (t) => [
    index('points_of_interest_source_run_idx').on(t.source, t.kind, t.import_run),
    // A property page's neighbourhood: the nearest of each kind, found within a box of latitudes.
    index('points_of_interest_kind_lat_idx').on(t.kind, t.lat, t.lng),
    check('points_of_interest_kind_check', sql`${t.kind} in ('school', 'pub', 'station')`),
    check('points_of_interest_source_check', sql`${t.source} in ('gias', 'osm', 'naptan', 'demo')`),
  ],
)

/**
 * A point of interest's name from each of its words onward ('fulwood academy', 'academy'), so that a
 * prefix search (`like 'acad%'`) over one btree finds a word anywhere in a name. `is_start` marks the
 * key of the whole name, offered first.
 */
export const pointOfInterestKeys = pgTable(
  'point_of_interest_keys',
  {
    place_id: text('place_id')
      .notNull()
      .references(() => pointsOfInterest.place_id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    is_start: boolean('is_start').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.place_id, t.key] }),
    // The pattern operator class because the collation is not C: prefix ranges, read in the order of
    // `order by key using ~<~, place_id`, so that a search stops after the first few.
    index('point_of_interest_keys_key_idx').on(t.is_start, t.key.op('text_pattern_ops'), t.place_id),
  ],
)
