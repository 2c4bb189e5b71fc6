import path from 'node:path'
import { fileURLToPath } from 'node:url'
import closeWithGrace from 'close-with-grace'
import { buildApp, createMailTransport, loadAccountsEnv, startWorker } from '@agency/api'
import { createDatabase, loadDemoData, migrate } from '@agency/db'
import { loadConfig } from './config.ts'
import { getSessionSecret } from './secrets.ts'
import { isCatalogueEmpty } from './startup.ts'
import { loadServerBuild, registerWeb } from './web.ts'

const WEB_BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/build')

/**
 * The one process of the site: migrates the database, loads demo data into an empty one, serves the
 * API under /api and the server-rendered web app, and shuts down cleanly on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig()
  const sessionSecret = getSessionSecret(config.dataDir, process.env.SESSION_SECRET)
  const accountsEnv = loadAccountsEnv({ ...process.env, SESSION_SECRET: sessionSecret }, { dataDir: config.dataDir })
  const build = await loadServerBuild(WEB_BUILD_DIR)
  // Until the app's logger exists, a failed idle connection is reported on stderr.
  let reportConnectionError = (error: Error) => console.error(`database: ${error.message}`)
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => reportConnectionError(error),
  })
  await migrate(database)

  const app = await buildApp({
    database,
    mediaDir: config.mediaDir,
    cacheDir: config.cacheDir,
    publicUrl: config.publicUrl,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    accounts: { captchaConfig: accountsEnv.captcha },
  })
  reportConnectionError = (err) => app.log.warn({ err }, 'an idle database connection failed and was dropped')

  if (config.seedProperties > 0 && (await isCatalogueEmpty(database.db))) {
    app.log.info({ properties: config.seedProperties }, 'empty database: loading demo data')
    const summary = await loadDemoData(database, {
      properties: config.seedProperties,
      seed: config.seed,
      mediaDir: config.mediaDir,
    })
    app.log.info(summary, 'demo data loaded')
  }

  await registerWeb(app, build, { buildDir: WEB_BUILD_DIR, publicUrl: config.publicUrl, pageCacheEntries: config.pageCacheEntries })

  // The outbox worker: sends what the API wrote to the outbox, in this same process.
  const worker = startWorker({
    database,
    transport: createMailTransport({ ...accountsEnv.mail, logger: app.log }),
    logger: app.log,
  })

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await worker.stop()
    await app.close()
    await database.close()
  })

  await app.listen({ port: config.port, host: config.host })
  app.log.info({ url: config.publicUrl, database: database.kind }, 'site ready')
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
