// 'Nothing lost' (issue 10, issue 15): sends lead enquiries and login link requests, each with its own
// Idempotency-Key, while a server process is killed with SIGKILL at random moments and restarted; every
// request is retried with the same key until it gets a 2xx, on whichever process is up (as a load
// balancer would). On PGlite one process runs; on PostgreSQL (TEST_DATABASE_URL) two run on one database
// and one of them is killed at random ten times. Each process runs the outbox worker, whose transport
// records every hand-over. Afterwards every enquiry must be stored exactly once under the lead id its
// answer named with one branch notice and one acknowledgement, every login link request must have
// made one link and one e-mail, and every e-mail must have been handed over under one Message-ID.
// `npm run test:faults [-- --enquiries=N --logins=N --kills=N --database=pglite|postgres]`.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ROOT, createPgDatabase, freePort, startServer as startSite } from './serve-for-tests.mjs'
import { tallyEnquiries } from './enquiry-tally.mjs'

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const ENQUIRIES = arg('enquiries', 1000)
const LOGINS = arg('logins', 300)
/** Login link requests go to this many contacts, so some addresses get several (each with its key). */
const LOGIN_CONTACTS = 100
const CONCURRENCY = arg('concurrency', 8)
/** Kills on PostgreSQL with two processes (the PGlite run kills its one process all along). */
const KILLS = arg('kills', 10)
/** After each start, the server lives this long (random, ms) before it is killed. */
const LIFE_MIN_MS = 1000
const LIFE_MAX_MS = 5000
const SERVER = path.join(ROOT, 'apps/api/src/testing/fault-server.ts')
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function runServer(env) {
  return spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
}

async function startServer(env) {
  const child = runServer(env)
  let exited = false
  child.on('exit', () => (exited = true))
  await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (out.includes('ready\n')) resolve()
    })
    child.on('exit', (code, signal) => reject(new Error(`fault server exited (${code ?? signal}) before it was ready`)))
  })
  return { child, isAlive: () => !exited }
}

async function report(env) {
  const child = runServer({ ...env, FAULT_REPORT: '1' })
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  const code = await new Promise((r) => child.on('exit', r))
  if (code !== 0) throw new Error(`report failed with ${code}`)
  return JSON.parse(out)
}

function enquiry(i, origin) {
  return {
    i_would_like: i % 3 === 0 ? ['to-sell-my-property'] : ['to-view-a-property', 'more-details'],
    salutation_id: 3,
    name: 'Fault',
    surname: `Tester${i}`,
    ...(i % 3 === 0 ? {} : { viewing_lead_date: '2099-07-03T10:30' }),
    comment: `Enquiry number ${i}`,
    email: `fault.${i}@example.com`,
    mobile_phone: '+447400123456',
    contact_address: { suggestion_id: `addr-${i}`, display_name: `${i} Mill Lane, Leeds` },
    i_have_a_property_to_sell: 'no',
    i_have_a_property_to_let: 'no',
    my_property_valued: 'no',
    property_address: i % 3 === 0 ? null : 'Park Row, Leeds',
    url: `${origin}/property/${(i % 100) + 1}`,
    transaction_type_id: 1,
    property_profile_id: i % 3 === 0 ? null : (i % 100) + 1,
    price: null,
    bedrooms: null,
    confirm: 'confirmed',
    branch_id: null,
    recaptcha_token: 'ok',
  }
}

/** What a failed run must still undo: its server processes, database and data directory. */
const cleanups = []

async function runOn(kind) {
  const servers = []
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agency-faults-'))
  let databaseUrl = ''
  let dropDatabase = async () => {}
  if (kind === 'postgres') {
    const scratch = await createPgDatabase(process.env.TEST_DATABASE_URL, 'agency_faults')
    databaseUrl = scratch.url
    dropDatabase = scratch.drop
  }
  cleanups.push(async () => {
    for (const s of servers) if (s.isAlive()) s.child.kill('SIGKILL')
    await dropDatabase()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const processes = kind === 'postgres' ? 2 : 1
  const deliveriesFile = path.join(dataDir, 'deliveries.jsonl')
  const ports = []
  for (let n = 0; n < processes; n++) ports.push(await freePort())
  const origins = ports.map((port) => `http://127.0.0.1:${port}`)
  const envOf = (n) => ({
    PORT: String(ports[n]),
    FAULT_DATA_DIR: dataDir,
    FAULT_DATABASE_URL: databaseUrl,
    FAULT_DELIVERIES: deliveriesFile,
    FAULT_LOGIN_CONTACTS: String(LOGIN_CONTACTS),
  })
  const stats = { kills: 0, requests: 0, failedRequests: 0, replayChecks: 0, replayMismatches: 0, non2xx: {} }
  const started = Date.now()

  // The first process migrates and loads the fixture before the second starts.
  for (let n = 0; n < processes; n++) servers.push(await startServer(envOf(n)))
  let loadDone = false
  const killsWanted = processes > 1 ? KILLS : Infinity
  const killer = (async () => {
    while (!loadDone && stats.kills < killsWanted) {
      await sleep(LIFE_MIN_MS + Math.random() * (LIFE_MAX_MS - LIFE_MIN_MS))
      if (loadDone) break
      const n = Math.floor(Math.random() * processes)
      const victim = servers[n]
      victim.child.kill('SIGKILL')
      await new Promise((r) => (victim.isAlive() ? victim.child.once('exit', r) : r()))
      stats.kills++
      servers[n] = await startServer(envOf(n))
    }
  })()

  /** POSTs to a process that is up, as a load balancer would; null when it failed and must be retried. */
  async function post(route, body, key) {
    stats.requests++
    const up = servers.map((s, n) => (s.isAlive() ? n : -1)).filter((n) => n >= 0)
    const origin = origins[up.length ? up[Math.floor(Math.random() * up.length)] : 0]
    try {
      const res = await fetch(`${origin}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'idempotency-key': key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
      const answer = await res.json().catch(() => null)
      if (res.status >= 200 && res.status < 300) return answer
      stats.non2xx[res.status] = (stats.non2xx[res.status] ?? 0) + 1
      if (res.status < 500) throw new Error(`request refused with ${res.status}: ${JSON.stringify(answer)}`)
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('request refused')) throw error
    }
    stats.failedRequests++
    return null
  }
  async function postUntilAnswered(route, body, key) {
    for (;;) {
      const answer = await post(route, body, key)
      if (answer) return answer
      await sleep(100 + Math.random() * 200)
    }
  }

  const answered = new Map()
  /** Login link requests answered, by address. */
  const loginsAnswered = new Map()
  let enquiriesStarted = 0
  let loginsStarted = 0
  let next = 0
  // On two processes the load lasts until the tenth kill, however many requests that takes.
  const moreWork = () => enquiriesStarted < ENQUIRIES || loginsStarted < LOGINS || (processes > 1 && stats.kills < killsWanted)
  async function worker() {
    while (moreWork()) {
      const i = next++
      if (i % 4 === 3) {
        loginsStarted++
        const email = `fault.login.${i % LOGIN_CONTACTS}@example.com`
        const body = { email, request_page_url: '/sales/property-for-sale', recaptcha_token: 'ok' }
        await postUntilAnswered('/api/contacts/oauth/magic-links', body, `login-${kind}-${i}`)
        loginsAnswered.set(email, (loginsAnswered.get(email) ?? 0) + 1)
        // One in five is sent again after its answer, as a client that never saw it would.
        if (i % 5 === 0) await postUntilAnswered('/api/contacts/oauth/magic-links', body, `login-${kind}-${i}`)
        continue
      }
      enquiriesStarted++
      const body = enquiry(i, origins[0])
      const key = `fault-${kind}-${i}`
      const answer = await postUntilAnswered('/api/leads/enquiry', body, key)
      answered.set(i, answer.data.lead_id)
      if (answered.size % 100 === 0) console.error(`${kind}: ${answered.size} enquiries answered, ${stats.kills} kills so far`)
      // One in ten is sent again after its answer, as a client that never saw it would.
      if (i % 10 === 0) {
        const again = await postUntilAnswered('/api/leads/enquiry', body, key)
        stats.replayChecks++
        if (again.data.lead_id !== answer.data.lead_id) stats.replayMismatches++
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  loadDone = true
  await killer
  const loadSeconds = Math.round((Date.now() - started) / 1000)

  // The surviving processes send what is left in the outbox; rows a killed process had claimed come
  // back to them when their lease ends.
  let held = await report(envOf(0))
  const drainDeadline = Date.now() + 120_000
  while (held.outbox.some((row) => !row.sent) && Date.now() < drainDeadline) {
    await sleep(1000)
    held = await report(envOf(0))
  }
  for (const s of servers) {
    s.child.kill('SIGTERM')
    await new Promise((r) => (s.isAlive() ? s.child.once('exit', r) : r()))
  }
  held = await report(envOf(0))

  const { missing, duplicated, wrongId } = tallyEnquiries(answered, held.leads, (i) => `fault.${i}@example.com`)
  const count = (list) => list.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map())
  const acks = count(held.acknowledgements)
  const notices = count(held.branch_notices)
  let mailProblems = 0
  for (const [i, leadId] of answered) if (acks.get(`fault.${i}@example.com`) !== 1 || notices.get(leadId) !== 1) mailProblems++
  const links = count(held.magic_links)
  const linkMails = count(held.magic_link_mails)
  let loginProblems = 0
  for (const [email, n] of loginsAnswered) if (links.get(email) !== n || linkMails.get(email) !== n) loginProblems++
  for (const email of links.keys()) if (!loginsAnswered.has(email)) loginProblems++

  // The mail server's side: every outbox row handed over, each under one Message-ID.
  const deliveries = existsSync(deliveriesFile)
    ? readFileSync(deliveriesFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))
    : []
  const messageIdsByRow = new Map()
  const handOversByRow = count(deliveries.map((d) => d.id))
  for (const d of deliveries) messageIdsByRow.set(d.id, new Set([...(messageIdsByRow.get(d.id) ?? []), d.message_id]))
  const rowsNotSent = held.outbox.filter((row) => !row.sent).length
  const rowsNeverHandedOver = held.outbox.filter((row) => !handOversByRow.has(row.id)).length
  const mailsSentTwice = [...messageIdsByRow.values()].filter((ids) => ids.size > 1 || ids.has(null) || ids.has(undefined)).length
  const repeatedHandOvers = [...handOversByRow.values()].filter((n) => n > 1).length

  const figures = {
    database: kind,
    server_processes: processes,
    enquiries: answered.size,
    leads_stored: held.leads.length,
    missing,
    duplicated,
    wrong_lead_id: wrongId,
    mail_problems: mailProblems,
    branch_notices: held.branch_notices.length,
    acknowledgements: held.acknowledgements.length,
    login_link_requests: [...loginsAnswered.values()].reduce((a, b) => a + b, 0),
    login_links_stored: held.magic_links.length,
    login_link_mails: held.magic_link_mails.length,
    login_problems: loginProblems,
    outbox_rows: held.outbox.length,
    outbox_rows_not_sent: rowsNotSent,
    outbox_rows_never_handed_over: rowsNeverHandedOver,
    emails_sent_twice: mailsSentTwice,
    repeated_hand_overs_same_message_id: repeatedHandOvers,
    hand_overs: deliveries.length,
    sigkills: stats.kills,
    requests: stats.requests,
    failed_requests_retried: stats.failedRequests,
    non_2xx_answers: stats.non2xx,
    replays_checked: stats.replayChecks,
    replay_mismatches: stats.replayMismatches,
    load_seconds: loadSeconds,
    seconds: Math.round((Date.now() - started) / 1000),
  }
  await dropDatabase()
  rmSync(dataDir, { recursive: true, force: true })
  return figures
}

// 'PostgreSQL restart' (issue 43): the built site on a PostgreSQL database of its own, 6 clients reading
// property pages and the detail API (no page cache) while every backend of that database is terminated
// (pg_terminate_backend) once a second, as a restart or failover would. A lost connection must answer
// 503 with Retry-After (after a read is tried once more on another connection), never 500.
// `npm run test:faults -- --family=pg-restart [--terminate-seconds=N]` (needs TEST_DATABASE_URL and `npm run build`).
async function runBackendTerminations() {
  const seconds = arg('terminate-seconds', 20)
  const scratch = await createPgDatabase(process.env.TEST_DATABASE_URL, 'agency_faults_restart')
  cleanups.push(scratch.drop)
  const site = await startSite({ properties: 60, databaseUrl: scratch.url, env: { PAGE_CACHE_ENTRIES: '0', LOG_LEVEL: 'error' } })
  cleanups.push(() => site.stop())
  const admin = new pg.Client({ connectionString: scratch.url })
  await admin.connect()
  const name = new URL(scratch.url).pathname.slice(1)
  const answers = {}
  let terminations = 0
  let backends = 0
  let networkErrors = 0
  let without = 0
  try {
    const list = await (await fetch(`${site.url}/api/properties?transaction_type_id=1&page_size=50`)).json()
    const ids = list.data.map((p) => p.property_profile_id)
    const until = Date.now() + seconds * 1000
    const client = async () => {
      while (Date.now() < until) {
        const id = ids[Math.floor(Math.random() * ids.length)]
        const target = Math.random() < 0.5 ? `/property/${id}` : `/api/properties/${id}`
        try {
          const res = await fetch(`${site.url}${target}`, { signal: AbortSignal.timeout(30_000) })
          await res.arrayBuffer()
          answers[res.status] = (answers[res.status] ?? 0) + 1
          if (res.status === 503 && !res.headers.get('retry-after')) without++
        } catch {
          networkErrors++
        }
      }
    }
    const terminator = (async () => {
      while (Date.now() < until) {
        await sleep(1000)
        const killed = await admin.query('select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t', [name])
        terminations++
        backends += killed.rows[0].n
      }
    })()
    await Promise.all([...Array.from({ length: 6 }, client), terminator])
  } finally {
    await admin.end()
  }
  const health = (await fetch(`${site.url}/api/health`)).status
  const figures = {
    family: 'pg-restart',
    seconds,
    terminations,
    backends_terminated: backends,
    answers,
    answers_503_without_retry_after: without,
    network_errors: networkErrors,
    health_after: health,
  }
  console.log(JSON.stringify(figures, null, 2))
  const statuses = Object.keys(answers).map(Number)
  const ok = backends > 0 && statuses.every((status) => (status >= 200 && status < 300) || status === 503) && without === 0 && networkErrors === 0 && health === 200
  console.log(`pg-restart: ${ok ? 'only 2xx and 503 with Retry-After' : 'FAILED'}`)
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  return ok
}

const only = process.argv.find((a) => a.startsWith('--database='))?.split('=')[1]
const family = process.argv.find((a) => a.startsWith('--family='))?.split('=')[1]
const kinds = family === 'pg-restart' ? [] : (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']).filter((kind) => !only || kind === only)
let failed = false
if ((family === 'pg-restart' || (!family && process.env.TEST_DATABASE_URL)) && only !== 'pglite') {
  if (!process.env.TEST_DATABASE_URL) throw new Error('--family=pg-restart needs TEST_DATABASE_URL')
  if (!(await runBackendTerminations())) failed = true
}
for (const kind of kinds) {
  const figures = await runOn(kind).catch(async (error) => {
    for (const cleanup of cleanups) await cleanup().catch(() => {})
    throw error
  })
  cleanups.length = 0
  console.log(JSON.stringify(figures, null, 2))
  const ok =
    figures.enquiries >= ENQUIRIES &&
    figures.leads_stored === figures.enquiries &&
    figures.missing + figures.duplicated + figures.wrong_lead_id + figures.mail_problems + figures.replay_mismatches === 0 &&
    figures.branch_notices === figures.enquiries &&
    figures.acknowledgements === figures.enquiries &&
    figures.login_link_requests >= LOGINS &&
    figures.login_links_stored === figures.login_link_requests &&
    figures.login_link_mails === figures.login_link_requests &&
    figures.login_problems === 0 &&
    figures.outbox_rows === 2 * figures.enquiries + figures.login_link_requests &&
    figures.outbox_rows_not_sent + figures.outbox_rows_never_handed_over + figures.emails_sent_twice === 0 &&
    (figures.server_processes === 1 || figures.sigkills === KILLS)
  console.log(`${kind}: ${ok ? 'nothing lost, nothing duplicated' : 'FAILED'}`)
  if (!ok) failed = true
}
process.exit(failed ? 1 : 0)
