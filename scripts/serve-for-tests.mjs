// Starts the compiled production server (apps/server/dist/main.js, made by `npm run build`) on a fresh
// data directory and a free port, seeded with demo data, and resolves when /api/health answers. Used
// by the end-to-end tests and the benchmarks. The end-to-end tests' pages run the build with the test
// pages (`buildWithTestPages`, apps/server/dist-e2e/main.js) instead.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import PostalMime from 'postal-mime'
import pg from 'pg'
import { isBuildCurrent, sourceHash, writeBuildStamp } from './build-stamp.mjs'
import { SERVER_NODE_OPTIONS } from './start.mjs'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The compiled server with the test pages (/test/…, apps/web/app/routes.ts), which production never has. */
export const TEST_PAGES_SERVER_ENTRY = path.join(ROOT, 'apps/server/dist-e2e/main.js')

/**
 * Builds the site with the test pages into folders of its own (apps/web/build-e2e, apps/server/dist-e2e),
 * as `npm run build` builds production, unless that build is of the sources as they are
 * (scripts/build-stamp.mjs); resolves to the exit status. It runs beside other work (the end-to-end
 * run seeds its database meanwhile): its steps run one after another, without blocking the process.
 */
export async function buildWithTestPages() {
  const hash = sourceHash(true)
  if (isBuildCurrent(true, hash)) {
    console.log('The build with the test pages is of the sources as they are: not built again.')
    return 0
  }
  const env = { ...process.env, TEST_PAGES: '1' }
  const steps = [
    ['npm', ['run', 'build', '-w', '@agency/web']],
    [process.execPath, ['scripts/precompress.mjs', 'apps/web/build-e2e/client']],
    ['npm', ['run', 'build', '-w', '@agency/server']],
  ]
  for (const [command, args] of steps) {
    const status = await new Promise((resolve) => {
      const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env })
      child.on('error', () => resolve(1))
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    })
    if (status !== 0) return status
  }
  writeBuildStamp(true, hash)
  return 0
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export async function startServer({ properties = 0, databaseUrl, dataDir, env = {}, quiet = true, readyTimeoutMs = 15 * 60_000, entry = path.join(ROOT, 'apps/server/dist/main.js') } = {}) {
  const port = await freePort()
  const ownDir = !dataDir
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'agency-e2e-'))
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dir,
      SEED_PROPERTIES: String(properties),
      LOG_LEVEL: quiet ? 'warn' : 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // The log is passed on as it comes, and kept so a test can wait for a line of it.
  let output = ''
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk)
    output += chunk
    if (output.length > 4_000_000) output = output.slice(-2_000_000)
  })
  let exited = null
  child.on('exit', (code) => (exited = code ?? 1))
  const deadline = Date.now() + readyTimeoutMs
  for (;;) {
    if (exited !== null) throw new Error(`server exited with code ${exited} before it was ready`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error('server did not become ready')
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    dataDir: dir,
    pid: child.pid,
    /** What the server has logged so far (its last 2 MB or more). */
    log: () => output,
    /** Resolves once the server has logged a line containing `text` (since it started). */
    async waitForLog(text, timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs
      while (!output.split('\n').some((line) => line.includes(text))) {
        if (exited !== null) throw new Error(`server exited before it logged ${text}`)
        if (Date.now() > until) throw new Error(`server did not log ${text}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      if (ownDir) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A fresh PostgreSQL database on the server of `serverUrl`, named `prefix_…` and dropped by `drop()`. */
export async function createPgDatabase(serverUrl, prefix) {
  const server = new URL(serverUrl)
  if (!server.username) server.username = process.env.PGUSER ?? os.userInfo().username
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: server.toString() })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: server.toString() })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}

/**
 * A `recaptcha_token` for a form of the server at `origin`, as a browser with JavaScript makes one:
 * its ALTCHA challenge solved (the questions of forms sent without JavaScript are issued inside
 * pages only, and an address may answer few of them).
 */
export async function solvedCaptchaToken(origin) {
  const { solveChallenge } = await import('altcha-lib')
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2')
  const challenge = await (await fetch(`${origin}/api/captcha/challenge`)).json()
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('the captcha challenge was not solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/**
 * An e-mail of the outbox read as a mail program reads it (the bodies are quoted-printable), as
 * `npm run outbox` reads them: its recipients' addresses and its text and HTML, decoded.
 */
export async function readMail(file) {
  const mail = await PostalMime.parse(readFileSync(file))
  return { to: (mail.to ?? []).map((address) => address.address ?? ''), text: mail.text ?? '', html: mail.html ?? '' }
}

/**
 * The session cookie of the demo's buyer, logged in as a browser would: the captcha solved, the
 * link from the e-mail in the server's outbox, then its Log in.
 */
export async function logInBuyer(server) {
  const origin = { origin: server.url, 'content-type': 'application/json' }
  const recaptchaToken = await solvedCaptchaToken(server.url)
  const outbox = path.join(server.dataDir, 'outbox')
  const before = new Set(existsSync(outbox) ? readdirSync(outbox) : [])
  const asked = await fetch(`${server.url}/api/contacts/oauth/magic-links`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: 'buyer@example.com', request_page_url: `${server.url}/`, recaptcha_token: recaptchaToken }),
  })
  if (asked.status !== 202) throw new Error(`the login link was refused: ${asked.status} ${await asked.text()}`)
  for (let tries = 0; tries < 100; tries++) {
    for (const name of (existsSync(outbox) ? readdirSync(outbox) : []).filter((n) => n.endsWith('.eml') && !before.has(n))) {
      const mail = await readMail(path.join(outbox, name))
      const token = /\/login\/verify\?token=([A-Za-z0-9_-]+)/.exec(`${mail.text}${mail.html}`)?.[1]
      if (!token) continue
      const session = await fetch(`${server.url}/api/contacts/oauth/sessions`, { method: 'POST', headers: origin, body: JSON.stringify({ token }) })
      const cookie = session.headers.getSetCookie()[0]?.split(';')[0]
      if (session.status !== 200 || !cookie) throw new Error(`logging in failed: ${session.status}`)
      return cookie
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no login link reached the outbox')
}

/** Clock ticks a second, as /proc counts a process's CPU time (Linux's USER_HZ). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/**
 * The CPU time in milliseconds a process and its child processes (a primary's workers) have used, all
 * their threads (the embedded database's among them); null where /proc cannot say (not Linux).
 */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // utime and stime are fields 14 and 15; the name (field 2) may hold spaces, so count after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    let ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
    for (const child of children ? children.split(' ') : []) ms += cpuMsOf(Number(child)) ?? 0
    return ms
  } catch {
    return null
  }
}
