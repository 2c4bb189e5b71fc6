// 'Nothing lost' (issue 10): sends 1,000 lead enquiries, each with its own Idempotency-Key, while the
// API process is killed with SIGKILL at random moments and restarted; every enquiry is retried with the
// same key until it gets a 2xx. Afterwards every enquiry must be stored exactly once under the lead id
// its answer named, with one branch notice and one acknowledgement. Runs on PGlite, and on PostgreSQL
// when TEST_DATABASE_URL is set. `npm run test:faults [-- --enquiries=N]`.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { ROOT, freePort } from './serve-for-tests.mjs'

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const ENQUIRIES = arg('enquiries', 1000)
const CONCURRENCY = arg('concurrency', 8)
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

async function runOn(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agency-faults-'))
  let databaseUrl = ''
  let dropDatabase = async () => {}
  if (kind === 'postgres') {
    const server = new URL(process.env.TEST_DATABASE_URL)
    if (!server.username) server.username = process.env.PGUSER ?? os.userInfo().username
    const name = `agency_faults_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: server.toString() })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(server)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: server.toString() })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    }
  }
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const env = { PORT: String(port), FAULT_DATA_DIR: dataDir, FAULT_DATABASE_URL: databaseUrl }
  const stats = { kills: 0, requests: 0, failedRequests: 0, replayChecks: 0, replayMismatches: 0, non2xx: {} }
  const started = Date.now()

  let server = await startServer(env)
  let done = false
  const killer = (async () => {
    while (!done) {
      await sleep(LIFE_MIN_MS + Math.random() * (LIFE_MAX_MS - LIFE_MIN_MS))
      if (done) break
      server.child.kill('SIGKILL')
      await new Promise((r) => (server.isAlive() ? server.child.once('exit', r) : r()))
      stats.kills++
      server = await startServer(env)
    }
  })()

  async function post(body, key) {
    stats.requests++
    try {
      const res = await fetch(`${origin}/api/leads/enquiry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'idempotency-key': key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
      const answer = await res.json().catch(() => null)
      if (res.status >= 200 && res.status < 300) return answer
      stats.non2xx[res.status] = (stats.non2xx[res.status] ?? 0) + 1
      if (res.status < 500) throw new Error(`enquiry refused with ${res.status}: ${JSON.stringify(answer)}`)
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('enquiry refused')) throw error
    }
    stats.failedRequests++
    return null
  }

  const answered = new Map()
  let next = 0
  async function worker() {
    while (next < ENQUIRIES) {
      const i = next++
      const body = enquiry(i, origin)
      const key = `fault-${kind}-${i}`
      let answer = null
      while (!answer) {
        answer = await post(body, key)
        if (!answer) await sleep(100 + Math.random() * 200)
      }
      answered.set(i, answer.data.lead_id)
      if (answered.size % 100 === 0) console.error(`${kind}: ${answered.size} answered, ${stats.kills} kills so far`)
      // One in ten is sent again after its answer, as a client that never saw it would.
      if (i % 10 === 0) {
        let again = null
        while (!again) {
          again = await post(body, key)
          if (!again) await sleep(100)
        }
        stats.replayChecks++
        if (again.data.lead_id !== answer.data.lead_id) stats.replayMismatches++
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  done = true
  await killer
  server.child.kill('SIGTERM')
  await new Promise((r) => (server.isAlive() ? server.child.once('exit', r) : r()))

  const held = await report(env)
  const leadsByEmail = new Map()
  for (const lead of held.leads) leadsByEmail.set(lead.email, [...(leadsByEmail.get(lead.email) ?? []), lead.lead_id])
  const count = (list) => list.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map())
  const acks = count(held.acknowledgements)
  const notices = count(held.branch_notices)
  let missing = 0
  let duplicated = 0
  let wrongId = 0
  let mailProblems = 0
  for (const [i, leadId] of answered) {
    const stored = leadsByEmail.get(`fault.${i}@example.com`) ?? []
    if (stored.length === 0) missing++
    if (stored.length > 1) duplicated++
    if (stored.length === 1 && stored[0] !== leadId) wrongId++
    if (acks.get(`fault.${i}@example.com`) !== 1 || notices.get(leadId) !== 1) mailProblems++
  }
  const figures = {
    database: kind,
    enquiries: ENQUIRIES,
    answered_2xx: answered.size,
    leads_stored: held.leads.length,
    missing,
    duplicated,
    wrong_lead_id: wrongId,
    mail_problems: mailProblems,
    branch_notices: held.branch_notices.length,
    acknowledgements: held.acknowledgements.length,
    sigkills: stats.kills,
    requests: stats.requests,
    failed_requests_retried: stats.failedRequests,
    non_2xx_answers: stats.non2xx,
    replays_checked: stats.replayChecks,
    replay_mismatches: stats.replayMismatches,
    seconds: Math.round((Date.now() - started) / 1000),
  }
  await dropDatabase()
  rmSync(dataDir, { recursive: true, force: true })
  return figures
}

const kinds = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
let failed = false
for (const kind of kinds) {
  const figures = await runOn(kind)
  console.log(JSON.stringify(figures, null, 2))
  const ok =
    figures.answered_2xx === ENQUIRIES &&
    figures.leads_stored === ENQUIRIES &&
    figures.missing + figures.duplicated + figures.wrong_lead_id + figures.mail_problems + figures.replay_mismatches === 0 &&
    figures.branch_notices === ENQUIRIES &&
    figures.acknowledgements === ENQUIRIES
  console.log(`${kind}: ${ok ? 'nothing lost, nothing duplicated' : 'FAILED'}`)
  if (!ok) failed = true
}
process.exit(failed ? 1 : 0)
