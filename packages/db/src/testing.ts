import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createDatabase, withDefaultUser, type Database } from './client.ts'
import { migrate } from './migrate.ts'

/** A fresh, migrated database for one test file, and how to throw it away. */
export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database, when it is one. */
  url?: string
}

/**
 * A fresh migrated database: in-memory PGlite by default, or, when `kind` is 'postgres', a new
 * database created on the server of `TEST_DATABASE_URL` and dropped on close.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres' = 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await createDatabase({ dataDir: 'memory' })
    await migrate(database)
    return database
  }
  const testUrl = testDatabaseUrl()
  if (!testUrl) throw new Error('TEST_DATABASE_URL is not set')
  const serverUrl = withDefaultUser(testUrl)
  const name = `agency_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let closing = false
  const database = await createDatabase({
    databaseUrl: url.toString(),
    poolSize: 4,
    // Dropping the database terminates connections whose goodbye the server has not read yet.
    onConnectionError: (error) => {
      if (!closing) throw error
    },
  })
  await migrate(database)
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      closing = true
      await database.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}

/** The PostgreSQL server CI machines run (trust auth, database `test`). */
export const CI_DATABASE_URL = 'postgres://127.0.0.1:5432/test'

/**
 * The PostgreSQL server the tests use: `TEST_DATABASE_URL`, or under CI the CI machine's own server,
 * so that CI never silently skips PostgreSQL (an unreachable server fails the tests loudly).
 */
export function testDatabaseUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  if (process.env.CI) return CI_DATABASE_URL
  return undefined
}

/** The database kinds the tests run on: PGlite always; PostgreSQL too under CI or when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): Array<'pglite' | 'postgres'> {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite']
}
export * from './blm/write.ts'
