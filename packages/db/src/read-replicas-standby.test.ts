import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, queryRows, type Database } from './client.ts'
import { createReadDatabase } from './read-replicas.ts'

/**
 * A real hot standby, made with `pg_basebackup -R` from a primary cluster of the test's own (Debian's
 * PostgreSQL binaries; ports STANDBY_TEST_PORT and the one after it, 5491 and 5492 by default), both
 * torn down after. It runs when TEST_STANDBY=1 asks for it: it starts two clusters, which the usual
 * test run should not.
 */
const BIN = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      .find((dir) => existsSync(path.join(dir, 'pg_basebackup')))
  : undefined
const wanted = process.env.TEST_STANDBY === '1' && BIN !== undefined
const PRIMARY_PORT = Number(process.env.STANDBY_TEST_PORT ?? 5491)
const STANDBY_PORT = PRIMARY_PORT + 1

describe.skipIf(!wanted)('a read replica that is a real hot standby', () => {
  // Made when the tests run, not when they are collected: a skipped run leaves no folder behind.
  let dir = ''
  const primaryDir = () => path.join(dir, 'primary')
  const standbyDir = () => path.join(dir, 'standby')
  // PostgreSQL refuses to run as root: the clusters run as the postgres user then.
  const asPostgres = process.getuid?.() === 0
  const run = (tool: string, args: string[]) => {
    const command = path.join(BIN!, tool)
    return asPostgres ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' })
  }
  const start = (dataDir: string, port: number) => run('pg_ctl', ['-D', dataDir, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', `${dataDir}.log`, '-w', 'start'])
  const stop = (dataDir: string) => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    } catch {
      // not running
    }
  }
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`
  let primary: Database
  let reads: Database
  const warnings: Array<Record<string, unknown>> = []

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'h49-standby-'))
    if (asPostgres) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()))
    run('initdb', ['-D', primaryDir(), '-U', 'postgres', '--auth=trust', '--no-sync'])
    start(primaryDir(), PRIMARY_PORT)
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(PRIMARY_PORT), '-U', 'postgres', '-D', standbyDir(), '-R', '-X', 'stream'])
    start(standbyDir(), STANDBY_PORT)
    primary = await createDatabase({ databaseUrl: url(PRIMARY_PORT), poolSize: 2 })
    reads = createReadDatabase(primary, { urls: [url(STANDBY_PORT)], checkIntervalMs: 0, acquireTimeoutMs: 1000, log: { warn: (fields) => warnings.push(fields), info: () => undefined } })
  }, 120_000)
  afterAll(async () => {
    await reads?.close()
    await primary?.close()
    stop(standbyDir())
    stop(primaryDir())
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it("reads from the standby once it has replayed the primary's writes; writes go to the primary", async () => {
    // A write through the read handle still goes to the primary (the standby would refuse it).
    await reads.db.execute(sql`create table notes (id int primary key, body text)`)
    await reads.db.execute(sql`insert into notes values (1, 'written on the primary')`)
    let rows: Array<{ body: string; standby: boolean }> = []
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      try {
        rows = await queryRows<{ body: string; standby: boolean }>(reads.db, sql`select body, pg_is_in_recovery() as standby from notes`)
      } catch {
        // the table not replayed yet
      }
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(rows).toEqual([{ body: 'written on the primary', standby: true }])
    expect(warnings).toEqual([])
  })

  it('reads from the primary once the standby is gone, with one warning', async () => {
    stop(standbyDir())
    for (let i = 0; i < 3; i++) {
      expect(await queryRows(reads.db, sql`select body, pg_is_in_recovery() as standby from notes`)).toEqual([{ body: 'written on the primary', standby: false }])
    }
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ replica: `127.0.0.1:${STANDBY_PORT}/postgres` })
  })
})
