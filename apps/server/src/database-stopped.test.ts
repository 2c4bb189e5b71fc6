import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
// The production build of the pages (npm run build, also run at install), as the server serves it.
import * as build from '@agency/web/build/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createSite, type Site } from './site.ts'

describe('a site whose embedded database gets stuck in one statement', () => {
  let dir: string
  let site: Site
  const stops: Error[] = []

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'agency-stopped-'))
    const config = loadConfig({ DATA_DIR: dir, SEED_PROPERTIES: '0', EMBEDDED_DATABASE_STALL_MS: '400', ALERT_INTERVAL_MS: '0', LOG_LEVEL: 'silent' })
    site = await createSite(config, { build, mode: 'production' }, { onDatabaseStopped: (error) => stops.push(error) })
  }, 120_000)
  afterAll(async () => {
    await site?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('stops the database past EMBEDDED_DATABASE_STALL_MS, tells the server once, and answers 503 on /api/health', async () => {
    expect((await site.app.inject('/api/health')).statusCode).toBe(200)
    const error = await site.database.db.execute(sql.raw('do $$ begin loop end loop; end $$')).then(
      () => null,
      (e: unknown) => e,
    )
    expect((error as Error).cause).toMatchObject({ message: "the embedded database's thread has not answered for 400 ms: stopped" })
    expect(stops.map((stop) => stop.message)).toEqual(["the embedded database's thread has not answered for 400 ms: stopped"])
    const health = await site.app.inject('/api/health')
    expect(health.statusCode).toBe(503)
    expect(health.json()).toEqual({ status: 'error', database: 'error' })
  })
})
