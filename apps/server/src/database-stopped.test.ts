import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
// The production build of the pages (npm run build, also run at install), as the server serves it.
import * as build from '@agency/web/build/server'
import { sql } from 'drizzle-orm'
import { queryRows } from '@agency/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createSite, type Site } from './site.ts'

const STUCK = 'do $$ begin loop end loop; end $$'
// Long enough that no statement of the site's start (the gazetteer's inserts, some hundred milliseconds
// on a loaded machine) is taken for stuck; a stuck one still fails within seconds.
const STALL_MS = 2000
const STALLED = `the embedded database's thread has not answered for ${STALL_MS} ms: stopped`

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => (e as Error).cause ?? e,
  )
}

/** A site on a fresh data directory whose embedded database takes STALL_MS for stuck. */
function siteWith(env: Record<string, string>) {
  const state: { dir: string; site: Site | undefined; stops: Error[] } = { dir: '', site: undefined, stops: [] }
  beforeAll(async () => {
    state.dir = mkdtempSync(path.join(tmpdir(), 'agency-stopped-'))
    const config = loadConfig({ DATA_DIR: state.dir, SEED_PROPERTIES: '0', EMBEDDED_DATABASE_STALL_MS: String(STALL_MS), ALERT_INTERVAL_MS: '0', LOG_LEVEL: 'silent', ...env })
    state.site = await createSite(config, { build, mode: 'production' }, { onDatabaseStopped: (error) => state.stops.push(error) })
  }, 120_000)
  afterAll(async () => {
    await state.site?.close()
    rmSync(state.dir, { recursive: true, force: true })
  })
  return state
}

describe('a site whose embedded database gets stuck in one statement', () => {
  const state = siteWith({})

  it('starts its thread again on what was committed, and goes on answering', async () => {
    const site = state.site!
    await site.database.db.execute(sql.raw('create table kept (n int)'))
    await site.database.db.execute(sql.raw('insert into kept values (7)'))
    expect(await failureOf(site.database.db.execute(sql.raw(STUCK)))).toMatchObject({ message: STALLED })
    expect(await queryRows(site.database.db, sql`select n from kept`)).toEqual([{ n: 7 }])
    expect((await site.app.inject('/api/health')).statusCode).toBe(200)
    expect(state.stops).toEqual([])
  })
})

describe('a site whose embedded database may not be started again (EMBEDDED_DATABASE_RESTARTS=0)', () => {
  const state = siteWith({ EMBEDDED_DATABASE_RESTARTS: '0' })

  it('stops the database past EMBEDDED_DATABASE_STALL_MS, tells the server once, and answers 503 on /api/health', async () => {
    const site = state.site!
    expect((await site.app.inject('/api/health')).statusCode).toBe(200)
    expect(await failureOf(site.database.db.execute(sql.raw(STUCK)))).toMatchObject({ message: STALLED })
    expect(state.stops.map((stop) => stop.message)).toEqual([STALLED])
    const health = await site.app.inject('/api/health')
    expect(health.statusCode).toBe(503)
    expect(health.json()).toEqual({ status: 'error', database: 'error' })
  })
})
