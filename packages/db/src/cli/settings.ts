/**
 * Company settings from the command line (the product has no admin screens):
 *   npm run settings                      # list every setting
 *   npm run settings -- 102 '"v2"'        # set one (the value is JSON, checked against its schema)
 *   npm run settings -- 102 '"v2"' 104 '"dark"'   # set several at once: all of them, or none
 *   npm run settings -- 109 "$(cat company.json)"   # the company and compliance details
 * Reads DATABASE_URL, else the PGlite database under DATA_DIR (default ./data, from where npm ran).
 */
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { createDatabase, queryRows } from '../client.ts'
import { migrate } from '../migrate.ts'
import { companySettings } from '../schema/index.ts'
import { toSettings } from './settings-args.ts'

const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir })
try {
  // Checked before anything is written: a refused value leaves every setting as it was.
  const settings = toSettings(process.argv.slice(2))
  await migrate(database)
  await database.db.transaction(async (tx) => {
    for (const { settingId, value } of settings) {
      await tx
        .insert(companySettings)
        .values({ setting_id: settingId, value })
        .onConflictDoUpdate({ target: companySettings.setting_id, set: { value, updated_at: sql`now()` } })
    }
  })
  const rows = await queryRows<{ setting_id: number; value: unknown }>(
    database.db,
    sql`select setting_id, value from company_settings order by setting_id`,
  )
  for (const row of rows) console.log(`${row.setting_id}\t${JSON.stringify(row.value)}`)
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
} finally {
  await database.close()
}
