import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GENERIC_PLAN_COMMENT, namedQueriesOf } from './pglite-named-statements.ts'
import { DRIZZLE_PARSERS } from './pglite-thread-protocol.ts'

// One in-memory database for the file; each test uses tables of its own.
let pg: PGlite
beforeAll(async () => {
  pg = await PGlite.create()
})
afterAll(async () => {
  await pg.close()
})

// In text order: two statements prepared in the same tick of the embedded database's clock have no
// order of their own by prepare_time.
const preparedTexts = async () =>
  (await pg.query<{ statement: string }>("select statement from pg_prepared_statements where name like 'pglite_s%' order by statement collate \"C\"")).rows.map((r) => r.statement)

describe('namedQueriesOf', () => {
  it('answers every statement as PGlite\'s query does: rows, fields, parsed types, null parameters and counts', async () => {
    const query = namedQueriesOf(pg)
    await pg.exec(`create table homes (id int primary key, price numeric, facts jsonb, seen timestamptz, tags text[], note text, photo bytea);
      insert into homes values (1, 250000.50, '{"beds": 3}', '2026-11-21 10:00:00+00', '{garden,parking}', null, '\\x0102'), (2, 99000, null, null, '{}', 'It''s "quoted"', null)`)
    const statements: [string, unknown[]][] = [
      ['select * from homes where id = $1', [1]],
      ['select * from homes where id = $1', [2]],
      ['select * from homes where price >= $1 and (note = $2 or $2 is null) order by id', [100, null]],
      ['select $1::jsonb as doc, $2::timestamptz as at, $3::text[] as list', [{ a: [1, 'two'] }, new Date('2026-11-21T10:00:00Z'), ['x', 'y,z']]],
      ['update homes set note = $1 where id = $2', ['renovated', 1]],
      ['select count(*) from homes', []],
    ]
    for (const rowMode of ['object', 'array'] as const) {
      for (const parsers of [undefined, DRIZZLE_PARSERS]) {
        for (const [text, params] of statements) {
          const options = parsers ? { rowMode, parsers } : { rowMode }
          expect(await query(text, params, options), `${text} (${rowMode}${parsers ? ', parsers' : ''})`).toEqual(await pg.query(text, params, options))
        }
      }
    }
    // Each text was prepared once, whatever its values and however often it ran.
    expect(await preparedTexts()).toEqual([...new Set(statements.map(([text]) => text))].sort())
  })

  it('keeps the plans custom, made for each execution\'s values', async () => {
    const query = namedQueriesOf(pg)
    await query('select 1', [])
    expect((await pg.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]?.plan_cache_mode).toBe('force_custom_plan')
  })

  it('runs texts past its limit unnamed, with the same answers', async () => {
    const fresh = await PGlite.create()
    try {
      const query = namedQueriesOf(fresh, 2)
      // Asked all at once, as the site's requests would: the limit still holds.
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => query<{ n: number }>(`select $1::int + ${i} as n`, [10])))
      expect(answers.map((answer) => answer.rows)).toEqual([0, 1, 2, 3, 4].map((i) => [{ n: 10 + i }]))
      const prepared = await fresh.query<{ statement: string }>('select statement from pg_prepared_statements')
      expect(prepared.rows.map((r) => r.statement).sort()).toEqual(['select $1::int + 0 as n', 'select $1::int + 1 as n'])
      // A prepared text still runs by its name.
      expect((await query<{ n: number }>('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }])
    } finally {
      await fresh.close()
    }
  })

  it('refuses as PGlite\'s query does, with PostgreSQL\'s fields and the statement, and goes on answering', async () => {
    const query = namedQueriesOf(pg)
    await pg.exec('create table emails (address text unique)')
    await query('insert into emails values ($1)', ['a@example.com'])
    const refusal = await query('insert into emails values ($1)', ['a@example.com']).catch((error: unknown) => error)
    const own = await pg.query('insert into emails values ($1)', ['a@example.com']).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(Error)
    for (const field of ['message', 'code', 'constraint', 'table', 'detail', 'severity'] as const) {
      expect((refusal as Record<string, unknown>)[field], field).toEqual((own as Record<string, unknown>)[field])
    }
    expect(refusal).toMatchObject({ code: '23505', query: 'insert into emails values ($1)', params: ['a@example.com'] })
    // A text PostgreSQL cannot parse is refused and leaves nothing prepared.
    await expect(query('selec 1', [])).rejects.toMatchObject({ code: '42601', query: 'selec 1' })
    expect(await preparedTexts()).not.toContain('selec 1')
    expect((await query<{ n: number }>('select count(*)::int as n from emails', [])).rows).toEqual([{ n: 1 }])
  })

  it('prepares a text again when PostgreSQL no longer has it as prepared: a column\'s new type, DEALLOCATE ALL', async () => {
    const query = namedQueriesOf(pg)
    await pg.exec("create table rooms (id int, size int); insert into rooms values (1, 12)")
    expect((await query('select size from rooms where id = $1', [1])).rows).toEqual([{ size: 12 }])
    await pg.exec("alter table rooms alter column size type text using size || ' sq m'")
    expect((await query('select size from rooms where id = $1', [1])).rows).toEqual([{ size: '12 sq m' }])
    await pg.exec('deallocate all')
    expect((await query('select size from rooms where id = $1', [1])).rows).toEqual([{ size: '12 sq m' }])
  })

  it('waits for a transaction that is open, as PGlite\'s query does, and never runs inside it', async () => {
    const query = namedQueriesOf(pg)
    await pg.exec('create table offers (amount int)')
    let asked: Promise<unknown> | undefined
    await pg
      .transaction(async (tx) => {
        await tx.query('insert into offers values (1)')
        asked = query<{ n: number }>('select count(*)::int as n from offers', [])
        // Given time to run, it would see the transaction's row.
        await new Promise((resolve) => setTimeout(resolve, 50))
        throw new Error('roll back')
      })
      .catch(() => undefined)
    expect(((await asked) as { rows: unknown[] }).rows).toEqual([{ n: 0 }])
  })

  it('runs a statement marked for it with the generic plan, and every other statement planned for its values', async () => {
    const query = namedQueriesOf(pg)
    const mode = async (text: string, params: unknown[] = []) => (await query<{ mode: string }>(text, params)).rows[0]?.mode
    const marked = `select current_setting('plan_cache_mode') as mode, $1::int as n ${GENERIC_PLAN_COMMENT}`
    const plain = `select current_setting('plan_cache_mode') as mode, $1::int as n`
    expect(await mode(marked, [1])).toBe('force_generic_plan')
    expect(await mode(plain, [1])).toBe('force_custom_plan')
    expect(await mode(marked, [2])).toBe('force_generic_plan')
    // A marked statement that fails leaves the next one planned for its values.
    await expect(query(`select 1 / $1::int as n ${GENERIC_PLAN_COMMENT}`, [0])).rejects.toThrow('division by zero')
    expect(await mode(plain, [3])).toBe('force_custom_plan')
  })
})
