import { buildApp, createMailTransport, startAlertWorker, startWorker } from '@agency/api'
import { createDatabase, createReadDatabase, describeMediaStoreSettings, migrate, openMediaStore, type Database, type ReplicaLog } from '@agency/db'
import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { registerLoadShedding } from './load-shedding.ts'
import { getAltchaHmacKey } from './secrets.ts'
import { checkMediaStore, prepareData } from './startup.ts'
import { registerWeb, type WebOptions } from './web.ts'

/** The API's body limit (Fastify's default), which the pages' form posts share. */
export const BODY_LIMIT = 1024 * 1024

/** The running parts of the site, not yet listening. */
export interface Site {
  app: FastifyInstance
  database: Database
  close(): Promise<void>
}

export interface SiteHooks {
  /**
   * The embedded database stopped for good: its thread stopped (stuck in one statement past
   * EMBEDDED_DATABASE_STALL_MS, or ended by a fault inside PGlite) more than EMBEDDED_DATABASE_RESTARTS
   * times in ten minutes, or a new thread could not open the data directory. Nothing more can be read
   * or written, and the site answers 503. It has been logged; a server exits, for its supervisor to
   * start it again.
   */
  onDatabaseStopped?: (error: Error) => void
}

/**
 * The one process of the site: migrates the database, loads demo data into an empty one, builds the
 * API under /api and the web app beside it, and starts the outbox and alert workers. Production (serve.ts) and
 * development (dev.ts) differ only in where the web app comes from.
 */
export async function createSite(config: Config, web: Pick<WebOptions, 'build' | 'mode' | 'clientDir'>, hooks: SiteHooks = {}): Promise<Site> {
  // The site's key signs ALTCHA challenges and, with reCAPTCHA too, the questions of forms sent without JavaScript.
  const siteKey = getAltchaHmacKey(config.dataDir, config.accounts.captcha.altchaHmacKey)
  const captcha = config.accounts.captcha.recaptchaSecret ? config.accounts.captcha : { ...config.accounts.captcha, altchaHmacKey: siteKey }
  // Until the app's logger exists, a failed idle connection is reported on stderr.
  let reportConnectionError = (error: Error) => console.error(`database: ${error.message}`)
  let reportStopped = (error: Error) => console.error(`database: ${error.message}`)
  let reportRestarted = (error: Error) => console.error(`database: ${error.message}; started again`)
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    acquireTimeoutMs: config.database.acquireTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    thread: config.database.thread,
    stallTimeoutMs: config.database.stallTimeoutMs,
    maxRestarts: config.database.maxRestarts,
    onRestarted: (error) => reportRestarted(error),
    onStopped: (error) => {
      reportStopped(error)
      hooks.onDatabaseStopped?.(error)
    },
    ...(config.database.preparedStatements !== undefined ? { preparedStatements: config.database.preparedStatements } : {}),
    onConnectionError: (error) => reportConnectionError(error),
  })
  await migrate(database)
  // Until the app's logger exists, a replica's change of state is reported on stderr.
  let replicaLog: ReplicaLog = {
    warn: (fields, message) => console.error(`database: ${message}`, fields),
    info: (fields, message) => console.error(`database: ${message}`, fields),
  }
  const readDatabase = createReadDatabase(database, {
    urls: config.readReplicas.urls,
    maxLagSeconds: config.readReplicas.maxLagSeconds,
    acquireTimeoutMs: config.database.acquireTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    ...(config.database.preparedStatements !== undefined ? { preparedStatements: config.database.preparedStatements } : {}),
    onConnectionError: (error) => reportConnectionError(error),
    log: { warn: (fields, message) => replicaLog.warn(fields, message), info: (fields, message) => replicaLog.info(fields, message) },
  })
  const mediaStore = await openMediaStore(config.media, database)

  const app = await buildApp({
    database,
    readDatabase,
    mediaStore,
    cacheDir: config.cacheDir,
    publicUrl: config.publicUrl,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    accounts: { captchaConfig: captcha, questionKey: siteKey, questions: config.accounts.questions },
    alertLinkKey: siteKey,
    leadLimits: config.leadLimits,
    places: { env: config.places },
    addresses: { env: config.addresses },
    beforeApi: (root) => registerLoadShedding(root, config.loadShedding),
    feeds: config.feeds,
    visitorCacheTtlMs: config.searchCacheSeconds * 1000,
  })
  replicaLog = { warn: (fields, message) => app.log.warn(fields, message), info: (fields, message) => app.log.info(fields, message) }
  reportConnectionError = (err) => app.log.warn({ err }, 'an idle database connection failed and was dropped')
  reportStopped = (err) => app.log.fatal({ err }, 'the embedded database stopped')
  reportRestarted = (err) => app.log.error({ err }, "the embedded database's thread stopped and was started again on what was last committed")

  app.log.info({ mediaStore: describeMediaStoreSettings(config.media) }, `media originals in ${mediaStore.description}`)
  await checkMediaStore(mediaStore, config.dataDir, app.log)
  await prepareData(database, { seedProperties: config.seedProperties, seed: config.seed, mediaStore, demoPoolDir: config.demoPoolDir, log: app.log })

  await registerWeb(app, { ...web, publicUrl: config.publicUrl, mapTiles: config.mapTiles, pageCacheEntries: config.pageCacheEntries, bodyLimit: BODY_LIMIT, recaptcha: Boolean(config.accounts.captcha.recaptchaSecret) })

  // The outbox worker: sends what the API wrote to the outbox, in this same process.
  const worker = startWorker({
    database,
    transport: createMailTransport({ ...config.accounts.mail, logger: app.log }),
    logger: app.log,
    leaseMs: config.outboxLeaseMs,
  })
  // The Heads Up alert worker: matches property events to alerts and writes their e-mails to the
  // outbox. Every process may run one (SKIP LOCKED shares the work).
  const alertWorker =
    config.alerts.intervalMs > 0
      ? startAlertWorker({ database, logger: app.log, publicUrl: config.publicUrl, linkKey: siteKey, intervalMs: config.alerts.intervalMs, instantBatchMs: config.alerts.instantBatchMs, digest: config.alerts.digest })
      : null

  return {
    app,
    database,
    async close() {
      await alertWorker?.stop()
      await worker.stop()
      await app.close()
      await mediaStore.close()
      await readDatabase.close()
      await database.close()
    },
  }
}
