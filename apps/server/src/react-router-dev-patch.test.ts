import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// patches/@react-router+dev+7.18.4.patch: React Router's build tool loads its config, and compiles
// the route modules, with Vite servers of its own, created with `envFile: false`, an option Vite 8
// deprecates and warns about at every start (three lines on every `npm install`, build and typegen).
// Patched, they pass Vite's own replacement, `envDir: false`: no .env file is read, as before.
const WEB = fileURLToPath(new URL('../../web', import.meta.url))

describe('React Router’s build tool, as patched', () => {
  it('loads the site’s config and routes without a deprecation warning', () => {
    // Typegen goes through the same config loader as `react-router build`, in a few seconds; with the
    // test pages, as `npm run typecheck` runs it, so that the types it writes stay the same.
    const run = spawnSync('npx', ['react-router', 'typegen'], {
      cwd: WEB,
      env: { ...process.env, TEST_PAGES: '1', NO_COLOR: '1' },
      encoding: 'utf8',
    })
    expect(run.status).toBe(0)
    const printed = `${run.stdout}${run.stderr}`
    expect(printed).not.toMatch(/deprecated/i)
  })
})
