import pg from 'pg'
import { createDatabase, withDefaultUser, type Database } from './client.ts'

/**
 * Runs `work` on a new, empty database created on the PostgreSQL server of `serverUrl` and dropped
 * afterwards, whatever `work` does: the benches measure PostgreSQL this way without touching the
 * server's own databases. The name carries `prefix` and this process's id.
 */
export async function withScratchDatabase(serverUrl: string, prefix: string, work: (database: Database) => Promise<void>): Promise<void> {
  const name = `${prefix}_${process.pid}`
  const admin = new pg.Client({ connectionString: withDefaultUser(serverUrl) })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(withDefaultUser(serverUrl))
    url.pathname = `/${name}`
    const database = await createDatabase({ databaseUrl: url.toString(), onConnectionError: () => undefined })
    try {
      await work(database)
    } finally {
      await database.close()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}
