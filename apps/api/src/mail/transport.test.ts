import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseEmail } from '#app/routes/contacts/test-support.ts'
import { createMailTransport, toMessageId } from './transport.ts'

const MESSAGE = {
  id: 41,
  kind: 'magic_link',
  to: 'ann@example.com',
  subject: 'Your login link for Hartwell & Co',
  text: 'Log in: https://agency.example/login/verify?token=abc\n',
  html: '<p><a href="https://agency.example/login/verify?token=abc">Log in</a></p>',
  headers: { 'List-Unsubscribe': '<https://agency.example/api/alerts/unsubscribe?token=x>' },
}

describe('the file transport', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mail-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('writes an .eml with both parts and the extra headers under DATA_DIR/outbox, and logs the links in development', async () => {
    const lines: Array<[object, string | undefined]> = []
    const logger = { info: (o: object, m?: string) => lines.push([o, m]), warn: () => {}, error: () => {} }
    const transport = createMailTransport({ transport: 'file', dataDir, from: 'Agency <a@example.com>', logLinks: true, logger })
    expect(transport.kind).toBe('file')
    await transport.send(MESSAGE)
    const files = await readdir(path.join(dataDir, 'outbox'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/-41\.eml$/)
    const email = await parseEmail(await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8'))
    expect(email.headers.from).toBe('Agency <a@example.com>')
    expect(email.headers['list-unsubscribe']).toBe('<https://agency.example/api/alerts/unsubscribe?token=x>')
    expect(email.parts).toEqual([
      { contentType: 'text/plain', body: expect.stringContaining('https://agency.example/login/verify?token=abc') },
      { contentType: 'text/html', body: expect.stringContaining('<a href="https://agency.example/login/verify?token=abc">') },
    ])
    expect(lines).toEqual([
      [
        { kind: 'magic_link', to: 'ann@example.com', file: path.join(dataDir, 'outbox', files[0]!), links: ['https://agency.example/login/verify?token=abc'] },
        'e-mail written to the outbox folder',
      ],
    ])
  })

  it('logs nothing outside development', async () => {
    const lines: object[] = []
    const logger = { info: (o: object) => lines.push(o), warn: () => {}, error: () => {} }
    await createMailTransport({ transport: 'file', dataDir, logger }).send(MESSAGE)
    expect(lines).toEqual([])
  })
})

describe('the Message-ID of an outbox e-mail', () => {
  it('is the same on every attempt at one row, and differs between rows', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mail-'))
    try {
      const transport = createMailTransport({ transport: 'file', dataDir, from: '"Agency" <a@example.com>' })
      await transport.send(MESSAGE)
      await transport.send(MESSAGE)
      const files = await readdir(path.join(dataDir, 'outbox'))
      const ids = await Promise.all(files.map(async (f) => (await parseEmail(await readFile(path.join(dataDir, 'outbox', f), 'utf8'))).headers['message-id']))
      expect(ids).toHaveLength(2)
      expect(ids[0]).toBe(toMessageId(MESSAGE, '"Agency" <a@example.com>'))
      expect(ids[1]).toBe(ids[0])
      expect(ids[0]).toMatch(/^<outbox\.41\.[0-9a-f]{16}@example\.com>$/)
      expect(toMessageId({ ...MESSAGE, id: 42 }, 'a@example.com')).not.toBe(toMessageId(MESSAGE, 'a@example.com'))
      expect(toMessageId({ ...MESSAGE, id: undefined }, 'a@example.com')).toBeUndefined()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('createMailTransport', () => {
  it('needs an SMTP URL for smtp', () => {
    expect(() => createMailTransport({ transport: 'smtp', dataDir: 'd' })).toThrow('MAIL_TRANSPORT=smtp needs SMTP_URL')
    expect(createMailTransport({ transport: 'smtp', smtpUrl: 'smtp://127.0.0.1:2525', dataDir: 'd' }).kind).toBe('smtp')
  })
})
