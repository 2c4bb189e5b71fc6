// `npm test`: the whole suite. Unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set
// or under CI), then the end-to-end tests in Chromium against the production build.
//
// Under CI=true (or TEST_NODE24=1) the unit and API tests run a second time under Node 24, the current
// LTS, from the npm package `node@24` (npx fetches it once into its cache): the site supports both the
// Node 20 of today's machines and Node 24, which the Dockerfile uses. TEST_NODE24=0 skips that run.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1

/** The npm package whose `node` binary is the second runtime. */
const NODE_LTS_PACKAGE = 'node@24'

const unit = run('npx', ['vitest', 'run'])
if (unit !== 0) process.exit(unit)

const onLts = process.env.TEST_NODE24 ? process.env.TEST_NODE24 === '1' : process.env.CI === 'true'
if (onLts) {
  const version = spawnSync('npx', ['-y', '-p', NODE_LTS_PACKAGE, 'node', '--version'], { cwd: root, encoding: 'utf8' })
  if (version.status !== 0) {
    console.error(`could not run ${NODE_LTS_PACKAGE} through npx:\n${version.stderr}`)
    process.exit(version.status ?? 1)
  }
  console.log(`\nUnit and API tests again under Node ${version.stdout.trim()} (${NODE_LTS_PACKAGE})\n`)
  const lts = run('npx', ['-y', '-p', NODE_LTS_PACKAGE, 'node', 'node_modules/vitest/vitest.mjs', 'run'])
  if (lts !== 0) process.exit(lts)
}

process.exit(run('node', ['scripts/e2e.mjs']))
