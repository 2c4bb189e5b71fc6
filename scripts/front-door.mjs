// npm run test:front-door: the front door of deploy/nginx/agency.conf, run for real. Debian's nginx
// (installed with apt-get when missing) in front of two site processes on one PostgreSQL database of
// this test's own; checks that both answer through it, that a visitor's page is cached by the site's
// own Cache-Control and served stale while it is fetched again, that nothing with a cookie and no
// private answer is ever served from the cache, that the site sees the client address nginx writes,
// and that with no process to answer a client gets 503 with Retry-After. Everything it started is
// stopped, and its database dropped, even when a check fails.
// Not part of `npm test`.
//
// Settings: TEST_DATABASE_URL (the PostgreSQL server, default CI's), FRONT_DOOR_PORT (nginx's port;
// the sites take the two after it; default 4110), FRONT_DOOR_DATABASE_PREFIX.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { ensureNginx } from './ensure-nginx.mjs'
import { renderNginxConf } from './nginx-conf.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test'
const NGINX_PORT = Number(process.env.FRONT_DOOR_PORT ?? 4110)
const SITE_PORTS = [NGINX_PORT + 1, NGINX_PORT + 2]
const FRONT = `http://127.0.0.1:${NGINX_PORT}`
/** A visitor's list page: rendered per visitor, shared-cacheable. */
const LIST_PAGE = '/sales/property-for-sale'
/** The site's s-maxage for a visitor (packages/domain/src/visitor-caching.ts). */
const SHARED_SECONDS = 10

const stopping = []
const report = []
let failures = 0

function check(name, ok, detail = '') {
  report.push(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`)
  if (!ok) failures++
}

function withUser(url) {
  const parsed = new URL(url)
  if (!parsed.username) parsed.username = process.env.PGUSER ?? os.userInfo().username
  return parsed
}

/** A request through nginx, from `localAddress` (another loopback address stands for another client). */
function get(url, { headers = {}, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${FRONT}${url}`, { headers, ...(localAddress ? { localAddress } : {}), agent: false }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    request.on('error', reject)
    request.setTimeout(60_000, () => request.destroy(new Error(`${url}: no answer in 60 s`)))
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`)
    await sleep(500)
  }
}

/** One site process; its log kept so that the test can read the client address it saw. */
async function startSite(port, databaseUrl, dataDir) {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: FRONT,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_PROPERTIES: '40',
      TRUST_PROXY: '127.0.0.1',
      WORKERS: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const site = { child, log: '', port }
  child.stdout.on('data', (chunk) => {
    site.log += chunk
    if (site.log.length > 4_000_000) site.log = site.log.slice(-2_000_000)
  })
  stopping.push(() => stopChild(child))
  let exited = null
  child.on('exit', (code) => (exited = code ?? 1))
  const ready = waitFor(`http://127.0.0.1:${port}/api/health`, 10 * 60_000)
  await Promise.race([ready, (async () => { while (exited === null) await sleep(200); throw new Error(`site on ${port} exited with code ${exited}`) })()])
  return site
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

async function main() {
  const nginx = ensureNginx()
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  const dir = mkdtempSync(path.join(os.tmpdir(), 'h49-front-door-'))
  stopping.push(async () => rmSync(dir, { recursive: true, force: true }))

  // A database of the test's own, dropped at the end.
  const server = withUser(SERVER_URL)
  const name = `${process.env.FRONT_DOOR_DATABASE_PREFIX ?? 'agency_front_door'}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server.toString() })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  stopping.push(async () => {
    const dropper = new pg.Client({ connectionString: server.toString() })
    await dropper.connect()
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await dropper.end()
  })
  const databaseUrl = new URL(server)
  databaseUrl.pathname = `/${name}`

  // The first loads the demo catalogue into the empty database; the second finds it there.
  const started = Date.now()
  const sites = []
  for (const [i, port] of SITE_PORTS.entries()) sites.push(await startSite(port, databaseUrl.toString(), path.join(dir, `site-${i}`)))
  report.push(`two site processes ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const conf = renderNginxConf(dir, { listen: `127.0.0.1:${NGINX_PORT}`, servers: SITE_PORTS.map((port) => `127.0.0.1:${port}`) })
  execFileSync(nginx, ['-t', '-q', '-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: 'inherit' })
  const front = spawn(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: 'inherit' })
  stopping.push(() => stopChild(front))
  await waitFor(`${FRONT}/api/health`, 30_000)

  // 1. Both processes answer through nginx (its log names the upstream of each request).
  for (let i = 0; i < 6; i++) await get(`/about-us?spread=${i}`, { headers: { cookie: 'spread=1' } })
  const access = () => readFileSync(path.join(dir, 'access.log'), 'utf8')
  const used = new Set(access().split('\n').filter((line) => line.startsWith('/about-us?spread=')).map((line) => line.split(' ')[1]))
  check('both site processes answer through nginx', SITE_PORTS.every((port) => used.has(`127.0.0.1:${port}`)), [...used].join(', '))

  // 2. A visitor's list page: MISS, then HIT, as the site's s-maxage allows.
  const first = await get(LIST_PAGE)
  const second = await get(LIST_PAGE)
  check("a visitor's list page is shared-cacheable", first.status === 200 && /\bs-maxage=\d+/.test(String(first.headers['cache-control'])), String(first.headers['cache-control']))
  check("a visitor's list page is MISS, then HIT", first.headers['x-cache-status'] === 'MISS' && second.headers['x-cache-status'] === 'HIT', `${first.headers['x-cache-status']}, ${second.headers['x-cache-status']}`)
  check('the HIT is the same page', second.body === first.body)

  // 3. With a cookie: never from the cache, and the answer is the person's own.
  const withCookie = []
  for (let i = 0; i < 3; i++) withCookie.push(await get(LIST_PAGE, { headers: { cookie: 'agency_session=someone' } }))
  check('with a Cookie the list page is never HIT', withCookie.every((r) => r.headers['x-cache-status'] !== 'HIT' && r.status === 200), withCookie.map((r) => r.headers['x-cache-status']).join(', '))
  // Nor is what a request with a cookie got stored for visitors: they still get the page kept before.
  const afterCookie = await get(LIST_PAGE)
  check('an answer to a request with a Cookie is never stored', afterCookie.headers['x-cache-status'] === 'HIT' && afterCookie.body === first.body, String(afterCookie.headers['x-cache-status']))
  const withAuthorization = await get(LIST_PAGE, { headers: { authorization: 'Bearer someone' } })
  check('with Authorization the list page is never HIT', withAuthorization.headers['x-cache-status'] !== 'HIT', String(withAuthorization.headers['x-cache-status']))

  // 4. The login page (private, or setting a cookie) is never kept.
  const logins = []
  for (let i = 0; i < 3; i++) logins.push(await get('/login'))
  check('the login page is never HIT', logins.every((r) => r.status === 200 && r.headers['x-cache-status'] !== 'HIT'), logins.map((r) => `${r.headers['x-cache-status']} ${r.headers['cache-control']}${r.headers['set-cookie'] ? ' +Set-Cookie' : ''}`).join('; '))

  // 5. Past s-maxage, a stale copy at once while one request fetches the new one; then HIT again.
  await sleep((SHARED_SECONDS + 1.5) * 1000)
  const t0 = performance.now()
  const stale = await get(LIST_PAGE)
  const staleMs = performance.now() - t0
  await sleep(1500)
  const renewed = await get(LIST_PAGE)
  check('past s-maxage a stale copy is served while it updates', ['STALE', 'UPDATING'].includes(String(stale.headers['x-cache-status'])) && stale.body === first.body, `${stale.headers['x-cache-status']} in ${staleMs.toFixed(0)} ms`)
  check('the background update stored a fresh copy', renewed.headers['x-cache-status'] === 'HIT', String(renewed.headers['x-cache-status']))

  // 6. The client address: nginx writes the address it saw (127.0.0.2 here, another loopback
  // address standing for a client elsewhere) and the site, trusting nginx alone, logs and limits by
  // it; an address the client wrote itself is dropped.
  const marker = `client-${randomBytes(4).toString('hex')}`
  await get(`/about-us?${marker}`, { localAddress: '127.0.0.2', headers: { cookie: 'x=1', 'x-forwarded-for': '203.0.113.9' } })
  await sleep(300)
  const line = sites.flatMap((site) => site.log.split('\n')).find((entry) => entry.includes(marker)) ?? ''
  const address = /"remoteAddress":"([^"]+)"/.exec(line)?.[1]
  check('the site sees the client address nginx passes, not its own nor a forged one', address === '127.0.0.2', `remoteAddress ${address}`)

  // 7. No process answers (both killed): a form post gets 503 with Retry-After, never a bare 502.
  for (const site of sites) {
    site.child.kill('SIGKILL')
    await new Promise((resolve) => (site.child.exitCode !== null || site.child.signalCode !== null ? resolve() : site.child.once('exit', resolve)))
  }
  const down = await post('/api/leads/enquiry', '{}')
  check('with no process to answer, 503 with Retry-After', down.status === 503 && Boolean(down.headers['retry-after']), `${down.status}, Retry-After ${down.headers['retry-after']}`)
}

/** A POST through nginx. */
function post(url, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${FRONT}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }))
    })
    request.on('error', reject)
    request.end(body)
  })
}

try {
  await main()
} catch (error) {
  failures++
  report.push(`FAIL ${error instanceof Error ? error.stack : String(error)}`)
} finally {
  for (const stop of stopping.reverse()) {
    try {
      await stop()
    } catch (error) {
      report.push(`cleaning up: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}
console.log(`\nfront door (nginx ${NGINX_PORT} → sites ${SITE_PORTS.join(', ')}):\n${report.map((line) => `  ${line}`).join('\n')}`)
process.exitCode = failures > 0 ? 1 : 0
