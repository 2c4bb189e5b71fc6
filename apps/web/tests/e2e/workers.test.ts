import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../../../../scripts/serve-for-tests.mjs'

const serverUrl = testDatabaseUrl()

/** The worker processes of a primary (node:cluster forks them as its children). */
function workersOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** The status of a GET on a connection of its own (a kept-alive one may belong to the killed worker). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 10_000 }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url}`))
      })
      .on('error', reject)
  })
}

async function waitFor(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 120_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

// Needs PostgreSQL: TEST_DATABASE_URL, or the CI machine's own server under CI.
describe.skipIf(!serverUrl)('the site as two processes on one PostgreSQL (WORKERS=2)', () => {
  let database: TestDatabase
  let server: TestServer

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    server = await startServer({ databaseUrl: database.url, env: { WORKERS: '2', SEED_PROPERTIES: '20' } })
  }, 600_000)

  afterAll(async () => {
    await server?.stop()
    await database?.close()
  })

  it('serves from two workers, and replaces one that is killed while the other goes on answering', async () => {
    // Both must take connections first: killing the only one listening would close the port.
    await server.waitForLog('"msg":"workers listening"')
    expect(workersOf(server.pid)).toHaveLength(2)
    const [victim] = workersOf(server.pid)
    process.kill(victim!, 'SIGKILL')
    // Once the primary has reaped it, no connection is handed to the dead worker any more.
    await waitFor('the killed worker to be reaped', () => !workersOf(server.pid).includes(victim!))
    for (let i = 0; i < 5; i += 1) expect(await statusOf(`${server.url}/api/health`)).toBe(200)
    await server.waitForLog(`"replacing":${victim},`)
    const now = workersOf(server.pid)
    expect(now).toHaveLength(2)
    expect(now).not.toContain(victim)
    const page = await fetch(`${server.url}/sales/property-for-sale`)
    expect(await page.text()).toContain('Property for sale')
  }, 180_000)

  it('shuts every worker down on SIGTERM', async () => {
    const workers = workersOf(server.pid)
    expect(workers).toHaveLength(2)
    await server.stop()
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow()
  })
})
