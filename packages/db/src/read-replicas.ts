import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { createPostgresPool, isDatabaseBusy, isDatabaseUnavailable, isPlainRead, type Database, type Db, type PostgresPoolOptions } from './client.ts'
import * as schema from './schema/index.ts'

/** How far behind the primary a replica may be before reads leave it, by default (DATABASE_READ_MAX_LAG_SECONDS). */
export const DEFAULT_MAX_REPLICA_LAG_SECONDS = 5
/** How often a replica's lag is measured, at most (each replica once in this many ms; the answer is kept between). */
export const REPLICA_CHECK_INTERVAL_MS = 3000

/**
 * A replica's lag in seconds: 0 when it is not in recovery (a primary, or a promoted standby) or has
 * replayed all it received (an idle primary sends nothing, so the last replay's age alone would grow
 * for ever); otherwise the age of the last transaction it replayed.
 */
const LAG_QUERY = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() is not null and pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
end::float8 as lag`

/** Measures one replica's lag in seconds (the default runs LAG_QUERY on it); throws when it cannot be reached. */
export type LagProbe = (pool: pg.Pool, label: string) => Promise<number>

export const probeLag: LagProbe = async (pool) => {
  const result = await pool.query<{ lag: number }>(LAG_QUERY)
  return Number(result.rows[0]?.lag ?? 0)
}

/** Where the read handle says a replica's changes of state. */
export interface ReplicaLog {
  warn: (fields: Record<string, unknown>, message: string) => void
  info: (fields: Record<string, unknown>, message: string) => void
}

export interface ReadReplicaOptions extends PostgresPoolOptions {
  /** The replicas' PostgreSQL URLs (DATABASE_READ_URL); none makes the read handle the primary. */
  urls: readonly string[]
  /** Lag past which a replica is skipped, in seconds. */
  maxLagSeconds?: number
  /** How long a replica's measured lag (or failure) is trusted before it is measured again, in ms. */
  checkIntervalMs?: number
  /** Measures a replica's lag (tests put in their own). */
  lagProbe?: LagProbe
  log?: ReplicaLog
}

/** A replica's URL without its role or password, for the logs: `host:port/database`. */
export function describeReplica(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`
}

type Reason = 'lagging' | 'unreachable'

interface Replica {
  pool: pg.Pool
  label: string
  /** When the state was last measured (ms since the epoch); 0 never. */
  checkedAt: number
  /** Why reads leave it, or null when it serves them. */
  down: Reason | null
  checking: Promise<void> | null
}

/**
 * A pool-like object for Drizzle: each plain read (a SELECT outside a transaction) goes to its own
 * replica (`first`) while that one answers and is no further behind than the limit, else to the next
 * one that is, else to the primary; a read whose replica fails under it is sent to the primary
 * instead. Anything else (a write, a transaction, which Drizzle runs on `connect()`'s client) goes to
 * the primary. The replicas' states are shared by the routers of every replica. The class name holds
 * "Pool", by which Drizzle's node-postgres driver takes `connect()` for a transaction.
 */
class ReplicaRoutingPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replicas: Replica[],
    private readonly first: number,
    private readonly options: { maxLagSeconds: number; checkIntervalMs: number; lagProbe: LagProbe; log: ReplicaLog | undefined },
  ) {}

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect()
  }

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const run = (pool: pg.Pool) => (pool.query as (config: unknown, values?: unknown) => Promise<unknown>).call(pool, config, values)
    if (!isPlainRead(config)) return run(this.primary)
    const replica = await this.pick()
    if (!replica) return run(this.primary)
    try {
      return await run(replica.pool)
    } catch (error) {
      if (!isDatabaseUnavailable(error) && !isDatabaseBusy(error)) throw error
      this.setState(replica, 'unreachable', error)
      return run(this.primary)
    }
  }

  /** This router's replica, or the next one after it, that serves reads; states older than the interval measured again. */
  private async pick(): Promise<Replica | undefined> {
    const now = Date.now()
    const stale = this.replicas.filter((r) => now - r.checkedAt >= this.options.checkIntervalMs)
    if (stale.length > 0) await Promise.all(stale.map((r) => this.check(r)))
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.first + i) % this.replicas.length]
      if (replica && replica.down === null) return replica
    }
    return undefined
  }

  private check(replica: Replica): Promise<void> {
    replica.checking ??= (async () => {
      try {
        const lag = await this.options.lagProbe(replica.pool, replica.label)
        this.setState(replica, lag > this.options.maxLagSeconds ? 'lagging' : null, undefined, lag)
      } catch (error) {
        this.setState(replica, 'unreachable', error)
      } finally {
        replica.checkedAt = Date.now()
        replica.checking = null
      }
    })()
    return replica.checking
  }

  /** Records a replica's state, logged once for each change (never its URL's role or password). */
  private setState(replica: Replica, down: Reason | null, error?: unknown, lag?: number): void {
    if (down !== null) replica.checkedAt = Date.now()
    if (replica.down === down) return
    replica.down = down
    const fields: Record<string, unknown> = { replica: replica.label }
    if (lag !== undefined) fields.lagSeconds = Math.round(lag * 10) / 10
    const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
    if (typeof code === 'string') fields.code = code
    if (down === null) this.options.log?.info(fields, 'read replica serves reads again')
    else this.options.log?.warn(fields, down === 'lagging' ? 'read replica lags too far behind: its reads go to the primary' : 'read replica cannot be reached: its reads go to the primary')
  }
}

/** The replicas' handle: `db` reads from the first replica that serves, `next()` from each in turn. */
export interface ReadDatabase extends Database {
  /**
   * A handle for one request's reads: each call starts at the next replica in turn, so that the
   * requests are spread over the replicas while the statements of one request read from the same one
   * (the list and its count from one snapshot's history, not from two replicas at different points).
   */
  next: () => Db
}

/**
 * The handle the reads that may be a moment behind go to (lists, counts, markers, place search, a
 * visitor's property pages): over the replicas when `urls` names some and the primary is PostgreSQL,
 * else the primary itself (the embedded database has no replicas). Closing it closes the replicas'
 * pools only; the primary stays open.
 */
export function createReadDatabase(primary: Database, options: ReadReplicaOptions): ReadDatabase {
  if (primary.kind !== 'postgres' || !primary.pool || options.urls.length === 0) {
    return { db: primary.db, kind: primary.kind, next: () => primary.db, close: async () => undefined }
  }
  const replicas: Replica[] = options.urls.map((url) => ({
    pool: createPostgresPool(url, options),
    label: describeReplica(url),
    checkedAt: 0,
    down: null,
    checking: null,
  }))
  const routing = {
    maxLagSeconds: options.maxLagSeconds ?? DEFAULT_MAX_REPLICA_LAG_SECONDS,
    checkIntervalMs: options.checkIntervalMs ?? REPLICA_CHECK_INTERVAL_MS,
    lagProbe: options.lagProbe ?? probeLag,
    log: options.log,
  }
  const primaryPool = primary.pool
  const handles = replicas.map((_, first) => drizzlePg(new ReplicaRoutingPool(primaryPool, replicas, first, routing) as unknown as pg.Pool, { schema }) as unknown as Db)
  let turn = 0
  return {
    db: handles[0]!,
    kind: 'postgres',
    next: () => {
      const handle = handles[turn % handles.length]!
      turn = (turn + 1) % handles.length
      return handle
    },
    close: async () => {
      await Promise.all(replicas.map((r) => r.pool.end()))
    },
  }
}
