/**
 * The API alone, for the 'nothing lost' fault test (scripts/faults.mjs): a database that survives the
 * process (PGlite under FAULT_DATA_DIR, or PostgreSQL at FAULT_DATABASE_URL), the fixture catalogue on
 * first start, a captcha that always passes and limits no test run reaches, listening on PORT.
 * With FAULT_REPORT=1 it instead prints what the database holds of the test's enquiries, as JSON.
 */
import { branches, createDatabase, leads, migrate, outbox } from '@agency/db'
import { sql } from 'drizzle-orm'
import { createFixedCaptchaVerifier } from '#app/auth/captcha.ts'
import { buildApp } from '#app/app.ts'
import { insertFixture } from './fixtures.ts'

const database = await createDatabase({ databaseUrl: process.env.FAULT_DATABASE_URL || undefined, dataDir: process.env.FAULT_DATA_DIR })
await migrate(database)

if (process.env.FAULT_REPORT === '1') {
  const stored = await database.db.select({ lead_id: leads.lead_id, email: leads.email }).from(leads)
  const mails = await database.db.select({ kind: outbox.kind, to: outbox.to, text: outbox.text }).from(outbox).where(sql`${outbox.kind} like 'lead_%'`)
  const leadIdPattern = /reference ([0-9a-f-]{36})/
  const report = {
    leads: stored,
    acknowledgements: mails.filter((m) => m.kind === 'lead_acknowledgement').map((m) => m.to),
    branch_notices: mails.filter((m) => m.kind === 'lead_branch').map((m) => leadIdPattern.exec(m.text)?.[1] ?? null),
  }
  process.stdout.write(`${JSON.stringify(report)}\n`)
  await database.close()
  process.exit(0)
}

const [anyBranch] = await database.db.select({ id: branches.branch_id }).from(branches).limit(1)
if (!anyBranch) await insertFixture(database)

const port = Number(process.env.PORT ?? 0)
const publicUrl = `http://127.0.0.1:${port}`
const generous = { limit: 1_000_000, windowMs: 60 * 60_000 }
const app = await buildApp({
  database,
  mediaDir: process.env.FAULT_DATA_DIR ?? '.',
  cacheDir: process.env.FAULT_DATA_DIR ?? '.',
  publicUrl,
  accounts: { captcha: createFixedCaptchaVerifier(true), magicLinkMinResponseMs: 0 },
  leadLimits: { perIp: generous, perEmail: generous },
})
await app.listen({ port, host: '127.0.0.1' })
process.stdout.write('ready\n')
