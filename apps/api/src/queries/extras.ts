import { toBoundingBox, toDetailPageUrl } from '@agency/domain'
import { plannedOnce, properties, type Db } from '@agency/db'
import { and, asc, between, desc, eq, gt, gte, lt, ne, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import { perDatabase } from './per-database.ts'
import { cardColumns, fromGalleryJson, mediasOf, type PropertyCardRow, type PropertyMediaRow, type SearchAudience } from './properties.ts'
import { withFlatRows } from './row-mapper.ts'

/** How far a similar property's price may lie from the property's: ±20%. */
export const SIMILAR_PRICE_BAND = 0.2
/** How many similar properties a page shows. */
export const SIMILAR_LIMIT = 4
/**
 * How far from the property a similar one may lie, in miles (the square around it): a branch's area
 * can run to towns an hour's drive away, and a house in Nottingham is not like one in Grimsby.
 */
export const SIMILAR_RADIUS_MILES = 10

/** A similar property's card and its gallery. */
export type SimilarProperty = PropertyCardRow & { gallery: PropertyMediaRow[] }

/**
 * Properties like this one: the same transaction type and property type, on the market, priced
 * within ±20%, in the same branch's area (the same town when it has no branch) and within
 * SIMILAR_RADIUS_MILES of it, itself excluded;
 * nearest in price first, then newest; each with its gallery, read in the same statement. Null when
 * there is no such property. A locked property a caller may not see has no similar properties for
 * them (its neighbours would tell its type and price), and locked properties are never offered to
 * such a caller.
 */
export async function getSimilarProperties(db: Db, id: number, audience: SearchAudience): Promise<SimilarProperty[] | null> {
  const [target] = await statementsOf(db).target.execute({ id })
  if (!target) return null
  if (target.is_locked && !audience.canSeeLocked) return []
  const byBranch = target.branch_id !== null
  const similar = statementsOf(db).similar[audience.canSeeLocked ? 'all' : 'unlocked'][byBranch ? 'branch' : 'town']
  const around = toBoundingBox(target, SIMILAR_RADIUS_MILES)
  const rows = await similar.execute({
    id,
    ...around,
    transactionType: target.transaction_type_id,
    propertyType: target.property_type_id,
    area: byBranch ? target.branch_id : target.town,
    price: target.price,
    highest: Math.ceil(target.price * (1 + SIMILAR_PRICE_BAND)),
    lowest: Math.floor(target.price * (1 - SIMILAR_PRICE_BAND)),
  })
  return rows.map(({ medias, ...row }) => ({ ...row, gallery: fromGalleryJson(medias) }))
}

/**
 * The statements of getSimilarProperties, built once for each database with the property's facts as
 * placeholders: the similar properties' one for each kind of caller and of area. Drizzle took a
 * fraction of a millisecond to write them at every property page.
 */
function buildStatements(db: Db) {
  const target = withFlatRows(
    db
      .select({
        transaction_type_id: properties.transaction_type_id,
        property_type_id: properties.property_type_id,
        price: properties.price,
        branch_id: properties.branch_id,
        town: properties.town,
        is_locked: properties.is_locked,
        lat: properties.lat,
        lng: properties.lng,
      })
      .from(properties)
      // Planned once on the embedded database (GENERIC_PLAN_COMMENT), as each statement of a property
      // page: a read of one row by its key, or a walk of one index, whatever the values.
      .where(plannedOnce(eq(properties.property_profile_id, sql.placeholder('id'))))
      .prepare('similar_target'),
  )
  const similar = (canSeeLocked: boolean, byBranch: boolean) => {
    const like = and(
      eq(properties.transaction_type_id, sql.placeholder('transactionType')),
      eq(properties.property_type_id, sql.placeholder('propertyType')),
      ne(properties.property_profile_id, sql.placeholder('id')),
      eq(properties.availability, 'available'),
      canSeeLocked ? undefined : eq(properties.is_locked, false),
      byBranch ? eq(properties.branch_id, sql.placeholder('area')) : eq(properties.town, sql.placeholder('area')),
      between(properties.lat, sql.placeholder('south'), sql.placeholder('north')),
      between(properties.lng, sql.placeholder('west'), sql.placeholder('east')),
    )
    // Nearest in price, from each side of it: the first few at or above its price and the first few
    // below, each a walk of the branch's (or town's) index by price that stops after them, so the
    // cost does not grow with the market's size. The nearest of all are among those.
    const keys = { id: properties.property_profile_id, price: properties.price, created_at: properties.created_at }
    const above = db
      .select(keys)
      .from(properties)
      .where(and(like, between(properties.price, sql.placeholder('price'), sql.placeholder('highest'))))
      .orderBy(asc(properties.price), desc(properties.created_at), desc(properties.property_profile_id))
      .limit(SIMILAR_LIMIT)
    const below = db
      .select(keys)
      .from(properties)
      .where(and(like, gte(properties.price, sql.placeholder('lowest')), lt(properties.price, sql.placeholder('price'))))
      .orderBy(desc(properties.price), desc(properties.created_at), desc(properties.property_profile_id))
      .limit(SIMILAR_LIMIT)
    const nearest = unionAll(above, below).as('nearest')
    return withFlatRows(
      db
        .select({ ...cardColumns, medias: mediasOf(properties.property_profile_id) })
        .from(nearest)
        .innerJoin(properties, eq(properties.property_profile_id, nearest.id))
        .orderBy(plannedOnce(sql`abs(${nearest.price} - ${sql.placeholder('price')}::integer)`), desc(nearest.created_at), desc(nearest.id))
        .limit(SIMILAR_LIMIT)
        .prepare(`similar_${canSeeLocked ? 'all' : 'unlocked'}_${byBranch ? 'branch' : 'town'}`),
    )
  }
  return {
    target,
    similar: {
      all: { branch: similar(true, true), town: similar(true, false) },
      unlocked: { branch: similar(false, true), town: similar(false, false) },
    },
  }
}

const statementsOf = perDatabase(buildStatements)

/** The most sitemap entries one call answers. */
export const SITEMAP_PAGE_MAX = 5_000

/** A property page for the sitemap. */
export interface SitemapEntry {
  property_profile_id: number
  detail_page_url: string
  updated_at: string
}

/**
 * One page of the property pages anyone may see (locked, pre-market ones left out), in id order
 * after `after`: keyset paging, so walking 100,000 properties costs the same per page throughout.
 */
export async function getSitemapPage(db: Db, after: number, limit: number): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ property_profile_id: properties.property_profile_id, slug: properties.slug, updated_at: properties.updated_at })
    .from(properties)
    .where(and(eq(properties.is_locked, false), gt(properties.property_profile_id, after)))
    .orderBy(asc(properties.property_profile_id))
    .limit(limit)
  return rows.map((row) => ({
    property_profile_id: row.property_profile_id,
    detail_page_url: toDetailPageUrl(row.property_profile_id, row.slug),
    updated_at: row.updated_at.toISOString(),
  }))
}
