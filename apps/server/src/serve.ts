import path from 'node:path'
import { fileURLToPath } from 'node:url'
import cluster from 'node:cluster'
import closeWithGrace from 'close-with-grace'
import * as build from '@agency/web/build/server'
import { runPrimary } from './cluster.ts'
import { loadConfig } from './config.ts'
import { createSite, type Site } from './site.ts'

/**
 * The web app's static files, beside its server build (the same path from src/ and from dist/):
 * build/client, or build-e2e/client in the build with the test pages (TEST_PAGES=1).
 */
const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web', build.assetsBuildDirectory)

/**
 * The production server: compiled with the web app's server build into dist/serve.js (`npm run build`)
 * and loaded by dist/main.js (src/main.ts), which `node` runs. Shuts down cleanly on SIGTERM/SIGINT.
 * With WORKERS above 1 (PostgreSQL only) this process becomes the primary of that many workers, each
 * of which runs the site below.
 */
async function main(): Promise<void> {
  const config = loadConfig()
  // Several processes on one PostgreSQL: this one prepares the data and keeps the workers running.
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config)
  // With its database stopped the site could only answer 503: it closes (10 s at most) and exits, for
  // its supervisor (Docker's restart policy, systemd) to start it again on the data last committed.
  // Stopped while it starts, createSite fails and the process exits below.
  let site: Site | undefined = undefined
  let exiting = false
  const exitForRestart = () => {
    if (exiting || !site) return
    exiting = true
    const closed = Promise.race([site.close(), new Promise((resolve) => setTimeout(resolve, 10_000))])
    void closed.then(
      () => process.exit(1),
      () => process.exit(1),
    )
  }
  site = await createSite(config, { build, mode: config.env === 'development' ? 'development' : 'production', clientDir: CLIENT_DIR }, { onDatabaseStopped: exitForRestart })
  const { app } = site
  for (const warning of config.warnings) app.log.warn(warning)

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await site.close()
  })

  await app.listen({ port: config.port, host: config.host })
  app.log.info({ url: config.publicUrl }, 'site ready')
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
