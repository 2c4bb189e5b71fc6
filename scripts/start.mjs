// `npm start`: build the web app when its build is missing or older than its sources, then run the
// one server process (migrations and demo data happen inside it).
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildEntry = path.join(root, 'apps/web/build/server/index.js')
const sources = ['apps/web/app', 'apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'packages/domain/src', 'packages/api-client/src']

function newestMtime(p) {
  if (!existsSync(p)) return 0
  const s = statSync(p)
  if (!s.isDirectory()) return s.mtimeMs
  let newest = 0
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)))
  return newest
}

const built = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0
const stale = sources.some((s) => newestMtime(path.join(root, s)) > built)
if (!built || stale) {
  console.log(built ? 'web sources changed: rebuilding' : 'building the web app')
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
