/**
 * The API alone, for the 'nothing lost' fault test (scripts/faults.mjs): a database that survives the
 * process (PGlite under FAULT_DATA_DIR, or PostgreSQL at FAULT_DATABASE_URL), the fixture catalogue on
 * first start (with FAULT_LOGIN_CONTACTS contacts `fault.login.N@example.com` who may ask for login
 * links), a captcha that always passes and limits no test run reaches, listening on PORT.
 * With FAULT_DELIVERIES set, the outbox worker runs too, with a short lease, and its transport appends
 * one JSON line per e-mail handed over (outbox id, Message-ID, process) to that file: the mail server
 * the test reads. With FAULT_REPORT=1 it instead prints what the database holds of the test's
 * enquiries, login links and e-mails, as JSON.
 */
import { appendFileSync } from 'node:fs'
import { branches, communicationInfos, contacts, createDatabase, leads, magicLinks, migrate, outbox, createDiskMediaStore } from '@agency/db'
import { COMMUNICATION_METHOD } from '@agency/domain'
import { eq, sql } from 'drizzle-orm'
import { createFixedCaptchaVerifier } from '#app/auth/captcha.ts'
import { buildApp } from '#app/app.ts'
import { DEFAULT_MAIL_FROM, toMessageId, type MailTransport } from '#app/mail/transport.ts'
import { startWorker } from '#app/mail/worker.ts'
import { insertFixture } from './fixtures.ts'

const database = await createDatabase({ databaseUrl: process.env.FAULT_DATABASE_URL || undefined, dataDir: process.env.FAULT_DATA_DIR })
await migrate(database)

if (process.env.FAULT_REPORT === '1') {
  const stored = await database.db.select({ lead_id: leads.lead_id, email: leads.email }).from(leads)
  const mails = await database.db.select({ kind: outbox.kind, to: outbox.to, text: outbox.text }).from(outbox).where(sql`${outbox.kind} like 'lead_%'`)
  const leadIdPattern = /reference ([0-9a-f-]{36})/i
  const links = await database.db
    .select({ email: communicationInfos.value })
    .from(magicLinks)
    .innerJoin(communicationInfos, eq(communicationInfos.contact_id, magicLinks.contact_id))
    .where(eq(communicationInfos.communication_method_id, COMMUNICATION_METHOD.EMAIL))
  const rows = await database.db.select({ id: outbox.id, kind: outbox.kind, to: outbox.to, sent: sql<boolean>`${outbox.sent_at} is not null` }).from(outbox)
  const report = {
    leads: stored,
    magic_links: links.map((l) => l.email),
    magic_link_mails: rows.filter((m) => m.kind === 'magic_link').map((m) => m.to),
    outbox: rows,
    acknowledgements: mails.filter((m) => m.kind === 'lead_acknowledgement').map((m) => m.to),
    branch_notices: mails.filter((m) => m.kind === 'lead_branch').map((m) => leadIdPattern.exec(m.text)?.[1] ?? null),
  }
  // Written in full before the process exits: a pipe takes large writes asynchronously.
  await new Promise<void>((resolve, reject) => process.stdout.write(`${JSON.stringify(report)}\n`, (err) => (err ? reject(err) : resolve())))
  await database.close()
  process.exit(0)
}

const [anyBranch] = await database.db.select({ id: branches.branch_id }).from(branches).limit(1)
if (!anyBranch) {
  await insertFixture(database)
  for (let i = 0; i < Number(process.env.FAULT_LOGIN_CONTACTS ?? 0); i++) {
    const [contact] = await database.db
      .insert(contacts)
      .values({ name: 'Login', surname: `Tester${i}`, salutation_id: 3, contact_source_id: 35 })
      .returning({ contact_id: contacts.contact_id })
    await database.db.insert(communicationInfos).values({
      contact_id: contact!.contact_id,
      communication_method_id: COMMUNICATION_METHOD.EMAIL,
      value: `fault.login.${i}@example.com`,
      preferred: true,
    })
  }
}

const port = Number(process.env.PORT ?? 0)
const publicUrl = `http://127.0.0.1:${port}`
const generous = { limit: 1_000_000, windowMs: 60 * 60_000 }
const app = await buildApp({
  database,
  mediaStore: createDiskMediaStore(process.env.FAULT_DATA_DIR ?? '.'),
  cacheDir: process.env.FAULT_DATA_DIR ?? '.',
  publicUrl,
  accounts: {
    captcha: createFixedCaptchaVerifier(true),
    magicLinkMinResponseMs: 0,
    magicLinkLimits: { perEmail: generous, perIp: generous },
  },
  leadLimits: { perIp: generous, perEmail: generous },
})
const deliveries = process.env.FAULT_DELIVERIES
if (deliveries) {
  // The test's mail server: each hand-over is on disk before send() returns, as an SMTP server's
  // '250 OK' means the message is queued.
  const recorder: MailTransport = {
    kind: 'smtp',
    async send(message) {
      appendFileSync(deliveries, `${JSON.stringify({ id: message.id, message_id: toMessageId(message, DEFAULT_MAIL_FROM), pid: process.pid })}\n`)
    },
    async close() {},
  }
  startWorker({ database, transport: recorder, logger: app.log, intervalMs: 200, leaseMs: 3_000 })
}
await app.listen({ port, host: '127.0.0.1' })
process.stdout.write('ready\n')
