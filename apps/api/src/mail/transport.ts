import { createHash } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { DEFAULT_AGENCY_NAME } from '@agency/domain'
import nodemailer from 'nodemailer'

/** The sender of every e-mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = `"${DEFAULT_AGENCY_NAME}" <no-reply@hartwellandco.co.uk>`

/** One e-mail, ready to send. */
export interface MailMessage {
  /** The outbox row it comes from; names the .eml file. */
  id?: number
  kind?: string
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string> | null
}

/** Where the worker hands e-mails over. */
export interface MailTransport {
  readonly kind: 'file' | 'smtp'
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

/** The minimal logger the transports and the worker write to (pino's shape). */
export interface MailLogger {
  info(object: object, message?: string): void
  warn(object: object, message?: string): void
  error(object: object, message?: string): void
}

/** Mail configuration (MAIL_TRANSPORT, SMTP_URL, MAIL_FROM, DATA_DIR). */
export interface MailConfig {
  transport: 'file' | 'smtp'
  /** For `smtp`: smtp(s)://user:pass@host:port. */
  smtpUrl?: string | undefined
  from?: string | undefined
  /** For `file`: the .eml files go to `${dataDir}/outbox`. */
  dataDir: string
  /** For `file` in development: also log the links of each e-mail, so a login link is one copy away. */
  logLinks?: boolean
  logger?: MailLogger
}

/**
 * The Message-ID of an outbox row's e-mail: the same on every attempt. Delivery is at least once (a
 * crash after the hand-over but before the row is marked sent repeats it), and a repeat carrying the
 * first one's Message-ID is the same message to the mail systems and clients that deduplicate on it.
 */
export function toMessageId(message: MailMessage, from: string): string | undefined {
  if (message.id === undefined) return undefined
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  const digest = createHash('sha256').update(`${message.to}\n${message.subject}\n${message.text}`).digest('hex').slice(0, 16)
  return `<outbox.${message.id}.${digest}@${domain}>`
}

function toNodemailerMessage(message: MailMessage, from: string) {
  const messageId = toMessageId(message, from)
  return {
    ...(messageId ? { messageId } : {}),
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ?? {},
  }
}

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g

/**
 * Writes each e-mail as an RFC 5322 .eml file (text and HTML alternatives) under `dir`. The default
 * transport: nothing leaves the machine, and any mail program opens the files.
 */
export function createFileTransport(options: { dir: string; from?: string; logLinks?: boolean; logger?: MailLogger }): MailTransport {
  const from = options.from ?? DEFAULT_MAIL_FROM
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    kind: 'file',
    async send(message) {
      const info = await composer.sendMail(toNodemailerMessage(message, from))
      await mkdir(options.dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const name = `${stamp}-${message.id ?? info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`
      const file = path.join(options.dir, name)
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer)
      await rename(`${file}.tmp`, file)
      if (options.logLinks && options.logger) {
        const links = message.text.match(LINK_PATTERN) ?? []
        options.logger.info({ kind: message.kind, to: message.to, file, links }, 'e-mail written to the outbox folder')
      }
    },
    async close() {
      composer.close()
    },
  }
}

/** Sends through an SMTP server (SMTP_URL), with nodemailer's pooling off: the worker sends in small batches. */
export function createSmtpTransport(options: { url: string; from?: string }): MailTransport {
  const from = options.from ?? DEFAULT_MAIL_FROM
  const transporter = nodemailer.createTransport(options.url)
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(toNodemailerMessage(message, from))
    },
    async close() {
      transporter.close()
    },
  }
}

/** The transport the configuration names. */
export function createMailTransport(config: MailConfig): MailTransport {
  if (config.transport === 'smtp') {
    if (!config.smtpUrl) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL')
    return createSmtpTransport({ url: config.smtpUrl, from: config.from })
  }
  return createFileTransport({
    dir: path.join(config.dataDir, 'outbox'),
    from: config.from,
    logLinks: config.logLinks,
    logger: config.logger,
  })
}
