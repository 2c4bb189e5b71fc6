import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatOutboxEmails, lastOutboxEmails, outboxFolderOf } from './outbox-folder.ts'
import { createMailTransport } from './transport.ts'

const CLI = fileURLToPath(new URL('../cli/outbox.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

// Longer than a quoted-printable line (76 characters), with '=' signs that the encoding writes as '=3D'.
const LONG_LINK = 'https://agency.example/heads-up-alerts/confirm?token=Zk3x9QmB7LrT2vW8yN4pC6sD1fH5jK0aE-_gU3oI9bV&redirect_to=%2Fsales%2Fproperty-for-sale%3Fmin_price%3D250000'

describe('the outbox folder, decoded', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  async function send(id: number, to: string, subject: string, link: string): Promise<void> {
    const transport = createMailTransport({ transport: 'file', dataDir, from: '"Hartwell & Co" <no-reply@hartwellandco.co.uk>' })
    await transport.send({ id, to, subject, text: `Confirm your alert:\n${link}\n\nHartwell & Co`, html: `<p><a href="${link.replaceAll('&', '&amp;')}">Confirm</a></p>` })
    await transport.close()
  }

  it('prints the last e-mails with their recipient, subject and exact links, which the file itself breaks', async () => {
    await send(1, 'first@example.com', 'Your login link for Hartwell & Co', 'https://agency.example/login/verify?token=abc')
    await send(2, 'ann@example.com', 'Price reduced: £1,250,000', LONG_LINK)
    const [, file] = (await readdir(outboxFolderOf(dataDir))).sort()
    // As written: quoted-printable, the link cut by soft line breaks and its '=' encoded.
    expect(await readFile(path.join(outboxFolderOf(dataDir), file!), 'utf8')).not.toContain(LONG_LINK)

    const emails = await lastOutboxEmails(outboxFolderOf(dataDir), 1)
    expect(emails.map(({ to, subject, links }) => ({ to, subject, links }))).toEqual([{ to: ['ann@example.com'], subject: 'Price reduced: £1,250,000', links: [LONG_LINK] }])

    const printed = execFileSync(process.execPath, ['--import', 'tsx', CLI, '--count', '1'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: ROOT }, encoding: 'utf8' })
    expect(printed).toBe(`${formatOutboxEmails(emails)}\n`)
    const lines = printed.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC {2}to ann@example\.com$/)
    expect(lines.slice(1)).toEqual(['  Price reduced: £1,250,000', `    ${LONG_LINK}`])
  })

  it('prints the last five by default, oldest first, and says so when there are none', async () => {
    const none = execFileSync(process.execPath, ['--import', 'tsx', CLI], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: ROOT }, encoding: 'utf8' })
    expect(none).toBe(`No e-mails in ${outboxFolderOf(dataDir)} yet.\n`)
    for (let id = 1; id <= 7; id++) await send(id, `person${id}@example.com`, `E-mail ${id}`, `https://agency.example/${id}`)
    expect((await lastOutboxEmails(outboxFolderOf(dataDir), 5)).map((email) => email.subject)).toEqual(['E-mail 3', 'E-mail 4', 'E-mail 5', 'E-mail 6', 'E-mail 7'])
  })
})
