import { mkdirSync } from 'node:fs'
import { userInfo } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { DEFAULT_PREPARED_STATEMENTS, prepareStatementsOf, withCustomPlans } from './named-statements.ts'
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts'
import { guardPglite } from './pglite-failures.ts'
import { EMBEDDED_BUSY_MESSAGE, gatePglite } from './pglite-gate.ts'
import { startRestartingPgliteThread } from './pglite-restart.ts'
import { startPgliteThread, type EmbeddedClient } from './pglite-thread.ts'
import { GENERIC_PLAN_COMMENT } from './pglite-named-statements.ts'
import * as schema from './schema/index.ts'

export { EMBEDDED_BUSY_MESSAGE } from './pglite-gate.ts'

/** The schema object, for relational queries and typed tables. */
export { schema }

/** A Drizzle database on either driver: the same queries run on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open database and how to close it. */
export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** PostgreSQL: the pool behind `db` (the read replicas fall back to it: read-replicas.ts). */
  pool?: pg.Pool
}

/** Where the database lives. */
export interface DatabaseOptions {
  /** PostgreSQL URL; when unset, PGlite is used. */
  databaseUrl?: string | undefined
  /** PGlite data directory parent (the database lives in `${dataDir}/pglite`); `memory` for an in-memory one. */
  dataDir?: string | undefined
  /**
   * PGlite in memory, not in a thread: the data directory to start from, as PGlite's `dumpDataDir`
   * made it, instead of a new empty cluster (the tests' migrated database, made once: testing.ts).
   */
  loadDataDir?: Blob | undefined
  /** Pool size for PostgreSQL. */
  poolSize?: number
  /**
   * PostgreSQL: how long a query may wait for a connection of the pool (all busy) or for a new one
   * to open, in milliseconds, before it fails with a busy error (isDatabaseBusy). 0 waits for ever.
   * PGlite: how long a query or transaction may wait for the ones before it (in its own thread, which
   * queues them: pglite-thread.ts; else pglite-gate.ts); unset or 0 waits for ever.
   */
  acquireTimeoutMs?: number
  /** PostgreSQL: the server cancels a statement running longer than this, in milliseconds (0: never). */
  statementTimeoutMs?: number
  /**
   * Called when an idle PostgreSQL connection fails (the server restarted, or a connection was
   * terminated). The pool drops that connection and opens a new one when next needed; without a
   * handler the error would end the process. Defaults to a line on stderr.
   */
  onConnectionError?: (error: Error) => void
  /**
   * How many statement texts each PostgreSQL connection, or the embedded database, prepares (parsed
   * once, then bound and run by name; named-statements.ts, pglite-named-statements.ts). 0 prepares
   * none, for a connection pooler that cannot hold them. Defaults to DEFAULT_PREPARED_STATEMENTS.
   */
  preparedStatements?: number
  /**
   * PGlite: runs the database in a worker thread of its own (pglite-thread.ts), so that statements run
   * beside the rendering and answering of requests instead of between them. Off by default; the
   * site turns it on (EMBEDDED_DATABASE_THREAD).
   */
  thread?: boolean
  /**
   * PGlite in its thread: the longest one statement may run, in milliseconds, before the thread is
   * taken as stuck and stopped (every call then fails, and onStopped is told). Unset or 0: for ever.
   */
  stallTimeoutMs?: number
  /**
   * PGlite in its thread, on a data directory: how many times in ten minutes a thread that stopped
   * (stuck, or a fault inside PGlite) is replaced by a new one on the same directory
   * (pglite-restart.ts); one stop more is for good. Defaults to DEFAULT_MAX_RESTARTS; 0 never.
   */
  maxRestarts?: number
  /** PGlite in its thread: a thread stopped and a new one is starting on the same data directory. */
  onRestarted?: (error: Error) => void
  /**
   * PGlite in its thread: called once when the database stops for good, other than by close(): the
   * thread stopped (stuck, or an error of its own) past maxRestarts, or in memory, where a new
   * thread would start empty.
   */
  onStopped?: (error: Error) => void
}

/** How long a query waits for one of the pool's connections by default: long enough for a burst, short of a visitor giving up. */
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 3000

/** node-postgres's pool, when no connection came within `connectionTimeoutMillis`; the embedded database's queue (pglite-gate.ts). */
const ACQUIRE_TIMEOUT_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout', EMBEDDED_BUSY_MESSAGE]
/** PostgreSQL's query_canceled (a statement over statement_timeout) and too_many_connections. */
const BUSY_CODES = new Set(['57014', '53300'])

/**
 * Whether an error (or one it was caused by, as Drizzle wraps a driver's error) says the database
 * is too busy to answer now: no pooled connection within the acquire timeout, a statement over the
 * statement timeout, or a server out of connections. Such a request may be retried in a moment.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (ACQUIRE_TIMEOUT_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && BUSY_CODES.has(code)) return true
  }
  return false
}

/**
 * PostgreSQL's admin_shutdown, crash_shutdown, cannot_connect_now and idle_session_timeout (a backend
 * terminated, a server restarting or failing over), and the connection_exception class.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57P05', '08000', '08001', '08003', '08004', '08006'])
/** The socket's own failures. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])
/** node-postgres's words for a connection that ended or failed under a query. */
const UNAVAILABLE_MESSAGES = ['Connection terminated', 'Client has encountered a connection error and is not queryable', 'Connection timeout']

/**
 * Whether an error (or one it was caused by) says the connection to the database was lost or could
 * not be made: a backend terminated, a reset or refused socket, a connection timeout, a server
 * restarting. The request did not fail through its own fault and may be sent again in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true
    const message = e.message
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true
  }
  return false
}

/** Whether a statement only reads (so running it again changes nothing): a plain SELECT. */
export function isPlainRead(config: unknown): boolean {
  const text = typeof config === 'string' ? config : typeof config === 'object' && config !== null ? (config as { text?: unknown }).text : undefined
  return typeof text === 'string' && /^\s*select\b/i.test(text) && !/\b(nextval|setval|pg_advisory|pg_terminate_backend|pg_cancel_backend|for\s+(update|share|no\s+key\s+update|key\s+share))\b/i.test(text)
}

/**
 * A read run on the pool (never one inside a transaction) that fails because its connection was lost
 * is run once more: the pool drops a failed connection, so the second try takes another, or opens a
 * new one. A server restart or a terminated backend then costs a safe read nothing; a write is never
 * sent twice.
 */
function retryReadsOnLostConnections(pool: pg.Pool): void {
  type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown
  const query = pool.query.bind(pool) as Query
  const retrying: Query = (config, values, callback) => {
    if (typeof values === 'function' || callback !== undefined || !isPlainRead(config)) return query(config, values, callback)
    const first = query(config, values) as Promise<unknown>
    return first.catch((error: unknown) => {
      // A wait for a connection that ran out is not retried: it would only wait as long again.
      if (!isDatabaseUnavailable(error) || isDatabaseBusy(error) || pool.ending) throw error
      return query(config, values)
    })
  }
  pool.query = retrying as typeof pool.query
}

const ignoreCheckedOutConnectionError = () => undefined

const reportConnectionError = (error: Error) => {
  console.error(`database: an idle connection failed and was dropped: ${error.message}`)
}

/**
 * node-postgres falls back to $USER for the role; CI may run with no USER set, so name the OS user
 * explicitly when the URL names none.
 */
export function withDefaultUser(url: string): string {
  const parsed = new URL(url)
  if (!parsed.username) parsed.username = process.env.PGUSER ?? userInfo().username
  return parsed.toString()
}

export { PGLITE_EXTENSIONS } from './pglite-extensions.ts'
export { GENERIC_PLAN_COMMENT }

/**
 * `chunk` marked so that its statement is planned once (GENERIC_PLAN_COMMENT): for a statement whose
 * plan is the same whatever its values, such as a read of one row by its key or a walk of one index.
 */
export function plannedOnce<T>(chunk: SQL<T>): SQL<T> {
  return sql<T>`${chunk} ${sql.raw(GENERIC_PLAN_COMMENT)}`
}

/** The settings of a PostgreSQL pool, the primary's or a read replica's. */
export type PostgresPoolOptions = Pick<DatabaseOptions, 'poolSize' | 'acquireTimeoutMs' | 'statementTimeoutMs' | 'onConnectionError' | 'preparedStatements'>

/**
 * A PostgreSQL pool: its statements prepared by name, a lost connection's plain read run once more,
 * and a failed idle connection dropped rather than ending the process.
 */
export function createPostgresPool(databaseUrl: string, options: PostgresPoolOptions): pg.Pool {
  const preparedStatements = options.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS
  const url = withDefaultUser(databaseUrl)
  const pool = new pg.Pool({
    connectionString: preparedStatements > 0 ? withCustomPlans(url) : url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  })
  pool.on('error', options.onConnectionError ?? reportConnectionError)
  // A connection lost while it is checked out but between statements (inside a transaction, while
  // the code between two of its statements runs) emits 'error' with none of the pool's listeners on
  // it, which would end the process. Its next statement fails and is answered for; the event itself
  // needs no more than this listener.
  pool.on('connect', (client) => client.on('error', ignoreCheckedOutConnectionError))
  prepareStatementsOf(pool, preparedStatements)
  retryReadsOnLostConnections(pool)
  return pool
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else PGlite under `dataDir`
 * (default `./data`). Run `migrate()` before use.
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPostgresPool(options.databaseUrl, options)
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return { db, kind: 'postgres', close: () => pool.end(), pool }
  }
  const dataDir = options.dataDir ?? './data'
  let dir: string | undefined
  if (dataDir !== 'memory') {
    dir = path.resolve(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
  }
  const threadOptions = {
    stallTimeoutMs: options.stallTimeoutMs,
    onStopped: options.onStopped,
    preparedStatements: options.preparedStatements,
    acquireTimeoutMs: options.acquireTimeoutMs,
  }
  const client: EmbeddedClient = !options.thread
    ? guardPglite(
        await PGlite.create({ ...(dir ? { dataDir: dir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions: PGLITE_EXTENSIONS }),
        options.preparedStatements,
      )
    : dir
      ? await startRestartingPgliteThread(dir, { ...threadOptions, maxRestarts: options.maxRestarts, onRestarted: options.onRestarted })
      : await startPgliteThread(undefined, threadOptions)
  // In its own thread the database queues the calls itself, each bounded by acquireTimeoutMs (pglite-thread.ts).
  const gated = options.acquireTimeoutMs && !options.thread ? gatePglite(client, options.acquireTimeoutMs) : client
  // Drizzle's PGlite driver calls no more than an EmbeddedClient has.
  const db = drizzlePglite(gated as PGlite, { schema }) as unknown as Db
  return { db, kind: 'pglite', close: () => client.close() }
}

/** Runs raw SQL and returns its rows, the same on both drivers. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
