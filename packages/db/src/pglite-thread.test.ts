import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, queryRows, type Database } from './client.ts'
import { startPgliteThread } from './pglite-thread.ts'

const notes = pgTable('notes', { id: serial('id').primaryKey(), label: text('label').notNull(), rank: integer('rank') })

async function createNotes(database: Database): Promise<void> {
  await database.db.execute(sql`create table notes (id serial primary key, label text not null unique, rank integer)`)
}

/** Values of most kinds PostgreSQL sends, each as Drizzle's PGlite driver reads it. */
const KINDS = sql`select now()::timestamptz as at, '2026-11-21'::date as day, '1 day 2 hours'::interval as span,
  '1250000.50'::numeric as price, 9007199254740993::int8 as big, 2.5::float8 as ratio, true as yes, null::text as nothing,
  '{"a":[1,"two",null]}'::jsonb as doc, '\\x00ff10'::bytea as bytes, array['x','y'] as words, array[1,2] as numbers,
  array['2026-11-21'::date] as days, point(1.5, 2) as spot`

describe('the embedded database in a thread of its own', () => {
  let threaded: Database
  let local: Database

  beforeAll(async () => {
    ;[threaded, local] = await Promise.all([createDatabase({ dataDir: 'memory', thread: true }), createDatabase({ dataDir: 'memory' })])
    await Promise.all([createNotes(threaded), createNotes(local)])
  })
  afterAll(async () => {
    await Promise.all([threaded?.close(), local?.close()])
  })

  it('answers raw SQL and typed selects with the values the database in this thread gives', async () => {
    const [there, here] = await Promise.all([queryRows(threaded.db, KINDS), queryRows(local.db, KINDS)])
    expect({ ...there[0], at: null }).toEqual({ ...here[0], at: null })
    // Drizzle's parsers, which PGlite holds in both (holdDrizzleParsers): dates and times, alone or in
    // arrays, stay PostgreSQL's text.
    for (const row of [there[0], here[0]]) {
      expect(row?.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
      expect([row?.day, row?.span, row?.days]).toEqual(['2026-11-21', '1 day 02:00:00', '{2026-11-21}'])
    }
    expect(there[0]?.bytes).toEqual(new Uint8Array([0, 255, 16]))

    for (const database of [threaded, local]) {
      await database.db.insert(notes).values([{ label: 'first', rank: 2 }, { label: 'second', rank: null }])
    }
    const read = (database: Database) => database.db.select({ label: notes.label, rank: notes.rank }).from(notes).orderBy(notes.id)
    expect(await read(threaded)).toEqual([
      { label: 'first', rank: 2 },
      { label: 'second', rank: null },
    ])
    expect(await read(threaded)).toEqual(await read(local))
  })

  it("keeps PostgreSQL's error fields: code, constraint, detail", async () => {
    await threaded.db.insert(notes).values({ label: 'unique' })
    const error = await threaded.db
      .insert(notes)
      .values({ label: 'unique' })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).cause).toMatchObject({ code: '23505', constraint: 'notes_label_key', detail: 'Key (label)=(unique) already exists.' })
  })

  it('commits a transaction, and rolls back one whose callback throws or calls rollback, savepoints included', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.insert(notes).values({ label: 'kept' })
      await tx
        .transaction(async (inner) => {
          await inner.insert(notes).values({ label: 'inner, undone' })
          throw new Error('undo the savepoint')
        })
        .catch(() => undefined)
    })
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.insert(notes).values({ label: 'thrown' })
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.insert(notes).values({ label: 'rolled back' })
        tx.rollback()
      }),
    ).rejects.toThrow('Rollback')
    const labels = (await threaded.db.select({ label: notes.label }).from(notes)).map((row) => row.label)
    expect(labels).toContain('kept')
    expect(labels).not.toContain('inner, undone')
    expect(labels).not.toContain('thrown')
    expect(labels).not.toContain('rolled back')
  })

  it('runs a call made during a transaction after it, seeing what it committed', async () => {
    let release: () => void = () => {}
    let inside: () => void = () => {}
    const entered = new Promise<void>((resolve) => (inside = resolve))
    const held = threaded.db.transaction(async (tx) => {
      await tx.insert(notes).values({ label: 'during' })
      inside()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await entered
    const after = queryRows<{ n: number }>(threaded.db, sql`select count(*)::int as n from notes where label = 'during'`)
    release()
    await held
    expect(await after).toEqual([{ n: 1 }])
  })

  it('prepares each statement text outside a transaction once, in the thread as in this thread, and none when told 0', async () => {
    const texts = async (database: Database) =>
      (await queryRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements`)).map((r) => r.statement)
    const rank = (database: Database, label: string) => database.db.select({ rank: notes.rank }).from(notes).where(sql`${notes.label} = ${label}`)
    for (const database of [threaded, local]) {
      await rank(database, 'first')
      await rank(database, 'second')
      const prepared = await texts(database)
      expect(prepared.filter((text) => text.includes('from "notes" where "notes"."label" = $1'))).toHaveLength(1)
    }
    const unprepared = await createDatabase({ dataDir: 'memory', thread: true, preparedStatements: 0 })
    try {
      await createNotes(unprepared)
      await rank(unprepared, 'first')
      expect(await texts(unprepared)).toEqual([])
    } finally {
      await unprepared.close()
    }
  })

  it('refuses query options it cannot carry to the thread, and calls once closed', async () => {
    const client = await startPgliteThread(undefined)
    await expect(client.query('select 1', [], { serializers: {} })).rejects.toThrow("the embedded database's thread takes a row mode and Drizzle's date parsers")
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
    await client.close()
    await expect(client.query('select 1')).rejects.toThrow("the embedded database's thread stopped")
  })
})

/** A statement that never ends, spinning in the database's thread as a stuck one would. */
const FOREVER = 'do $$ begin loop end loop; end $$'

describe("the embedded database's thread, watched", () => {
  it('stops a thread stuck in one statement past its stall time: that call and every later one fail, and onStopped is told once', async () => {
    const stops: Error[] = []
    const client = await startPgliteThread(undefined, { stallTimeoutMs: 2000, onStopped: (error) => stops.push(error) })
    await expect(client.query(FOREVER)).rejects.toThrow("the embedded database's thread has not answered for 2000 ms: stopped")
    await expect(client.query('select 1')).rejects.toThrow('has not answered for 2000 ms')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(stops.map((error) => error.message)).toEqual(["the embedded database's thread has not answered for 2000 ms: stopped"])
    await client.close()
  })

  it('leaves alone a thread busy with a queue of calls for longer than the stall time, each shorter than it', async () => {
    const stops: Error[] = []
    // A stall time that one call stays well under even on a machine loaded many times over (one is
    // tens of milliseconds alone), while the queue of them takes longer than it.
    const client = await startPgliteThread(undefined, { stallTimeoutMs: 1000, onStopped: (error) => stops.push(error) })
    try {
      // Sent at once, they wait their turn in the database's thread and run one after another: seconds
      // in all, which the watchdog's pings, answered between two of them, must not take as stuck.
      const counts = await Promise.all(Array.from({ length: 60 }, () => client.query<{ n: number }>('select count(*)::int as n from generate_series(1, 300000)')))
      expect(counts.every((result) => result.rows[0]?.n === 300_000)).toBe(true)
      expect(stops).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('leaves alone a thread that is idle, or holds a transaction open, for longer than the stall time; close() is not a stop', async () => {
    const stops: Error[] = []
    const database = await createDatabase({ dataDir: 'memory', thread: true, stallTimeoutMs: 1000, onStopped: (error) => stops.push(error) })
    await createNotes(database)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ label: 'slow' })
      await new Promise((resolve) => setTimeout(resolve, 1500))
    })
    expect(await database.db.select({ label: notes.label }).from(notes)).toEqual([{ label: 'slow' }])
    await database.close()
    expect(stops).toEqual([])
  })
})

describe('a data directory of the embedded database in its own thread', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agency-thread-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps what was written when the thread closes, for the next one', async () => {
    const first = await createDatabase({ dataDir: dir, thread: true })
    await createNotes(first)
    await first.db.insert(notes).values({ label: 'written' })
    await first.close()
    const second = await createDatabase({ dataDir: dir, thread: true })
    try {
      expect(await second.db.select({ label: notes.label }).from(notes)).toEqual([{ label: 'written' }])
    } finally {
      await second.close()
    }
  })

  it('opens again after a thread stopped in the middle of a statement, with what was committed before it', async () => {
    const first = await createDatabase({ dataDir: dir, thread: true, stallTimeoutMs: 2000 })
    await first.db.insert(notes).values({ label: 'before the stop' })
    const error = await first.db.execute(sql.raw(FOREVER)).then(
      () => null,
      (e: unknown) => e,
    )
    expect((error as Error).cause).toMatchObject({ message: "the embedded database's thread has not answered for 2000 ms: stopped" })
    await first.close()
    const second = await createDatabase({ dataDir: dir, thread: true })
    try {
      expect(await second.db.select({ label: notes.label }).from(notes).orderBy(notes.id)).toEqual([{ label: 'written' }, { label: 'before the stop' }])
    } finally {
      await second.close()
    }
  })
})
