/**
 * Many criteria against a few properties at once (the Heads Up matching, alerts/delivery.ts): each
 * criteria's conditions are the search's own (`toSearchConditions`, compiled by `compileCriteria`), so
 * an alert matches a property exactly when a search of its criteria finds it.
 */
import { type PropertySearchFilters } from '@agency/domain'
import { queryRows, type Db } from '@agency/db'
import { sql, type SQL } from 'drizzle-orm'
import type { Bind } from './bind.ts'
import { compileCriteria, toSearchConditions, type SearchAudience } from './properties.ts'

/** One set of criteria to try, by its owner's id, against some properties. */
export interface CriteriaToMatch {
  id: number
  filters: PropertySearchFilters
  property_ids: readonly number[]
}

/** A property the criteria of `id` match. */
export interface CriteriaMatch {
  id: number
  property_profile_id: number
}

/** Criteria of one shape tried in one statement, at most this many at a time. */
const CRITERIA_PER_STATEMENT = 500

/** A placeholder's name, as the search writes them (`min_price`, `location0_lat`, `type1_style2`). */
const PLACEHOLDER_NAME = /^[a-z][a-z0-9_]*$/

/**
 * Reads each value from the row `v.x` of the statement (a JSON object of one criteria's values) where
 * the search has a placeholder: numbers as double precision (compared with integer columns as the
 * search's parameters are), anything else as text (the search casts it where it needs to).
 */
const fromRow: Bind = <T>(name: string, value: T): SQL<T> => {
  if (!PLACEHOLDER_NAME.test(name)) throw new Error(`not a placeholder name: ${name}`)
  const field = sql.raw(`(v.x->>'${name}')`)
  return typeof value === 'number' ? sql<T>`${field}::double precision` : sql<T>`${field}`
}

/**
 * The properties each criteria match among its own `property_ids`, for an audience. Criteria are
 * grouped by the shape of their compiled conditions; each group runs one statement whose conditions
 * read every criteria's values from a row of its own.
 */
export async function matchCriteria(db: Db, toMatch: readonly CriteriaToMatch[], audience: SearchAudience): Promise<CriteriaMatch[]> {
  const groups = new Map<string, { filters: PropertySearchFilters; rows: Record<string, unknown>[] }>()
  for (const { id, filters, property_ids } of toMatch) {
    if (property_ids.length === 0) continue
    const compiled = compileCriteria(filters, audience)
    const group = groups.get(compiled.shape) ?? { filters, rows: [] }
    group.rows.push({ ...compiled.values, '#id': id, '#properties': property_ids })
    groups.set(compiled.shape, group)
  }
  const found: CriteriaMatch[] = []
  for (const { filters, rows } of groups.values()) {
    const where = toSearchConditions(filters, audience, undefined, fromRow) ?? sql`true`
    for (let start = 0; start < rows.length; start += CRITERIA_PER_STATEMENT) {
      const batch = JSON.stringify(rows.slice(start, start + CRITERIA_PER_STATEMENT))
      found.push(
        ...(await queryRows<{ id: number; property_profile_id: number }>(
          db,
          sql`select (v.x->>'#id')::int as id, properties.property_profile_id
              from jsonb_array_elements(${batch}::jsonb) as v(x)
              join properties on properties.property_profile_id = any(array(select jsonb_array_elements_text(v.x->'#properties')::int))
              where ${where}`,
        )),
      )
    }
  }
  return found
}
