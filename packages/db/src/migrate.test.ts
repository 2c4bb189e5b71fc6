import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from './client.ts'
import { createTestDatabase, testDatabaseKinds } from './testing.ts'

describe.each(testDatabaseKinds())('migrate on %s', (kind) => {
  it('creates the catalogue and loads every property type and style', async () => {
    const database = await createTestDatabase(kind)
    try {
      const types = await queryRows(database.db, sql`select count(*)::int as n from property_types`)
      const styles = await queryRows(database.db, sql`select count(*)::int as n from property_styles`)
      expect(types[0]).toEqual({ n: 6 })
      expect(styles[0]).toEqual({ n: 24 })
      const ext = await queryRows<{ extname: string }>(database.db, sql`select extname from pg_extension where extname in ('cube','earthdistance','pg_trgm') order by 1`)
      expect(ext.map((r) => r.extname)).toEqual(['cube', 'earthdistance', 'pg_trgm'])
    } finally {
      await database.close()
    }
  })
})
