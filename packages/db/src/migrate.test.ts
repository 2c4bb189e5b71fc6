import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDatabase, queryRows, type Database } from './client.ts'
import { migrate } from './migrate.ts'
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

describe('the tests’ migrated PGlite dump', () => {
  /** What the migrations made: tables and their columns, indexes, functions and the migrations applied. */
  const schemaOf = async (database: Database) => {
    const columns = await queryRows(database.db, sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' order by 1, 2`)
    const indexes = await queryRows(database.db, sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`)
    const functions = await queryRows(database.db, sql`select proname, pg_get_function_identity_arguments(oid) as args from pg_proc where pronamespace = 'public'::regnamespace order by 1, 2`)
    const migrations = await queryRows(database.db, sql`select hash, created_at from drizzle.__drizzle_migrations order by id`)
    const types = await queryRows(database.db, sql`select * from property_types order by 1`)
    return { columns, indexes, functions, migrations, types }
  }

  it('holds what migrating a new database makes', async () => {
    const fresh = await createDatabase({ dataDir: 'memory' })
    const loaded = await createTestDatabase('pglite')
    try {
      await migrate(fresh)
      const expected = await schemaOf(fresh)
      expect(expected.migrations.length).toBeGreaterThan(20)
      expect(expected.indexes.length).toBeGreaterThan(20)
      expect(await schemaOf(loaded)).toEqual(expected)
    } finally {
      await fresh.close()
      await loaded.close()
    }
  })
})
