import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, isDatabaseBusy, queryRows, type Database } from './client.ts'

describe.each([
  { where: 'in this thread', thread: false },
  { where: 'in a thread of its own', thread: true },
])('the embedded database $where with a bounded wait', ({ thread }) => {
  let database: Database

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory', acquireTimeoutMs: 1000, thread })
    await database.db.execute(sql`create table marks (id serial primary key, label text not null)`)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('refuses a query that waits past the limit as busy, and never runs it once the way is free', async () => {
    let release: () => void = () => {}
    let started: () => void = () => {}
    const isHeld = new Promise<void>((resolve) => (started = resolve))
    const gate = new Promise<void>((resolve) => (release = resolve))
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into marks (label) values ('held')`)
      started()
      await gate
    })
    await isHeld

    const refused = await database.db.execute(sql`insert into marks (label) values ('late')`).then(
      () => null,
      (error: unknown) => error,
    )
    expect(isDatabaseBusy(refused)).toBe(true)

    release()
    await held
    await database.db.execute(sql`insert into marks (label) values ('after')`)
    const rows = await queryRows<{ label: string }>(database.db, sql`select label from marks`)
    expect(rows.map((r) => r.label).sort()).toEqual(['after', 'held'])
  })

  it('runs the calls that wait within the limit, in the order they came', async () => {
    await database.db.execute(sql`delete from marks`)
    await Promise.all(['a', 'b', 'c', 'd'].map((label) => database.db.execute(sql`insert into marks (label) values (${label})`)))
    const rows = await queryRows<{ label: string }>(database.db, sql`select label from marks order by id`)
    expect(rows.map((r) => r.label)).toEqual(['a', 'b', 'c', 'd'])
  })
})
