import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createDatabase, queryRows, withDefaultUser } from './client.ts'
import { testDatabaseUrl } from './testing.ts'

const serverUrl = testDatabaseUrl()

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
})
