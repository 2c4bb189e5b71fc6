// `npm test`: the whole suite. Unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set
// or under CI), then the end-to-end tests in Chromium against the production build.
//
// Under CI=true (or TEST_NODE24=1) a second part runs under Node 24, the current LTS, from the npm
// package `node@24` (npx fetches it once into its cache): the site supports both the Node 20 of today's
// machines and Node 24, which the Dockerfile uses. With PostgreSQL at hand (always under CI) the
// database tests then run on PGlite under Node 20 and on PostgreSQL under Node 24, once each; without
// it the whole suite runs again under Node 24. TEST_NODE24=0 skips the second part; TEST_DATABASE_KINDS
// set by hand runs both parts on those kinds.
//
// Each part has a time limit (minutes, TEST_PART_LIMIT_MINUTES overrides all three): a part that hangs
// fails with what was still running, its processes and the PostgreSQL sessions, instead of holding CI
// until CI's own limit ends it without a word. Within the unit parts a test worker that has answered
// nothing for TEST_HANG_MINUTES (5) is taken as stuck, named and killed, and the part runs once more
// (scripts/vitest-hang-watch.mjs). On two cores the unit and API part takes about 470 s and the end
// to end part about 25 minutes, two thirds of whose CPU is Chromium's.
//
// With TEST_CLUSTER=1 (.ci/run sets it) the cluster test (scripts/cluster.mjs, `npm run test:cluster`:
// two hosts in network namespaces, a PostgreSQL primary and hot standby, nginx; root only) runs last,
// about two minutes more.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { HANG_EXIT_CODE } from './vitest-hang-watch.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The npm package whose `node` binary is the second runtime. */
const NODE_LTS_PACKAGE = 'node@24'

/** Each part's limit in minutes: about three times what it takes on two cores (the cluster's, five). */
const LIMIT_MINUTES = { unit: 20, lts: 20, e2e: 40, cluster: 10 }
const limitOf = (part) => Number(process.env.TEST_PART_LIMIT_MINUTES ?? LIMIT_MINUTES[part])

/** What the machine was doing when a part ran out of time: its processes, and PostgreSQL's sessions. */
function reportHang(part) {
  console.error(`\n${part}: still running after ${limitOf(part)} minutes; stopping it. Processes:`)
  const ps = spawnSync('ps', ['-eo', 'pid,ppid,etime,pcpu,rss,args', '--sort=start_time'], { encoding: 'utf8' })
  for (const line of (ps.stdout ?? '').split('\n')) console.error(line.slice(0, 240))
  const url = process.env.TEST_DATABASE_URL ?? (process.env.CI ? 'postgres://127.0.0.1:5432/test' : undefined)
  if (url) {
    const query = "select pid, datname, state, wait_event_type, wait_event, now() - query_start as running, left(query, 160) as query from pg_stat_activity where backend_type = 'client backend'"
    spawnSync('psql', [url, '-X', '-c', query], { stdio: 'inherit', timeout: 10_000 })
  }
}

/** Runs one part, resolving to its exit status; a part past its limit is stopped and fails. */
function run(part, cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', detached: true, env: { ...process.env, ...env } })
    current = child.pid
    const timer = setTimeout(() => {
      reportHang(part)
      // The part's whole process group: vitest's workers, the servers the end-to-end run started.
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }, 10_000).unref()
    }, limitOf(part) * 60_000)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      // A stuck worker outlives vitest's exit: end the rest of the part's process group.
      if (code === HANG_EXIT_CODE) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}

/** The process group of the part running now. */
let current
// Stopping `npm test` stops the part it is running, which runs in a process group of its own.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) process.kill(-current, signal)
    process.exit(1)
  })
}

/**
 * Runs vitest with the hang watch (scripts/vitest-hang-watch.mjs). When the embedded database itself
 * failed (a worker stuck in one synchronous run, PGlite looping inside its WebAssembly; or only
 * EmbeddedDatabaseFailures, a fault inside PGlite that packages/db/src/pglite-failures.ts brings to
 * light) the stuck worker is named and killed and the part fails, saying so: it is never run again,
 * so that an intermittent fault, the database's or the site's, is seen and not hidden.
 */
async function runVitest(part, cmd, args, env = {}) {
  const withWatch = [...args, '--reporter=default', '--reporter=./scripts/vitest-hang-watch.mjs']
  const code = await run(part, cmd, withWatch, env)
  if (code !== HANG_EXIT_CODE) return code
  console.error(`\n${part}: the embedded database failed, not a test (told above).\n`)
  return 1
}

/**
 * The test files whose tests run on each database kind (`describe.each(testDatabaseKinds())` and the
 * PostgreSQL-only files that ask testDatabaseKinds too).
 */
function databaseTestFiles() {
  const files = []
  for (const top of ['apps', 'packages']) {
    for (const entry of readdirSync(path.join(root, top), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.test.ts')) continue
      const file = path.relative(root, path.join(entry.parentPath, entry.name))
      if (file.includes('node_modules') || file.startsWith(path.join('apps', 'web', 'tests', 'e2e'))) continue
      if (readFileSync(path.join(root, file), 'utf8').includes('testDatabaseKinds(')) files.push(file)
    }
  }
  return files.sort()
}

const onLts = process.env.TEST_NODE24 ? process.env.TEST_NODE24 === '1' : process.env.CI === 'true'
// The rule of testDatabaseUrl() in packages/db/src/testing.ts, which this script cannot import.
const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === 'true'
// With a second runtime and a PostgreSQL server, each database test runs once on each pairing the
// site is deployed as: PGlite under Node 20 (npm start on today's machines) and PostgreSQL under
// Node 24 (the Docker image). The other tests run under Node 20. Running everything under both took
// two passes of about eight minutes each on two cores.
const split = onLts && postgresAvailable && !process.env.TEST_DATABASE_KINDS

// The demo's pictures are drawn once for the whole run: every test and test server that loads demo
// data into a fresh folder copies them from here (DEMO_POOL_DIR), and the folder goes at the end.
if (!process.env.DEMO_POOL_DIR) {
  const poolDir = mkdtempSync(path.join(os.tmpdir(), 'agency-test-pool-'))
  process.env.DEMO_POOL_DIR = poolDir
  process.on('exit', () => rmSync(poolDir, { recursive: true, force: true }))
}

const unit = await runVitest('unit', 'npx', ['vitest', 'run'], split ? { TEST_DATABASE_KINDS: 'pglite' } : {})
if (unit !== 0) process.exit(unit)

if (onLts) {
  const version = spawnSync('npx', ['-y', '-p', NODE_LTS_PACKAGE, 'node', '--version'], { cwd: root, encoding: 'utf8' })
  if (version.status !== 0) {
    console.error(`could not run ${NODE_LTS_PACKAGE} through npx:\n${version.stderr}`)
    process.exit(version.status ?? 1)
  }
  const vitestUnderLts = ['-y', '-p', NODE_LTS_PACKAGE, 'node', 'node_modules/vitest/vitest.mjs', 'run']
  let lts
  if (split) {
    const files = databaseTestFiles()
    console.log(`\nThe database tests on PostgreSQL, under Node ${version.stdout.trim()} (${NODE_LTS_PACKAGE}): ${files.length} files\n`)
    lts = await runVitest('lts', 'npx', [...vitestUnderLts, ...files], { TEST_DATABASE_KINDS: 'postgres' })
  } else {
    console.log(`\nUnit and API tests again under Node ${version.stdout.trim()} (${NODE_LTS_PACKAGE})\n`)
    lts = await runVitest('lts', 'npx', vitestUnderLts)
  }
  if (lts !== 0) process.exit(lts)
}

const e2e = await run('e2e', 'node', ['scripts/e2e.mjs'])
if (e2e !== 0 || process.env.TEST_CLUSTER !== '1') process.exit(e2e)

console.log('\nThe cluster test (TEST_CLUSTER=1): two hosts, a primary and its hot standby, nginx\n')
process.exit(await run('cluster', 'node', ['scripts/cluster.mjs']))
