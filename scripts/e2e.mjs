// `npm run test:e2e`: the production build on a seeded database, driven by Debian's Chromium through
// playwright-core, with an axe scan of every page. Two servers run: one with the default company
// settings and one whose settings choose the other variants (card grid v2, …), on a copy of the data.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'
import { ROOT, startServer } from './serve-for-tests.mjs'

const VARIANT_SETTINGS = { 102: 'v2', 104: 'dark', 105: 7, 106: 'v3', 108: 'v4' }

ensureChromium()
const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const base = mkdtempSync(path.join(os.tmpdir(), 'agency-e2e-'))
const dirA = path.join(base, 'default')
const dirB = path.join(base, 'variants')
let status
const servers = []
try {
  // Seed once through a first start, then copy the closed database for the variants server.
  const seeding = await startServer({ properties: 600, dataDir: dirA })
  await seeding.stop()
  cpSync(dirA, dirB, { recursive: true })
  for (const [id, value] of Object.entries(VARIANT_SETTINGS)) {
    const r = spawnSync('npm', ['run', '--silent', 'settings', '--', id, JSON.stringify(value)], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: dirB, INIT_CWD: ROOT, DATABASE_URL: '' },
    })
    if (r.status !== 0) throw new Error(`could not set company setting ${id}`)
  }
  // The feed test imports through the API with this key (the server reads it from its environment).
  const feedApiKey = randomBytes(24).toString('hex')
  // The tests change properties and read them back at once: no visitor search answer is kept.
  const noSearchCache = { SEARCH_CACHE_SECONDS: '0' }
  // Every enquiry of the run comes from one address: the per-IP limit (10 an hour) is the API tests' to prove.
  const testLimits = { LEAD_ENQUIRIES_PER_IP_HOUR: '500' }
  servers.push(await startServer({ dataDir: dirA, env: { FEED_API_KEY: feedApiKey, ...noSearchCache, ...testLimits } }), await startServer({ dataDir: dirB, env: { ...noSearchCache, ...testLimits } }))
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'apps/web/vitest.e2e.config.ts', ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: servers[0].url,
      E2E_DATA_DIR: dirA,
      E2E_BASE_URL_VARIANTS: servers[1].url,
      E2E_FEED_API_KEY: feedApiKey,
    },
  })
  status = run.status ?? 1
} finally {
  for (const s of servers) await s.stop()
  rmSync(base, { recursive: true, force: true })
}
process.exit(status ?? 1)
