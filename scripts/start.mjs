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

/** Builds the site when the compiled server is missing; exits the process when the build fails. */
export function ensureBuilt() {
  if (existsSync(SERVER_ENTRY)) return
  console.log('building the site (first start)')
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilt()
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
