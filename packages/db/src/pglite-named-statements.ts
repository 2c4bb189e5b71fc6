import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'
import { DEFAULT_PREPARED_STATEMENTS } from './named-statements.ts'

/** Runs one statement the way PGlite's `query` does, with the same results and errors. */
export type QueryRunner = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>

/** SQLSTATEs of a named statement PostgreSQL no longer has as it was prepared: prepared again, once. */
const STALE_STATEMENT = new Set([
  // cached plan must not change result type (a column of the statement's result changed its type)
  '0A000',
  // prepared statement does not exist (DEALLOCATE ALL, DISCARD ALL)
  '26000',
])

/** Options this runner honours itself; with any other (a blob to COPY, a notice handler) PGlite's own query runs. */
const isPlain = (options: QueryOptions | undefined): boolean =>
  options === undefined || Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers' || key === 'serializers')

/** Statements named so far in this process: no two runners on one database name theirs alike. */
let named = 0

/**
 * A statement whose text holds this comment is run with PostgreSQL's generic plan, made once for the
 * statement and kept, not planned for each execution's values (`plan_cache_mode = force_generic_plan`
 * for its executions alone). For a statement whose plan is the same whatever its values, and whose
 * planning costs more than its execution: a search near a place (apps/api `queries/properties.ts`).
 * PostgreSQL itself plans such a statement far faster, and the pool leaves the comment be.
 */
export const GENERIC_PLAN_COMMENT = '/* plan: generic */'

/**
 * PGlite's `query` with each statement text prepared once under a name, up to `limit` texts, as the
 * PostgreSQL pool does (named-statements.ts). PGlite's own `query` parses, analyses and rewrites the
 * text every time and crosses into PostgreSQL five times to do it (Parse, Describe, Bind, Describe,
 * Execute, each a round of its main loop); here a known text is bound and run in one crossing (Bind,
 * Describe, Execute, Sync). Plans stay custom, made for each execution's values, as on PostgreSQL
 * (`plan_cache_mode = force_custom_plan`, set here for the session): a search's best plan depends on
 * them; a text marked with GENERIC_PLAN_COMMENT is the exception, planned once. Past the limit a
 * text runs as PostgreSQL's unnamed statement, parsed each time as by PGlite's `query`, so that a
 * caller sending ever new texts cannot make the memory grow.
 *
 * It takes PGlite's locks as `query` does, so it never runs inside another caller's transaction;
 * the statements of a transaction go by the transaction's own `query`. A named statement PostgreSQL
 * no longer has as prepared (a column changed its type, DEALLOCATE ALL) is prepared again and run
 * once more.
 */
export function namedQueriesOf(pg: PGlite, limit: number = DEFAULT_PREPARED_STATEMENTS): QueryRunner {
  if (limit <= 0) return (text, params, options) => pg.query(text, params, options)
  let customPlans = false
  // By text: the statement's name and its parameters' types (PostgreSQL's, from Describe).
  const statements = new Map<string, { name: string; paramTypes: number[] }>()
  const { serialize } = protocol

  async function prepare(text: string): Promise<{ name: string; paramTypes: number[] }> {
    // Past the limit, the unnamed statement, which the next text unnamed replaces (PGlite's `query` uses it too).
    const name = statements.size < limit ? `pglite_s${++named}` : ''
    // Sync ends the exchange whatever happens: a text PostgreSQL refuses leaves nothing prepared.
    const { messages } = await pg.execProtocol(Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]))
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) }
    if (name) statements.set(text, statement)
    return statement
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    if (!customPlans) {
      await pg.execProtocol(serialize.query('SET plan_cache_mode = force_custom_plan'))
      customPlans = true
    }
    const statement = statements.get(text) ?? (await prepare(text))
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null
      const type = statement.paramTypes[index] ?? 0
      const serializer = options?.serializers?.[type] ?? pg.serializers[type]
      return serializer ? serializer(value) : String(value)
    })
    const generic = statement.name !== '' && text.includes(GENERIC_PLAN_COMMENT)
    if (generic) await pg.execProtocol(serialize.query('SET plan_cache_mode = force_generic_plan'))
    const { messages } = await pg
      .execProtocol(
        Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      )
      .finally(async () => {
        if (generic) await pg.execProtocol(serialize.query('SET plan_cache_mode = force_custom_plan'))
      })
    const [result] = parse.parseResults(messages, pg.parsers, options)
    if (!result) throw new Error('the embedded database answered a statement with no result')
    return result as Results<T>
  }

  /** Attaches the statement to its error, as PGlite's `query` does. */
  function withStatement(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
    if (error instanceof Error && 'code' in error) Object.assign(error, { query: text, params, queryOptions: options })
    return error
  }

  return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!isPlain(options)) return pg.query<T>(text, params, options)
    await pg._checkReady()
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options)
        } catch (error) {
          const code = (error as { code?: unknown }).code
          if (typeof code !== 'string' || !STALE_STATEMENT.has(code) || !statements.has(text)) throw withStatement(error, text, params, options)
          const stale = statements.get(text)
          statements.delete(text)
          if (stale) await pg.execProtocol(Buffer.concat([serialize.close({ type: 'S', name: stale.name }), serialize.sync()]))
          try {
            return await run<T>(text, params, options)
          } catch (again) {
            throw withStatement(again, text, params, options)
          }
        }
      }),
    )
  }
}
