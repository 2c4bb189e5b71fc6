import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDatabase, queryRows, type Database } from './client.ts'
import { startPgliteThread } from './pglite-thread.ts'

/** A function that calls itself n deep: each call a few kilobytes of stack. */
const DEEP = 'create function deep(n int) returns int language plpgsql as $$ begin if n = 0 then return 0; end if; return deep(n - 1) + 1; end $$'

async function failureOf(database: Database, depth: number): Promise<unknown> {
  const error = await queryRows(database.db, sql`select deep(${depth}::int) as v`).then(
    () => null,
    (e: unknown) => e,
  )
  return (error as Error | null)?.cause
}

const FAILED = /^the embedded database failed inside a statement and cannot go on \(/

describe('a statement that recurses deeper than the stack allows', () => {
  it("in the database's own thread meets PostgreSQL's limit first: PostgreSQL's error, and the database goes on", async () => {
    const database = await createDatabase({ dataDir: 'memory', thread: true })
    try {
      await database.db.execute(sql.raw(DEEP))
      expect(await failureOf(database, 5_000)).toMatchObject({ code: '54001', message: 'stack depth limit exceeded' })
      expect(await queryRows(database.db, sql`select deep(${300}::int) as v`)).toEqual([{ v: 300 }])
    } finally {
      await database.close()
    }
  })

  it("past V8's limit, fails that statement and every one after it instead of answering no rows", async () => {
    const database = await createDatabase({ dataDir: 'memory' })
    await database.db.execute(sql.raw(DEEP))
    // PostgreSQL's limit comes some 5,000 calls deep in PGlite (max_stack_depth raised or not); V8's on
    // this thread's stack of under 4 MB comes first.
    await database.db.execute(sql`set max_stack_depth = '7MB'`)
    const failure = await failureOf(database, 100_000)
    expect(failure).toMatchObject({ name: 'EmbeddedDatabaseFailure', message: expect.stringMatching(FAILED) })
    const next = await queryRows(database.db, sql`select 1 as one`).then(
      () => null,
      (e: unknown) => (e as Error).cause,
    )
    expect(next).toBe(failure)
    await database.close()
  })

  it("past V8's limit in the database's thread, ends the thread and tells the site", async () => {
    const stops: Error[] = []
    // A 1 MB stack for the thread: V8's limit comes some 300 calls deep, PostgreSQL's some 5,000 deep
    // whatever max_stack_depth says. At 2 MB (some 600 calls measured here) one CI run still met
    // PostgreSQL's first, so the margin is kept wide.
    const client = await startPgliteThread(undefined, { onStopped: (error) => stops.push(error), stackSizeMb: 1 })
    await client.exec(DEEP)
    await client.exec("set max_stack_depth = '7MB'")
    await expect(client.query('select deep(1000000) as v')).rejects.toThrow(FAILED)
    await expect(client.query('select 1')).rejects.toThrow(FAILED)
    expect(stops.map((error) => error.message)).toEqual([expect.stringMatching(FAILED)])
  })
})
