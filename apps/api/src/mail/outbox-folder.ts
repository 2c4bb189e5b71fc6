import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import PostalMime, { type Address } from 'postal-mime'

/**
 * The outbox folder of the file transport (MAIL_TRANSPORT=file, the default): every e-mail the site
 * sends is an .eml file under DATA_DIR/outbox, named by the time it was written, so the names sort
 * in the order the e-mails went. Their bodies are quoted-printable (lines of 76 characters, '=' and
 * what follows it encoded), so a link copied from the file by hand is broken; this reads them as a
 * mail program would.
 */

/** The folder the file transport writes to (transport.ts). */
export function outboxFolderOf(dataDir: string): string {
  return path.join(dataDir, 'outbox')
}

/** An e-mail decoded as a mail program reads it. */
export interface DecodedEmail {
  /** The Date header, ISO 8601. */
  date: string | undefined
  to: string[]
  /** The subject, its encoded words decoded ('£' and the like). */
  subject: string
  /** The links of its text (else of its HTML), in order, each once. */
  links: string[]
  /** The top-level headers as written (encoded words left as they are), by lower-case name; the last of a repeated one. */
  headers: Record<string, string>
  /** The plain-text part, decoded; '' when there is none. */
  text: string
  /** The HTML part, decoded; '' when there is none. */
  html: string
}

/** One e-mail of the folder, decoded. */
export interface OutboxEmail extends DecodedEmail {
  file: string
}

const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g

function addressesOf(list: Address[] | undefined): string[] {
  return (list ?? []).flatMap((address) => (address.group ? address.group.map((member) => member.address) : [address.address]))
}

/** The links of a decoded e-mail: its text part's, else its HTML's hrefs, each once. */
function linksOf(text: string | undefined, html: string | undefined): string[] {
  const found = text ? text.match(LINK_PATTERN) : html ? [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')) : null
  return [...new Set((found ?? []).map((link) => link.replace(/[.,;:)\]]+$/, '')))]
}

/** Decodes an e-mail as the transports write it (an .eml file's bytes, or the text an SMTP server received). */
export async function decodeEmail(source: Buffer | string): Promise<DecodedEmail> {
  const email = await PostalMime.parse(source)
  return {
    date: email.date,
    to: addressesOf(email.to),
    subject: email.subject ?? '',
    links: linksOf(email.text, email.html),
    headers: Object.fromEntries(email.headers.map((header) => [header.key, header.value])),
    text: email.text ?? '',
    html: email.html ?? '',
  }
}

/** Decodes one .eml file. */
export async function readOutboxEmail(file: string): Promise<OutboxEmail> {
  return { file, ...(await decodeEmail(await readFile(file))) }
}

/** The last `count` e-mails of the folder, oldest first; none when the folder does not exist yet. */
export async function lastOutboxEmails(folder: string, count: number): Promise<OutboxEmail[]> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const last = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .slice(-count)
  return Promise.all(last.map((name) => readOutboxEmail(path.join(folder, name))))
}

/** The e-mails as `npm run outbox` prints them: date, recipient and subject, then each link on its own line. */
export function formatOutboxEmails(emails: OutboxEmail[]): string {
  return emails
    .map((email) => {
      const date = email.date ? email.date.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : 'no date'
      return [`${date}  to ${email.to.join(', ') || 'nobody'}`, `  ${email.subject}`, ...email.links.map((link) => `    ${link}`)].join('\n')
    })
    .join('\n\n')
}
