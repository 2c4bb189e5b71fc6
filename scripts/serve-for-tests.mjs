// Starts the compiled production server (apps/server/dist/main.js, made by `npm run build`) on a fresh
// data directory and a free port, seeded with demo data, and resolves when /api/health answers. Used
// by the end-to-end tests and the benchmarks. The end-to-end tests' pages run the build with the test
// pages (`buildWithTestPages`, apps/server/dist-e2e/main.js) instead.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { SERVER_NODE_OPTIONS } from './start.mjs'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The compiled server with the test pages (/test/…, apps/web/app/routes.ts), which production never has. */
export const TEST_PAGES_SERVER_ENTRY = path.join(ROOT, 'apps/server/dist-e2e/main.js')

/**
 * Builds the site with the test pages into folders of its own (apps/web/build-e2e, apps/server/dist-e2e),
 * as `npm run build` builds production; resolves to the exit status.
 */
export function buildWithTestPages() {
  const env = { ...process.env, TEST_PAGES: '1' }
  const steps = [
    ['npm', ['run', 'build', '-w', '@agency/web']],
    [process.execPath, ['scripts/precompress.mjs', 'apps/web/build-e2e/client']],
    ['npm', ['run', 'build', '-w', '@agency/server']],
  ]
  for (const [command, args] of steps) {
    const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env })
    if (r.status !== 0) return r.status ?? 1
  }
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
