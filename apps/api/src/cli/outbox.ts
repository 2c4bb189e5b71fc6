/**
 * The last e-mails the site wrote to its outbox folder (MAIL_TRANSPORT=file, the default), decoded:
 *   npm run outbox                 # the last 5: date, recipient, subject and their links
 *   npm run outbox -- --count 20   # the last 20
 * Reads DATA_DIR (default ./data, from where npm ran), as the server does.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { formatOutboxEmails, lastOutboxEmails, outboxFolderOf } from '../mail/outbox-folder.ts'

const { values } = parseArgs({ options: { count: { type: 'string', short: 'n', default: '5' } } })
const count = z.coerce.number().int().min(1).safeParse(values.count)
if (!count.success) {
  console.error(`--count must be a whole number of at least 1, not ${values.count}`)
  process.exit(1)
}
// npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
const folder = outboxFolderOf(dataDir)
const emails = await lastOutboxEmails(folder, count.data)
console.log(emails.length === 0 ? `No e-mails in ${folder} yet.` : formatOutboxEmails(emails))
