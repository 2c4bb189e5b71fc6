import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createDatabase, queryRows, withDefaultUser } from './client.ts'
import { statementName, withCustomPlans } from './named-statements.ts'
import { testDatabaseKinds, testDatabaseUrl } from './testing.ts'

// Through testDatabaseKinds: under CI these run with the PostgreSQL half of the tests (scripts/test.mjs).
const serverUrl = testDatabaseKinds().includes('postgres') ? testDatabaseUrl() : undefined

describe.runIf(serverUrl)('createDatabase on PostgreSQL', () => {
  it('reports an idle connection the server terminated, drops it and goes on answering', async () => {
    const errors: string[] = []
    const database = await createDatabase({ databaseUrl: serverUrl, poolSize: 1, onConnectionError: (error) => errors.push(error.message) })
    try {
      const [backend] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`)
      const admin = new pg.Client({ connectionString: withDefaultUser(serverUrl!) })
      await admin.connect()
      try {
        await admin.query('select pg_terminate_backend($1)', [backend?.pid])
      } finally {
        await admin.end()
      }
      await expect.poll(() => errors).toEqual(['terminating connection due to administrator command'])
      const rows = await queryRows<{ answer: number }>(database.db, sql`select 42 as answer`)
      expect(rows).toEqual([{ answer: 42 }])
    } finally {
      await database.close()
    }
  })

  /** The statements the pool's one connection holds prepared, and its plan cache mode. */
  async function preparedOf(database: Awaited<ReturnType<typeof createDatabase>>) {
    const statements = await queryRows<{ name: string; statement: string }>(database.db, sql`select name, statement from pg_prepared_statements order by name`)
    const [mode] = await queryRows<{ plan_cache_mode: string }>(database.db, sql`show plan_cache_mode`)
    return { statements, mode: mode?.plan_cache_mode }
  }

  it('parses a statement once per connection and runs it by name afterwards, planned for each execution', async () => {
    const database = await createDatabase({ databaseUrl: serverUrl, poolSize: 1 })
    try {
      const plusOne = (n: number) => sql`select ${n}::int + 1 as answer`
      expect(await queryRows(database.db, plusOne(1))).toEqual([{ answer: 2 }])
      expect(await queryRows(database.db, plusOne(41))).toEqual([{ answer: 42 }])
      const text = 'select $1::int + 1 as answer'
      const { statements, mode } = await preparedOf(database)
      expect(statements).toEqual([{ name: statementName(text), statement: text }])
      expect(mode).toBe('force_custom_plan')
      // Several statements in one text, without parameters, still run (by the simple protocol).
      await database.db.execute(sql.raw('select 1; select 2'))
    } finally {
      await database.close()
    }
  })

  it('prepares at most its limit of texts per connection, and runs the others unnamed', async () => {
    const database = await createDatabase({ databaseUrl: serverUrl, poolSize: 1, preparedStatements: 1 })
    try {
      expect(await queryRows(database.db, sql`select ${1}::int as one`)).toEqual([{ one: 1 }])
      expect(await queryRows(database.db, sql`select ${2}::int as two`)).toEqual([{ two: 2 }])
      expect(await queryRows(database.db, sql`select ${2}::int as two`)).toEqual([{ two: 2 }])
      expect((await preparedOf(database)).statements).toEqual([{ name: statementName('select $1::int as one'), statement: 'select $1::int as one' }])
    } finally {
      await database.close()
    }
  })

  it('prepares nothing when told so (a pooler that cannot hold prepared statements)', async () => {
    const database = await createDatabase({ databaseUrl: serverUrl, poolSize: 1, preparedStatements: 0 })
    try {
      expect(await queryRows(database.db, sql`select ${1}::int as one`)).toEqual([{ one: 1 }])
      expect(await preparedOf(database)).toEqual({ statements: [], mode: 'auto' })
    } finally {
      await database.close()
    }
  })
})

describe('withCustomPlans', () => {
  it('adds force_custom_plan to the startup options, keeping those the URL sets', () => {
    const options = (url: string) => new URL(withCustomPlans(url)).searchParams.get('options')
    expect(options('postgres://app@db.internal:5432/agency')).toBe('-c plan_cache_mode=force_custom_plan')
    expect(options('postgres://app@db.internal:5432/agency?options=-c%20search_path%3Dagency')).toBe(
      '-c search_path=agency -c plan_cache_mode=force_custom_plan',
    )
  })
})
