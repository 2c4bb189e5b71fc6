/**
 * Company settings from the command line (the product has no admin screens):
 *   npm run settings                      # list every setting
 *   npm run settings -- 102 '"v2"'        # set one (the value is JSON, checked against its schema)
 *   npm run settings -- 109 "$(cat company.json)"   # the company and compliance details
 * Reads DATABASE_URL, else the PGlite database under DATA_DIR (default ./data, from where npm ran).
 */
import path from 'node:path'
import { parseCompanySettingValue } from '@agency/domain'
import { sql } from 'drizzle-orm'
import { createDatabase, queryRows } from '../client.ts'
import { migrate } from '../migrate.ts'
import { companySettings } from '../schema/index.ts'

const [id, value] = process.argv.slice(2)
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir })
try {
  await migrate(database)
  if (id !== undefined) {
    const settingId = Number(id)
    if (!Number.isInteger(settingId) || value === undefined) throw new Error('usage: settings [SETTING_ID JSON_VALUE]')
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch {
      throw new Error(`the value must be JSON, e.g. '"v2"' for a string: got ${value}`)
    }
    // A value the site could not use is refused here, with the reasons, rather than stored and
    // silently read as the setting's default.
    const checked = parseCompanySettingValue(settingId, parsed)
    if (!checked.success) throw new Error(`setting ${settingId} refused:\n  ${checked.errors.join('\n  ')}`)
    parsed = checked.value
    await database.db
      .insert(companySettings)
      .values({ setting_id: settingId, value: parsed })
      .onConflictDoUpdate({ target: companySettings.setting_id, set: { value: parsed, updated_at: sql`now()` } })
  }
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
