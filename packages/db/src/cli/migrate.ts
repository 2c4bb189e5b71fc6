/**
 * Brings the database schema up to date, and builds the places gazetteer when it is empty:
 *   npm run db:migrate
 * Reads DATABASE_URL (PostgreSQL), else the PGlite database under DATA_DIR (default ./data, resolved
 * from where npm was run).
 */
import path from 'node:path'
import { createDatabase } from '../client.ts'
import { migrate } from '../migrate.ts'
import { ensurePlaces } from '../places/index.ts'

async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
  const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir })
  try {
    await migrate(database)
    const places = await ensurePlaces(database)
    if (places) console.log(`built the places gazetteer: ${JSON.stringify(places)}`)
    console.log(`migrated ${database.kind === 'postgres' ? 'PostgreSQL' : dataDir}`)
  } finally {
    await database.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
