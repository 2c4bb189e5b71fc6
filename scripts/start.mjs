// `npm start`: run the compiled server with plain node (migrations and demo data happen inside it).
// `npm install` builds it (the root `prepare` script); when the build is missing, for instance after
// an install with --ignore-scripts, the first start makes it. A changed source file never triggers a
// rebuild here: `npm run build` does that.
import { spawnSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js')

/**
 * Node's options for the server (and its workers, which inherit them). A request allocates a few
 * hundred kilobytes that die young (query text, rows, the answer); V8's default young generation
 * (16 MB semi-spaces) filled and was collected hundreds of times a second under load, 11% of a
 * worker's time. At 32 MB: about 12% more searches a second and p99 under load from 63–72 to
 * 48–55 ms (docs/production.md, "Starting"), for some 50 MB more memory per process. The Dockerfile repeats them.
 */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=32']

/** Builds the site when the compiled server is missing; exits the process when the build fails. */
export function ensureBuilt() {
  if (existsSync(SERVER_ENTRY)) return
  console.log('building the site (first start)')
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilt()
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_ENTRY], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
