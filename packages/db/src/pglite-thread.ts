import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { EMBEDDED_BUSY_MESSAGE } from './pglite-gate.ts'
import { errorOf, isDrizzleQueryOptions, takesTurn, TURN, type ThreadReply, type ThreadRequest } from './pglite-thread-protocol.ts'

/** What Drizzle calls on a PGlite client, and how to close it. */
export interface EmbeddedClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string, options?: QueryOptions): Promise<Results[]>
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** One thread's client, with what a caller that starts a new thread after it needs to know. */
export interface PgliteThread extends EmbeddedClient {
  /** Settles once the thread has ended, for whatever reason: its data directory is free again. */
  exited: Promise<void>
  /** The error that stopped the thread (every call then fails with it), or undefined while it runs. */
  stoppedWith(): Error | undefined
}

/** Each kind of request without its id and slot, which the thread's client gives it. */
type Request = DistributiveOmit<ThreadRequest, 'id' | 'slot'>
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/**
 * The database thread's stack. A statement that recurses deeply (a recursive function, a deep plan)
 * must meet PostgreSQL's own limit (max_stack_depth, 2 MB of WebAssembly's stack), which fails it with
 * 'stack depth limit exceeded', before V8's limit on the thread's stack, which PGlite would hide
 * (pglite-failures.ts): with Node's default of 4 MB a PL/pgSQL function 2,000 calls deep reaches V8's
 * limit first; with 16 MB PostgreSQL's comes first.
 */
const THREAD_STACK_MB = 16

/**
 * Starts the database's thread. From the sources (tests, development) its module is TypeScript, which
 * tsx loads there; the production build compiles it beside the server (apps/server/build.mjs).
 */
function startWorker(dataDir: string | undefined, stackSizeMb: number, preparedStatements: number | undefined, turns: Int32Array): Worker {
  const workerData = { dataDir, preparedStatements, turns }
  const options = { workerData, resourceLimits: { stackSizeMb } }
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-thread-worker.js', import.meta.url), options)
  const module = new URL('./pglite-thread-worker.ts', import.meta.url).href
  const tsx = import.meta.resolve('tsx/esm/api')
  const load = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(module)}, ${JSON.stringify(module)}))`
  return new Worker(load, { ...options, eval: true })
}

/** What the site's thread is told of its database's thread, and when to give up on it. */
export interface PgliteThreadOptions {
  /**
   * How long the thread may go without answering, in milliseconds, before it is taken as stuck: it is
   * stopped, and the calls waiting on it and every call after fail. Its answers come between
   * statements, so this is the longest one statement may run. 0 (the default) waits for ever.
   */
  stallTimeoutMs?: number
  /**
   * Called once if the thread stops other than by close(): stuck past stallTimeoutMs, or ended by an
   * error of its own. Nothing more can be asked of it; a server would exit so that it is started again.
   */
  onStopped?: (error: Error) => void
  /**
   * The thread's stack in megabytes, THREAD_STACK_MB unless told. Smaller only to meet V8's limit on
   * purpose, as a test of what happens then does.
   */
  stackSizeMb?: number
  /** How many statement texts the thread prepares (pglite-named-statements.ts); DEFAULT_PREPARED_STATEMENTS when unset. */
  preparedStatements?: number
  /**
   * The longest a call waits for its turn on the connection, in milliseconds, behind the statements and
   * transactions before it; past it, it fails with EMBEDDED_BUSY_MESSAGE and is never run. 0 (the
   * default) waits for ever.
   */
  acquireTimeoutMs?: number
}

/**
 * The calls that may wait for their turn at once (each has a slot of the memory the threads share);
 * one more fails as busy at once. Far more than a server's calls waiting out DB_ACQUIRE_TIMEOUT_MS.
 */
const TURN_SLOTS = 16_384

/**
 * A call that never began in a thread that then stopped: nothing of it ran, so it may run on another
 * thread (pglite-restart.ts), a write as well as a read. `cause` is the thread's end.
 */
export class NotStartedError extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause })
    this.name = 'NotStartedError'
  }
}

/** How often the watchdog asks the thread for an answer, at most. */
const WATCHDOG_INTERVAL_MS = 5_000

/**
 * The embedded database in a worker thread of its own: PGlite parses, plans and runs each statement
 * and turns its rows into values there, while this thread renders pages and answers requests. The
 * client takes the calls Drizzle makes (query, exec, transaction) and sends each to the database's
 * thread; rows come back as plain values, errors with PostgreSQL's fields (code, detail, constraint).
 * Dates, times and intervals stay the strings PostgreSQL sends, as Drizzle asks of PGlite.
 *
 * The calls that take the one connection in turn (a statement outside a transaction, a transaction) are
 * sent to the database's thread as soon as they are made and wait there, in order: each runs the
 * moment the one before it ends, rather than when this thread, busy rendering a page, has read that
 * answer and sent the next call. A call that waits past `acquireTimeoutMs` is given up (a slot of
 * shared memory says which thread came first: pglite-thread-protocol.ts `TURN`).
 *
 * `dataDir` is PGlite's data directory, or undefined for a database in memory.
 */
export async function startPgliteThread(dataDir: string | undefined, options: PgliteThreadOptions = {}): Promise<PgliteThread> {
  const turns = new Int32Array(new SharedArrayBuffer(TURN_SLOTS * Int32Array.BYTES_PER_ELEMENT))
  const freeSlots = Array.from({ length: TURN_SLOTS }, (_, slot) => TURN_SLOTS - 1 - slot)
  /** The slot of each call that has one, until the thread has answered it (or given it back). */
  const slotOf = new Map<number, number>()
  const worker = startWorker(dataDir, options.stackSizeMb ?? THREAD_STACK_MB, options.preparedStatements, turns)
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 0
  let nextId = 1
  let stopped: Error | undefined
  let closing = false

  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject })
  })
  worker.on('message', (reply: ThreadReply) => {
    const slot = slotOf.get(reply.id)
    if (slot !== undefined) {
      slotOf.delete(reply.id)
      Atomics.store(turns, slot, TURN.FREE)
      freeSlots.push(slot)
    }
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(errorOf(reply.error))
  })
  let watchdog: NodeJS.Timeout | undefined
  const stop = (error: Error) => {
    const first = !stopped
    stopped ??= error
    clearInterval(watchdog)
    for (const [id, waiting] of pending) {
      const slot = slotOf.get(id)
      // Still queued, so never begun: the thread has stopped, and nothing will begin it now.
      waiting.reject(slot !== undefined && Atomics.load(turns, slot) === TURN.QUEUED ? new NotStartedError(stopped) : stopped)
    }
    pending.clear()
    if (first && !closing) options.onStopped?.(stopped)
  }
  worker.on('error', (error) => stop(error))
  worker.on('exit', (code) => stop(new Error(`the embedded database's thread stopped (exit code ${code})`)))

  function call(request: Request): Promise<unknown> {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    const message = { ...request, id } satisfies ThreadRequest
    if (!takesTurn(message)) {
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.postMessage(message)
      })
    }
    const slot = freeSlots.pop()
    if (slot === undefined) return Promise.reject(new Error(EMBEDDED_BUSY_MESSAGE))
    slotOf.set(id, slot)
    Atomics.store(turns, slot, TURN.QUEUED)
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const settle = <T>(then: (value: T) => void) => (value: T) => {
        clearTimeout(timer)
        then(value)
      }
      pending.set(id, { resolve: settle(resolve), reject: settle(reject) })
      if (acquireTimeoutMs > 0) {
        timer = setTimeout(() => {
          // Given up only if the thread has not begun it; its slot comes back with the thread's reply.
          if (Atomics.compareExchange(turns, slot, TURN.QUEUED, TURN.GIVEN_UP) !== TURN.QUEUED) return
          pending.delete(id)
          reject(new Error(EMBEDDED_BUSY_MESSAGE))
        }, acquireTimeoutMs)
      }
      worker.postMessage({ ...message, slot } satisfies ThreadRequest)
    })
  }

  function query<T>(tx: number | undefined, sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!isDrizzleQueryOptions(options)) {
      return Promise.reject(new Error("the embedded database's thread takes a row mode and Drizzle's date parsers, no other query options"))
    }
    return call({ op: 'query', tx, sql, params, rowMode: options?.rowMode ?? 'object' }) as Promise<Results<T>>
  }

  function exec(tx: number | undefined, sql: string, options?: QueryOptions): Promise<Results[]> {
    if (!isDrizzleQueryOptions(options) || options?.rowMode !== undefined) {
      return Promise.reject(new Error("the embedded database's thread takes no options for exec"))
    }
    return call({ op: 'exec', tx, sql }) as Promise<Results[]>
  }

  await opened

  // The watchdog: a ping the thread has not answered for stallTimeoutMs means a statement that has run
  // that long (PGlite runs each one without a break); the thread is stopped, not waited on for ever.
  const stallTimeoutMs = options.stallTimeoutMs ?? 0
  if (stallTimeoutMs > 0) {
    let ping: { sentAt: number } | undefined
    watchdog = setInterval(
      () => {
        if (ping) {
          if (Date.now() - ping.sentAt < stallTimeoutMs) return
          stop(new Error(`the embedded database's thread has not answered for ${stallTimeoutMs} ms: stopped`))
          void worker.terminate()
          return
        }
        const sent = { sentAt: Date.now() }
        ping = sent
        call({ op: 'ping' }).then(
          () => {
            if (ping === sent) ping = undefined
          },
          () => undefined,
        )
      },
      Math.min(WATCHDOG_INTERVAL_MS, Math.max(50, stallTimeoutMs / 4)),
    )
    watchdog.unref()
  }

  return {
    exited,
    stoppedWith: () => stopped,
    query: (sql, params, options) => query(undefined, sql, params, options),
    exec: (sql, options) => exec(undefined, sql, options),
    async transaction(callback) {
      const tx = (await call({ op: 'begin' })) as number
      let closed = false
      const client: Transaction = {
        query: (sql, params, options) => query(tx, sql, params, options),
        exec: (sql, options) => exec(tx, sql, options),
        sql: () => Promise.reject(new Error("the embedded database's thread takes query(), not sql``")),
        listen: () => Promise.reject(new Error("the embedded database's thread does not listen")),
        rollback: async () => {
          closed = true
          await call({ op: 'end', tx, commit: false })
        },
        get closed() {
          return closed
        },
      }
      let result
      try {
        result = await callback(client)
      } catch (error) {
        if (!closed) {
          closed = true
          // The callback's error is the one to tell.
          await call({ op: 'end', tx, commit: false }).catch(() => undefined)
        }
        throw error
      }
      if (!closed) {
        closed = true
        await call({ op: 'end', tx, commit: true })
      }
      return result
    },
    async close() {
      if (stopped) return
      closing = true
      clearInterval(watchdog)
      await call({ op: 'close' })
      await worker.terminate()
    },
  }
}
