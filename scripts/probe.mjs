// `npm run test:security`: probes the production build as an outsider would, and proves three claims
// of issue 15: no 5xx, no write from a rejected request, no stored value shown unescaped. Starts the
// compiled server (serve-for-tests.mjs) on a fresh seeded database (a new PostgreSQL database when
// TEST_DATABASE_URL is set, else the embedded one) and sends requests to 127.0.0.1 only:
//
// 1. Stored values: accepted requests store HTML and script payloads in the fields the site shows
//    again (a lead enquiry, an alert whose contact then logs in); the pages and the e-mails of the
//    outbox table that show them must show them escaped, never as markup (probe-stored-values.mjs).
// 2. Hostile input, in families with a budget each (so every family runs, sampled evenly when it
//    holds more): every route of the API's OpenAPI document with odd values in its path, query and
//    body (NUL and other control characters, very long strings, negative, huge, float and hex
//    numbers, arrays, objects, unicode, deep JSON, malformed bodies, foreign origins); every page
//    path segment with NUL and out-of-range numbers; bad cookies and tokens on every page and API
//    read; malformed form posts to the pages. Every 5xx, or a request never answered, fails.
// 3. Writes: every table is fingerprinted (its rows' md5s) before and after each family, with the
//    background workers settled; only the tables of MAY_CHANGE_ON_REJECTION (probe-database.mjs)
//    may change. What a family's server accepts is reads and changes with nothing to change (logging
//    out without a session), so the whole family must write nothing; a write names the mutating
//    requests accepted. An idle phase first shows that the server writes nothing on its own, and the
//    stored values' accepted requests must show up as writes, or the check is blind. PostgreSQL is
//    read live; the embedded database is read while its server is stopped between phases.
//
// Prints counts by family and status, writes by phase and table, and exits non-zero on any failure.
//
//   npm run test:security                                  builds first
//   npm run test:security -- --no-build                    probes the current build
//   npm run test:security -- --database=pglite|postgres    postgres needs TEST_DATABASE_URL
//   npm run test:security -- --families=api,forms          only these families (none: --families=)
//   npm run test:security -- --families=place-flood        only the place-search flood (5., probe-place-flood.mjs)
//
// 4. Anonymous writes (probe-anonymous-writes.mjs): the client address behind a proxy, the captcha
//    questions, the request log's secrets and a page's refusal, each a reproduction of a finding;
//    and a hostile feed (probe-feed-media.mjs): media links to the site's own network, a lying zip,
//    a 600 MB media stream.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MAY_CHANGE_ON_REJECTION, diffFingerprints, fingerprint, withDatabase } from './probe-database.mjs'
import { ANONYMOUS_WRITE_FAMILIES, runAnonymousWriteFamilies } from './probe-anonymous-writes.mjs'
import { FEED_MEDIA_FAMILIES, runFeedMediaFamilies } from './probe-feed-media.mjs'
import { PAYLOADS, checkMails, checkPages, storePayloads } from './probe-stored-values.mjs'
import { probePlaceFlood } from './probe-place-flood.mjs'
import { ROOT, createPgDatabase, startServer } from './serve-for-tests.mjs'

const CONCURRENCY = 6
const SEED_PROPERTIES = 60
/** Requests per family, each its own, so a family late in the list is never cut by the ones before it. */
const BUDGETS = { api: 6800, pages: 2800, 'cookies and tokens': 2000, forms: 400 }
/** Longer than one round of the outbox worker (2 s) and of the alert worker (1 s here). */
const SETTLE_MS = 2500
/**
 * The alert worker runs every second and sends instant alerts at once, so its work settles fast.
 * Load is shed only past 10 s of event-loop delay (1 s by default): on a shared two-core machine the
 * embedded database's first queries after a restart stall the loop past 1 s, and the probe judges
 * answers to hostile input, not load (`npm run test:load` does); a request that blocks the loop for
 * longer still shows as 503s.
 */
const SERVER_ENV = { ALERT_INTERVAL_MS: '1000', ALERT_BATCH_MS: '0', LOG_LEVEL: 'error', MAX_EVENT_LOOP_DELAY_MS: '10000' }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// ---- hostile values --------------------------------------------------------------------------

/** Path segments and query values, already percent-encoded where they must be. */
const HOSTILE_TEXT = [
  '%00', 'a%00', '%00a', 'gb:town:%00', '%01', '%07', '%08', '%09', '%0A', '%0D%0A', '%1B%5B31m', '%1F', '%7F',
  '%C2%85', '%E2%80%AE', '%EF%BF%BF', '%F0%9F%8F%A0', 'caf%C3%A9', '%ED%A0%80', '%FF', '%C0%AF', '%', '%zz', '%25',
  '..', '.%2E', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '%5C', '%2F%2Fevil.example', "'%20OR%201%3D1--", '%3Cscript%3E', '%22',
  '%20', '%20%20', '', 'null', 'undefined', 'true', '[]', '%7B%7D', 'x'.repeat(300), 'x'.repeat(4000),
]
const HOSTILE_NUMBERS = [
  '0', '00', '-0', '-1', '+1', '%201', '1%20', '001', '1.0', '1.5', '1e2', '1e308', '1e-7', '0x1', '0b1', '0o7',
  'NaN', 'Infinity', '-Infinity', '2147483647', '2147483648', '-2147483649', '4294967296', '9007199254740991',
  '9007199254740993', '99999999999999999999999', '1'.repeat(400), '%D9%A1',
]
const HOSTILE_VALUES = [...HOSTILE_TEXT, ...HOSTILE_NUMBERS]

/** JSON values for body fields. */
function hostileJsonValues() {
  let deep = 'x'
  for (let i = 0; i < 2000; i++) deep = [deep]
  return [
    '\u0000', 'a\u0000', '\u0001', '\u001b[31m', '\u007f', '\n', '\ud800', '🏠', 'İ', 'x'.repeat(5000), 'x'.repeat(300_000),
    '', ' ', -1, 0, 0.5, 1e308, -1e308, 2_147_483_648, 2 ** 53, true, false, null, [], {}, ['a'], [null],
    { $gt: '' }, JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: { polluted: true } } }, deep,
    '../../etc/passwd', "' OR 1=1--", '<script>alert(1)</script>', 'https://evil.example', '//evil.example',
  ]
}

// ---- the server and its database ------------------------------------------------------------

const databaseKind = process.argv.find((a) => a.startsWith('--database='))?.split('=')[1] ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
if (!['pglite', 'postgres'].includes(databaseKind)) throw new Error(`--database must be pglite or postgres, not ${databaseKind}`)
if (databaseKind === 'postgres' && !process.env.TEST_DATABASE_URL) throw new Error('--database=postgres needs TEST_DATABASE_URL')

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const started = Date.now()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agency-probe-'))
const pgDatabase = databaseKind === 'postgres' ? await createPgDatabase(process.env.TEST_DATABASE_URL, 'agency_probe') : null
let server = null
let ORIGIN = ''
/** PostgreSQL databases of the anonymous-write families' own servers. */
const extraDatabases = []

/** Pages read once, one at a time, after each start: they warm a reopened embedded database. */
const WARM_UP = ['/', '/properties', '/sales/property-for-sale', '/lettings/property-to-rent', '/branches', '/login']

async function startSite() {
  server = await startServer({ properties: SEED_PROPERTIES, databaseUrl: pgDatabase?.url, dataDir, env: SERVER_ENV })
  const base = new URL(server.url)
  if (base.hostname !== '127.0.0.1') throw new Error(`the probe sends requests to 127.0.0.1 only, not ${base.hostname}`)
  ORIGIN = base.origin
  // A reopened embedded database reads its tables cold while the workers make their first rounds:
  // six pages at once then wait past DB_ACQUIRE_TIMEOUT_MS and are refused with 503, as they should
  // be, but that is start-up, not an answer to hostile input. So the probe warms up like a load
  // balancer's health checks would, before any family runs (its requests are not counted).
  await sleep(SETTLE_MS)
  for (const page of WARM_UP) await (await fetch(`${ORIGIN}${page}`)).text()
}

/**
 * Runs `use(query)` on the database with nothing left for the server to do: PostgreSQL once two
 * fingerprints a worker round apart agree; the embedded database once its server has stopped.
 */
async function onSettledDatabase(use) {
  if (!pgDatabase) {
    await sleep(SETTLE_MS)
    await server?.stop()
    server = null
    return withDatabase({ dataDir }, async (query) => use(query, await fingerprint(query)))
  }
  return withDatabase({ databaseUrl: pgDatabase.url }, async (query) => {
    let previous = await fingerprint(query)
    for (let round = 0; round < 20; round++) {
      await sleep(SETTLE_MS)
      const now = await fingerprint(query)
      if ((await diffFingerprints(previous, now, query)).length === 0) return use(query, now)
      previous = now
    }
    throw new Error('the database never settled: something keeps writing')
  })
}

// ---- requests ---------------------------------------------------------------------------------

const failures = []
/** Answers by family and status. */
const counts = new Map()
/** Mutating requests a family's server accepted (below 400): they may write, so the write check names them. */
const accepted = new Map()

/** Sends one request (a path with its raw, already-encoded query) and records its status under `family`. */
async function send(family, method, target, { body, headers = {} } = {}) {
  const label = `${method} ${target.length > 160 ? `${target.slice(0, 160)}…` : target}`
  const byStatus = counts.get(family) ?? new Map()
  counts.set(family, byStatus)
  try {
    const response = await fetch(`${ORIGIN}${target}`, { method, body, headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
    const text = await response.text()
    byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1)
    if (response.status >= 500) failures.push(`${response.status} ${label} ${body === undefined ? '' : `body ${String(body).slice(0, 120)}`} → ${text.slice(0, 200)}`)
    if (method !== 'GET' && method !== 'HEAD' && response.status < 400) {
      accepted.set(family, [...(accepted.get(family) ?? []), `${response.status} ${label} ${body === undefined ? '' : String(body).slice(0, 80)}`])
    }
    return { status: response.status, text }
  } catch (error) {
    byStatus.set('no answer', (byStatus.get('no answer') ?? 0) + 1)
    failures.push(`no answer ${label}: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}

/** Runs the request factories with a few in flight at a time. */
async function runAll(jobs) {
  let next = 0
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++]
      await job()
    }
  })
  await Promise.all(workers)
}

/** At most `budget` of the jobs, spread evenly over the list so that every route keeps some. */
function sample(jobs, budget) {
  if (jobs.length <= budget) return jobs
  return Array.from({ length: budget }, (_, i) => jobs[Math.floor((i * jobs.length) / budget)])
}

/** The request families; each builds its requests against the server as it is when the family runs. */
function buildFamilies({ SANE, routes, pagePaths }) {
  const mutating = (method) => method !== 'GET'
  return {
    api() {
      const jobs = []
      for (const { template, method, operation } of routes) {
        const parameters = operation.parameters ?? []
        const pathParams = parameters.filter((p) => p.in === 'path').map((p) => p.name)
        const queryParams = parameters.filter((p) => p.in === 'query').map((p) => p.name)
        const toPath = (overrides = {}) =>
          template.replace(/\{([^}]+)\}/g, (_m, name) => overrides[name] ?? encodeURIComponent(SANE[name] ?? '1'))
        const headers = mutating(method) ? { origin: ORIGIN, 'content-type': 'application/json' } : {}
        const saneBody = mutating(method) ? '{}' : undefined
        const add = (target, options = { body: saneBody, headers }) => jobs.push(() => send('api', method, target, options))

        // Path parameters, one at a time.
        for (const name of pathParams) for (const value of HOSTILE_VALUES) add(toPath({ [name]: value }))
        // Query parameters, one at a time, then repeated, then with bracket names.
        for (const name of queryParams) {
          for (const value of HOSTILE_VALUES) add(`${toPath()}?${name}=${value}`)
          add(`${toPath()}?${name}=1&${name}=2&${name}=%00`)
          add(`${toPath()}?${name}[]=1&${name}[a]=b`)
          add(`${toPath()}?${name}=${'1,'.repeat(2000)}1`)
        }
        add(`${toPath()}?%00=1&unknown=%00`)
        // Bodies: each declared field with each hostile JSON value, then malformed bodies.
        if (mutating(method)) {
          const schema = operation.requestBody?.content?.['application/json']?.schema ?? {}
          const fields = Object.keys(schema.properties ?? {})
          for (const field of fields.length ? fields : ['value']) {
            for (const value of hostileJsonValues()) add(toPath(), { body: JSON.stringify({ [field]: value }), headers })
          }
          const malformed = [
            ['application/json', '{'],
            ['application/json', '{"a":'],
            ['application/json', '"\\u0000"'],
            ['application/json', '[]'],
            ['application/json', 'null'],
            ['application/json', '1e999'],
            ['application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
            ['application/json', `{"a":"${'x'.repeat(1_100_000)}"}`],
            ['application/json', '{"__proto__":{"polluted":true}}'],
            ['application/json; charset=utf-16', '{}'],
            ['text/plain', 'hello'],
            ['application/x-www-form-urlencoded', 'email=a%00b'],
            ['multipart/form-data', '--x\r\n\r\n'],
            ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'],
          ]
          for (const [type, body] of malformed) add(toPath(), { body, headers: { origin: ORIGIN, 'content-type': type } })
          add(toPath(), { body: '{}', headers: { origin: 'https://evil.example', 'content-type': 'application/json' } })
          add(toPath(), { body: '{}', headers: { origin: 'null', 'content-type': 'application/json' } })
        }
      }
      return jobs
    },

    // Every route of apps/web/app/routes.ts, each segment replaced by hostile values.
    pages() {
      const jobs = []
      const add = (target) => jobs.push(() => send('pages', 'GET', target))
      const segmentValues = [...HOSTILE_VALUES.filter((v) => v.length < 500), '0', '00', '2147483648', '9007199254740991']
      for (const page of pagePaths) {
        const segments = page.split('/').filter(Boolean)
        for (const [index] of segments.entries()) {
          for (const value of segmentValues) {
            const probe = segments.map((s, i) => (i === index ? value : s)).join('/')
            add(`/${probe}`)
            add(`/${probe}.data`)
          }
        }
        for (const value of HOSTILE_VALUES.slice(0, 30)) add(`${page}?page=${value}&min_price=${value}&locations=${value}&redirect=${value}&token=${value}`)
      }
      add('/%00')
      add('/property/%00/%00')
      add('/%2e%2e/%2e%2e/etc/passwd')
      return jobs
    },

    // Every page and every API GET operation with a hostile session cookie, a broken Cookie header, and
    // hostile Authorization and applicant-key headers (header-legal bytes only).
    'cookies and tokens'() {
      const BAD_COOKIES = [
        'session=%00', 'session=', 'session=x', `session=${'A'.repeat(43)}`, `session=${'x'.repeat(4000)}`, 'session=%E2%80%AE; session=2',
        '__Host-session=%00', 'session="unterminated', '=; ;; =x', 'session=a=b=c; =', 'session=%FF%FE',
      ]
      const BAD_TOKENS = ['Bearer', 'Bearer ', 'Bearer %00', `Bearer ${'x'.repeat(5000)}`, 'Basic Og==', 'Bearer \' OR 1=1--', 'Bearer <script>']
      const jobs = []
      const getTargets = [...pagePaths, ...routes.filter((r) => r.method === 'GET' && !r.template.includes('{')).map((r) => r.template)]
      for (const target of getTargets) {
        for (const cookie of BAD_COOKIES) jobs.push(() => send('cookies and tokens', 'GET', target, { headers: { cookie } }))
        for (const authorization of BAD_TOKENS) {
          jobs.push(() => send('cookies and tokens', 'GET', target, { headers: { authorization, 'x-applicant-key': authorization.slice(7) } }))
        }
      }
      return jobs
    },

    // Form posts the pages take, with malformed bodies.
    forms() {
      const formBodies = [
        ['application/x-www-form-urlencoded', 'email=a%00b%40example.com'],
        ['application/x-www-form-urlencoded', 'token=%00&redirect=%2F%2Fevil.example'],
        ['application/x-www-form-urlencoded', `email=${'a'.repeat(1_100_000)}`],
        ['application/x-www-form-urlencoded', '%%%'],
        ['application/x-www-form-urlencoded', 'email[]=a&email[b]=c'],
        ['multipart/form-data', '--x\r\n'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b'],
        ['application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
        ['application/json', '{"email":"a\\u0000"}'],
        ['text/plain', '\u0000'],
        ['application/octet-stream', '\u0000\u0001\u0002'],
      ]
      const jobs = []
      const pages = ['/login', '/login/verify', '/logout', '/login.data', '/login/verify.data', '/', `/property/${SANE.property_profile_id}/x`, '/valuation', '/heads-up-alerts/register/buyer']
      for (const page of pages) {
        for (const [type, body] of formBodies) jobs.push(() => send('forms', 'POST', page, { body, headers: { origin: ORIGIN, 'content-type': type } }))
        jobs.push(() => send('forms', 'POST', page, { body: 'email=a@b.com', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' } }))
        jobs.push(() => send('forms', 'PUT', page, { body: 'x', headers: { origin: ORIGIN } }))
      }
      return jobs
    },
  }
}

// ---- the run ---------------------------------------------------------------------------------

/** Writes found, by phase and table; `expected` for the accepted requests of the stored values. */
const writes = []
let storedValues = null

try {
  await startSite()
  console.log(`probing ${ORIGIN} on ${databaseKind}`)
  const getJson = async (target) => (await fetch(`${ORIGIN}${target}`)).json()

  // Real values for the parameters a probe leaves sane while it varies another.
  const list = await getJson('/api/properties?page_size=5&include_unavailable=true')
  const card = list.data.find((c) => !c.is_locked) ?? list.data[0]
  if (!card) throw new Error('the seeded site lists no property')
  const mediaMatch = /\/api\/media\/([^/]+)\/([^/?]+)/.exec(card.image ?? '')
  const SANE = {
    property_profile_id: String(card.property_profile_id),
    setting_id: '51',
    contact_id: '1',
    place_id: 'gb:town:2643123',
    media_id: mediaMatch?.[1] ?? 'p1',
    variant: mediaMatch?.[2] ?? 'card',
  }
  const document = await getJson('/api/openapi.json')
  const routes = Object.entries(document.paths ?? {}).flatMap(([template, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ template, method: method.toUpperCase(), operation })),
  )
  if (routes.length === 0) throw new Error('the OpenAPI document lists no route')
  const routesSource = readFileSync(path.join(ROOT, 'apps/web/app/routes.ts'), 'utf8')
  // The moved addresses (apps/web/app/moved-paths.ts), which routes.ts makes routes of from that table.
  const movedSource = readFileSync(path.join(ROOT, 'apps/web/app/moved-paths.ts'), 'utf8')
  const movedPaths = [...movedSource.matchAll(/^\s*'(\/[^']+)':/gm)].map((m) => m[1])
  if (movedPaths.length === 0) throw new Error('apps/web/app/moved-paths.ts lists no moved address')
  const pagePatterns = [...[...routesSource.matchAll(/route\('([^']+)'/g)].map((m) => `/${m[1]}`).filter((p) => p !== '/*'), ...movedPaths]
  const pagePaths = ['/', ...pagePatterns.map((p) => p.replace(':propertyId', SANE.property_profile_id).replace('/:slug?', '/x'))]

  // 1. Stored values: stored through accepted requests, read back from the pages that show them.
  // Fingerprinted too, as the write check's own test: it must see what these requests stored.
  const property = (await getJson(`/api/properties/${SANE.property_profile_id}`)).data
  const seeded = await onSettledDatabase(async (_query, print) => print)
  if (!server) await startSite()
  const { cookie } = await storePayloads({ origin: ORIGIN, dataDir, property })
  const pages = await checkPages({ origin: ORIGIN, cookie, property })

  // The e-mails are read from the outbox table once the workers have sent them; this is also the
  // fingerprint the first phase starts from.
  let before = await onSettledDatabase(async (query, after) => {
    const mails = await checkMails(query)
    storedValues = { pages, mails }
    for (const change of await diffFingerprints(seeded, after, query)) writes.push({ phase: 'stored values', expected: true, ...change })
    return after
  })
  for (const table of ['leads', 'contact_applicants', 'outbox']) {
    if (!writes.some((w) => w.phase === 'stored values' && w.table === table)) failures.push(`the write check saw no write to ${table} from the accepted requests that stored the payloads`)
  }

  // 2 and 3. An idle phase, then each family of hostile requests, each between two fingerprints.
  const families = buildFamilies({ SANE, routes, pagePaths })
  const chosen = process.argv.find((a) => a.startsWith('--families='))?.split('=')[1]?.split(',') ?? [...Object.keys(families), ...ANONYMOUS_WRITE_FAMILIES, ...FEED_MEDIA_FAMILIES]
  for (const family of ['idle', ...Object.keys(families).filter((f) => chosen.includes(f))]) {
    if (!server) await startSite()
    const phaseStarted = Date.now()
    if (family === 'idle') {
      await sleep(SETTLE_MS)
    } else {
      const all = families[family]()
      const jobs = sample(all, BUDGETS[family])
      console.log(`${family}: ${jobs.length} requests${jobs.length < all.length ? ` (sampled evenly from ${all.length})` : ''}`)
      await runAll(jobs)
    }
    const seconds = ((Date.now() - phaseStarted) / 1000).toFixed(1)
    before = await onSettledDatabase(async (query, after) => {
      for (const change of await diffFingerprints(before, after, query)) writes.push({ phase: family, ...change })
      return after
    })
    console.log(`${family}: done in ${seconds} s`)
  }

  // The families of the anonymous writes (probe-anonymous-writes.mjs): reproductions that write on
  // purpose, so after the write check.
  if (!server) await startSite()
  /** A database of its own for a family's own server (PostgreSQL only; the embedded one is per data directory). */
  const databaseFor = async (name) => {
    if (!pgDatabase) return undefined
    const database = await createPgDatabase(process.env.TEST_DATABASE_URL, `agency_probe_${name}`)
    extraDatabases.push(database)
    return database.url
  }
  const anonymous = await runAnonymousWriteFamilies({
    chosen: ANONYMOUS_WRITE_FAMILIES.filter((f) => chosen.includes(f)),
    main: { origin: ORIGIN, cookie, propertyId: SANE.property_profile_id },
    databaseFor,
    dataDirOf: (name) => path.join(dataDir, name),
  })
  for (const [family, byStatus] of anonymous.counts) counts.set(family, byStatus)
  failures.push(...anonymous.failures)

  // A hostile feed's media links, zip and stream (probe-feed-media.mjs), on servers of their own.
  if (FEED_MEDIA_FAMILIES.some((f) => chosen.includes(f))) {
    const feed = await runFeedMediaFamilies({ databaseFor, dataDirOf: (name) => path.join(dataDir, name) })
    for (const [family, byStatus] of feed.counts) counts.set(family, byStatus)
    failures.push(...feed.failures)
  }

  // Asked after every family: the server must still answer.
  if (!server) await startSite()
  const health = await fetch(`${ORIGIN}/api/health`).catch(() => null)
  if (health?.status !== 200) failures.push(`the server is not healthy after the probe: ${health?.status ?? 'no answer'}`)
} finally {
  await server?.stop()
  await pgDatabase?.drop()
  for (const database of extraDatabases) await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}

// 5. The place-search flood (probe-place-flood.mjs), on a server and database of its own.
const familiesArgument = process.argv.find((a) => a.startsWith('--families='))?.split('=')[1]?.split(',')
if (!familiesArgument || familiesArgument.includes('place-flood')) {
  const floodDatabase = databaseKind === 'postgres' ? await createPgDatabase(process.env.TEST_DATABASE_URL, 'agency_flood') : null
  try {
    failures.push(...(await probePlaceFlood({ databaseUrl: floodDatabase?.url })).failures.map((f) => `place flood: ${f}`))
  } finally {
    await floodDatabase?.drop()
  }
}

// ---- the report --------------------------------------------------------------------------------

let total = 0
console.log(`\nRequests by family and status (${databaseKind}, ${((Date.now() - started) / 1000).toFixed(0)} s in all, load average ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}):`)
for (const [family, byStatus] of counts) {
  const sum = [...byStatus.values()].reduce((a, b) => a + b, 0)
  total += sum
  const statuses = [...byStatus.entries()].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([s, n]) => `${s} ×${n}`)
  console.log(`  ${family.padEnd(20)} ${String(sum).padStart(6)}   ${statuses.join(', ')}`)
}
const serverErrors = [...counts.values()].flatMap((m) => [...m.entries()]).filter(([s]) => s === 'no answer' || s >= 500).reduce((n, [, c]) => n + c, 0)
console.log(`  ${'all'.padEnd(20)} ${String(total).padStart(6)}   ${serverErrors} × 5xx or no answer`)

console.log('\nWrites by phase and table (stored values: accepted requests, whose writes the check must see):')
const forbidden = writes.filter((w) => !w.expected && !(w.table in MAY_CHANGE_ON_REJECTION))
for (const w of writes) {
  const allowed = w.expected ? 'accepted requests' : MAY_CHANGE_ON_REJECTION[w.table] ? `allowed, ${MAY_CHANGE_ON_REJECTION[w.table]}` : null
  console.log(`  ${w.phase.padEnd(20)} ${w.table.padEnd(26)} +${w.added} −${w.removed} rows (${w.rowsBefore} → ${w.rowsAfter}): ${allowed ?? 'WRITE FROM A PHASE OF REJECTED REQUESTS'}`)
  if (!allowed) for (const row of w.samples) console.log(`      ${row}`)
}
const phases = ['idle', ...counts.keys()]
for (const phase of phases) if (!writes.some((w) => w.phase === phase)) console.log(`  ${phase.padEnd(20)} none`)
for (const family of new Set(forbidden.map((w) => w.phase))) {
  const list = accepted.get(family) ?? []
  failures.push(`the ${family} phase wrote to ${forbidden.filter((w) => w.phase === family).map((w) => w.table).join(', ')}`)
  if (list.length) console.log(`  ${family}: the server accepted ${list.length} mutating requests, which may account for it:\n${list.slice(0, 10).map((l) => `      ${l}`).join('\n')}`)
}
console.log(`  ${forbidden.length} tables written by phases of rejected requests`)

if (storedValues) {
  const { pages, mails } = storedValues
  console.log(`\nStored values: ${Object.keys(PAYLOADS).length} payloads; ${pages.pages} pages and ${mails.mails} e-mails read back`)
  for (const line of pages.seen) console.log(`  page ${line}`)
  console.log(`  e-mails: ${[...mails.escaped].join(', ') || 'none'}`)
  failures.push(...pages.failures, ...mails.failures)
  // Each markup payload must be found escaped on a page and in an e-mail, or the check saw nothing.
  for (const name of Object.keys(PAYLOADS).filter((n) => PAYLOADS[n].includes('<'))) {
    if (!pages.escaped.has(name)) failures.push(`no page showed the ${name} payload escaped: the stored-values check read nothing it stored`)
    if (!mails.escaped.has(name)) failures.push(`no e-mail showed the ${name} payload escaped: the stored-values check read nothing it stored`)
  }
  console.log(`  ${pages.failures.length + mails.failures.length} shown unescaped`)
}

if (failures.length > 0) {
  console.log('\nFailures:')
  for (const failure of failures) console.log(`  ${failure}`)
  process.exit(1)
}
