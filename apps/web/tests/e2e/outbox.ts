import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { readOutboxEmail, type DecodedEmail } from '@agency/api/outbox-folder'
import { BASE_URL } from './support.ts'

/** One e-mail the server's file transport wrote. */
export interface OutboxMail {
  file: string
  to: string
  source: string
}

/** Where the server's file transport writes e-mails (scripts/e2e.mjs passes the data directory). */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the end-to-end tests through npm run test:e2e')
  return path.join(dataDir, 'outbox')
}

/**
 * An e-mail as text to search: its headers (the subject decoded), then its text and HTML parts,
 * decoded as `npm run outbox` reads them.
 */
export function toSearchableText(email: DecodedEmail): string {
  const headers = Object.entries({ ...email.headers, subject: email.subject }).map(([key, value]) => `${key.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase())}: ${value}`)
  return [...headers, '', email.text, '', email.html].join('\n')
}

/** Every e-mail written so far, oldest first. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dir = outboxDir()
  const names = await readdir(dir).catch(() => [] as string[])
  const mails: OutboxMail[] = []
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const email = await readOutboxEmail(path.join(dir, name))
    mails.push({ file: name, to: email.headers.to ?? '', source: toSearchableText(email) })
  }
  return mails
}

/** The files of the e-mails written so far, to wait for a new one. */
export async function seenMails(): Promise<Set<string>> {
  return new Set((await readOutbox()).map((m) => m.file))
}

/** Waits for a new e-mail to `address` (the worker sends the outbox every couple of seconds). */
export async function waitForMail(address: string, seen: ReadonlySet<string>, matching: RegExp = /./): Promise<OutboxMail> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const mail = (await readOutbox()).find((m) => !seen.has(m.file) && m.to.includes(address) && matching.test(m.source))
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived in the outbox`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The first link to `pathname` with a token in an e-mail, on the server under test (`baseUrl`). */
export function toTokenLink(mail: OutboxMail, pathname: string, baseUrl: string): string {
  const escaped = pathname.replace(/[/.]/g, (c) => `\\${c}`)
  const link = new RegExp(`https?://[^\\s"<>]+${escaped}\\?token=[A-Za-z0-9_-]+`).exec(mail.source)?.[0]
  if (!link) throw new Error(`no ${pathname} link in ${mail.file}`)
  const url = new URL(link)
  return `${baseUrl}${url.pathname}${url.search}`
}

/** The login link of a login e-mail, on the default server under test. */
export function toLoginLink(mail: OutboxMail): string {
  return toTokenLink(mail, '/login/verify', BASE_URL)
}
