import cluster, { type Worker } from 'node:cluster'
import { createDatabase, migrate, openMediaStore } from '@agency/db'
import type { Config } from './config.ts'
import { getAltchaHmacKey } from './secrets.ts'
import { prepareData } from './startup.ts'

/** How long a worker that died waits before it is replaced, so a crash loop does not spin. */
const RESTART_DELAY_MS = 1000

/** One line of the primary's log, in the shape of the workers' JSON lines. */
function log(level: 'info' | 'warn' | 'error', msg: string, details: object = {}): void {
  const levels = { info: 30, warn: 40, error: 50 }
  console.log(JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...details, msg }))
}

/**
 * The primary of a site run as several processes (WORKERS > 1, on PostgreSQL): it migrates the
 * database and prepares its data once, so the workers never race to, makes the captcha key before any
 * worker needs it, then forks the workers, which share the port. A worker that dies is replaced; on
 * SIGTERM or SIGINT each worker shuts down gracefully (finishing the requests it holds) and the
 * primary exits once all have.
 */
export async function runPrimary(config: Config): Promise<void> {
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const mediaStore = await openMediaStore(config.media, database)
  try {
    await migrate(database)
    await prepareData(database, {
      seedProperties: config.seedProperties,
      seed: config.seed,
      mediaStore,
      demoPoolDir: config.demoPoolDir,
      log: { info: (details, msg) => log('info', msg, details) },
    })
  } finally {
    await mediaStore.close()
    await database.close()
  }
  // Generated once before the workers start, so they share it (the ALTCHA key, and the no-JavaScript questions' key).
  getAltchaHmacKey(config.dataDir, config.accounts.captcha.altchaHmacKey)

  let stopping = false
  // The port answers once one worker listens; the site is whole once every first worker does. A
  // replacement is logged when it takes connections, not when it is forked.
  let starting = config.workers
  const fork = (replacing?: number): Worker => {
    const worker = cluster.fork()
    worker.once('listening', () => {
      if (replacing !== undefined) log('info', 'worker replaced', { worker: worker.process.pid, replacing })
      else if (--starting === 0) log('info', 'workers listening', { workers: config.workers })
    })
    return worker
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    log('warn', 'a worker stopped; starting another', { worker: worker.process.pid, code, signal })
    setTimeout(() => {
      if (!stopping) fork(worker.process.pid)
    }, RESTART_DELAY_MS)
  })
  for (let i = 0; i < config.workers; i += 1) fork()
  log('info', 'workers started', { workers: config.workers })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log('info', 'shutting down', { signal })
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
    if (workers.length === 0) process.exit(0)
    let left = workers.length
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1
        if (left === 0) process.exit(0)
      })
      worker.process.kill('SIGTERM')
    }
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
