// Whether a build is of the sources as they are now. A build writes a stamp beside its output: a hash of
// every file it is made from (the workspaces' sources and configuration, the lock file, the patches),
// taken before it began. The end-to-end run (scripts/e2e.mjs) builds again only when the sources no
// longer match the stamp: after `npm ci` (whose `prepare` builds) or a second run with only tests
// changed, the build is not done twice.
//
// The files are those git knows or would add (`git ls-files --cached --others --exclude-standard`),
// which leaves out the builds, node_modules and data; the tests are left out too, for no build holds
// them. Without git (a Docker build from a copy) there is no stamp and every build runs.
//
// `npm run build` begins with `node scripts/build-stamp.mjs begin` (the build's stamp goes, the hash of
// the sources as they are then is kept aside) and ends with `… write` (the kept hash becomes the stamp),
// so a file changed while it built leaves a stamp that no longer matches. TEST_PAGES=1: the build with
// the test pages.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** What a build is made from, as pathspecs from the root. */
const SOURCES = ['apps', 'packages', 'patches', 'package.json', 'package-lock.json', 'tsconfig.base.json']

/** Files of SOURCES that no build holds: tests and what only they load, and documents. */
const NOT_BUILT = /(^|\/)tests\/|\.test\.tsx?$|\.md$/

/** Where each build's stamp is kept: beside the server's output, the build's last step. */
function stampPath(testPages) {
  return path.join(ROOT, 'apps/server', testPages ? 'dist-e2e' : 'dist', '.source-hash')
}

/** The hash of the sources as they are now, or null without git. */
export function sourceHash(testPages) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...SOURCES], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (listed.status !== 0 || listed.error) return null
  const hash = createHash('sha256').update(testPages ? 'test-pages\n' : 'production\n')
  const files = listed.stdout.split('\0').filter((f) => f && !NOT_BUILT.test(f)).sort()
  for (const file of files) {
    const full = path.join(ROOT, file)
    // A file deleted but not yet staged is listed and gone.
    if (!existsSync(full)) continue
    hash.update(`${file}\0`).update(readFileSync(full)).update('\0')
  }
  return hash.digest('hex')
}

/** Whether the build (production, or with the test pages) is of `hash`, the sources as they are now. */
export function isBuildCurrent(testPages, hash = sourceHash(testPages)) {
  const stamp = stampPath(testPages)
  return hash !== null && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash
}

/** Stamps the build with `hash` (taken before it began); nothing without git. */
export function writeBuildStamp(testPages, hash) {
  if (hash === null) return
  mkdirSync(path.dirname(stampPath(testPages)), { recursive: true })
  writeFileSync(stampPath(testPages), `${hash}\n`)
}

/** Before a build: its stamp goes, and the hash of the sources as they are now is kept aside. */
export function beginBuild(testPages) {
  const hash = sourceHash(testPages)
  rmSync(stampPath(testPages), { force: true })
  if (hash === null) return
  mkdirSync(path.dirname(stampPath(testPages)), { recursive: true })
  writeFileSync(`${stampPath(testPages)}.pending`, `${hash}\n`)
}

/** After a build: the hash kept aside when it began becomes its stamp. */
export function endBuild(testPages) {
  const pending = `${stampPath(testPages)}.pending`
  if (existsSync(pending)) renameSync(pending, stampPath(testPages))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const testPages = process.env.TEST_PAGES === '1'
  const step = process.argv[2]
  if (step === 'begin') beginBuild(testPages)
  else if (step === 'write') endBuild(testPages)
  else {
    console.error('usage: node scripts/build-stamp.mjs begin|write')
    process.exit(2)
  }
}
