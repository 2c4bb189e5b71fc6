import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, isDatabaseBusy, isDatabaseUnavailable, queryRows, type Database } from './client.ts'
import { sql } from 'drizzle-orm'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing.ts'

describe('isDatabaseUnavailable', () => {
  it('knows a terminated backend, a server restarting, a reset or refused socket and a lost connection, also wrapped as Drizzle wraps them', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
    expect(isDatabaseUnavailable(terminated)).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: terminated }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false)
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false)
    expect(isDatabaseBusy(terminated)).toBe(false)
  })
})

describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('a connection lost under a statement, on %s', () => {
  let test: TestDatabase
  let database: Database
  let admin: pg.Client

  beforeAll(async () => {
    test = await createTestDatabase('postgres')
    // Terminated connections are expected here: the pool reports them to this handler, not the test's.
    database = await createDatabase({ databaseUrl: test.url!, poolSize: 2, onConnectionError: () => undefined })
    admin = new pg.Client({ connectionString: test.url! })
    await admin.connect()
    await database.db.execute(sql`create table lost_writes (n int)`)
  }, 60_000)
  afterAll(async () => {
    await admin?.end()
    await database?.close()
    await test?.close()
  })

  /** Terminates, once, the backend that runs a statement holding `marker`, while it runs. */
  async function terminateWhenRunning(marker: string): Promise<number> {
    for (let i = 0; i < 200; i++) {
      const found = await admin.query<{ pid: number }>(`select pid from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`, [`%${marker}%`])
      if (found.rows[0]) {
        await admin.query('select pg_terminate_backend($1)', [found.rows[0].pid])
        return found.rows[0].pid
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`no statement with ${marker} ran`)
  }

  it('runs a read once more on another connection when its connection is terminated under it, and answers it', async () => {
    const reading = queryRows<{ n: number; pid: number }>(database.db, sql`select 7 as n, pg_backend_pid() as pid, pg_sleep(0.5) is null as read_marker_1`)
    const terminated = await terminateWhenRunning('read_marker_1')
    const rows = await reading
    expect(rows.map((row) => row.n)).toEqual([7])
    // The answer came from another backend than the one terminated.
    expect(rows[0]!.pid).not.toBe(terminated)
  })

  it('never sends a write twice: a write whose connection is lost fails as unavailable, and the next one works', async () => {
    // Drizzle sends a statement when its answer is first asked for: asked for at once here.
    const writing = database.db.execute(sql`insert into lost_writes select 1 from pg_sleep(0.5) as write_marker_1`).then(
      () => null,
      (e: unknown) => e,
    )
    await terminateWhenRunning('write_marker_1')
    const error = await writing
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from lost_writes`)).toEqual([{ n: 0 }])
    await database.db.execute(sql`insert into lost_writes values (2)`)
    expect(await queryRows<{ n: number }>(database.db, sql`select n from lost_writes`)).toEqual([{ n: 2 }])
  })
  it('survives a connection lost inside a transaction between two of its statements: the transaction fails as unavailable, nothing else does', async () => {
    let pid = 0
    const transaction = database.db
      .transaction(async (tx) => {
        pid = (await queryRows<{ pid: number }>(tx as unknown as Database['db'], sql`select pg_backend_pid() as pid`))[0]!.pid
        await admin.query('select pg_terminate_backend($1)', [pid])
        // The connection's end arrives while no statement runs on it.
        await new Promise((resolve) => setTimeout(resolve, 200))
        await tx.execute(sql`insert into lost_writes values (3)`)
      })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(isDatabaseUnavailable(await transaction)).toBe(true)
    expect(pid).toBeGreaterThan(0)
    expect(await queryRows<{ n: number }>(database.db, sql`select n from lost_writes order by n`)).toEqual([{ n: 2 }])
  })
})
