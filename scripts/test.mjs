// `npm test`: the whole suite. Unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set
// or under CI), then the end-to-end tests in Chromium against the production build.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1

const unit = run('npx', ['vitest', 'run'])
if (unit !== 0) process.exit(unit)
process.exit(run('node', ['scripts/e2e.mjs']))
