// `npm run test:security`: probes the production build as an outsider would. Starts the compiled
// server (serve-for-tests.mjs) on a fresh, seeded embedded database, then sends a bounded number of
// hostile requests to 127.0.0.1 only: every route of the API's OpenAPI document with odd values in
// its path, query and body (NUL and other control characters, very long strings, negative, huge,
// float and hex numbers, arrays, objects, unicode), every page path segment with NUL and
// out-of-range numbers, malformed form bodies, and bad cookies and tokens on every page and API read. Prints the counts by status and exits non-zero
// on any 5xx (or a request the server never answered), listing them.
//
//   npm run test:security               builds first
//   npm run test:security -- --no-build  probes the current build
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT, startServer } from './serve-for-tests.mjs'

const MAX_REQUESTS = 12_000
const CONCURRENCY = 6
const SEED_PROPERTIES = 60

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

// ---- the run ---------------------------------------------------------------------------------

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = await startServer({ properties: SEED_PROPERTIES })
const base = new URL(server.url)
if (base.hostname !== '127.0.0.1') throw new Error(`the probe sends requests to 127.0.0.1 only, not ${base.hostname}`)
const ORIGIN = base.origin

const counts = new Map()
const failures = []
let sent = 0

/** Sends one request (a path with its raw, already-encoded query) and records its status. */
async function send(method, target, { body, headers = {}, beyondLimit = false } = {}) {
  if (sent >= MAX_REQUESTS && !beyondLimit) return null
  sent++
  const label = `${method} ${target.length > 160 ? `${target.slice(0, 160)}…` : target}`
  try {
    const response = await fetch(`${ORIGIN}${target}`, { method, body, headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
    const text = await response.text()
    counts.set(response.status, (counts.get(response.status) ?? 0) + 1)
    if (response.status >= 500) failures.push(`${response.status} ${label} ${body === undefined ? '' : `body ${String(body).slice(0, 120)}`} → ${text.slice(0, 200)}`)
    return { status: response.status, text }
  } catch (error) {
    counts.set('no answer', (counts.get('no answer') ?? 0) + 1)
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

try {
  // Real values for the parameters a probe leaves sane while it varies another.
  const list = JSON.parse((await send('GET', '/api/properties?page_size=5&include_unavailable=true'))?.text ?? '{"data":[]}')
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

  const document = JSON.parse((await send('GET', '/api/openapi.json'))?.text ?? '{}')
  const routes = Object.entries(document.paths ?? {}).flatMap(([template, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ template, method: method.toUpperCase(), operation })),
  )
  if (routes.length === 0) throw new Error('the OpenAPI document lists no route')

  const jobs = []
  const mutating = (method) => method !== 'GET'
  for (const { template, method, operation } of routes) {
    const parameters = operation.parameters ?? []
    const pathParams = parameters.filter((p) => p.in === 'path').map((p) => p.name)
    const queryParams = parameters.filter((p) => p.in === 'query').map((p) => p.name)
    const toPath = (overrides = {}) =>
      template.replace(/\{([^}]+)\}/g, (_m, name) => overrides[name] ?? encodeURIComponent(SANE[name] ?? '1'))
    const headers = mutating(method) ? { origin: ORIGIN, 'content-type': 'application/json' } : {}
    const saneBody = mutating(method) ? '{}' : undefined

    // Path parameters, one at a time.
    for (const name of pathParams) {
      for (const value of HOSTILE_VALUES) jobs.push(() => send(method, toPath({ [name]: value }), { body: saneBody, headers }))
    }
    // Query parameters, one at a time, then repeated, then with bracket names.
    for (const name of queryParams) {
      for (const value of HOSTILE_VALUES) jobs.push(() => send(method, `${toPath()}?${name}=${value}`, { body: saneBody, headers }))
      jobs.push(() => send(method, `${toPath()}?${name}=1&${name}=2&${name}=%00`, { body: saneBody, headers }))
      jobs.push(() => send(method, `${toPath()}?${name}[]=1&${name}[a]=b`, { body: saneBody, headers }))
      jobs.push(() => send(method, `${toPath()}?${name}=${'1,'.repeat(2000)}1`, { body: saneBody, headers }))
    }
    jobs.push(() => send(method, `${toPath()}?%00=1&unknown=%00`, { body: saneBody, headers }))
    // Bodies: each declared field with each hostile JSON value, then malformed bodies.
    if (mutating(method)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema ?? {}
      const fields = Object.keys(schema.properties ?? {})
      for (const field of fields.length ? fields : ['value']) {
        for (const value of hostileJsonValues()) {
          const body = JSON.stringify({ [field]: value })
          jobs.push(() => send(method, toPath(), { body, headers }))
        }
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
      for (const [type, body] of malformed) jobs.push(() => send(method, toPath(), { body, headers: { origin: ORIGIN, 'content-type': type } }))
      jobs.push(() => send(method, toPath(), { body: '{}', headers: { origin: 'https://evil.example', 'content-type': 'application/json' } }))
      jobs.push(() => send(method, toPath(), { body: '{}', headers: { origin: 'null', 'content-type': 'application/json' } }))
    }
  }

  // Pages: every route of apps/web/app/routes.ts, each segment replaced by hostile values.
  const routesSource = readFileSync(path.join(ROOT, 'apps/web/app/routes.ts'), 'utf8')
  const pagePatterns = [...routesSource.matchAll(/route\('([^']+)'/g)].map((m) => `/${m[1]}`).filter((p) => p !== '/*')
  const pagePaths = ['/', ...pagePatterns.map((p) => p.replace(':propertyId', SANE.property_profile_id).replace('/:slug?', '/x'))]
  const segmentValues = [...HOSTILE_VALUES.filter((v) => v.length < 500), '0', '00', '2147483648', '9007199254740991']
  for (const page of pagePaths) {
    const segments = page.split('/').filter(Boolean)
    for (const [index] of segments.entries()) {
      for (const value of segmentValues) {
        const probe = segments.map((s, i) => (i === index ? value : s)).join('/')
        jobs.push(() => send('GET', `/${probe}`))
        jobs.push(() => send('GET', `/${probe}.data`))
      }
    }
    for (const value of HOSTILE_VALUES.slice(0, 30)) jobs.push(() => send('GET', `${page}?page=${value}&min_price=${value}&locations=${value}&redirect=${value}&token=${value}`))
  }
  jobs.push(() => send('GET', '/%00'), () => send('GET', '/property/%00/%00'), () => send('GET', '/%2e%2e/%2e%2e/etc/passwd'))

  // Bad cookies and bad tokens: every page and every API GET operation with a hostile session cookie,
  // a broken Cookie header, and hostile Authorization and applicant-key headers (header-legal bytes only).
  const BAD_COOKIES = [
    'session=%00', 'session=', 'session=x', `session=${'A'.repeat(43)}`, `session=${'x'.repeat(4000)}`, 'session=%E2%80%AE; session=2',
    '__Host-session=%00', 'session="unterminated', '=; ;; =x', 'session=a=b=c; =', 'session=%FF%FE',
  ]
  const BAD_TOKENS = ['Bearer', 'Bearer ', 'Bearer %00', `Bearer ${'x'.repeat(5000)}`, 'Basic Og==', 'Bearer \' OR 1=1--', 'Bearer <script>']
  const getTargets = [...pagePaths, ...routes.filter((r) => r.method === 'GET' && !r.template.includes('{')).map((r) => r.template)]
  for (const target of getTargets) {
    for (const cookie of BAD_COOKIES) jobs.push(() => send('GET', target, { headers: { cookie } }))
    for (const authorization of BAD_TOKENS) jobs.push(() => send('GET', target, { headers: { authorization, 'x-applicant-key': authorization.slice(7) } }))
  }

  // Form posts the pages take, with malformed bodies.
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
  for (const page of ['/login', '/login/verify', '/logout', '/login.data', '/login/verify.data', '/', `/property/${SANE.property_profile_id}/x`]) {
    for (const [type, body] of formBodies) {
      jobs.push(() => send('POST', page, { body, headers: { origin: ORIGIN, 'content-type': type } }))
    }
    jobs.push(() => send('POST', page, { body: 'email=a@b.com', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' } }))
    jobs.push(() => send('PUT', page, { body: 'x', headers: { origin: ORIGIN } }))
  }

  console.log(`probing ${routes.length} API operations and ${pagePaths.length} pages: ${Math.min(jobs.length, MAX_REQUESTS - sent)} requests (at most ${MAX_REQUESTS}) to ${ORIGIN}`)
  await runAll(jobs)
  // Asked even when the probe used up its requests: the server must still answer afterwards.
  const health = await send('GET', '/api/health', { beyondLimit: true })
  if (health?.status !== 200) failures.push(`the server is not healthy after the probe: ${health?.status ?? 'no answer'}`)
} finally {
  await server.stop()
}

const summary = [...counts.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)))
console.log(`\n${sent} requests, by status:`)
for (const [status, count] of summary) console.log(`  ${String(status).padEnd(9)} ${count}`)
const serverErrors = [...counts.entries()].filter(([status]) => status === 'no answer' || status >= 500).reduce((n, [, c]) => n + c, 0)
console.log(`\n${serverErrors} × 5xx or no answer`)
if (failures.length > 0) {
  console.log('\nFailures:')
  for (const failure of failures) console.log(`  ${failure}`)
  process.exit(1)
}
