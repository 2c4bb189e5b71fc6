import {
  SEARCH_COUNT_LIMIT,
  WITHDRAWN_AVAILABILITY,
  appliesToSearchType,
  toLockedHeading,
  toSearchType,
  type InclusionFilter,
  type LocationFilter,
  type MapMarkersQuery,
  type PropertySearchFilters,
  type PropertySearchQuery,
  type PropertyTypeSelection,
} from '@agency/domain'
import {
  branches,
  catalogueVersion,
  epcs,
  floorPlans,
  plannedOnce,
  propertyDocuments,
  priceHistory,
  properties,
  propertyMedias,
  propertyStyles,
  propertyTypes,
  type Db,
} from '@agency/db'
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { QueryBuilder, union, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { bindPaging, inline, placeholders, recordingPlaceholders, toShapeOf, type Bind } from './bind.ts'
import {
  EXACT_POSITION,
  EXACT_POSITION_BY_BAND,
  PUBLIC_POSITION,
  distanceMilesSql,
  milesFromLocationSql,
  withinBoundsSql,
  withinSql,
  type PositionColumns,
} from './geo.ts'
import { LRUCache } from 'lru-cache'
import { keepCount, keptCountOf } from './kept-counts.ts'
import { perDatabase, perDatabaseAndKey } from './per-database.ts'
import { prepareAllWithFlatRows, prepareWithFlatRows } from './row-mapper.ts'

/** The columns a property card is made of. */
export const cardColumns = {
  property_profile_id: properties.property_profile_id,
  transaction_type_id: properties.transaction_type_id,
  branch_id: properties.branch_id,
  slug: properties.slug,
  advert_heading: properties.advert_heading,
  summary: properties.summary,
  bedroom: properties.bedroom,
  bathroom: properties.bathroom,
  reception: properties.reception,
  price: properties.price,
  price_qualifier: properties.price_qualifier,
  availability: properties.availability,
  is_locked: properties.is_locked,
  address_line_1: properties.address_line_1,
  address_line_2: properties.address_line_2,
  town: properties.town,
  county: properties.county,
  postcode: properties.postcode,
  display_address: properties.display_address,
  lat: properties.lat,
  lng: properties.lng,
  location_precision: properties.location_precision,
  public_lat: properties.public_lat,
  public_lng: properties.public_lng,
  created_at: properties.created_at,
  // What match scoring reads (SPEC §2 match percentage).
  property_type_id: properties.property_type_id,
  property_style_id: properties.property_style_id,
  has_garden: properties.has_garden,
  has_parking: properties.has_parking,
}

/** A property as a card needs it. */
export type PropertyCardRow = Pick<typeof properties.$inferSelect, keyof typeof cardColumns>

/**
 * A card row found by a search, with its distance in miles to the nearest searched location and, when
 * its last price change was a reduction the caller may see, when it was made.
 */
export type PropertySearchRow = PropertyCardRow & { distance: number | null; reduced_at: Date | null }

/** Writes subqueries without a database: they are SQL of any statement that reads them. */
const subqueries = new QueryBuilder()

/**
 * A property's last price change, beside the price before it (null for its first price), taken laterally
 * for each row from the price history's index. The price fell when the price before is the higher.
 * `id` is the property id it is taken for: the table's, or that of a page of rows already found.
 */
function lastPriceChange(id: PgColumn = properties.property_profile_id) {
  return subqueries
    .select({
      last_price: sql<number>`${priceHistory.price}`.as('last_price'),
      changed_at: sql<Date>`${priceHistory.changed_at}`.as('changed_at'),
      price_before: sql<number | null>`lead(${priceHistory.price}) over (order by ${priceHistory.changed_at} desc, ${priceHistory.price_history_id} desc)`.as(
        'price_before',
      ),
    })
    .from(priceHistory)
    .where(eq(priceHistory.property_profile_id, id))
    .orderBy(desc(priceHistory.changed_at), desc(priceHistory.price_history_id))
    .limit(1)
    .as('last_price_change')
}
type LastPriceChange = ReturnType<typeof lastPriceChange>

/**
 * Whether a property's last price change was a reduction the caller may know of: a visitor sees no
 * price of a locked property, so none of its reductions either.
 */
function reducedSql(change: LastPriceChange, audience: SearchAudience, isLocked: PgColumn = properties.is_locked): SQL {
  const fell = sql`${change.price_before} > ${change.last_price}`
  return audience.canSeeLocked ? fell : sql`(${fell} and not ${isLocked})`
}

/** How far the last reduction took the price, as a share of the price before; null when it did not fall. */
function reductionShareSql(change: LastPriceChange, audience: SearchAudience): SQL {
  return sql`case when ${reducedSql(change, audience)} then (${change.price_before} - ${change.last_price})::double precision / ${change.price_before} end`
}

/**
 * A keyword search (English stemming; "a phrase" in quotes, -word to exclude) over what the caller may
 * read of a property: its heading, summary, description and features, or for a locked property shown
 * to a visitor only its locked card's heading and town.
 */
function keywordsSql(keywords: string, searchType: 'sales' | 'lettings', audience: SearchAudience, bind: Bind): SQL | undefined {
  if (!hasWord(keywords)) return undefined
  const query = sql`websearch_to_tsquery('english', ${bind('keywords', keywords)})`
  const full = sql`${properties.search_document} @@ ${query}`
  if (audience.canSeeLocked) return full
  const lockedCard = sql`to_tsvector('english', ${toLockedHeading(searchType)} || ' ' || ${properties.town}) @@ ${query}`
  // Two branches, so the first can use the search document's index and the second the locked ones' own.
  return or(and(eq(properties.is_locked, false), full), and(eq(properties.is_locked, true), lockedCard))
}

/**
 * A gallery item as a card and a property page show it (presenters/property.ts `toMedia`): a photo, or
 * a video or virtual tour with its poster picture. A search page reads the galleries of 24 cards and
 * every field costs its parsing (on the embedded database in JavaScript, one by one), so the columns
 * no page shows (the file's name, the caption, the position) are not read.
 */
export type PropertyMediaRow = Pick<typeof propertyMedias.$inferSelect, 'media_key' | 'kind' | 'link' | 'is_downloadable'>

/** The columns of PropertyMediaRow. */
const galleryColumns = {
  media_key: propertyMedias.media_key,
  kind: propertyMedias.kind,
  link: propertyMedias.link,
  is_downloadable: propertyMedias.is_downloadable,
}

/** The column each SPEC §3 include/exclude/show-only filter reads. */
const INCLUSION_COLUMNS: Record<InclusionFilter, PgColumn> = {
  new_homes: properties.new_home,
  shared_ownership: properties.shared_ownership,
  retirement_homes: properties.retirement,
  short_let: properties.short_let,
  house_flat_share: properties.house_flat_share,
  pets_allowed: properties.pets_allowed,
  bills_included: properties.bills_included,
}

const isInteger4 = (id: number) => id <= 2_147_483_647

/**
 * The styles a type selection filters by (none: any of the type), or null when it can match nothing:
 * the query schema allows any positive id, and one beyond the integer columns' range matches nothing
 * (and must not reach PostgreSQL, which would refuse the parameter).
 */
function typeStylesOf(selection: PropertyTypeSelection): number[] | null {
  const styles = selection.property_style_ids.filter(isInteger4)
  if (!isInteger4(selection.property_type_id) || (selection.property_style_ids.length && !styles.length)) return null
  return styles
}

/**
 * Without a letter or digit there is no word to look for (websearch_to_tsquery would make an empty
 * query, which matches nothing), and the words are no filter.
 */
const hasWord = (keywords: string) => /[\p{L}\p{N}]/u.test(keywords)

/** A range filter on a column (`min_…`, `max_…`; null: no limit). */
function range(column: PgColumn, name: string, min: number | null, max: number | null, bind: Bind): SQL | undefined {
  return and(min !== null ? gte(column, bind(`min_${name}`, min)) : undefined, max !== null ? lte(column, bind(`max_${name}`, max)) : undefined)
}

/** SPEC §3: a price of 0 means no limit. */
const priceLimit = (price: number) => price || null


/** Who a search is for: whether locked (pre-market) properties are shown to them in full. */
export interface SearchAudience {
  canSeeLocked: boolean
}

/**
 * Where a search reads a property's position: the real one for a caller who may see locked
 * properties, the public one (rounded for locked properties) for everybody else.
 */
const positionFor = (audience: SearchAudience): PositionColumns => (audience.canSeeLocked ? EXACT_POSITION : PUBLIC_POSITION)

/**
 * The WHERE clause of a search (SPEC §3 search filters). Filters that belong to the other search
 * type (SPEC §2 advanced panel: furnishing, short let, … only for lettings) are ignored, so a query
 * kept across the sales/lettings switch cannot filter by a control the panel no longer shows.
 *
 * For a caller who may not see locked properties, a locked property matches by what its locked card
 * shows — search type, status and its rounded position — whatever the other filters say: a price,
 * room, type or feature filter that could include or drop it would tell its hidden details, one
 * search at a time.
 */
export function toSearchConditions(
  filters: PropertySearchFilters,
  audience: SearchAudience,
  change?: LastPriceChange,
  bind: Bind = inline,
): SQL | undefined {
  const { shown, details } = toSearchParts(filters, audience, change, bind)
  // Within any chosen location and, when the map gives one, within its visible area (both on the
  // lat/lng index; a locked property by its rounded position, where its marker stands).
  const near = (at: PositionColumns) =>
    and(
      filters.locations.length
        ? or(...filters.locations.map((l, i) => withinSql(l, at === EXACT_POSITION ? EXACT_POSITION_BY_BAND : at, bind, locationName(i))))
        : undefined,
      filters.bounds ? withinBoundsSql(filters.bounds, at, bind, BOUNDS_NAME) : undefined,
    )

  if (audience.canSeeLocked) return and(shown, details, near(EXACT_POSITION))
  if (!details && !filters.locations.length && !filters.bounds) return shown
  // Two branches, each on its own index: the real position of the properties anyone may see, the
  // rounded position of the locked ones (a partial index of their public_lat, public_lng).
  return and(
    shown,
    or(
      and(eq(properties.is_locked, false), details, near(EXACT_POSITION)),
      and(eq(properties.is_locked, true), near(PUBLIC_POSITION)),
    ),
  )
}

/**
 * A location search's WHERE clause (the same matches as `toSearchConditions`) as branches whose union
 * is its matches: one per location and, for a caller who may not see locked properties, per kind of
 * position (real, or rounded for a locked property). Each branch is a range of one covering index
 * (position, then every column a filter or sort reads), which PostgreSQL scans index-only; the OR of
 * them in one WHERE clause can only be a bitmap of candidates, each read from the table.
 */
function toLocationBranches(filters: PropertySearchFilters, audience: SearchAudience, bind: Bind): SQL[] {
  const { shown, details } = toSearchParts(filters, audience, undefined, bind)
  // The place's range leads the scan (by band, for real positions); the map's area is a filter on it.
  const near = (location: LocationFilter, i: number, at: PositionColumns) =>
    and(withinSql(location, at, bind, locationName(i)), filters.bounds ? withinBoundsSql(filters.bounds, { lat: at.lat, lng: at.lng }, bind, BOUNDS_NAME) : undefined)
  return filters.locations.flatMap((location, i) =>
    audience.canSeeLocked
      ? [and(shown, details, near(location, i, EXACT_POSITION_BY_BAND)) ?? sql`true`]
      : [
          // Whether locked written as such, not as a parameter: so that a plan made for any values (the
          // embedded database's, GENERIC_PLAN_COMMENT) can read the locked properties' own index, which holds those alone.
          and(shown, sql`not ${properties.is_locked}`, details, near(location, i, EXACT_POSITION_BY_BAND)) ?? sql`true`,
          and(shown, sql`${properties.is_locked}`, near(location, i, PUBLIC_POSITION)) ?? sql`true`,
        ],
  )
}

/**
 * The two halves of a search's filters: what every card shows (`shown`: its type, availability,
 * date added, words and reduction), which a locked property matches by too, and the details a
 * visitor cannot see of a locked one (`details`: price, rooms, type, features).
 */
function toSearchParts(filters: PropertySearchFilters, audience: SearchAudience, change?: LastPriceChange, bind: Bind = inline) {
  const searchType = toSearchType(filters.transaction_type_id)

  const inclusion = (Object.keys(INCLUSION_COLUMNS) as InclusionFilter[]).map((name) => {
    const value = filters[name]
    if (!appliesToSearchType(name, searchType) || value === 'include') return undefined
    return eq(INCLUSION_COLUMNS[name], value === 'show_only')
  })

  const typeSelections = filters.property_types.map((selection, i) => {
    const styles = typeStylesOf(selection)
    if (!styles) return sql`false`
    return and(
      eq(properties.property_type_id, bind(`type${i}`, selection.property_type_id)),
      styles.length ? sql`${properties.property_style_id} in (${sql.join(styles.map((style, j) => sql`${bind(`type${i}_style${j}`, style)}`), sql`, `)})` : undefined,
    )
  })

  const shown = and(
    eq(properties.transaction_type_id, filters.transaction_type_id),
    // What every card shows: its date added, its words (those of the locked card for a locked one), and
    // whether its price fell (never, for a visitor, a locked property's).
    filters.added_within_days ? sql`${properties.created_at} >= now() - make_interval(days => ${filters.added_within_days}::int)` : undefined,
    keywordsSql(filters.keywords, searchType, audience, bind),
    filters.reduced && change ? reducedSql(change, audience) : undefined,
    // The branch that markets it (every card names it, a locked one too).
    filters.branch_id !== null ? eq(properties.branch_id, bind('branch', filters.branch_id)) : undefined,
    // A withdrawn property (a feed stopped listing it) is kept but never shown.
    filters.include_unavailable ? ne(properties.availability, WITHDRAWN_AVAILABILITY) : eq(properties.availability, 'available'),
  )
  const details = and(
    range(properties.price, 'price', priceLimit(filters.min_price), priceLimit(filters.max_price), bind),
    range(properties.bedroom, 'bedroom', filters.min_bedroom, filters.max_bedroom, bind),
    range(properties.bathroom, 'bathroom', filters.min_bathroom, filters.max_bathroom, bind),
    range(properties.reception, 'reception', filters.min_reception, filters.max_reception, bind),
    typeSelections.length ? or(...typeSelections) : undefined,
    filters.must_haves.includes('garden') ? eq(properties.has_garden, true) : undefined,
    filters.must_haves.includes('parking') ? eq(properties.has_parking, true) : undefined,
    filters.furnishing !== 'any' && appliesToSearchType('furnishing', searchType) ? eq(properties.furnishing, filters.furnishing) : undefined,
    ...inclusion,
  )
  return { shown, details }
}

/** What a search is sorted by: a property's id, date added, price and distance (to the first location). */
type SortKey = SQL | SQL.Aliased | PgColumn
interface SortKeys {
  id: SortKey
  createdAt: SortKey
  price: SortKey
  distance: SortKey | undefined
}

/** Newest first, by these keys. */
const newestBy = (keys: Pick<SortKeys, 'id' | 'createdAt'>): SQL[] => [sql`${keys.createdAt} desc nulls last`, sql`${keys.id} desc`]

/**
 * Newest first. NULLS LAST matches the list index (`created_at DESC NULLS LAST`); a plain DESC means
 * NULLS FIRST, which the index cannot serve, and PostgreSQL would sort the whole table instead.
 */
const NEWEST = newestBy({ id: properties.property_profile_id, createdAt: properties.created_at })

/** The sort keys of a search, read from the table. */
function tableSortKeys(query: PropertySearchQuery, audience: SearchAudience, bind: Bind): SortKeys {
  const [first] = query.locations
  return {
    id: properties.property_profile_id,
    createdAt: properties.created_at,
    price: audience.canSeeLocked ? properties.price : properties.public_price,
    distance: first ? distanceMilesSql(first, positionFor(audience), bind, locationName(0)) : undefined,
  }
}

/**
 * The order of a search. A caller who may not see locked properties gets them after every priced one
 * in a price sort (their `public_price` is null), so their place in the list tells nothing of their
 * price; distances are measured from their rounded position.
 */
function toOrderBy(query: PropertySearchQuery, keys: SortKeys, reductionShare: () => SQL): SQL[] {
  switch (query.sort) {
    case 'price_desc':
      return [sql`${keys.price} desc nulls last`, sql`${keys.id} desc`]
    case 'price_asc':
      return [sql`${keys.price} asc nulls last`, sql`${keys.id} asc`]
    case 'distance':
      // Nearest to the first location; without one, distance means nothing and newest applies.
      if (keys.distance) return [sql`${keys.distance} asc`, sql`${keys.id} asc`]
      return newestBy(keys)
    case 'newest':
      return newestBy(keys)
    case 'most_reduced':
      // The largest fall first (as a share of the price before); then the rest, newest first.
      return [sql`${reductionShare()} desc nulls last`, ...newestBy(keys)]
  }
}

/** What a search found: one page of rows, the number of matches (at most SEARCH_COUNT_LIMIT), and whether there are more. */
export interface SearchResult<Row> {
  rows: Row[]
  total: number
  capped: boolean
}

/** The number of matches as answered: exact up to SEARCH_COUNT_LIMIT, then the limit and `capped`. */
function toCount(counted: number): { total: number; capped: boolean } {
  return counted > SEARCH_COUNT_LIMIT ? { total: SEARCH_COUNT_LIMIT, capped: true } : { total: counted, capped: false }
}

/**
 * Whether a search reads the price history to filter or sort (reduced only, most reduced first).
 * Every other search reads it for the page's rows only, after the page is found.
 */
const readsPriceHistory = (query: PropertySearchQuery) => query.reduced || query.sort === 'most_reduced'

/** How a search's statements are written: with each card's gallery or its picture alone, and with the count or without it (one is kept). */
export interface SearchStatementsHow {
  withMedias?: boolean
  countKept?: boolean
}

/**
 * The catalogue's version in the statement's snapshot (`catalogueVersion`), as text; null inside a
 * transaction that has written, whose own writes are not yet in the version (the triggers set it at
 * commit), so that nothing it counts is kept.
 */
const catalogueVersionSql = sql<string | null>`(select ${catalogueVersion.version}::text from ${catalogueVersion} where txid_current_if_assigned() is null)`

/**
 * The queries of a search. `page` answers a page in one statement: its cards in order with their
 * galleries (`withMedias`; else each card's picture alone, its media key), the number of matches (unless
 * `countKept`: a count kept from an earlier search of the same filters stands, and `total` is null), the
 * catalogue's version the page was read at, and when each card's
 * price last fell, read from the price history for the page's rows alone. `count` is the number of matches by itself, for a page past the last,
 * which has no row to carry it, or when a kept count is out of date; with the version it was read at.
 * A count stops at one past SEARCH_COUNT_LIMIT: it reads at most that
 * many matching index entries, however many properties match.
 */
export function toSearchQueries(
  db: Db,
  query: PropertySearchQuery,
  audience: SearchAudience,
  bind: Bind = inline,
  { withMedias = true, countKept = false }: SearchStatementsHow = {},
) {
  const change = lastPriceChange()
  const joinsChange = readsPriceHistory(query)
  const where = toSearchConditions(query, audience, joinsChange ? change : undefined, bind)
  // How far each card lies from the nearest location: from a town's outline, not its centre (`milesFromLocationSql`).
  const distances = query.locations.map((location, i) => milesFromLocationSql(location, positionFor(audience), bind, locationName(i)))
  const nearest = distances.length ? sql<number>`least(${sql.join(distances, sql`, `)})` : sql<null>`null::double precision`
  const orderBy = toOrderBy(query, tableSortKeys(query, audience, bind), () => reductionShareSql(change, audience))
  const matches = (joinsChange ? db.select({ one: sql`1` }).from(properties).leftJoinLateral(change, sql`true`) : db.select({ one: sql`1` }).from(properties))
    .where(where)
    .limit(SEARCH_COUNT_LIMIT + 1)
    .as('matches')
  const count = db.select({ total: sql<number>`count(*)::int`, version: catalogueVersionSql.as('version') }).from(matches)
  // Near a location the index finds every match and the page must read and sort them all anyway, so
  // a window counts them on the way. Elsewhere the page walks the sort's index and stops after a
  // page, and the count is a subquery run once, on the covering index, up to the limit: unless a
  // count is kept, which only a search without a location can be.
  const countInPage = db.select({ total: sql<number>`count(*)::int` }).from(matches)
  const total = query.locations.length
    ? sql<number | null>`(count(*) over ())::int`
    : countKept
      ? sql<number | null>`null::int`
      : sql<number | null>`(${countInPage})`
  const found = {
    ...cardColumns,
    distance: nearest.as('distance'),
    total: total.as('total'),
    // The page's order, kept for the statement around it.
    ordinal: sql<number>`row_number() over (order by ${sql.join(orderBy, sql`, `)})`.as('ordinal'),
  }
  // A location search (without the price history) finds its page's ids by the union of its branches,
  // each read index-only, and then reads the table for the page's rows alone.
  const keys = query.locations.length && !joinsChange ? toLocationPageKeys(db, query, audience, bind) : undefined
  const page = keys
    ? db
        .select({ ...found, total: sql<number | null>`${keys.total}`.as('total'), ordinal: sql<number>`${keys.ordinal}`.as('ordinal') })
        .from(keys)
        .innerJoin(properties, eq(properties.property_profile_id, keys.id))
        .as('page')
    : (joinsChange ? db.select(found).from(properties).leftJoinLateral(change, sql`true`) : db.select(found).from(properties))
        .where(where)
        .orderBy(...orderBy)
        .limit(bindPaging(bind, 'limit', query.page_size))
        // No OFFSET for the first page (Drizzle writes none for 0; nor, then, for its placeholder).
        .offset(query.page > 1 ? bindPaging(bind, 'offset', (query.page - 1) * query.page_size) : 0)
        .as('page')
  const pageChange = lastPriceChange(page.property_profile_id)
  const cardOfPage = Object.fromEntries(Object.keys(cardColumns).map((key) => [key, page[key as keyof typeof cardColumns]])) as {
    [Key in keyof typeof cardColumns]: (typeof page)[Key]
  }
  return {
    page: db
      .select({
        ...cardOfPage,
        distance: page.distance,
        total: page.total,
        // Read only where a count may be kept.
        version: keepsCount(query) ? catalogueVersionSql : sql<string | null>`null::text`,
        reduced_at: sql<Date | null>`case when ${reducedSql(pageChange, audience, page.is_locked)} then ${pageChange.changed_at} end`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
        medias: withMedias ? mediasOf(page.property_profile_id) : sql<GalleryTuple[] | null>`null::json`,
        picture: withMedias ? sql<string | null>`null::text` : cardPictureOf(page.property_profile_id),
        photos: withMedias ? sql<number>`0` : photoCountOf(page.property_profile_id),
      })
      .from(page)
      .leftJoinLateral(pageChange, sql`true`)
      .orderBy(asc(page.ordinal)),
    count,
  }
}

/**
 * A search's criteria compiled once: the shape of its conditions (`shape`: their text with named
 * placeholders, and the values written into it, such as an include/exclude/show-only choice) and the
 * values of its placeholders (`values`), recorded as the conditions were written. The conditions are
 * `toSearchConditions` itself, with the distances a sort by distance reads: what decides a statement
 * is read from the statement's own conditions, not from a list kept beside them.
 */
export interface CompiledCriteria {
  shape: string
  values: Record<string, unknown>
}

/**
 * Criteria compiled lately, by the criteria themselves (every value, as JSON): a search repeated, for
 * another page or by another visitor, is not compiled again.
 */
const compiledLately = new LRUCache<string, CompiledCriteria>({ max: 1_000 })

/** Compiles a search's criteria for an audience (see CompiledCriteria). */
export function compileCriteria(filters: PropertySearchFilters, audience: SearchAudience): CompiledCriteria {
  const key = JSON.stringify([audience.canSeeLocked, filters])
  let compiled = compiledLately.get(key)
  if (compiled === undefined) {
    compiled = compileCriteriaAfresh(filters, audience)
    compiledLately.set(key, compiled)
  }
  return compiled
}

function compileCriteriaAfresh(filters: PropertySearchFilters, audience: SearchAudience): CompiledCriteria {
  const { bind, values } = recordingPlaceholders()
  const where = toSearchConditions(filters, audience, filters.reduced ? lastPriceChange() : undefined, bind) ?? sql`true`
  // The distances a sort by distance reads bind each location's point, and a card's distance its
  // outline. Their text is one per location and audience, both of which the conditions' shape says
  // already, so it is not written for the shape.
  filters.locations.forEach((location, i) => {
    distanceMilesSql(location, positionFor(audience), bind, locationName(i))
    milesFromLocationSql(location, positionFor(audience), bind, locationName(i))
  })
  // The audience decides more than the conditions (which price a sort reads), so it is part of the shape.
  return { shape: JSON.stringify([audience.canSeeLocked, toShapeOf(where)]), values }
}

/**
 * The shape of a search: its compiled criteria's shape (`compileCriteria`), its sort, whether it has
 * an OFFSET, and how its statements are written. Every search of a shape runs the same statements
 * (`toSearchQueries` with placeholders), built once: Drizzle takes 0.5 ms of the server's thread to
 * write a search's statements, 1 ms for two places, more than the rest of the request's work.
 * `search-shapes.test.ts` checks that a statement kept for a shape and run with a search's values is
 * the statement that search would have written.
 */
export function searchShapeOf(
  query: PropertySearchQuery,
  audience: SearchAudience,
  { withMedias = true, countKept = false }: SearchStatementsHow = {},
  compiled: CompiledCriteria = compileCriteria(query, audience),
): string {
  // The first page has no OFFSET.
  return JSON.stringify(['search', query.sort, query.page > 1, withMedias, countKept, compiled.shape])
}

/**
 * Whether a search's count may be kept: not near a location (its page's statement reads every match to
 * sort them, and counts them on the way), nor of properties added within some days (its matches change
 * as time passes).
 */
const keepsCount = (query: PropertySearchFilters) => !query.locations.length && !query.added_within_days

/**
 * What decides the number of a search's matches, as a key its count is kept by (`kept-counts.ts`):
 * its compiled criteria, shape and values, not its sort or page. Null for a search whose count is
 * not kept (`keepsCount`).
 */
export function countKeyOf(query: PropertySearchQuery, audience: SearchAudience, compiled: CompiledCriteria = compileCriteria(query, audience)): string | null {
  if (!keepsCount(query)) return null
  return JSON.stringify([compiled.shape, compiled.values])
}

/** The names a search's locations and map area bind their values under. */
const locationName = (i: number) => `location${i}`
const BOUNDS_NAME = 'bounds'

/** The values of a search's placeholders, by name (see `searchShapeOf`), and of a page of map markers' (`markersShapeOf`). */
export function searchValuesOf(
  query: PropertySearchQuery | MapMarkersQuery,
  audience: SearchAudience,
  compiled: CompiledCriteria = compileCriteria(query, audience),
): Record<string, unknown> {
  return { ...compiled.values, limit: query.page_size, offset: (query.page - 1) * query.page_size }
}

/** The most shapes of search whose statements a database keeps; a shape past them is built again when next used. */
const KEPT_SEARCH_SHAPES = 200

/** A search shape's statements, with placeholders for its values. */
const prepareSearchStatements = (db: Db, query: PropertySearchQuery, audience: SearchAudience, how: SearchStatementsHow) =>
  prepareAllWithFlatRows(toSearchQueries(db, query, audience, placeholders, how))

const keptSearchStatements = perDatabaseAndKey<ReturnType<typeof prepareSearchStatements>>(KEPT_SEARCH_SHAPES)

/** The statements kept for a search's shape, built at its first search. */
export function keptSearchStatementsOf(
  db: Db,
  query: PropertySearchQuery,
  audience: SearchAudience,
  how: SearchStatementsHow = {},
  compiled: CompiledCriteria = compileCriteria(query, audience),
) {
  return keptSearchStatements(db, searchShapeOf(query, audience, how, compiled), () => prepareSearchStatements(db, query, audience, how))
}

/** A search's page and count statements, ready to run: those kept for its shape, with its values. */
function searchStatementsOf(db: Db, query: PropertySearchQuery, audience: SearchAudience, how: SearchStatementsHow, compiled: CompiledCriteria) {
  const kept = keptSearchStatementsOf(db, query, audience, how, compiled)
  const values = searchValuesOf(query, audience, compiled)
  return { page: () => kept.page.execute(values), count: () => kept.count.execute(values) }
}

/**
 * The page of a location search as ids, in order (`ordinal`), with the number of matches (`total`):
 * the union of the search's branches (`toLocationBranches`), each selecting the sort's keys alone
 * from its covering index, sorted and cut to the page. A property in two searched circles is one
 * match: its keys are the same in every branch, and the union keeps one.
 */
function toLocationPageKeys(db: Db, query: PropertySearchQuery, audience: SearchAudience, bind: Bind) {
  const { price, distance } = tableSortKeys(query, audience, bind)
  const keyColumns = {
    id: sql<number>`${properties.property_profile_id}`.as('id'),
    created_at: sql<Date>`${properties.created_at}`.as('created_at'),
    price: sql<number | null>`${price}`.as('price'),
    // Computed only when the page is sorted by it.
    distance: (distance && query.sort === 'distance' ? sql<number>`${distance}` : sql<null>`null::double precision`).as('distance'),
  }
  const [first, second, ...rest] = toLocationBranches(query, audience, bind).map((branch) => db.select(keyColumns).from(properties).where(branch))
  if (!first) throw new Error('a location search has a location')
  const matches = (second ? union(first, second, ...rest) : first).as('location_matches')
  const orderBy = toOrderBy(
    query,
    { id: matches.id, createdAt: matches.created_at, price: matches.price, distance: query.sort === 'distance' ? matches.distance : undefined },
    // Most reduced first reads the price history, and takes the other path.
    () => sql`null`,
  )
  return db
    .select({
      id: matches.id,
      // The page's statement is planned once on the embedded database (GENERIC_PLAN_COMMENT): its plan, a
      // range of an index for each place and kind of position, is the same whatever the values, and
      // planning it took 2.6 ms of its 4 ms.
      total: plannedOnce(sql<number>`(count(*) over ())::int`).as('total'),
      ordinal: sql<number>`row_number() over (order by ${sql.join(orderBy, sql`, `)})`.as('ordinal'),
    })
    .from(matches)
    .orderBy(...orderBy)
    .limit(bindPaging(bind, 'limit', query.page_size))
    .offset(query.page > 1 ? bindPaging(bind, 'offset', (query.page - 1) * query.page_size) : 0)
    .as('page_keys')
}

/**
 * One page of a property search, its cards' galleries (unless `withMedias` is false: then `medias` is
 * null and `pictures` has each card's picture) and the number of matches, ordered and limited in the database, in one statement: near a location the page's statement counts the matches it
 * reads anyway; elsewhere the count is a subquery of it, a walk of the covering index up to the
 * limit. A page past the last has no row to carry the count, and counts apart.
 *
 * Elsewhere the count is kept (`kept-counts.ts`, by `countKeyOf`) with the catalogue's version it was
 * read at: the next search of the same filters, whatever its sort or page, leaves the count out of its
 * statement, and takes the kept one if its page was read at the same version. Else (a property or a
 * price was written since) it counts apart, and keeps that count. The count's walk was three quarters of
 * a search's statement on the embedded database (docs/performance.md).
 *
 * On PostgreSQL the count ran beside the page on a second connection and a third statement read the
 * page's galleries, but each statement's round trip (a write to the server's socket, a wake of its
 * backend, a pooled connection) cost more than the JSON of the galleries and the count's walk: one
 * statement answers 8–11% more uncached searches a second (docs/performance.md).
 */
export async function searchProperties(
  db: Db,
  query: PropertySearchQuery,
  audience: SearchAudience,
  { withMedias = true }: { withMedias?: boolean } = {},
): Promise<
  SearchResult<PropertySearchRow> & {
    medias: Map<number, PropertyMediaRow[]> | null
    pictures: Map<number, string | null> | null
    photoCounts: Map<number, number> | null
  }
> {
  const compiled = compileCriteria(query, audience)
  const key = countKeyOf(query, audience, compiled)
  const kept = key === null ? undefined : keptCountOf(db, key)
  const queries = searchStatementsOf(db, query, audience, { withMedias, countKept: kept !== undefined }, compiled)
  const rows = await queries.page()
  const first = rows[0]
  let counted: number
  if (first === undefined && query.page === 1) {
    // No match at all.
    counted = 0
  } else if (first !== undefined && first.total !== null) {
    counted = first.total
    if (key !== null) keepCount(db, key, counted, first.version)
  } else if (first !== undefined && kept !== undefined && first.version === kept.version) {
    counted = kept.counted
  } else {
    // A page past the last, which has no row to carry the count, or a kept count out of date.
    const [row] = await queries.count()
    counted = row?.total ?? 0
    if (key !== null && row) keepCount(db, key, counted, row.version)
  }
  return {
    rows: rows.map(({ total: _total, version: _version, medias: _medias, picture: _picture, photos: _photos, ...row }) => row),
    // Without the galleries (most of a page's bytes) the statement read each card's picture alone.
    medias: withMedias ? new Map(rows.map((row) => [row.property_profile_id, fromGalleryJson(row.medias)])) : null,
    pictures: withMedias ? null : new Map(rows.map((row) => [row.property_profile_id, row.picture])),
    photoCounts: withMedias ? null : new Map(rows.map((row) => [row.property_profile_id, row.photos])),
    ...toCount(counted),
  }
}

/** The medias of the properties of an array of ids, in gallery order: one statement for any number of them. */
const mediasStatementOf = perDatabase((db) =>
  prepareWithFlatRows(
    db
      .select({ property_profile_id: propertyMedias.property_profile_id, ...galleryColumns })
      .from(propertyMedias)
      .where(sql`${propertyMedias.property_profile_id} = any(${sql.placeholder('ids')}::integer[])`)
      .orderBy(asc(propertyMedias.property_profile_id), asc(propertyMedias.position), asc(propertyMedias.property_profile_media_id)),
  ),
)

/** The medias of many properties in one query, in gallery order, by property id. */
export async function getMediasOf(db: Db, ids: readonly number[]): Promise<Map<number, PropertyMediaRow[]>> {
  const byProperty = new Map<number, PropertyMediaRow[]>(ids.map((id) => [id, []]))
  if (!ids.length) return byProperty
  const rows = await mediasStatementOf(db).execute({ ids: [...ids] })
  for (const { property_profile_id: id, ...media } of rows) byProperty.get(id)?.push(media)
  return byProperty
}

/** Every column of a property but its search document, which only searches read. */
const { search_document: _searchDocument, ...propertyColumns } = getTableColumns(properties)

/**
 * The id of the property a statement reads, for a subquery of it to name. Written out with its
 * table: Drizzle leaves a column unqualified in a one-table select, and inside a subquery of another
 * table an unqualified `property_profile_id` would name that table's own.
 */
const PROPERTY_ID = sql`${sql.identifier('properties')}.${sql.identifier('property_profile_id')}`

/**
 * A property's rows of one of its tables, in the given order, as a JSON array: a subquery of a
 * statement that reads the property (`ofProperty`, its id), whole rows, so each element has the
 * table's columns under their own names.
 */
function rowsOf(table: PgTable, propertyId: PgColumn, order: SQL, ofProperty: SQL | PgColumn): SQL {
  return sql`(select coalesce(json_agg(${table} order by ${order}), '[]'::json) from ${table} where ${propertyId} = ${ofProperty})`
}

/** A gallery item as mediasOf writes it: PropertyMediaRow's columns in galleryColumns' order. */
export type GalleryTuple = [media_key: string, kind: PropertyMediaRow['kind'], link: string | null, is_downloadable: boolean]

/**
 * A property's gallery in gallery order, as JSON: a subquery of a statement that reads the property.
 * Each item is an array of galleryColumns (fromGalleryJson makes it a PropertyMediaRow): a search
 * page's 24 galleries are some 200 items, built, parsed and passed on as text half as long as
 * objects with their names.
 */
export function mediasOf(ofProperty: SQL | PgColumn): SQL<GalleryTuple[]> {
  const columns = sql.join(Object.values(galleryColumns), sql`, `)
  return sql<GalleryTuple[]>`(select coalesce(json_agg(json_build_array(${columns}) order by ${propertyMedias.position}, ${propertyMedias.property_profile_media_id}), '[]'::json) from ${propertyMedias} where ${propertyMedias.property_profile_id} = ${ofProperty})`
}

/** A gallery as mediasOf reads it, as PropertyMediaRows. */
export function fromGalleryJson(gallery: readonly GalleryTuple[] | null): PropertyMediaRow[] {
  return (gallery ?? []).map(([media_key, kind, link, is_downloadable]) => ({ media_key, kind, link, is_downloadable }))
}

/** A price change as JSON holds it: the time as text. */
type PriceHistoryJson = Omit<typeof priceHistory.$inferSelect, 'changed_at'> & { changed_at: string }

/**
 * Everything the detail page shows of one property, in one statement (its gallery, floor plans, EPCs,
 * price history and brochures as JSON arrays beside its row); null when there is no such property.
 * One statement rather than six: on the embedded database each costs a turn of its one connection,
 * on PostgreSQL a round trip, and either way a statement to build.
 */
export async function getPropertyDetail(db: Db, id: number) {
  const [found] = await detailStatementOf(db).execute({ id })
  if (!found) return null
  return { ...found, medias: fromGalleryJson(found.medias), priceHistory: found.priceHistory.map((entry) => ({ ...entry, changed_at: new Date(entry.changed_at) })) }
}

/**
 * The detail's statement, built once for each database: its text (some hundred columns and five
 * subqueries) took Drizzle half a millisecond to write at every property page.
 */
function buildDetailStatement(db: Db) {
  return db
    .select({
      property: propertyColumns,
      branch: branches,
      type: propertyTypes,
      style: propertyStyles,
      medias: mediasOf(PROPERTY_ID),
      floorPlans: sql<(typeof floorPlans.$inferSelect)[]>`${rowsOf(floorPlans, floorPlans.property_profile_id, sql`${floorPlans.position}, ${floorPlans.floor_plan_id}`, PROPERTY_ID)}`,
      epcs: sql<(typeof epcs.$inferSelect)[]>`${rowsOf(epcs, epcs.property_profile_id, sql`${epcs.position}, ${epcs.epc_id}`, PROPERTY_ID)}`,
      priceHistory: sql<PriceHistoryJson[]>`${rowsOf(priceHistory, priceHistory.property_profile_id, sql`${priceHistory.changed_at} desc, ${priceHistory.price_history_id} desc`, PROPERTY_ID)}`,
      documents: sql<(typeof propertyDocuments.$inferSelect)[]>`${rowsOf(propertyDocuments, propertyDocuments.property_profile_id, sql`${propertyDocuments.position}, ${propertyDocuments.property_document_id}`, PROPERTY_ID)}`,
    })
    .from(properties)
    .leftJoin(branches, eq(branches.branch_id, properties.branch_id))
    .leftJoin(propertyTypes, eq(propertyTypes.property_type_id, properties.property_type_id))
    .leftJoin(propertyStyles, eq(propertyStyles.property_style_id, properties.property_style_id))
    // Planned once on the embedded database (GENERIC_PLAN_COMMENT): a read of one row by its key, and
    // its lists by theirs, whatever the id.
    .where(and(plannedOnce(eq(properties.property_profile_id, sql.placeholder('id'))), ne(properties.availability, WITHDRAWN_AVAILABILITY)))
    .prepare('property_detail')
}

const detailStatementOf = perDatabase(buildDetailStatement)

/** A property's full detail as loaded. */
export type PropertyDetailRows = NonNullable<Awaited<ReturnType<typeof getPropertyDetail>>>

/** A search row as a map marker needs it: the marker's columns and the media key of its card picture. */
export type PropertyMarkerRow = Pick<PropertyCardRow, keyof typeof markerColumns> & { picture: string | null }

/**
 * The columns a map marker is made of (presenters/property.ts `presentMarker`): half a card's. A page
 * of markers is 500 rows, and every field of every row is parsed by the driver (on the embedded
 * database in JavaScript, one by one), so the columns a marker does not show are not read.
 */
const markerColumns = {
  property_profile_id: properties.property_profile_id,
  transaction_type_id: properties.transaction_type_id,
  slug: properties.slug,
  advert_heading: properties.advert_heading,
  bedroom: properties.bedroom,
  // A property that is not a home shows no bedroom count (isResidentialPropertyType).
  property_type_id: properties.property_type_id,
  price: properties.price,
  availability: properties.availability,
  is_locked: properties.is_locked,
  town: properties.town,
  display_address: properties.display_address,
  lat: properties.lat,
  lng: properties.lng,
  location_precision: properties.location_precision,
  public_lat: properties.public_lat,
  public_lng: properties.public_lng,
}

/**
 * The media key of a property's card picture, a subquery of the statement that reads the property
 * (`ofProperty`, its id): its first photo in gallery order, else its first poster, as the presenter
 * picks it from a gallery. Computed for the rows answered alone (PostgreSQL evaluates a subquery of
 * the select list after the sort and the limit).
 */
export function cardPictureOf(ofProperty: SQL | PgColumn): SQL<string | null> {
  return sql<string | null>`(select ${propertyMedias.media_key} from ${propertyMedias} where ${propertyMedias.property_profile_id} = ${ofProperty} order by (${propertyMedias.kind} = 'photo') desc, ${propertyMedias.position}, ${propertyMedias.property_profile_media_id} limit 1)`
}

/** The number of a property's photos (a card's '12 photos'), a subquery of the statement that reads the property, as `cardPictureOf`. */
function photoCountOf(ofProperty: SQL | PgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${propertyMedias} where ${propertyMedias.property_profile_id} = ${ofProperty} and ${propertyMedias.kind} = 'photo')`.mapWith(Number)
}

/**
 * The statements of a page of a map's markers and of their count. `bind` as for a search's
 * (`toSearchQueries`): the markers of a shape (`markersShapeOf`) run statements kept for it.
 */
export function toMarkerQueries(db: Db, query: MapMarkersQuery, audience: SearchAudience, bind: Bind = inline) {
  const change = lastPriceChange()
  const where = toSearchConditions(query, audience, change, bind)
  const base = db.select({ ...markerColumns, picture: cardPictureOf(PROPERTY_ID) }).from(properties)
  const matches = (query.reduced ? db.select({ one: sql`1` }).from(properties).leftJoinLateral(change, sql`true`) : db.select({ one: sql`1` }).from(properties))
    .where(query.reduced ? where : toSearchConditions(query, audience, undefined, bind))
    .limit(SEARCH_COUNT_LIMIT + 1)
    .as('matches')
  const limit = bindPaging(bind, 'limit', query.page_size)
  // No OFFSET for the first page (Drizzle writes none for 0; nor, then, for its placeholder).
  const offset = query.page > 1 ? bindPaging(bind, 'offset', (query.page - 1) * query.page_size) : 0
  // The page's ids first, from the covering index in newest-first order (an index-only scan that stops
  // after the page), then those rows alone from the table: hundreds of rows read, not every one in the
  // bounds. A search on the price history (reduced) reads the table anyway, in one query.
  const pageIds = db.select({ id: properties.property_profile_id }).from(properties).where(where).orderBy(...NEWEST).limit(limit).offset(offset)
  return {
    found: query.reduced
      ? base.leftJoinLateral(change, sql`true`).where(where).orderBy(...NEWEST).limit(limit).offset(offset)
      : base.where(inArray(properties.property_profile_id, pageIds)).orderBy(...NEWEST),
    count: db.select({ total: sql<number>`count(*)::int` }).from(matches),
  }
}

/** The shape of a page of a map's markers, as a search's (`searchShapeOf`). */
export function markersShapeOf(query: MapMarkersQuery, audience: SearchAudience, compiled: CompiledCriteria = compileCriteria(query, audience)): string {
  return JSON.stringify(['markers', query.page > 1, compiled.shape])
}

const prepareMarkerStatements = (db: Db, query: MapMarkersQuery, audience: SearchAudience) =>
  prepareAllWithFlatRows(toMarkerQueries(db, query, audience, placeholders))

const keptMarkerStatements = perDatabaseAndKey<ReturnType<typeof prepareMarkerStatements>>(KEPT_SEARCH_SHAPES)

/** The statements kept for the shape of a page of markers, built at its first use. */
export function keptMarkerStatementsOf(db: Db, query: MapMarkersQuery, audience: SearchAudience, compiled: CompiledCriteria = compileCriteria(query, audience)) {
  return keptMarkerStatements(db, markersShapeOf(query, audience, compiled), () => prepareMarkerStatements(db, query, audience))
}

/**
 * One page of a search's map markers (the list's filters, locations and bounds; newest first on the
 * list's index) and the number of matches. The card picture is the one the card shows: the first photo
 * in gallery order, else the first poster (presenters/property.ts `cardPicture`).
 */
export async function searchPropertyMarkers(
  db: Db,
  query: MapMarkersQuery,
  audience: SearchAudience,
): Promise<SearchResult<PropertyMarkerRow>> {
  const compiled = compileCriteria(query, audience)
  const statements = keptMarkerStatementsOf(db, query, audience, compiled)
  const values = searchValuesOf(query, audience, compiled)
  const [found, count] = await Promise.all([statements.found.execute(values), statements.count.execute(values)])
  return { rows: found, ...toCount(count[0]?.total ?? 0) }
}

