import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SETTINGS_USAGE, toSettings } from './settings-args.ts'

const PACKAGE_ROOT = path.resolve(import.meta.dirname, '../..')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'settings-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** `npm run settings -- …args` on an embedded database of its own: its exit status and what it printed. */
function settings(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/settings.ts', ...args], {
    cwd: PACKAGE_ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: PACKAGE_ROOT, DATABASE_URL: '' },
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('npm run settings', () => {
  it('takes SETTING_ID JSON_VALUE pairs, each value checked against its schema', () => {
    expect(toSettings(['102', '"v2"', '105', '7'])).toEqual([
      { settingId: 102, value: 'v2' },
      { settingId: 105, value: 7 },
    ])
    expect(() => toSettings(['102'])).toThrow(SETTINGS_USAGE)
    expect(() => toSettings(['card', '"v2"'])).toThrow(SETTINGS_USAGE)
    expect(() => toSettings(['102', 'v2'])).toThrow(`the value must be JSON, e.g. '"v2"' for a string: got v2`)
    expect(() => toSettings(['102', '"v2"', '104', '"purple"'])).toThrow('setting 104 refused')
  })

  it('sets several settings at once, and refuses all of them when one value is wrong, changing nothing', () => {
    const set = settings('102', '"v2"', '104', '"dark"')
    expect(set.stderr).toBe('')
    expect(set.status).toBe(0)
    expect(set.stdout).toContain('102\t"v2"')
    expect(set.stdout).toContain('104\t"dark"')

    const refused = settings('102', '"v1"', '104', '"purple"')
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('setting 104 refused')
    const after = settings()
    expect(after.stdout).toContain('102\t"v2"')
    expect(after.stdout).toContain('104\t"dark"')
  })
})
