import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SERVER_ENTRY } from '../../../../scripts/start.mjs'

// The compiled server as an operator runs it: `node apps/server/dist/main.js`, with or without NODE_ENV.
// A preload reports which build of React and React DOM each `require` of the packages chose; an
// invalid PORT then stops the server once its modules have loaded (before any database is opened).

const dir = mkdtempSync(path.join(os.tmpdir(), 'agency-entry-'))
const PRELOAD = path.join(dir, 'report-react-builds.cjs')
writeFileSync(
  PRELOAD,
  `const Module = require('node:module')
const load = Module._load
Module._load = function (request, parent) {
  if (/^\\.\\/cjs\\/react[a-z.-]*\\.(development|production)\\.js$/.test(request) && /[\\\\/]node_modules[\\\\/]react(-dom)?[\\\\/]/.test(parent?.filename ?? '')) {
    process.stderr.write('REACT BUILD ' + request + '\\n')
  }
  return load.apply(this, arguments)
}
`,
)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The React builds loaded by the server run with `env` (and no NODE_ENV unless it names one). */
function reactBuildsOf(env: Record<string, string>): string[] {
  const { NODE_ENV: _unset, ...inherited } = process.env
  const run = spawnSync(process.execPath, ['--require', PRELOAD, SERVER_ENTRY], {
    env: { ...inherited, DATA_DIR: dir, PORT: 'no-port', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })
  // The configuration is refused after every module has loaded: the server did not start.
  expect(run.status).toBe(1)
  return [...run.stderr.matchAll(/^REACT BUILD \.\/cjs\/(\S+)$/gm)].map((m) => m[1] ?? '')
}

describe('the production entry', () => {
  it('loads React\'s production builds when run with plain node and no NODE_ENV', () => {
    const builds = reactBuildsOf({})
    expect(builds).toContain('react.production.js')
    expect(builds.some((b) => b.startsWith('react-dom-server'))).toBe(true)
    expect(builds.filter((b) => b.includes('development'))).toEqual([])
  })

  it('keeps a NODE_ENV that is set', () => {
    const builds = reactBuildsOf({ NODE_ENV: 'development' })
    expect(builds).toContain('react.development.js')
    expect(builds.filter((b) => b.includes('production'))).toEqual([])
  })
})
