// `npm run bench`: seeds 2,000 and 100,000 properties into PGlite (and PostgreSQL when DATABASE_URL is
// given), starts the production server on each, and prints p50/p99 latency and req/s of the search API
// and the server-rendered list and property pages (for a visitor, from the page cache and rendered, and
// for the demo's buyer logged in), measured with autocannon on loopback. Figures only; no assertions.
//   npm run bench -- --sizes 2000,100000 --duration 10 --connections 10 --databases pglite,postgres
// Then the feed import: 10,000 properties without media imported and re-imported, on PGlite and on
// PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set (`--import-only` runs just that part,
// `--import-properties N` changes the count).
// Then place search with 25,000 schools imported from a synthetic 'Get Information about Schools' CSV
// and 3,000 stations from a synthetic NaPTAN stops CSV (`--places-stations N`), on PGlite and on PostgreSQL when TEST_DATABASE_URL is set (`--places-only` runs just that part).
// Then the postcodes import (packages/db/src/places/postcodes-bench.ts): a generated 1.7-million-row ONS
// Postcode Directory CSV loaded, and loaded again, with time and peak memory, on PGlite and on PostgreSQL
// when TEST_DATABASE_URL is set (`--postcodes-only` runs just that part, `--postcodes-rows N` changes the size).
// Then the Heads Up alerts (apps/api/src/alerts/bench.ts): one new property matched against 10,000 alerts
// on PGlite and 100,000 on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL), 1,000 events in one run, and a
// price reduction to its e-mails in the outbox (`--alerts-only` runs just that part).
// `--workers N` runs the server on PostgreSQL as N processes (one by default, as on the embedded database).
// `--connections 1,10` measures each target at each concurrency: one connection shows the latency of
// a request on an idle server, ten what queueing adds when requests arrive together on two cores.
// `--targets "2 locations,typo"` measures only the targets whose names contain one of those words.
// `--search-only` stops after the search, page and Lighthouse lines; `--pages-only` prints only the page
// weights and Lighthouse lines, and stops there too.
// On the first size it also prints each page's weight (HTML, render-blocking stylesheets, first-load
// JavaScript, gzipped) and, when the `lighthouse` package is installed (it is not a dependency: see
// LIGHTHOUSE below), Lighthouse's mobile scores, median of `--lighthouse-runs` (3) runs per page.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { measureHydration, printHydration } from './hydration-timing.mjs'
import { cpuMsOf, logInBuyer, ROOT, startServer } from './serve-for-tests.mjs'

const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const sizes = arg('sizes', '2000,100000').split(',').map(Number)
const duration = Number(arg('duration', '10'))
const connectionCounts = arg('connections', '10').split(',').map(Number)
// `--databases postgres` measures one kind only (PostgreSQL needs DATABASE_URL).
const databaseKinds = arg('databases', 'pglite,postgres').split(',')
// The server's processes. One by default, so that PostgreSQL's figures and the embedded database's (which
// belongs to one process) are of the same server; `--workers 2` measures a site run as WORKERS=2.
const workers = Number(arg('workers', '1'))
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
/** Place search with England's ~25,000 open schools and 3,000 stations loaded (apps/api/src/places/bench.ts). */
function benchPlaces() {
  const kinds = arg('databases', '')
  const run = spawnSync('npx', ['tsx', 'apps/api/src/places/bench.ts', arg('places-properties', '100000'), arg('places-runs', '200'), arg('places-schools', '25000'), arg('places-stations', '3000'), ...(kinds.includes(',') ? [] : [kinds])].filter((a) => a !== ''), { cwd: ROOT, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
/** The postcodes import: a generated ONS Postcode Directory CSV, time and peak memory. */
function benchPostcodes() {
  // One process per database, so each peak memory figure is that import's alone.
  const kinds = arg('databases', 'pglite,postgres').split(',').filter((kind) => kind === 'pglite' || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)
  for (const kind of kinds) {
    const run = spawnSync('npx', ['tsx', 'packages/db/src/places/postcodes-bench.ts', arg('postcodes-rows', '1700000'), kind], { cwd: ROOT, stdio: 'inherit' })
    if (run.status !== 0) process.exit(run.status ?? 1)
  }
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
if (args.includes('--places-only')) {
  benchPlaces()
  process.exit(0)
}
if (args.includes('--postcodes-only')) {
  benchPostcodes()
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
/** What a browser accepts: the API's answers of a kilobyte or more then come gzipped. */
const GZIP = { 'accept-encoding': 'gzip, deflate, br, zstd' }

// A visitor's search answer is kept by the API for SEARCH_CACHE_SECONDS (10 s) when the request has no
// cookie, so a plain line measures that cache after the first request; its '(uncached)' twin sends a
// cookie, and every request runs the query.
const SEARCH = '/api/properties?transaction_type_id=1&min_price=150000&max_price=600000&min_bedroom=2'
const BOUNDS = '/api/properties?transaction_type_id=1&bounds=53.3,-2.6,53.9,-1.4&min_price=100000&min_bedroom=2'
const MARKERS = '/api/properties/markers?transaction_type_id=1&bounds=53.3,-2.6,53.9,-1.4'
const TWO_LOCATIONS = '/api/properties?transaction_type_id=1&locations=53.4794,-2.2453,5&locations=53.8008,-1.5491,5&min_price=100000&max_price=500000&min_bedroom=2&must_haves=garden'
const KEYWORDS = '/api/properties?transaction_type_id=1&keywords=%22off-road+parking%22+-garden'
const TARGETS = [
  { name: 'search API, 3 filters', path: SEARCH },
  { name: 'search API, 3 filters (uncached)', path: SEARCH, headers: RENDER },
  // As a browser asks: the kept answer goes gzipped as it was kept, a fresh one is gzipped as it is sent.
  { name: 'search API, 3 filters, gzip', path: SEARCH, headers: GZIP },
  { name: 'search API, 3 filters (uncached), gzip', path: SEARCH, headers: { ...RENDER, ...GZIP } },
  { name: 'search API, 2 locations + 4 filters', path: TWO_LOCATIONS },
  { name: 'search API, 2 locations + 4 filters (uncached)', path: TWO_LOCATIONS, headers: RENDER },
  { name: 'search API, keywords phrase -word', path: KEYWORDS },
  { name: 'search API, keywords phrase -word (uncached)', path: KEYWORDS, headers: RENDER },
  { name: 'search API, reduced, most reduced', path: '/api/properties?transaction_type_id=1&reduced=true&sort=most_reduced' },
  { name: 'search API, added 7 days, keywords', path: '/api/properties?transaction_type_id=1&added_within_days=7&keywords=garage' },
  { name: 'search API, map bounds + 2 filters', path: BOUNDS },
  { name: 'search API, bounds + 2 filters (uncached)', path: BOUNDS, headers: RENDER },
  { name: 'map markers API, bounds (500 markers)', path: MARKERS },
  { name: 'map markers API, bounds (uncached)', path: MARKERS, headers: RENDER },
  { name: 'place search "manc"', path: '/api/places?keyword=manc' },
  { name: 'place search typo "harogate"', path: '/api/places?keyword=harogate' },
  // Place search answers are kept 10 s for everyone: the twin asks a new address every time.
  { name: 'place search typo "harogate" (uncached)', path: '/api/places?keyword=harogate', vary: true },
  // A visitor's page is kept by the server's page cache for 10 s; any cookie makes it render afresh.
  { name: 'SSR sales list page (page cache)', path: '/sales/property-for-sale?min_price=150000&min_bedroom=2' },
  // As a browser asks: a kept page is gzipped once, not for every answer.
  { name: 'SSR sales list page (page cache), gzip', path: '/sales/property-for-sale?min_price=150000&min_bedroom=2', headers: GZIP },
  { name: 'SSR sales list page (rendered)', path: '/sales/property-for-sale?min_price=150000&min_bedroom=2', headers: RENDER },
  { name: 'SSR property page (page cache)', path: null },
  { name: 'SSR property page (page cache), gzip', path: null, headers: GZIP },
  { name: 'SSR property page (rendered)', path: null, headers: RENDER },
  // A logged-in buyer (the demo's buyer@example.com, who sees pre-market properties and match
  // percentages): every page renders, and calls the API for the contact and its saved properties too.
  { name: 'SSR sales list page (logged-in buyer)', path: '/sales/property-for-sale?min_price=150000&min_bedroom=2', buyer: true },
  { name: 'SSR property page (logged-in buyer)', path: null, buyer: true },
]

const targetWords = arg('targets', '').split(',').map((word) => word.trim()).filter(Boolean)
const chosen = (target) => targetWords.length === 0 || targetWords.some((word) => target.name.includes(word))

/**
 * A target's latency and rate, and the server's CPU time per answer: on a machine the load generator
 * and the database share, the rate moves with what else runs, while the CPU an answer costs the server
 * moves far less, so it is the figure to compare two versions by (`npm run bench:against` does, by
 * turns). With `vary`, each request adds a parameter of its own, so no cache answers it.
 */
async function measure(url, connections, headers = {}, vary = false, serverPid = null) {
  let n = 0
  const requests = vary ? [{ setupRequest: (request) => ({ ...request, path: `${request.path}&n=${n++}` }) }] : undefined
  await autocannon({ url, connections, duration: 2, headers, requests }) // warm-up
  const before = serverPid ? cpuMsOf(serverPid) : null
  const r = await autocannon({ url, connections, duration, headers, requests })
  const after = serverPid ? cpuMsOf(serverPid) : null
  const cpuMs = before !== null && after !== null && r.requests.total > 0 ? Number(((after - before) / r.requests.total).toFixed(2)) : null
  return { p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), cpuMs, errors: r.errors + r.non2xx }
}

/** The gzipped size of a same-site file, read once per bench run. */
const gzipped = new Map()
async function gzippedSize(url) {
  if (!gzipped.has(url)) gzipped.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length)
  return gzipped.get(url)
}

/**
 * What a first visit to a page downloads before it can paint and run: its HTML, the stylesheets in
 * its head (each one blocks the first paint), and the JavaScript it preloads and imports.
 */
async function pageWeight(base, pagePath) {
  const html = await (await fetch(`${base}${pagePath}`, { headers: RENDER })).text()
  const head = html.split('</head>')[0] ?? ''
  const stylesheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1]).filter(Boolean)
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))
  // What the boot script asks for once the page has painted (apps/web/app/lib/page-scripts.tsx): the
  // preloads, the routes' modules and React Router's entry.
  const json = /<script type="application\/json" data-page-scripts="">([^<]*)<\/script>/.exec(html)?.[1]
  const page = json ? JSON.parse(json) : null
  if (page) for (const href of [...page.preloads, page.entry, ...page.routes.flatMap(([, modules]) => modules)]) scripts.add(href)
  let css = 0
  for (const href of stylesheets) css += await gzippedSize(new URL(href, base).href)
  let js = 0
  for (const src of scripts) js += await gzippedSize(base + src)
  // A visitor's page with its data apart asks for them beside its scripts (X-Hydration-Data).
  let apartData = 0
  if (page && page.data === null) {
    const data = await fetch(`${base}${pagePath}`, { headers: { ...RENDER, 'x-hydration-data': '1' } })
    if (data.headers.get('content-type')?.startsWith('text/x-hydration-data')) apartData = gzipSync(Buffer.from(await data.arrayBuffer())).length
  }
  return {
    htmlKb: (Buffer.byteLength(html) / 1024).toFixed(1),
    htmlGzKb: (gzipSync(html).length / 1024).toFixed(1),
    blocking: stylesheets.length,
    cssKb: (css / 1024).toFixed(1),
    jsKb: (js / 1024).toFixed(1),
    jsFiles: scripts.size,
    apartDataKb: (apartData / 1024).toFixed(1),
  }
}

// LIGHTHOUSE: the Lighthouse CLI, found in node_modules (`npm install --no-save lighthouse@12.8.2`)
// or at LIGHTHOUSE_BIN, run with Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default).
const LIGHTHOUSE_BIN = process.env.LIGHTHOUSE_BIN ?? path.join(ROOT, 'node_modules/.bin/lighthouse')
const lighthouseRuns = Number(arg('lighthouse-runs', '3'))

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * Lighthouse's mobile report of one page (simulated slow 4G and a 4× slower CPU, its defaults). A run
 * whose trace Chromium failed to record (Lighthouse's NO_NAVSTART, now and then) is run again, twice at
 * most: it says nothing of the page.
 */
function lighthouse(url, attempt = 1) {
  try {
    return lighthouseOnce(url)
  } catch (error) {
    if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error
    console.log(`  (Lighthouse did not record the trace of ${new URL(url).pathname}; running it again)`)
    return lighthouse(url, attempt + 1)
  }
}

function lighthouseOnce(url) {
  const run = spawnSync(
    LIGHTHOUSE_BIN,
    [url, '--output=json', '--quiet', '--only-categories=performance,accessibility,best-practices,seo', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  )
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}: ${run.stderr.slice(-500)}`)
  const { categories, audits } = JSON.parse(run.stdout)
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    bytes: audits['total-byte-weight'].numericValue,
  }
}

/** Page weights, and Lighthouse's median scores when it is installed. */
function printLighthouse(base, pages) {
  if (!existsSync(LIGHTHOUSE_BIN)) {
    console.log('  Lighthouse: not installed; `npm install --no-save lighthouse@12.8.2` (or LIGHTHOUSE_BIN=…) adds its scores here')
    return
  }
  for (const [name, pagePath] of Object.entries(pages)) {
    const runs = Array.from({ length: lighthouseRuns }, () => lighthouse(base + pagePath))
    const m = runs.find((r) => r.performance === median(runs.map((x) => x.performance)))
    console.log(
      `  Lighthouse mobile ${name.padEnd(16)} perf ${String(m.performance).padStart(3)} (runs ${runs.map((r) => r.performance).join('/')})  a11y ${m.accessibility}  bp ${m.bestPractices}  seo ${m.seo}  ` +
        `FCP ${(m.fcp / 1000).toFixed(1)} s  LCP ${(m.lcp / 1000).toFixed(1)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}  total ${Math.round(m.bytes / 1024)} KB`,
    )
  }
}

// `--reuse` keeps a bench database that an earlier run seeded (seeding 100,000 properties on
// PostgreSQL takes many minutes on two cores); the server seeds only an empty database.
const reuse = args.includes('--reuse')

async function pgDatabase(name) {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0
  if (!(reuse && exists)) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${name}`)
  }
  await admin.end()
  const u = new URL(databaseUrl)
  u.pathname = `/${name}`
  return u.toString()
}

const rows = []
for (const size of sizes) {
  for (const kind of databaseKinds.filter((k) => k === 'pglite' || (k === 'postgres' && databaseUrl))) {
    const url = kind === 'postgres' ? await pgDatabase(`agency_bench_${size}`) : undefined
    const started = Date.now()
    // Seeding a large catalogue on a shared machine can take most of an hour.
    const server = await startServer({ properties: size, databaseUrl: url, readyTimeoutMs: 90 * 60_000, env: kind === 'postgres' ? { WORKERS: String(workers) } : {} })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    // The machine may be shared: the load average says how far the figures below can be trusted.
    const load = os.loadavg().map((n) => n.toFixed(2)).join(', ')
    console.log(`\n${kind}, ${size.toLocaleString('en-GB')} properties: ready (migrate + seed + start) in ${seconds} s, ${kind === 'postgres' ? workers : 1} process(es); load average ${load} on ${os.cpus().length} CPUs`)
    // A measurement that fails (a login refused, a page that errs) still stops the site it started.
    try {
      const first = await (await fetch(`${server.url}/api/properties?page_size=1`)).json()
      let buyerCookie
      for (const t of args.includes('--pages-only') ? [] : TARGETS.filter(chosen)) {
        const path = t.path ?? new URL(first.data[0].detail_page_url, server.url).pathname
        if (t.buyer) buyerCookie ??= await logInBuyer(server)
        for (const connections of connectionCounts) {
          const m = await measure(server.url + path, connections, t.buyer ? { cookie: buyerCookie } : t.headers, t.vary, server.pid)
          rows.push({ database: kind, properties: size, target: t.name, connections, ...m })
          console.log(
            `  ${t.name.padEnd(48)} c=${String(connections).padEnd(3)} p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ${String(m.rps).padStart(5)} req/s  server CPU ${m.cpuMs === null ? '–' : `${m.cpuMs.toFixed(2)} ms`} a request  errors ${m.errors}`,
          )
        }
      }
      const pages = {
        home: '/',
        'sales list': '/sales/property-for-sale',
        'lettings list': '/lettings/property-to-rent',
        'property page': new URL(first.data[0].detail_page_url, server.url).pathname,
        login: '/login',
      }
      for (const [name, pagePath] of Object.entries(pages)) {
        const w = await pageWeight(server.url, pagePath)
        console.log(
          `  ${name.padEnd(16)} HTML ${w.htmlKb} KB (${w.htmlGzKb} KB gzipped)  render-blocking stylesheets ${w.blocking} (${w.cssKb} KB gzipped)  JS after painting ${w.jsKb} KB gzipped in ${w.jsFiles} files${w.apartDataKb !== '0.0' ? `, its data apart ${w.apartDataKb} KB gzipped` : ''}`,
        )
      }
      // Lighthouse and the phone timings once: their figures do not depend on the catalogue's size.
      if (size === sizes[0] && kind === databaseKinds[0]) {
        printHydration(
          await measureHydration(server.url, [
            { name: 'home', path: pages.home, tap: '.location-search__input' },
            { name: 'sales list', path: pages['sales list'], tap: '.search-form__summary' },
            { name: 'property page', path: pages['property page'], tap: '.gallery__main-link' },
          ]),
        )
        printLighthouse(server.url, pages)
      }
    } finally {
      await server.stop()
    }
  }
}
console.log('\nSummary')
console.table(rows)

if (!args.includes('--search-only') && !args.includes('--pages-only')) {
  benchImport()
  benchPlaces()
  benchPostcodes()
  benchAlerts()
}
