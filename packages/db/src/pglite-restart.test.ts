import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRestartingPgliteThread } from './pglite-restart.ts'

/** A function that calls itself n deep: each call a few kilobytes of stack. */
const DEEP = 'create function deep(n int) returns int language plpgsql as $$ begin if n = 0 then return 0; end if; return deep(n - 1) + 1; end $$'
/**
 * A statement that fails inside PGlite's WebAssembly, as PGlite's own faults do: past V8's limit on a
 * 2 MB thread stack, with PostgreSQL's own limit (7 MB) out of the way. Sent with exec, which is never
 * run again on a new thread.
 */
const FAULT = "set max_stack_depth = '7MB'; select deep(1000000)"
const FAILED = /^the embedded database failed inside a statement and cannot go on \(/

function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  )
}

describe('the embedded database in a thread started again when it stops', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agency-restart-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('after a fault inside PGlite, fails the statement it faulted in, runs the calls that waited behind it on a new thread with what was committed, and goes on', async () => {
    const restarted: Error[] = []
    const stopped: Error[] = []
    const client = await startRestartingPgliteThread(dir, { stackSizeMb: 2, onRestarted: (e) => restarted.push(e), onStopped: (e) => stopped.push(e) })
    try {
      await client.exec(`${DEEP}; create table kept (n int); insert into kept values (1), (2)`)
      const fault = failureOf(client.exec(FAULT))
      // Sent while the fault runs, so waiting for their turn behind it: never begun there, they run on
      // the new thread, in order, the write as well as the read.
      const read = client.query<{ total: number }>('select sum(n)::int as total from kept')
      const write = failureOf(client.query('insert into kept values (3)'))
      expect(await fault).toMatchObject({ name: 'EmbeddedDatabaseFailure', message: expect.stringMatching(FAILED) })
      expect((await read).rows).toEqual([{ total: 3 }])
      expect(await write).toBeNull()
      expect((await client.query('select n from kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
      await client.query('insert into kept values (4)')
      expect((await client.query('select n from kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }])
      expect(restarted.map((e) => e.message)).toEqual([expect.stringMatching(FAILED)])
      expect(stopped).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('after a thread stuck in one statement, starts a new one; a transaction open on the old one fails', async () => {
    const restarted: Error[] = []
    const client = await startRestartingPgliteThread(dir, { stallTimeoutMs: 2000, onRestarted: (e) => restarted.push(e) })
    try {
      await client.exec('create table kept (n int); insert into kept values (1)')
      const transaction = failureOf(
        client.transaction(async (tx) => {
          await tx.query('insert into kept values (2)')
          await tx.exec('do $$ begin loop end loop; end $$')
        }),
      )
      expect(await transaction).toMatchObject({ message: "the embedded database's thread has not answered for 2000 ms: stopped" })
      expect((await client.query('select n from kept')).rows).toEqual([{ n: 1 }])
      expect(restarted).toHaveLength(1)
    } finally {
      await client.close()
    }
  })

  it('stops for good past maxRestarts: onStopped is told once and every call fails', async () => {
    const restarted: Error[] = []
    const stopped: Error[] = []
    const client = await startRestartingPgliteThread(dir, { stackSizeMb: 2, maxRestarts: 1, onRestarted: (e) => restarted.push(e), onStopped: (e) => stopped.push(e) })
    await client.exec(DEEP)
    expect(await failureOf(client.exec(FAULT))).toMatchObject({ name: 'EmbeddedDatabaseFailure' })
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    expect(await failureOf(client.exec(FAULT))).toMatchObject({ name: 'EmbeddedDatabaseFailure' })
    await expect.poll(() => stopped.length).toBe(1)
    expect(await failureOf(client.query('select 1 as one'))).toBe(stopped[0])
    expect(restarted).toHaveLength(1)
    expect(stopped[0]?.message).toMatch(FAILED)
    await client.close()
  })
})
