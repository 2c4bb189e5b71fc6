import { NotStartedError, startPgliteThread, type EmbeddedClient, type PgliteThread, type PgliteThreadOptions } from './pglite-thread.ts'

/** How often the database's thread may be started again, and whom to tell. */
export interface PgliteRestartOptions extends PgliteThreadOptions {
  /**
   * At most this many new threads in `restartWindowMs`; one more stop is for good (`onStopped`, after
   * which a server exits for its supervisor). 0: never started again.
   */
  maxRestarts?: number
  /** The window `maxRestarts` counts in, in milliseconds. */
  restartWindowMs?: number
  /** A thread stopped and a new one is starting on the same data directory: told with the error. */
  onRestarted?: (error: Error) => void
}

/** Three new threads in ten minutes, unless told. */
export const DEFAULT_MAX_RESTARTS = 3
export const DEFAULT_RESTART_WINDOW_MS = 10 * 60_000

/**
 * A statement that only reads, which may run again on a new thread when the one it was sent to
 * stopped under it: nothing it did can have been kept. Writes are not run again (one that failed
 * there may or may not have committed; the caller is told).
 */
const READ = /^\s*select\b/i

/**
 * The embedded database in its own thread (pglite-thread.ts), started again on the same data
 * directory when the thread stops under it: PGlite faults now and then inside its WebAssembly (a trap
 * such as 'null function or function signature mismatch' in pg_trgm, under load), after which that
 * PGlite cannot go on (pglite-failures.ts), and the watchdog stops a thread stuck in one statement.
 * PostgreSQL opens the directory as after a crash, with everything committed. The calls still waiting
 * for their turn there run on the new thread, having never begun; of those it had begun, reads outside
 * a transaction run again on the new thread and the rest fail; calls made meanwhile wait for it. Past `maxRestarts` in `restartWindowMs`, or when a new
 * thread cannot open the directory, the database is stopped for good and `onStopped` is told.
 */
export async function startRestartingPgliteThread(dataDir: string, options: PgliteRestartOptions = {}): Promise<EmbeddedClient> {
  const { maxRestarts = DEFAULT_MAX_RESTARTS, restartWindowMs = DEFAULT_RESTART_WINDOW_MS, onRestarted, onStopped, ...threadOptions } = options
  const restarts: number[] = []
  let generation = 0
  let openedGeneration = 0
  let stoppedForGood: Error | undefined
  let closing = false

  const stopForGood = (error: Error) => {
    if (stoppedForGood || closing) return
    stoppedForGood = error
    onStopped?.(error)
  }

  function launch(): Promise<PgliteThread> {
    const mine = ++generation
    const started: Promise<PgliteThread> = startPgliteThread(dataDir, { ...threadOptions, onStopped: (error) => threadStopped(mine, started, error) })
    started.then(
      () => {
        openedGeneration = mine
      },
      (error: unknown) => {
        if (mine === generation) stopForGood(error instanceof Error ? error : new Error(String(error)))
      },
    )
    return started
  }

  function threadStopped(mine: number, started: Promise<PgliteThread>, error: Error): void {
    // A thread that never opened is the start's failure, which launch() handles.
    if (closing || stoppedForGood || mine !== generation || openedGeneration !== mine) return
    const now = Date.now()
    while (restarts.length > 0 && now - (restarts[0] ?? now) >= restartWindowMs) restarts.shift()
    if (restarts.length >= maxRestarts) {
      stopForGood(error)
      return
    }
    restarts.push(now)
    onRestarted?.(error)
    // Set before this returns: a call that failed with the old thread finds the new one once the old has exited.
    current = started.then((thread) => thread.exited).then(launch)
    current.catch(() => undefined)
  }

  let current: Promise<PgliteThread> = launch()
  await current

  async function live(): Promise<PgliteThread> {
    if (stoppedForGood) throw stoppedForGood
    return current
  }

  /** Whether `error` is the thread's own end rather than an answer of PostgreSQL's. */
  function endedWith(thread: PgliteThread, error: unknown): boolean {
    return error instanceof Error && (error.name === 'EmbeddedDatabaseFailure' || error === thread.stoppedWith())
  }

  /**
   * A call on the live thread; on the next thread too when that one stopped before beginning it, or,
   * for a read (`rerun`), under it.
   */
  async function onLive<T>(run: (thread: PgliteThread) => Promise<T>, rerun = false): Promise<T> {
    const thread = await live()
    try {
      return await run(thread)
    } catch (error) {
      if (!(error instanceof NotStartedError) && !(rerun && endedWith(thread, error))) throw error
      await thread.exited
      const next = await live()
      if (next === thread) throw error
      return onLive(run, rerun)
    }
  }

  return {
    query: (sql, params, queryOptions) => onLive((thread) => thread.query(sql, params, queryOptions), READ.test(sql)),
    exec: (sql, execOptions) => onLive((thread) => thread.exec(sql, execOptions)),
    transaction: (callback) => onLive((thread) => thread.transaction(callback)),
    async close() {
      closing = true
      if (stoppedForGood) return
      const thread = await current.catch(() => undefined)
      await thread?.close()
    },
  }
}
