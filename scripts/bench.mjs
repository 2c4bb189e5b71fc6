// `npm run bench`: seeds 2,000 and 100,000 properties into PGlite (and PostgreSQL when DATABASE_URL is
// given), starts the production server on each, and prints p50/p99 latency and req/s of the search API
// and the server-rendered list page, measured with autocannon on loopback. Figures only; no assertions.
//   npm run bench -- --sizes 2000,100000 --duration 10 --connections 10
// Then the feed import: 10,000 properties without media imported and re-imported, on PGlite and on
// PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set (`--import-only` runs just that part,
// `--import-properties N` changes the count).
// Then the Heads Up alerts (apps/api/src/alerts/bench.ts): one new property matched against 10,000 alerts
// on PGlite and 100,000 on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL), 1,000 events in one run, and a
// price reduction to its e-mails in the outbox (`--alerts-only` runs just that part).
// `--connections 1,10` measures each target at each concurrency: one connection shows the latency of
// a request on an idle server, ten what queueing adds when requests arrive together on two cores.
import { spawnSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import os from 'node:os'
import pg from 'pg'
import { ROOT, startServer } from './serve-for-tests.mjs'

const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const sizes = arg('sizes', '2000,100000').split(',').map(Number)
const duration = Number(arg('duration', '10'))
const connectionCounts = arg('connections', '10').split(',').map(Number)
// node-postgres needs a role; take the OS user when the URL names none (as the server does).
const databaseUrl = (() => {
  if (!process.env.DATABASE_URL) return undefined
  const u = new URL(process.env.DATABASE_URL)
  if (!u.username) u.username = process.env.PGUSER ?? os.userInfo().username
  return u.toString()
})()

/** The feed import benchmark (packages/db/src/blm/bench.ts): import, then the same file again. */
function benchImport() {
  const count = arg('import-properties', '10000')
  const run = spawnSync('npx', ['tsx', 'packages/db/src/blm/bench.ts', count], { cwd: ROOT, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
/** The Heads Up alert benchmark (apps/api/src/alerts/bench.ts). */
function benchAlerts() {
  const run = spawnSync('npx', ['tsx', 'apps/api/src/alerts/bench.ts', arg('alerts-embedded', '10000'), arg('alerts-postgres', '100000')], { cwd: ROOT, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
if (args.includes('--import-only')) {
  benchImport()
  process.exit(0)
}
if (args.includes('--alerts-only')) {
  benchAlerts()
  process.exit(0)
}

const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

/** A cookie that is not a session: the page renders as for a visitor, but no shared cache answers it. */
const RENDER = { cookie: 'bench=1' }

const TARGETS = [
  { name: 'search API, 3 filters', path: '/api/properties?transaction_type_id=1&min_price=150000&max_price=600000&min_bedroom=2' },
  { name: 'search API, 2 locations + 4 filters', path: '/api/properties?transaction_type_id=1&locations=53.4794,-2.2453,5&locations=53.8008,-1.5491,5&min_price=100000&max_price=500000&min_bedroom=2&must_haves=garden' },
  { name: 'search API, keywords phrase -word', path: '/api/properties?transaction_type_id=1&keywords=%22off-road+parking%22+-garden' },
  { name: 'search API, reduced, most reduced', path: '/api/properties?transaction_type_id=1&reduced=true&sort=most_reduced' },
  { name: 'search API, added 7 days, keywords', path: '/api/properties?transaction_type_id=1&added_within_days=7&keywords=garage' },
  { name: 'search API, map bounds + 2 filters', path: '/api/properties?transaction_type_id=1&bounds=53.3,-2.6,53.9,-1.4&min_price=100000&min_bedroom=2' },
  { name: 'map markers API, bounds (500 markers)', path: '/api/properties/markers?transaction_type_id=1&bounds=53.3,-2.6,53.9,-1.4' },
  { name: 'place search "manc"', path: '/api/places?keyword=manc' },
  { name: 'place search typo "harogate"', path: '/api/places?keyword=harogate' },
  // A visitor's page is kept by the server's page cache for 10 s; any cookie makes it render afresh.
  { name: 'SSR sales list page (page cache)', path: '/sales/property-for-sale?min_price=150000&min_bedroom=2' },
  { name: 'SSR sales list page (rendered)', path: '/sales/property-for-sale?min_price=150000&min_bedroom=2', headers: RENDER },
  { name: 'SSR property page (page cache)', path: null },
  { name: 'SSR property page (rendered)', path: null, headers: RENDER },
]

async function measure(url, connections, headers = {}) {
  await autocannon({ url, connections, duration: 2, headers }) // warm-up
  const r = await autocannon({ url, connections, duration, headers })
  return { p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.errors + r.non2xx }
}

async function pageJsGzipped(base, path) {
  const html = await (await fetch(`${base}${path}`)).text()
  const srcs = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) srcs.add(m[1])
  let total = 0
  for (const src of srcs) total += gzipSync(Buffer.from(await (await fetch(base + src)).arrayBuffer())).length
  return { files: srcs.size, kb: (total / 1024).toFixed(1) }
}

async function pgDatabase(name) {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const u = new URL(databaseUrl)
  u.pathname = `/${name}`
  return u.toString()
}

const rows = []
for (const size of sizes) {
  for (const kind of databaseUrl ? ['pglite', 'postgres'] : ['pglite']) {
    const url = kind === 'postgres' ? await pgDatabase(`agency_bench_${size}`) : undefined
    const started = Date.now()
    const server = await startServer({ properties: size, databaseUrl: url })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`\n${kind}, ${size.toLocaleString('en-GB')} properties: ready (migrate + seed + start) in ${seconds} s`)
    const first = await (await fetch(`${server.url}/api/properties?page_size=1`)).json()
    for (const t of TARGETS) {
      const path = t.path ?? new URL(first.data[0].detail_page_url, server.url).pathname
      for (const connections of connectionCounts) {
        const m = await measure(server.url + path, connections, t.headers)
        rows.push({ database: kind, properties: size, target: t.name, connections, ...m })
        console.log(
          `  ${t.name.padEnd(40)} c=${String(connections).padEnd(3)} p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ${String(m.rps).padStart(5)} req/s  errors ${m.errors}`,
        )
      }
    }
    const pages = { 'list page': '/sales/property-for-sale', 'property page': new URL(first.data[0].detail_page_url, server.url).pathname }
    for (const [name, path] of Object.entries(pages)) {
      const js = await pageJsGzipped(server.url, path)
      console.log(`  ${name} first-load JS: ${js.kb} KB gzipped in ${js.files} files`)
    }
    await server.stop()
  }
}
console.log('\nSummary')
console.table(rows)

benchImport()
benchAlerts()
