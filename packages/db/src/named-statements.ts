import { createHash } from 'node:crypto'
import type pg from 'pg'

/**
 * How many statements one PostgreSQL connection (or the embedded database: pglite-named-statements.ts)
 * keeps prepared, by default. A search's statement
 * text depends on which filters it has, not on their values, so a site's searches have a few dozen
 * texts; past the limit a connection runs new texts unnamed, as before, so a caller sending every
 * combination of filters cannot make the server's memory grow.
 */
export const DEFAULT_PREPARED_STATEMENTS = 200

/** A query's config as Drizzle passes it to node-postgres: its text and options, never a Query object. */
interface QueryConfigLike {
  text: string
  name?: string
  submit?: unknown
}

const isPlainConfig = (config: unknown): config is QueryConfigLike =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfigLike).text === 'string' &&
  (config as QueryConfigLike).name === undefined &&
  typeof (config as QueryConfigLike).submit !== 'function'

/** The name a statement is prepared under: the same text has the same name on every connection. */
export const statementName = (text: string): string => `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`

/**
 * Makes a pool's connections prepare the statements they run, up to `limit` texts each: the first
 * time a connection runs a text it is parsed under a name derived from the text, and every later
 * time only bound and executed. PostgreSQL then skips parsing and rewriting, a third of a search's
 * time in the database (its statement is long: the columns of a card, a branch per location). Plans
 * are unchanged: each connection plans every execution for its values, as for an unnamed statement
 * (`withCustomPlans`), since a search's best plan depends on them (a town's few properties or the
 * whole country's).
 */
export function prepareStatementsOf(pool: pg.Pool, limit: number): void {
  if (limit <= 0) return
  pool.on('connect', (client) => {
    // The name of each text prepared, by text: a text is hashed once, not on every run.
    const prepared = new Map<string, string>()
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown
    const named = (config: unknown, ...rest: unknown[]) => {
      // A statement without parameters goes by the simple protocol, which also runs several at once
      // (a migration's file): it stays so.
      const values = rest[0]
      if (!isPlainConfig(config) || !Array.isArray(values) || values.length === 0) return query(config, ...rest)
      let name = prepared.get(config.text)
      if (name === undefined) {
        if (prepared.size >= limit) return query(config, ...rest)
        name = statementName(config.text)
        prepared.set(config.text, name)
      }
      return query({ ...config, name }, ...rest)
    }
    client.query = named as typeof client.query
  })
}

/**
 * The connection URL with `plan_cache_mode = force_custom_plan` among its startup options (kept with
 * any the URL already sets): a prepared statement is planned for each execution's values.
 */
export function withCustomPlans(url: string): string {
  const parsed = new URL(url)
  const options = parsed.searchParams.get('options')
  parsed.searchParams.set('options', [options, '-c plan_cache_mode=force_custom_plan'].filter(Boolean).join(' '))
  return parsed.toString()
}
