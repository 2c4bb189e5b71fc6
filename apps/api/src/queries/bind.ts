import { is, Placeholder, SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

/**
 * Where a search's values go: into its statement as they are (`inline`), as named placeholders
 * (`placeholders`), for a statement built once for every search of its shape and run with each
 * search's values (criteria.ts `compileCriteria`), or as SQL that reads them from a row of a
 * statement (the Heads Up matching runs one statement for many alerts' values).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder<string, T> | SQL<T>

export const inline: Bind = (_name, value) => value

export const placeholders: Bind = <T>(name: string) => sql.placeholder(name) as Placeholder<string, T>

/** Named placeholders, and the value each was given, by name. */
export function recordingPlaceholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {}
  const bind: Bind = <T>(name: string, value: T) => {
    values[name] = value
    return sql.placeholder(name) as Placeholder<string, T>
  }
  return { bind, values }
}

const dialect = new PgDialect()

/**
 * The shape of SQL written with placeholders: its text, and each parameter as the name of its
 * placeholder or as the value written into it. Two conditions of one shape are one statement that
 * differs only in its placeholders' values.
 */
export function toShapeOf(written: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(written)
  return JSON.stringify([text, params.map((param) => (is(param, Placeholder) ? { placeholder: param.name } : param))])
}

/** A LIMIT or OFFSET through `bind`: a number or a placeholder (never SQL of a row, which a LIMIT cannot read). */
export function bindPaging(bind: Bind, name: string, value: number): number | Placeholder<string, number> {
  const bound = bind(name, value)
  if (is(bound, SQL)) throw new Error(`${name} cannot be read from a row`)
  return bound
}
