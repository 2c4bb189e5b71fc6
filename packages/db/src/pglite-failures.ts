import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite'
import { namedQueriesOf } from './pglite-named-statements.ts'
import type { EmbeddedClient } from './pglite-thread.ts'
import { holdDrizzleParsers, withoutDrizzleParsers } from './pglite-thread-protocol.ts'

/** The status of PostgreSQL's own errors (its longjmp) as they reach PGlite's loop, which recovers from them. */
const POSTGRES_LONGJMP = 100

/** The embedded database failed inside a statement in a way PostgreSQL could not recover from. */
export class EmbeddedDatabaseFailure extends Error {
  override name = 'EmbeddedDatabaseFailure'
}

/**
 * Watches a PGlite for the failures it would hide. PGlite runs each protocol message in
 * `_PostgresMainLoopOnce` and recovers from an exception there only when it is PostgreSQL's own error;
 * any other (V8's "Maximum call stack size exceeded" when a statement recurses deeper than the thread's
 * stack allows, before PostgreSQL's own max_stack_depth check; a WebAssembly trap) it drops. The
 * statement then answers as if it had succeeded, with no rows, and PostgreSQL's error state is left
 * pointing into frames that are gone: a later statement's error context can become a loop that
 * `errfinish` walks for ever. Once such a failure has happened, `failure()` returns it; the database
 * must not be used again.
 */
export function watchPgliteFailures(pg: PGlite): { failure(): EmbeddedDatabaseFailure | undefined } {
  let failure: EmbeddedDatabaseFailure | undefined
  // PGlite keeps its Emscripten module in a protected field and calls the loop through it each time.
  const mod = (pg as unknown as { mod?: { _PostgresMainLoopOnce?: () => void } }).mod
  const loopOnce = mod?._PostgresMainLoopOnce
  if (mod && loopOnce) {
    mod._PostgresMainLoopOnce = () => {
      try {
        loopOnce()
      } catch (error) {
        if ((error as { status?: unknown } | null)?.status !== POSTGRES_LONGJMP) {
          const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
          failure ??= new EmbeddedDatabaseFailure(`the embedded database failed inside a statement and cannot go on (${reason})`, { cause: error })
        }
        throw error
      }
    }
  }
  return { failure: () => failure }
}

/**
 * A PGlite as the client Drizzle calls (query, exec, transaction), that fails a statement PGlite
 * would have answered as a success after such a failure, and every call after it.
 */
export function guardPglite(pg: PGlite, preparedStatements?: number): EmbeddedClient {
  const watch = watchPgliteFailures(pg)
  holdDrizzleParsers(pg)
  // A statement outside a transaction is prepared once under a name (pglite-named-statements.ts).
  const query = namedQueriesOf(pg, preparedStatements)
  const checked = async <T>(run: () => Promise<T>): Promise<T> => {
    const before = watch.failure()
    if (before) throw before
    const result = await run()
    const after = watch.failure()
    if (after) throw after
    return result
  }
  const guardTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target)
        if (typeof value !== 'function') return value
        const method = value as (...args: unknown[]) => unknown
        if (key === 'query') {
          return (text: string, params?: unknown[], options?: QueryOptions) => checked(() => target.query(text, params, withoutDrizzleParsers(options)))
        }
        if (key === 'exec') return (text: string, options?: QueryOptions) => checked(() => target.exec(text, withoutDrizzleParsers(options)))
        return method.bind(target)
      },
    })
  return {
    query: (sql, params, options) => checked(() => query(sql, params, withoutDrizzleParsers(options))),
    exec: (sql, options) => checked(() => pg.exec(sql, withoutDrizzleParsers(options))),
    transaction: (callback) => checked(() => pg.transaction((tx) => callback(guardTransaction(tx)))),
    // After such a failure PostgreSQL's shutdown could walk the broken error state for ever: the
    // database is dropped as it is, and the next start recovers from its write-ahead log.
    close: () => (watch.failure() ? Promise.resolve() : pg.close()),
  }
}
