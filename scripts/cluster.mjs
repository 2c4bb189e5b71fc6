// npm run test:cluster: the site as it runs on two machines, on one machine. Two 'hosts', each a
// network namespace of its own (ip netns, joined to this one by a veth pair on a private /30), each
// running the built site on a PostgreSQL primary of this test's own, with a hot standby made from it
// by pg_basebackup -R as its read replica and the media store in the primary; Debian's nginx with
// deploy/nginx/agency.conf in front of both. Then, through nginx: a feed imported on host A whose
// picture host B serves; visitors, a signed-in buyer and enquiries (each under an Idempotency-Key,
// retried as test:faults does) while host B is killed with SIGKILL and restarted; the checks of
// issue 49 and their figures, printed as JSON. Everything it started (namespaces, clusters, nginx,
// the sites, its folder) goes at the end, and a run left behind by a crash is cleared by the next.
//
// Needs root (ip netns) and Debian's PostgreSQL binaries; nginx is installed with apt-get when missing.
// Settings: CLUSTER_PG_PORT (the primary, 5493; the standby the one after), CLUSTER_NGINX_PORT (8493),
// CLUSTER_PROPERTIES (200), CLUSTER_ENQUIRIES (60), CLUSTER_WORKERS (site processes per host, 1),
// CLUSTER_BENCH_SECONDS (4), DEMO_POOL_DIR (the demo's pictures, drawn once when unset).
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import sharp from 'sharp'
import { tsImport } from 'tsx/esm/api'
import { ensureNginx } from './ensure-nginx.mjs'
import { renderNginxConf } from './nginx-conf.mjs'
import { readMail, ROOT, solvedCaptchaToken } from './serve-for-tests.mjs'
import { SERVER_NODE_OPTIONS } from './start.mjs'
import { tallyEnquiries } from './enquiry-tally.mjs'

const PG_PORT = Number(process.env.CLUSTER_PG_PORT ?? 5493)
const STANDBY_PORT = PG_PORT + 1
const NGINX_PORT = Number(process.env.CLUSTER_NGINX_PORT ?? 8493)
const PROPERTIES = Number(process.env.CLUSTER_PROPERTIES ?? 200)
const ENQUIRIES = Number(process.env.CLUSTER_ENQUIRIES ?? 60)
const WORKERS = Number(process.env.CLUSTER_WORKERS ?? 1)
const BENCH_SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 4)
const FRONT = `http://127.0.0.1:${NGINX_PORT}`
const LIST_PAGE = '/sales/property-for-sale'
const SITE_PORT = 3000
const ENTRY = path.join(ROOT, 'apps/server/dist/main.js')
/** Every name this test gives: namespaces `agency-cl-RUN-a`, links `agcRUNa0`, folders `agency-cluster-RUN`. */
const NS_PREFIX = 'agency-cl-'
const LINK_PATTERN = /^agc[0-9a-f]{6}[ab]0$/
const DIR_PREFIX = 'agency-cluster-'
const BIN = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .sort()
      .reverse()
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      .find((dir) => existsSync(path.join(dir, 'pg_basebackup')))
  : undefined

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const started = Date.now()
const seconds = (since = started) => Math.round((Date.now() - since) / 100) / 10
const say = (line) => console.error(`[cluster ${seconds()} s] ${line}`)
const checks = []
function check(name, ok, detail) {
  checks.push({ check: name, ok: Boolean(ok), ...(detail === undefined ? {} : { detail }) })
  if (!ok) say(`FAIL ${name}${detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`)
}

function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options })
}
/** PostgreSQL refuses to run as root: its tools run as the postgres user then. */
function asPostgres(tool, args) {
  const command = path.join(BIN, tool)
  return process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args)
}
const quietly = (fn) => {
  try {
    fn()
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------------------------------------
// Leftovers and cleanup
// ---------------------------------------------------------------------------------------------

const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A signal to one process, never to a group by mistake (0 or -1 would be this test's own, or every process). */
function signal(pid, name) {
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) return
  quietly(() => process.kill(pid, name))
}

/** Kills every process in a namespace, then deletes it (its veth pair goes with it). */
function deleteNamespace(ns) {
  let pids = []
  quietly(() => (pids = run('ip', ['netns', 'pids', ns]).split('\n').filter(Boolean).map(Number)))
  for (const pid of pids) signal(pid, 'SIGKILL')
  quietly(() => run('ip', ['netns', 'del', ns]))
}

/** The processes with a file under `dir` open: what a run started there, whatever became of its parent. */
function processesUsing(dir) {
  const pids = []
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readdirSync(`/proc/${entry}/fd`).some((fd) => readlinkSync(`/proc/${entry}/fd/${fd}`).startsWith(`${dir}/`))) pids.push(Number(entry))
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids
}

/** Stops what a run folder holds: its clusters and nginx; then removes the folder. */
function clearRunDir(dir) {
  for (const cluster of ['primary', 'standby']) {
    const data = path.join(dir, 'pg', cluster)
    if (existsSync(path.join(data, 'postmaster.pid'))) quietly(() => asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']))
  }
  // nginx's master stops its workers when asked; anything still holding a file of the run goes.
  const nginxPid = path.join(dir, 'nginx', 'nginx.pid')
  if (existsSync(nginxPid)) signal(Number(readFileSync(nginxPid, 'utf8').trim()), 'SIGTERM')
  for (let i = 0; i < 20 && processesUsing(dir).length > 0; i++) execFileSync('sleep', ['0.25'])
  for (const pid of processesUsing(dir)) signal(pid, 'SIGKILL')
  rmSync(dir, { recursive: true, force: true })
}

/** What earlier runs left (killed before their cleanup): their owner is gone. A run still going is left alone. */
function clearLeftovers() {
  const live = new Set()
  for (const name of readdirSync(os.tmpdir()).filter((entry) => entry.startsWith(DIR_PREFIX))) {
    const dir = path.join(os.tmpdir(), name)
    const owner = Number(existsSync(path.join(dir, 'owner')) ? readFileSync(path.join(dir, 'owner'), 'utf8') : 0)
    const runId = name.slice(DIR_PREFIX.length)
    if (owner && alive(owner)) {
      live.add(runId)
      continue
    }
    say(`clearing what run ${runId} left`)
    for (const letter of ['a', 'b']) quietly(() => deleteNamespace(`${NS_PREFIX}${runId}-${letter}`))
    clearRunDir(dir)
  }
  for (const ns of run('ip', ['netns', 'list']).split('\n').map((line) => line.split(' ')[0]).filter((ns) => ns.startsWith(NS_PREFIX))) {
    if (!live.has(ns.slice(NS_PREFIX.length, -2))) deleteNamespace(ns)
  }
  for (const line of run('ip', ['-o', 'link', 'show']).split('\n')) {
    const name = /^\d+: ([^:@]+)/.exec(line)?.[1]
    if (name && LINK_PATTERN.test(name) && !live.has(name.slice(3, 9))) quietly(() => run('ip', ['link', 'del', name]))
  }
}

const cleanups = []
let cleaned = false
async function cleanUp() {
  if (cleaned) return
  cleaned = true
  for (const step of cleanups.reverse()) {
    try {
      await step()
    } catch (error) {
      say(`cleaning up: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    say(`${signal}: stopping`)
    void cleanUp().then(() => process.exit(1))
  })
}

// ---------------------------------------------------------------------------------------------
// The pieces: network, PostgreSQL, the sites, nginx
// ---------------------------------------------------------------------------------------------

/** Two namespaces, each joined to this one by a veth pair on a /30 of 10.249.N.0/29. */
function makeNetwork(runId) {
  const octet = randomBytes(1)[0]
  const hosts = {}
  for (const [letter, base] of [
    ['a', 0],
    ['b', 4],
  ]) {
    const ns = `${NS_PREFIX}${runId}-${letter}`
    const outside = `agc${runId}${letter}0`
    const inside = `agc${runId}${letter}1`
    const gateway = `10.249.${octet}.${base + 1}`
    const address = `10.249.${octet}.${base + 2}`
    run('ip', ['netns', 'add', ns])
    cleanups.push(() => deleteNamespace(ns))
    run('ip', ['link', 'add', outside, 'type', 'veth', 'peer', 'name', inside])
    cleanups.push(() => quietly(() => run('ip', ['link', 'del', outside])))
    run('ip', ['link', 'set', inside, 'netns', ns])
    run('ip', ['addr', 'add', `${gateway}/30`, 'dev', outside])
    run('ip', ['link', 'set', outside, 'up'])
    run('ip', ['netns', 'exec', ns, 'ip', 'addr', 'add', `${address}/30`, 'dev', inside])
    run('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', inside, 'up'])
    run('ip', ['netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up'])
    hosts[letter] = { name: letter.toUpperCase(), ns, gateway, address, origin: `http://${address}:${SITE_PORT}` }
  }
  return { subnet: `10.249.${octet}.0/29`, a: hosts.a, b: hosts.b }
}

/** The primary (with pg_stat_statements) and its hot standby, each listening on both gateways. */
async function makeDatabases(dir, network) {
  const pgDir = path.join(dir, 'pg')
  mkdirSync(pgDir)
  if (process.getuid?.() === 0) {
    const uid = Number(run('id', ['-u', 'postgres']).trim())
    const gid = Number(run('id', ['-g', 'postgres']).trim())
    chownSync(pgDir, uid, gid)
    chmodSync(dir, 0o711)
  }
  const primary = path.join(pgDir, 'primary')
  const standby = path.join(pgDir, 'standby')
  asPostgres('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const listen = ['127.0.0.1', network.a.gateway, network.b.gateway].join(',')
  // The test's own clusters: durability is not what is tested (fsync off), a crash of a site is.
  const settings = [
    `listen_addresses = '${listen}'`,
    `unix_socket_directories = '${pgDir}'`,
    'max_connections = 200',
    "shared_preload_libraries = 'pg_stat_statements'",
    'pg_stat_statements.track = all',
    'fsync = off',
    'synchronous_commit = off',
    'hot_standby_feedback = on',
  ]
  execFileSync('sh', ['-c', `cat >> ${primary}/postgresql.conf`], { input: `${settings.join('\n')}\n` })
  execFileSync('sh', ['-c', `cat >> ${primary}/pg_hba.conf`], { input: `host all all ${network.subnet} trust\n` })
  const start = (data, port) => asPostgres('pg_ctl', ['-D', data, '-o', `-p ${port}`, '-l', `${data}.log`, '-w', 'start'])
  const stop = (data) => () => quietly(() => asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']))
  start(primary, PG_PORT)
  cleanups.push(stop(primary))
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres` })
  await admin.connect()
  await admin.query('create database agency')
  await admin.end()
  const agency = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/agency` })
  await agency.connect()
  await agency.query('create extension pg_stat_statements')
  await agency.end()
  asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '-c', 'fast'])
  start(standby, STANDBY_PORT)
  cleanups.push(stop(standby))
  return { primaryDir: primary, standbyDir: standby }
}

/** One host's site: the built server inside its namespace, in a process group of its own. */
function siteOf(dir, host, env) {
  const dataDir = path.join(dir, `host-${host.name.toLowerCase()}`)
  mkdirSync(dataDir, { recursive: true })
  const site = {
    host,
    dataDir,
    child: null,
    starts: 0,
    async start() {
      const log = openSync(path.join(dir, `host-${host.name.toLowerCase()}.log`), 'a')
      const child = spawn('ip', ['netns', 'exec', host.ns, process.execPath, ...SERVER_NODE_OPTIONS, ENTRY], {
        cwd: ROOT,
        detached: true,
        stdio: ['ignore', log, log],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(SITE_PORT),
          HOST: host.address,
          PUBLIC_URL: FRONT,
          DATA_DIR: dataDir,
          // Each host reaches the databases at its own end of its link.
          DATABASE_URL: `postgres://postgres@${host.gateway}:${PG_PORT}/agency`,
          DATABASE_READ_URL: `postgres://postgres@${host.gateway}:${STANDBY_PORT}/agency`,
          // nginx connects to each host from the host's gateway.
          TRUST_PROXY: host.gateway,
          WORKERS: String(WORKERS),
          LOG_LEVEL: 'warn',
          MAIL_TRANSPORT: 'file',
          SEED_PROPERTIES: String(PROPERTIES),
          ...env,
        },
      })
      closeSync(log)
      site.child = child
      site.starts++
      let exited = null
      child.on('exit', (code, signal) => (exited = code ?? signal))
      const until = Date.now() + 10 * 60_000
      for (;;) {
        if (exited !== null) throw new Error(`host ${host.name} exited (${exited}) before it was ready; its log: ${path.join(dir, `host-${host.name.toLowerCase()}.log`)}`)
        try {
          if ((await fetch(`${host.origin}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return
        } catch {
          // not listening yet
        }
        if (Date.now() > until) throw new Error(`host ${host.name} was not ready in 10 minutes`)
        await sleep(250)
      }
    },
    /** SIGKILL to the host's whole process group (ip, node and any workers), as a machine that dies. */
    async kill() {
      const child = site.child
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      const gone = new Promise((resolve) => child.once('exit', resolve))
      if (child.pid > 1) quietly(() => process.kill(-child.pid, 'SIGKILL'))
      await gone
      let rest = []
      quietly(() => (rest = run('ip', ['netns', 'pids', host.ns]).split('\n').filter(Boolean).map(Number)))
      for (const pid of rest) signal(pid, 'SIGKILL')
    },
  }
  cleanups.push(() => site.kill())
  return site
}

async function startNginx(dir, network) {
  const nginx = ensureNginx()
  const nginxDir = path.join(dir, 'nginx')
  mkdirSync(nginxDir)
  const conf = renderNginxConf(nginxDir, { listen: `127.0.0.1:${NGINX_PORT}`, servers: [network.a, network.b].map((host) => `${host.address}:${SITE_PORT}`) })
  run(nginx, ['-t', '-q', '-p', nginxDir, '-c', conf, '-e', path.join(nginxDir, 'error.log')])
  const child = spawn(nginx, ['-p', nginxDir, '-c', conf, '-e', path.join(nginxDir, 'error.log')], { stdio: 'inherit' })
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([gone, sleep(5000)])
    quietly(() => child.kill('SIGKILL'))
  })
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${FRONT}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (i > 120) throw new Error('nginx did not answer')
    await sleep(250)
  }
  return { dir: nginxDir, access: () => readFileSync(path.join(nginxDir, 'access.log'), 'utf8') }
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A request to `url` (through nginx unless it is absolute); never throws for a status. */
function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(url, FRONT)
    const req = http.request(target, { method, headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) }, agent: false }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    req.on('error', reject)
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer in 30 s`)))
    req.end(body)
  })
}

/** What every answer through nginx was: by status, and 503s without Retry-After. */
const answers = { byStatus: {}, withoutRetryAfter: 0, fromNginx: 0, networkErrors: 0 }
function count(response) {
  answers.byStatus[response.status] = (answers.byStatus[response.status] ?? 0) + 1
  if (response.status === 503 && !response.headers['retry-after']) answers.withoutRetryAfter++
  // nginx's own (a host died mid-answer: deploy/nginx/agency.conf's @unavailable), not a host's.
  if (response.status === 503 && response.headers['content-type']?.startsWith('text/plain')) answers.fromNginx++
}

const outboxFiles = (site) => {
  const dir = path.join(site.dataDir, 'outbox')
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')).map((name) => path.join(dir, name)) : []
}

function enquiry(i, propertyId, key) {
  return {
    i_would_like: ['to-view-a-property', 'more-details'],
    salutation_id: 3,
    name: 'Cluster',
    surname: `Tester${i}`,
    viewing_lead_date: '2099-07-03T10:30',
    comment: `Enquiry number ${i} (${key})`,
    email: `cluster.${i}@example.com`,
    mobile_phone: '+447400123456',
    contact_address: { suggestion_id: `addr-${i}`, display_name: `${i} Mill Lane, Leeds` },
    i_have_a_property_to_sell: 'no',
    i_have_a_property_to_let: 'no',
    my_property_valued: 'no',
    property_address: 'Park Row, Leeds',
    url: `${FRONT}/property/${propertyId}`,
    transaction_type_id: 1,
    property_profile_id: propertyId,
    price: null,
    bedrooms: null,
    confirm: 'confirmed',
    branch_id: null,
  }
}

/** Throughput of `url` for BENCH_SECONDS, at 10 connections. */
async function measure(url, headers = {}) {
  const result = await autocannon({ url, connections: 10, duration: BENCH_SECONDS, headers })
  const non2xx = result.non2xx + result.errors + result.timeouts
  return { requests_per_second: Math.round(result.requests.average), p99_ms: result.latency.p99, not_2xx: non2xx }
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const figures = {}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('npm run test:cluster makes network namespaces: run it as root')
  if (!BIN) throw new Error("Debian's PostgreSQL binaries (pg_basebackup) were not found under /usr/lib/postgresql")
  run('ip', ['netns', 'list'])
  if (!existsSync(ENTRY)) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  clearLeftovers()

  const runId = randomBytes(3).toString('hex')
  const dir = path.join(os.tmpdir(), `${DIR_PREFIX}${runId}`)
  mkdirSync(dir)
  writeFileSync(path.join(dir, 'owner'), String(process.pid))
  cleanups.push(() => clearRunDir(dir))
  // The demo's pictures: drawn once into the run's folder unless a pool is at hand (npm test has one).
  const poolDir = process.env.DEMO_POOL_DIR ?? path.join(dir, 'pool')

  const network = makeNetwork(runId)
  say(`namespaces ${network.a.ns} (${network.a.address}) and ${network.b.ns} (${network.b.address})`)
  await makeDatabases(dir, network)
  say(`primary on ${PG_PORT}, hot standby on ${STANDBY_PORT}`)
  const primary = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/agency`, max: 2 })
  const standby = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${STANDBY_PORT}/agency`, max: 1 })
  cleanups.push(() => primary.end())
  cleanups.push(() => standby.end())

  // A small server of pictures for the feed, on host A's gateway: a private address, which the
  // importer fetches from only because IMPORT_ALLOWED_MEDIA_HOSTS names it.
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 120, b: 60 } } }).jpeg().toBuffer()
  const mediaRequests = []
  const mediaServer = http.createServer((req, res) => {
    mediaRequests.push(req.url)
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': picture.length })
    res.end(picture)
  })
  await new Promise((resolve, reject) => mediaServer.once('error', reject).listen(0, network.a.gateway, resolve))
  cleanups.push(() => new Promise((resolve) => mediaServer.close(resolve)))

  const shared = {
    DEMO_POOL_DIR: poolDir,
    ALTCHA_HMAC_KEY: randomBytes(24).toString('hex'),
    FEED_API_KEY: randomBytes(24).toString('hex'),
    LEAD_ENQUIRIES_PER_IP_HOUR: '100000',
    // The alert worker often and a short batch window, so that the Heads Up e-mail goes within the run.
    ALERT_INTERVAL_MS: '1000',
    ALERT_BATCH_MS: '4000',
    // An e-mail a killed host had taken goes to the other after 15 seconds, not five minutes.
    OUTBOX_LEASE_SECONDS: '15',
  }
  const siteA = siteOf(dir, network.a, { ...shared, IMPORT_ALLOWED_MEDIA_HOSTS: network.a.gateway })
  const siteB = siteOf(dir, network.b, shared)
  // The captcha of each enquiry, solved while A loads the catalogue, as a browser solves it while
  // the form is filled in: challenges made by the site's own code with the hosts' shared key.
  const { createAltchaVerifier } = await tsImport(path.join(ROOT, 'apps/api/src/auth/captcha.ts'), import.meta.url)
  const solving = solveCaptchas(createAltchaVerifier({ hmacKey: shared.ALTCHA_HMAC_KEY }), ENQUIRIES + 4)
  // A migrates and loads the demo catalogue into the primary; B finds it there.
  let since = Date.now()
  await siteA.start()
  figures.host_a_first_start_seconds = seconds(since)
  since = Date.now()
  await siteB.start()
  figures.host_b_start_seconds = seconds(since)
  say(`both hosts up (A ${figures.host_a_first_start_seconds} s with the catalogue, B ${figures.host_b_start_seconds} s)`)
  const front = await startNginx(dir, network)

  // The standby has replayed the catalogue before anything reads it.
  for (let i = 0; ; i++) {
    const [p, s] = await Promise.all([primary.query('select count(*)::int as n from properties'), standby.query('select count(*)::int as n from properties')])
    if (p.rows[0].n > 0 && s.rows[0].n === p.rows[0].n) break
    if (i > 100) throw new Error('the standby did not replay the catalogue')
    await sleep(100)
  }

  // -------------------------------------------------------------------------------------------
  // Before the load: the catalogue's pages, the captchas, the buyer's session.
  // -------------------------------------------------------------------------------------------
  const { rows: visible } = await primary.query('select property_profile_id from properties where transaction_type_id = 1 and not is_locked order by property_profile_id limit 50')
  const propertyIds = visible.map((row) => row.property_profile_id)
  // A property's address is its page's canonical one (/property/ID redirects there).
  const propertyPages = []
  for (const id of propertyIds.slice(0, 20)) {
    const moved = await request(`${network.a.origin}/property/${id}`)
    propertyPages.push(moved.headers.location ? new URL(moved.headers.location, FRONT).pathname : `/property/${id}`)
  }

  since = Date.now()
  const tokens = await solving
  figures.captchas_waited_for_seconds = seconds(since)

  // The buyer logs in as a browser would: the link from the e-mail, then Log in.
  const buyerLogin = await logIn([siteA, siteB])
  const buyer = { cookie: buyerLogin }
  figures.buyer_logged_in = Boolean(buyerLogin)

  // The standby's statement counts from here on.
  await standby.query('select pg_stat_statements_reset()')
  await primary.query('select pg_stat_statements_reset()')

  // -------------------------------------------------------------------------------------------
  // 1. A feed imported on host A, its picture served by host B.
  // -------------------------------------------------------------------------------------------
  const { rows: alerts } = await primary.query(
    `select a.criteria from contact_applicants a join communication_infos c on c.contact_id = a.contact_id
      where c.value = 'buyer@example.com' and a.contact_applicant_status_id = 1 order by a.contact_applicant_id limit 1`,
  )
  const criteria = alerts[0]?.criteria
  if (!criteria?.locations?.[0]) throw new Error("the demo buyer's alert was not found")
  const centre = criteria.locations[0]
  const { rows: near } = await primary.query(
    'select town, branch_id from properties where transaction_type_id = 1 order by (lat - $1) ^ 2 + (lng - $2) ^ 2 limit 1',
    [centre.lat, centre.lng],
  )
  const { toBlmText, toSampleBlmRecord } = await tsImport(path.join(ROOT, 'packages/db/src/blm/write.ts'), import.meta.url)
  const ref = `CLUSTER-${runId}`
  const price = Math.round(((criteria.min_price ?? 200_000) + (criteria.max_price ?? criteria.min_price ?? 200_000)) / 2 / 1000) * 1000
  const blm = toBlmText([
    toSampleBlmRecord(ref, {
      ADDRESS_1: '1 Cluster Row',
      ADDRESS_2: '',
      TOWN: near[0]?.town ?? centre.location,
      DISPLAY_ADDRESS: `Cluster Row, ${near[0]?.town ?? centre.location}`,
      LATITUDE: centre.lat,
      LONGITUDE: centre.lng,
      BRANCH_ID: near[0]?.branch_id ?? 1,
      BEDROOMS: (criteria.min_bedroom ?? 1) + 1,
      PRICE: price,
      PUBLISHED_FLAG: 1,
      TRANS_TYPE_ID: 1,
      MEDIA_IMAGE_00: `http://${network.a.gateway}:${mediaServer.address().port}/cluster-row.jpg`,
      MEDIA_IMAGE_TEXT_00: 'Front',
    }),
  ])
  since = Date.now()
  const imported = await request(`${network.a.origin}/api/feeds/blm?name=cluster.blm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shared.FEED_API_KEY}`, 'content-type': 'text/plain' },
    body: blm,
  })
  const importedAt = Date.now()
  const report = JSON.parse(imported.body.toString('utf8') || 'null')
  figures.feed_import = { status: imported.status, seconds: seconds(since), media_requests: mediaRequests.length, outcome: report?.outcome }
  check('a feed with a picture is imported on host A', imported.status === 200 && mediaRequests.length === 1, { status: imported.status, media_requests: mediaRequests.length })
  const { rows: media } = await primary.query(
    `select m.media_key from property_medias m join properties p using (property_profile_id)
      where p.agent_ref = $1 order by m.property_profile_media_id limit 1`,
    [ref],
  )
  const mediaKey = media[0]?.media_key
  // A derived variant is kept in a host's cache under a name that starts with its ETag.
  const cachedVariants = (site) => {
    const cache = path.join(site.dataDir, 'cache')
    return existsSync(cache) ? readdirSync(cache, { recursive: true }).map((name) => path.basename(String(name))) : []
  }
  const cachedBefore = cachedVariants(siteB)
  const fromB = mediaKey ? await request(`${network.b.origin}/api/media/${mediaKey}/card`) : { status: 0, headers: {}, body: Buffer.alloc(0) }
  const etag = String(fromB.headers.etag ?? '').replaceAll('"', '')
  const derivedOnB = Boolean(etag) && !cachedBefore.some((name) => name.startsWith(etag)) && cachedVariants(siteB).some((name) => name.startsWith(etag))
  const variant = fromB.status === 200 ? await sharp(fromB.body).metadata() : null
  figures.picture_on_host_b = { status: fromB.status, content_type: fromB.headers['content-type'], width: variant?.width, bytes: fromB.body.length, derived_and_cached_on_b: derivedOnB }
  check('the picture imported through host A is served by host B, its variant derived there at the first request', fromB.status === 200 && variant?.width === 640 && derivedOnB, figures.picture_on_host_b)

  // -------------------------------------------------------------------------------------------
  // 2. The load: visitors, a signed-in buyer and enquiries through nginx, host B killed and restarted.
  // -------------------------------------------------------------------------------------------
  const stats = { kills: 0, restarts: 0, enquiryAttempts: 0, enquiryRetries: 0, captchaResolves: 0, replayChecks: 0, replayMismatches: 0, visitorPages: 0, buyerPages: 0, visitorWithBuyerData: 0, buyerFromCache: 0, buyerWithoutData: 0, visitorHits: 0 }
  const answered = new Map()
  let loadDone = false
  let nextEnquiry = 0
  let token = 0

  async function sendEnquiry(i) {
    const key = `cluster-${runId}-${i}`
    const body = enquiry(i, propertyIds[i % propertyIds.length], key)
    let captcha = tokens[token++] ?? (await solvedCaptchaToken(FRONT))
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) stats.enquiryRetries++
      if (attempt > 200) throw new Error(`enquiry ${i} was never answered`)
      stats.enquiryAttempts++
      let response
      try {
        response = await request('/api/leads/enquiry', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: FRONT, 'idempotency-key': key },
          body: JSON.stringify({ ...body, recaptcha_token: captcha }),
        })
      } catch {
        answers.networkErrors++
        await sleep(200)
        continue
      }
      count(response)
      if (response.status >= 200 && response.status < 300) return JSON.parse(response.body.toString('utf8')).data.lead_id
      if (response.status === 422 && /recaptcha_token/.test(response.body.toString('utf8'))) {
        // The solution was spent by an attempt whose work a kill undid: a retry solves afresh.
        stats.captchaResolves++
        captcha = await solvedCaptchaToken(FRONT)
        continue
      }
      if (response.status === 503 || response.status === 502 || response.status === 504) {
        await sleep(200 + Math.random() * 300)
        continue
      }
      throw new Error(`enquiry ${i} refused with ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`)
    }
  }

  async function enquirer() {
    while (nextEnquiry < ENQUIRIES) {
      const i = nextEnquiry++
      const leadId = await sendEnquiry(i)
      answered.set(i, leadId)
      // Spread over the kills, not all in the first seconds.
      await sleep(400)
      // One in five is sent again after its answer, as a client that never saw it would.
      if (i % 5 === 0) {
        const again = await sendEnquiry(i)
        stats.replayChecks++
        if (again !== leadId) stats.replayMismatches++
      }
    }
  }

  async function visitor() {
    let n = 0
    while (!loadDone) {
      // The list page as most visitors ask for it (nginx's cache answers), a search of its own
      // (rendered by a host, its queries on the standby), and property pages.
      const turn = n++ % 3
      const url = turn === 0 ? LIST_PAGE : turn === 1 ? `${LIST_PAGE}?min_price=${50_000 + ((n * 1000) % 400_000)}&min_bedroom=${n % 4}` : propertyPages[n % propertyPages.length]
      try {
        const response = await request(url)
        count(response)
        if (response.status === 200) {
          stats.visitorPages++
          const html = response.body.toString('utf8')
          if (html.includes('Log out') || html.includes('My alerts')) stats.visitorWithBuyerData++
          if (response.headers['x-cache-status'] === 'HIT') stats.visitorHits++
        }
      } catch {
        answers.networkErrors++
      }
      await sleep(20)
    }
  }

  async function signedInBuyer() {
    let n = 0
    while (!loadDone) {
      const url = n++ % 2 === 0 ? LIST_PAGE : propertyPages[n % propertyPages.length]
      try {
        const response = await request(url, { headers: buyer })
        count(response)
        if (response.status === 200) {
          stats.buyerPages++
          const html = response.body.toString('utf8')
          if (!html.includes('Log out')) stats.buyerWithoutData++
          if (response.headers['x-cache-status'] !== 'BYPASS') stats.buyerFromCache++
        }
      } catch {
        answers.networkErrors++
      }
      await sleep(20)
    }
  }

  // B dies a second into the load, while the alert batch of the import is still waiting, and stays
  // down until that batch's e-mail is sent: the surviving host's alert worker must send it. Then it
  // is started again, and killed once more at random while it serves.
  const headsUpSent = async () => (await primary.query("select id, sent_at from outbox where kind = 'alert_heads_up' and \"to\" = 'buyer@example.com'")).rows
  const timeline = {}
  let accessAfterRestart = 0
  const killer = (async () => {
    await sleep(1000)
    const downAt = Date.now()
    await siteB.kill()
    stats.kills++
    timeline.first_kill_seconds_after_import = Math.round((downAt - importedAt) / 100) / 10
    const headsUpUntil = Date.now() + 45_000
    while ((await headsUpSent()).every((row) => !row.sent_at) && Date.now() < headsUpUntil) await sleep(250)
    const sentRows = await headsUpSent()
    timeline.heads_up_sent_while_b_down = sentRows.some((row) => row.sent_at && row.sent_at.getTime() >= downAt)
    timeline.heads_up_seconds_after_import = sentRows[0]?.sent_at ? Math.round((sentRows[0].sent_at.getTime() - importedAt) / 100) / 10 : null
    let upAt = Date.now()
    await siteB.start()
    stats.restarts++
    timeline.b_down_seconds = Math.round((Date.now() - downAt) / 100) / 10
    timeline.b_restart_seconds = Math.round((Date.now() - upAt) / 100) / 10
    await sleep(2000 + Math.random() * 2000)
    await siteB.kill()
    stats.kills++
    upAt = Date.now()
    await siteB.start()
    stats.restarts++
    timeline.b_second_restart_seconds = Math.round((Date.now() - upAt) / 100) / 10
    accessAfterRestart = front.access().length
  })()

  since = Date.now()
  const background = [visitor(), visitor(), signedInBuyer()]
  await Promise.all([enquirer(), enquirer(), enquirer(), killer])
  // The load goes on until nginx has sent B requests again (it leaves a failed host out for up to 10 s).
  const answeredByB = () => front.access().slice(accessAfterRestart).split('\n').filter((line) => line.split(' ')[1]?.includes(network.b.address) && line.endsWith(' 200')).length
  const tailUntil = Date.now() + 20_000
  while (answeredByB() < 20 && Date.now() < tailUntil) await sleep(250)
  figures.host_b_answers_after_last_restart = answeredByB()
  loadDone = true
  await Promise.all(background)
  figures.load_seconds = seconds(since)

  // A person's own write is read back from the primary at once: the standby's replay is paused, so
  // it could not show the save, and the buyer's next read must.
  await standby.query('select pg_wal_replay_pause()')
  const saveId = propertyIds[7 % propertyIds.length]
  const saved = await request(`/api/contacts/me/saved_properties/${saveId}`, { method: 'PUT', headers: { ...buyer, origin: FRONT, 'content-type': 'application/json' }, body: '{}' })
  count(saved)
  const savedIds = await request('/api/contacts/me/saved_properties/ids', { headers: buyer })
  count(savedIds)
  const { rows: onStandby } = await standby.query('select count(*)::int as n from saved_properties where property_profile_id = $1', [saveId])
  await standby.query('select pg_wal_replay_resume()')
  const readBack = savedIds.status === 200 && savedIds.body.toString('utf8').includes(String(saveId))
  figures.read_your_writes = { save_status: saved.status, read_back_at_once: readBack, on_standby_while_paused: onStandby[0]?.n ?? null }
  check("a buyer's own write is read back at once, from the primary (the standby's replay paused, it had not the write)", saved.status < 300 && readBack && onStandby[0]?.n === 0, figures.read_your_writes)

  // Searches on the standby: its own statement counts, since the reset before the load.
  const searchStatements = async (pool) =>
    (await pool.query(`select coalesce(sum(calls), 0)::int as calls from pg_stat_statements where query ~* '^\\s*(select|with)' and query ~* 'from "?properties"?'`)).rows[0].calls
  const standbySearches = await searchStatements(standby)
  const primarySearches = await searchStatements(primary)
  figures.catalogue_reads = { standby_calls: standbySearches, primary_calls: primarySearches }
  check("visitors' searches ran on the standby (its pg_stat_statements)", standbySearches > 0, figures.catalogue_reads)

  // -------------------------------------------------------------------------------------------
  // 3. Counting: enquiries, e-mails, answers, pages.
  // -------------------------------------------------------------------------------------------
  // The outbox drains on both hosts; rows a killed process had claimed come back when their lease ends.
  // A row claimed by a process that was killed waits for its lease (OUTBOX_LEASE_SECONDS) to end first.
  since = Date.now()
  for (;;) {
    const { rows } = await primary.query('select count(*)::int as n, max(locked_until) as leased from outbox where sent_at is null')
    if (rows[0].n === 0) break
    if (Date.now() - since > 30_000 && (!rows[0].leased || rows[0].leased.getTime() + 10_000 < Date.now())) break
    await sleep(500)
  }
  figures.outbox_drain_seconds = seconds(since)
  const { rows: leads } = await primary.query("select lead_id, email from leads where email like 'cluster.%@example.com'")
  const { rows: outboxRows } = await primary.query('select id, kind, "to", sent_at from outbox order by id')
  const { missing, duplicated, wrongId } = tallyEnquiries(answered, leads, (i) => `cluster.${i}@example.com`)
  // Each .eml file is named after its outbox row: every row handed over, each under one Message-ID.
  const handOvers = new Map()
  const filesBySite = { A: 0, B: 0 }
  let headsUpHost = null
  for (const site of [siteA, siteB]) {
    for (const file of outboxFiles(site)) {
      const id = Number(/-(\d+)\.eml$/.exec(file)?.[1])
      // The headers as written (undoing quoted-printable would join folded encoded words).
      const head = readFileSync(file, 'utf8').split('\r\n\r\n')[0]
      const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? null
      handOvers.set(id, [...(handOvers.get(id) ?? []), messageId])
      filesBySite[site.host.name]++
      if (outboxRows.find((row) => row.id === id)?.kind === 'alert_heads_up') headsUpHost = site.host.name
    }
  }
  const notSent = outboxRows.filter((row) => !row.sent_at).length
  const neverHandedOver = outboxRows.filter((row) => !handOvers.has(row.id)).length
  const sentTwice = [...handOvers.values()].filter((ids) => new Set(ids).size > 1 || ids.includes(null)).length
  const repeatedHandOvers = [...handOvers.values()].filter((ids) => ids.length > 1).length
  const kinds = outboxRows.reduce((m, row) => ({ ...m, [row.kind]: (m[row.kind] ?? 0) + 1 }), {})
  figures.enquiries = {
    answered: answered.size,
    leads_stored: leads.length,
    missing,
    duplicated,
    wrong_lead_id: wrongId,
    attempts: stats.enquiryAttempts,
    retried: stats.enquiryRetries,
    captcha_solved_again: stats.captchaResolves,
    replays_checked: stats.replayChecks,
    replay_mismatches: stats.replayMismatches,
  }
  figures.outbox = { rows: outboxRows.length, by_kind: kinds, not_sent: notSent, never_handed_over: neverHandedOver, sent_under_two_message_ids: sentTwice, repeated_hand_overs_same_message_id: repeatedHandOvers, files_by_host: filesBySite }
  figures.kills = { sigkills_of_host_b: stats.kills, restarts: stats.restarts, ...timeline }
  figures.answers_through_nginx = { by_status: answers.byStatus, status_503_without_retry_after: answers.withoutRetryAfter, status_503_from_nginx_for_a_dead_host: answers.fromNginx, network_errors: answers.networkErrors }
  figures.pages = { visitor_pages: stats.visitorPages, visitor_pages_from_cache: stats.visitorHits, visitor_pages_with_buyer_markers: stats.visitorWithBuyerData, buyer_pages: stats.buyerPages, buyer_pages_not_bypassing_cache: stats.buyerFromCache, buyer_pages_without_buyer_markers: stats.buyerWithoutData }
  const upstreams = front.access().split('\n').filter(Boolean).map((line) => line.split(' ')[1])
  figures.upstream_requests = { [network.a.address]: upstreams.filter((u) => u?.includes(network.a.address)).length, [network.b.address]: upstreams.filter((u) => u?.includes(network.b.address)).length }

  const fiveHundreds = Object.entries(answers.byStatus).filter(([status]) => Number(status) >= 500 && Number(status) !== 503)
  check('0 lost and 0 duplicated enquiries while B was killed and restarted', answered.size === ENQUIRIES && leads.length === ENQUIRIES && missing + duplicated + wrongId + stats.replayMismatches === 0, figures.enquiries)
  check('every enquiry made its two e-mails', (kinds.lead_branch ?? 0) === ENQUIRIES && (kinds.lead_acknowledgement ?? 0) === ENQUIRIES, kinds)
  check('every outbox e-mail sent exactly once (one Message-ID per row, every row handed over)', notSent + neverHandedOver + sentTwice === 0 && outboxRows.length > 0, figures.outbox)
  check('no 5xx but 503, and every 503 with Retry-After', fiveHundreds.length === 0 && answers.withoutRetryAfter === 0, figures.answers_through_nginx)
  check('host B was killed with SIGKILL twice mid-load and restarted', stats.kills === 2 && stats.restarts === 2, figures.kills)
  check("the surviving host's alert worker sent the imported property's Heads Up e-mail while B was down", timeline.heads_up_sent_while_b_down === true && headsUpHost === 'A' && kinds.alert_heads_up === 1, { ...timeline, heads_up_written_by_host: headsUpHost })
  check('a signed-in buyer never got a page from the cache, and every page was theirs', buyerLogin && stats.buyerPages > 0 && stats.buyerFromCache === 0 && stats.buyerWithoutData === 0, figures.pages)
  check("a visitor never got a page with a buyer's data", stats.visitorPages > 0 && stats.visitorWithBuyerData === 0, figures.pages)
  check('both hosts answered through nginx', upstreams.some((u) => u?.includes(network.a.address)) && upstreams.some((u) => u?.includes(network.b.address)), figures.upstream_requests)
  check('host B answered through nginx again after its last restart', figures.host_b_answers_after_last_restart >= 20, figures.host_b_answers_after_last_restart)

  // -------------------------------------------------------------------------------------------
  // 4. Throughput: the visitor's list page from nginx's cache, the rendered list page on two hosts
  // (a cookie that is no session: nothing cached answers it), and the same on host A alone.
  // -------------------------------------------------------------------------------------------
  const render = { cookie: 'cluster=1' }
  figures.throughput = {
    connections: 10,
    seconds_each: BENCH_SECONDS,
    visitor_list_page_nginx_cache: await measure(`${FRONT}${LIST_PAGE}`),
    rendered_list_page_two_hosts: await measure(`${FRONT}${LIST_PAGE}`, render),
    rendered_list_page_host_a_alone: await measure(`${network.a.origin}${LIST_PAGE}`, render),
    note: "the two hosts share this machine's cores: not two machines' capacity",
  }
}

/** `n` captcha tokens, two solved at a time. */
async function solveCaptchas(verifier, n) {
  const { solveChallenge } = await import('altcha-lib')
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2')
  const tokens = []
  const solver = async () => {
    while (tokens.length < n) {
      const slot = tokens.push(null) - 1
      const challenge = await verifier.createChallenge()
      const solution = await solveChallenge({ challenge, deriveKey })
      tokens[slot] = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    }
  }
  await Promise.all([solver(), solver()])
  return tokens
}

/** The demo buyer's session cookie, got as a browser gets it: the captcha, the e-mailed link, Log in. */
async function logIn(sites) {
  const before = new Set(sites.flatMap(outboxFiles))
  const asked = await request('/api/contacts/oauth/magic-links', {
    method: 'POST',
    headers: { origin: FRONT, 'content-type': 'application/json', 'idempotency-key': `login-${randomBytes(6).toString('hex')}` },
    body: JSON.stringify({ email: 'buyer@example.com', request_page_url: `${FRONT}/`, recaptcha_token: await solvedCaptchaToken(FRONT) }),
  })
  count(asked)
  if (asked.status !== 202) throw new Error(`the login link was refused: ${asked.status}`)
  for (let tries = 0; tries < 200; tries++) {
    for (const file of sites.flatMap(outboxFiles).filter((name) => !before.has(name))) {
      const token = /\/login\/verify\?token=([A-Za-z0-9_-]+)/.exec((await readMail(file)).text)?.[1]
      if (!token) continue
      const session = await request('/api/contacts/oauth/sessions', { method: 'POST', headers: { origin: FRONT, 'content-type': 'application/json' }, body: JSON.stringify({ token }) })
      count(session)
      const cookie = [].concat(session.headers['set-cookie'] ?? [])[0]?.split(';')[0]
      if (session.status !== 200 || !cookie) throw new Error(`logging in failed: ${session.status}`)
      return cookie
    }
    await sleep(100)
  }
  throw new Error('no login link reached an outbox')
}

try {
  await main()
} catch (error) {
  check('the run itself', false, error instanceof Error ? error.stack : String(error))
} finally {
  await cleanUp()
}
figures.seconds = seconds()
const failed = checks.filter((c) => !c.ok)
console.log(JSON.stringify({ checks, figures }, null, 2))
console.log(`cluster: ${failed.length === 0 ? `every check passed in ${figures.seconds} s` : `${failed.length} check(s) FAILED`}`)
process.exit(failed.length === 0 ? 0 : 1)
