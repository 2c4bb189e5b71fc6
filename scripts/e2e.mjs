// `npm run test:e2e`: the production build on a seeded database, driven by Debian's Chromium through
// playwright-core, with an axe scan of every page. Each worker runs two servers: one with the default
// company settings and one whose settings choose the other variants (card grid v2, …), each on its own
// copy of one seeded database, so the tests of one worker never see another's logins, alerts, e-mails
// or rate limits.
//
// The test files are shared among E2E_WORKERS workers (default: two, or one on a single core) by their
// usual duration, each worker running its files one at a time with a Chromium of its own: a run spends
// much of its time waiting on a browser or a server, so two workers share two cores well (the whole
// run took 599 s as one worker on two cores). Arguments (file filters, vitest options) run one worker
// with them.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { isBuildCurrent, sourceHash } from './build-stamp.mjs'
import { ensureChromium } from './ensure-chromium.mjs'
import { buildWithTestPages, ROOT, startServer, TEST_PAGES_SERVER_ENTRY } from './serve-for-tests.mjs'

const VARIANT_SETTINGS = { 102: 'v2', 104: 'dark', 105: 7, 106: 'v3', 108: 'v4' }

const E2E_DIR = path.join('apps', 'web', 'tests', 'e2e')

/**
 * Seconds each file took in a whole run of two workers on two cores (its share of the run); a file
 * not named here counts as DEFAULT_SECONDS. Only the balance of the workers depends on them: taken
 * again when one worker ends minutes before the other (it was 1,056 s against 1,205 s).
 */
const FILE_SECONDS = {
  'alerts.test.ts': 453,
  'maps.test.ts': 277,
  'phone.test.ts': 265,
  'search.test.ts': 234,
  'property-page.test.ts': 185,
  'catalogue.test.ts': 175,
  'login.test.ts': 96,
  'property-extras.test.ts': 89,
  'enquiry.test.ts': 88,
  'saved.test.ts': 81,
  'heads-up.test.ts': 63,
  'page-weight.test.ts': 59,
  'content-security.test.ts': 37,
  'buyer-tools.test.ts': 34,
  'mails.test.ts': 32,
  'feed.test.ts': 29,
  'shutdown.test.ts': 14,
  'other-address.test.ts': 14,
  'workers.test.ts': 13,
  'locked.test.ts': 13,
}
const DEFAULT_SECONDS = 8

/** The test files shared among `count` workers, the longest first, each to the least loaded worker. */
function shareFiles(files, count) {
  const workers = Array.from({ length: count }, () => ({ seconds: 0, files: [] }))
  const bySeconds = [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b))
  for (const file of bySeconds) {
    const least = workers.reduce((min, w) => (w.seconds < min.seconds ? w : min))
    least.files.push(file)
    least.seconds += secondsOf(file)
  }
  return workers.filter((w) => w.files.length > 0).map((w) => w.files)
}

function secondsOf(file) {
  return FILE_SECONDS[path.basename(file)] ?? DEFAULT_SECONDS
}

function workerCount() {
  const asked = process.env.E2E_WORKERS
  if (asked !== undefined) {
    const n = Number(asked)
    if (!Number.isInteger(n) || n < 1) throw new Error(`E2E_WORKERS must be a whole number of at least 1, not ${asked}`)
    return n
  }
  return os.availableParallelism() >= 2 ? 2 : 1
}

/** Runs vitest on `args`, each line of its output prefixed with the worker's name; resolves to its exit status. */
function runVitest(name, args, env) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--config', 'apps/web/vitest.e2e.config.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => out.write(name ? `[${name}] ${line}\n` : `${line}\n`))
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/**
 * Where a run outside CI keeps the seeded databases for the next run of the same day on the same
 * build: seeding 600 properties and drawing their pictures is most of the time a run of one file
 * takes. A day of its own, for the demo's dates (a let's availability, a listing's age) are the
 * day's. Null under CI, whose clean clone runs once, and without git (no build hash).
 */
function seedCacheDir() {
  const hash = process.env.CI === 'true' ? null : sourceHash(false)
  if (hash === null) return null
  return path.join(os.tmpdir(), `agency-e2e-seeded-${hash.slice(0, 16)}-${new Date().toISOString().slice(0, 10)}`)
}

/**
 * The database every worker's servers copy (seeded through a first start of the production build)
 * into `seeded`, and a copy with the variants' company settings into `seededVariants`: from the
 * cache of an earlier run when it has them, else made and then kept there, in place of any other.
 */
async function seedDatabases(seeded, seededVariants) {
  const cache = seedCacheDir()
  if (cache && existsSync(path.join(cache, 'complete'))) {
    console.log(`The seeded databases of an earlier run of this build today: ${cache}`)
    cpSync(path.join(cache, 'seeded'), seeded, { recursive: true })
    cpSync(path.join(cache, 'seeded-variants'), seededVariants, { recursive: true })
    return
  }
  const seeding = await startServer({ properties: 600, dataDir: seeded })
  await seeding.stop()
  cpSync(seeded, seededVariants, { recursive: true })
  const pairs = Object.entries(VARIANT_SETTINGS).flatMap(([id, value]) => [id, JSON.stringify(value)])
  const r = spawnSync('npm', ['run', '--silent', 'settings', '--', ...pairs], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: seededVariants, INIT_CWD: ROOT, DATABASE_URL: '' },
  })
  if (r.status !== 0) throw new Error(`could not set the company settings ${Object.keys(VARIANT_SETTINGS).join(', ')}`)
  if (!cache) return
  for (const old of readdirSync(os.tmpdir()).filter((f) => f.startsWith('agency-e2e-seeded-'))) {
    rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true })
  }
  cpSync(seeded, path.join(cache, 'seeded'), { recursive: true })
  cpSync(seededVariants, path.join(cache, 'seeded-variants'), { recursive: true })
  writeFileSync(path.join(cache, 'complete'), '')
}

async function main() {
  const args = process.argv.slice(2)
  const files = readdirSync(path.join(ROOT, E2E_DIR))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(E2E_DIR, f))
  const shares = args.length > 0 ? [args] : shareFiles(files, workerCount())

  ensureChromium()
  // The production build (some tests run it as an operator would), then the build with the test pages
  // (/test/…) in folders of its own, which the servers of the pages' tests run; each only when it is
  // not of the sources as they are already (scripts/build-stamp.mjs: after `npm ci`, which builds).
  if (isBuildCurrent(false)) console.log('The production build is of the sources as they are: not built again.')
  else {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) return build.status ?? 1
  }

  const base = mkdtempSync(path.join(os.tmpdir(), 'agency-e2e-'))
  // The demo's pictures are drawn once for every server of the run (DEMO_POOL_DIR; npm test sets one
  // for the whole suite), not once for each fresh data folder.
  process.env.DEMO_POOL_DIR ??= path.join(base, 'demo-pool')
  const seeded = path.join(base, 'seeded')
  const servers = []
  try {
    // The seeded databases and the build with the test pages, made side by side (each mostly keeps one
    // core busy).
    const seededVariants = path.join(base, 'seeded-variants')
    const [testBuild, seeding] = await Promise.allSettled([buildWithTestPages(), seedDatabases(seeded, seededVariants)])
    if (seeding.status === 'rejected') throw seeding.reason
    if (testBuild.status === 'rejected') throw testBuild.reason
    if (testBuild.value !== 0) return testBuild.value
    // The feed test imports through the API with this key (the server reads it from its environment).
    const feedApiKey = randomBytes(24).toString('hex')
    // The tests change properties and read them back at once: no visitor search answer is kept.
    const noSearchCache = { SEARCH_CACHE_SECONDS: '0' }
    // Every enquiry of the run comes from one address: the per-IP limit (10 an hour) is the API tests' to prove.
    // Four servers, two test workers and their browsers share the machine's cores: a second's stall of a
    // server's event loop is this machine's load, not a site to shed (load-shedding.test.ts proves the refusal).
    const testLimits = { LEAD_ENQUIRIES_PER_IP_HOUR: '500', CAPTCHA_QUESTIONS_PER_IP_HOUR: '500', MAX_EVENT_LOOP_DELAY_MS: '5000' }
    const runs = await Promise.all(
      shares.map(async (share, i) => {
        const dirA = path.join(base, `default-${i + 1}`)
        const dirB = path.join(base, `variants-${i + 1}`)
        cpSync(seeded, dirA, { recursive: true })
        cpSync(seededVariants, dirB, { recursive: true })
        const a = await startServer({ entry: TEST_PAGES_SERVER_ENTRY, dataDir: dirA, env: { FEED_API_KEY: feedApiKey, ...noSearchCache, ...testLimits } })
        servers.push(a)
        const b = await startServer({ entry: TEST_PAGES_SERVER_ENTRY, dataDir: dirB, env: { ...noSearchCache, ...testLimits } })
        servers.push(b)
        return { share, env: { E2E_BASE_URL: a.url, E2E_DATA_DIR: dirA, E2E_BASE_URL_VARIANTS: b.url, E2E_FEED_API_KEY: feedApiKey } }
      }),
    )
    if (runs.length > 1) {
      runs.forEach(({ share }, i) => console.log(`e2e worker ${i + 1}: ${share.map((f) => path.basename(f)).join(', ')}`))
    }
    const statuses = await Promise.all(runs.map(({ share, env }, i) => runVitest(runs.length > 1 ? `e2e ${i + 1}` : '', share, env)))
    const failed = statuses.findIndex((s) => s !== 0)
    if (runs.length > 1) console.log(`\ne2e workers: ${statuses.map((s, i) => `${i + 1} ${s === 0 ? 'passed' : `failed (${s})`}`).join(', ')}`)
    return failed === -1 ? 0 : statuses[failed]
  } finally {
    for (const s of servers) await s.stop()
    rmSync(base, { recursive: true, force: true })
  }
}

process.exit(await main())
