import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { APPLICANT_PROFILE, MESSAGES } from '@agency/domain'
import { contacts, idempotencyKeys, magicLinks, outbox, rateLimitBuckets, sessions } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { canSeeLocked, getActiveApplicantCriteria } from '#app/accounts.ts'
import { createFixedCaptchaVerifier } from '#app/auth/captcha.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { hashToken } from '#app/auth/tokens.ts'
import { createTestApi } from '#app/testing/api.ts'
import { createFileTransport, createSmtpTransport } from '#app/mail/transport.ts'
import { startWorker, type Worker } from '#app/mail/worker.ts'
import {
  PUBLIC_URL,
  SAME_ORIGIN,
  TEST_CRITERIA,
  createAccountsTestApp,
  extractToken,
  insertTestContact,
  logIn,
  parseEmail,
  requestLink,
  toCookieHeader,
  type AccountsTestApp,
  type TestContact,
} from './test-support.ts'

const SENT_ANSWER = { data: { message: MESSAGES.MAGIC_LINK_SENT } }
const INVALID_LINK = {
  message: 'This login link is invalid or has expired.',
  errors: { token: ['This login link is invalid or has expired.'] },
}
const silentLogger = { info: () => {}, warn: () => {}, error: () => {} }

/** A route in the API scope that reports what the catalogue would read from the session. */
const accessProbe: FastifyPluginAsync = async (app) => {
  app.get('/probe', async (request) => {
    const active = await getActiveApplicantCriteria(request)
    return { can_see_locked: canSeeLocked(request), session: request.session, active }
  })
}

async function outboxRows(t: AccountsTestApp) {
  return t.database.db.select().from(outbox).orderBy(outbox.id)
}

/** The token of the newest login link e-mail in the outbox. */
async function latestToken(t: AccountsTestApp): Promise<string> {
  const rows = await outboxRows(t)
  const last = rows.at(-1)
  if (!last) throw new Error('the outbox is empty')
  return extractToken(last.text)
}

describe.each(testDatabaseKinds())('contacts and login on %s', (kind) => {
  let t: AccountsTestApp
  let buyer: TestContact

  beforeAll(async () => {
    t = await createAccountsTestApp(kind, {}, accessProbe)
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    buyer = await insertTestContact(t, { email: 'Buyer@Example.com', name: 'Amelia' })
  })
  afterEach(async () => {
    await t.database.db.delete(outbox)
    await t.database.db.delete(rateLimitBuckets)
    await t.database.db.delete(contacts)
  })

  describe('the whole login', () => {
    let dir: string
    let worker: Worker | undefined
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'outbox-'))
    })
    afterEach(async () => {
      await worker?.stop()
      worker = undefined
      await rm(dir, { recursive: true, force: true })
    })

    it('sends a link through the file transport, and the link logs the contact in', async () => {
      const requested = await requestLink(t.app, 'buyer@example.com', { requestPageUrl: `${PUBLIC_URL}/property/12/a-house?tab=photos` })
      expect(requested.statusCode).toBe(202)
      expect(requested.json()).toEqual(SENT_ANSWER)

      const [row] = await outboxRows(t)
      expect(row).toMatchObject({ kind: 'magic_link', to: 'Buyer@Example.com', subject: 'Your login link for Hartwell & Co', sent_at: null })
      const links = await t.database.db.select().from(magicLinks).where(eq(magicLinks.contact_id, buyer.contact_id))
      expect(links).toHaveLength(1)
      expect(links[0]!.expires_at.getTime() - links[0]!.created_at.getTime()).toBe(15 * 60_000)

      worker = startWorker({ database: t.database, transport: createFileTransport({ dir }), logger: silentLogger, intervalMs: 60_000 })
      expect(await worker.runOnce()).toBe(1)
      const files = await readdir(dir)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/\.eml$/)
      const raw = await readFile(path.join(dir, files[0]!), 'utf8')
      expect(raw).toContain('\r\n')
      const email = await parseEmail(raw)
      expect(email.headers.to).toBe('Buyer@example.com')
      expect(email.headers.from).toBe('"Hartwell & Co" <no-reply@hartwellandco.co.uk>')
      expect(email.headers.subject).toBe('Your login link for Hartwell & Co')
      expect(email.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html'])
      const text = email.parts[0]!.body
      const html = email.parts[1]!.body
      expect(text).toContain('Hello Amelia,')
      expect(text).toContain('This link expires in 15 minutes')
      expect(text).toContain("If you didn't ask for this, you can ignore this e-mail")
      expect(html).toContain('Hartwell &amp; Co')
      const token = extractToken(text)
      expect(html).toContain(`href="${PUBLIC_URL}/login/verify?token=${token}"`)
      // Only the hash is stored.
      expect(links[0]!.token_hash).toBe(hashToken(token))
      expect(JSON.stringify(links)).not.toContain(token)

      const [sent] = await outboxRows(t)
      expect(sent!.sent_at).toBeInstanceOf(Date)
      expect(sent!.attempts).toBe(1)

      const login = await logIn(t.app, token)
      expect(login.statusCode).toBe(200)
      expect(login.json()).toEqual({ data: { contact_id: buyer.contact_id, redirect_to: '/property/12/a-house?tab=photos' } })
      const setCookie = String(login.headers['set-cookie'])
      expect(setCookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43};/)
      expect(setCookie).toContain('HttpOnly')
      expect(setCookie).toContain('SameSite=Lax')
      expect(setCookie).toContain('Path=/')
      expect(setCookie).toContain('Secure')
      expect(setCookie).not.toContain('Domain=')
      expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`)
      expect(login.headers['cache-control']).toBe('no-store')

      const me = await t.app.inject({ url: '/api/contacts/me', headers: { cookie: toCookieHeader(login.headers['set-cookie']) } })
      expect(me.statusCode).toBe(200)
      expect(me.json()).toEqual({
        data: {
          contact_id: buyer.contact_id,
          salutation_id: 2,
          name: 'Amelia',
          surname: 'Hartley',
          avatar: 'female',
          contact_profiles: [APPLICANT_PROFILE.BUYER],
          communication_infos: [{ value: 'Buyer@Example.com', preferred: true, communication_method_id: 1 }],
          contact_addresses: [],
          contact_source_id: 35,
          subscription_types: [],
          applicants: [
            {
              contact_applicant_id: buyer.applicant_id,
              applicant_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
              profile_id: APPLICANT_PROFILE.BUYER,
              contact_applicant_status_id: 1,
              created_at: expect.any(String),
            },
          ],
          active_contact_applicant_id: buyer.applicant_id,
        },
      })
    })

    it('sends a link through a real SMTP server on loopback', async () => {
      const received: string[] = []
      const server = new SMTPServer({
        authOptional: true,
        hideSTARTTLS: true,
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            received.push(Buffer.concat(chunks).toString('utf8'))
            callback()
          })
        },
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.server.address() as AddressInfo
      try {
        await requestLink(t.app, 'buyer@example.com')
        const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}` })
        worker = startWorker({ database: t.database, transport, logger: silentLogger, intervalMs: 60_000 })
        expect(await worker.runOnce()).toBe(1)
        await transport.close()
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
      expect(received).toHaveLength(1)
      const email = await parseEmail(received[0]!)
      expect(email.headers.to).toBe('Buyer@example.com')
      expect(email.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html'])
      const login = await logIn(t.app, extractToken(email.parts[0]!.body))
      expect(login.statusCode).toBe(200)
      const me = await t.app.inject({ url: '/api/contacts/me', headers: { cookie: toCookieHeader(login.headers['set-cookie']) } })
      expect(me.json().data.contact_id).toBe(buyer.contact_id)
    })
  })

  it('answers an unknown e-mail exactly as a known one and sends nothing', async () => {
    const known = await requestLink(t.app, 'buyer@example.com')
    const unknown = await requestLink(t.app, 'nobody@example.com')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
    expect(unknown.headers['content-type']).toBe(known.headers['content-type'])
    const rows = await outboxRows(t)
    expect(rows.map((r) => r.to)).toEqual(['Buyer@Example.com'])
    const links = await t.database.db.select().from(magicLinks)
    expect(links.map((l) => l.contact_id)).toEqual([buyer.contact_id])
  })

  it("refuses an invalid or empty e-mail with SPEC's messages", async () => {
    const invalid = await requestLink(t.app, 'not-an-email')
    expect(invalid.statusCode).toBe(422)
    expect(invalid.json()).toEqual({ message: 'Please enter valid email address', errors: { email: ['Please enter valid email address'] } })
    const empty = await requestLink(t.app, '  ')
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toEqual({ message: 'Please enter email address', errors: { email: ['Please enter email address'] } })
    expect(await outboxRows(t)).toEqual([])
  })

  it('refuses a second use of a link', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const token = await latestToken(t)
    expect((await logIn(t.app, token)).statusCode).toBe(200)
    const again = await logIn(t.app, token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual(INVALID_LINK)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a link 15 minutes after it was sent, and accepts it a second before', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const first = await latestToken(t)
    t.clock.advance(15 * 60_000 - 1000)
    expect((await logIn(t.app, first)).statusCode).toBe(200)

    await requestLink(t.app, 'buyer@example.com')
    const second = await latestToken(t)
    t.clock.advance(15 * 60_000)
    const late = await logIn(t.app, second)
    expect(late.statusCode).toBe(400)
    expect(late.json()).toEqual(INVALID_LINK)
  })

  it('refuses a tampered token, and the real one still works afterwards', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const token = await latestToken(t)
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const bad of [flipped, token.slice(0, -1), `${token}A`, token.toUpperCase() === token ? 'x' : token.toUpperCase(), '', "' or 1=1 --"]) {
      const response = await logIn(t.app, bad)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(INVALID_LINK)
    }
    expect((await logIn(t.app, token)).statusCode).toBe(200)
  })

  it('spends no token on any GET of the API', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const token = await latestToken(t)
    const gets = [
      `/api/contacts/oauth/sessions?token=${token}`,
      `/api/contacts/oauth/sessions/${token}`,
      `/api/contacts/oauth/magic-links?token=${token}`,
      `/api/contacts/oauth/magic-links/${token}`,
      `/api/contacts/me?token=${token}`,
      `/api/contacts/oauth/sessions/current?token=${token}`,
    ]
    for (const url of gets) {
      const response = await t.app.inject({ url })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.headers['set-cookie'], url).toBeUndefined()
    }
    const [link] = await t.database.db.select().from(magicLinks).where(eq(magicLinks.token_hash, hashToken(token)))
    expect(link!.used_at).toBeNull()
    expect((await logIn(t.app, token)).statusCode).toBe(200)
  })

  it('keeps older unused links valid until one of them is used', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const older = await latestToken(t)
    await requestLink(t.app, 'buyer@example.com')
    const newer = await latestToken(t)
    expect(newer).not.toBe(older)
    expect((await logIn(t.app, older)).statusCode).toBe(200)
    expect((await logIn(t.app, newer)).statusCode).toBe(400)
  })

  it('limits requests per e-mail address: the same answer, no more mail', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await requestLink(t.app, i % 2 ? 'buyer@example.com' : 'BUYER@example.com', { ip: `198.51.100.${i}` })
      expect(response.statusCode).toBe(202)
    }
    const limited = await requestLink(t.app, 'buyer@example.com', { ip: '198.51.100.99' })
    expect(limited.statusCode).toBe(202)
    expect(limited.json()).toEqual(SENT_ANSWER)
    expect(await outboxRows(t)).toHaveLength(5)
    expect(await t.database.db.select().from(magicLinks)).toHaveLength(5)
  })

  it('limits requests per IP address: the same answer, no more mail', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await requestLink(t.app, `someone${i}@example.com`, { ip: '192.0.2.7' })).statusCode).toBe(202)
    }
    const limited = await requestLink(t.app, 'buyer@example.com', { ip: '192.0.2.7' })
    expect(limited.statusCode).toBe(202)
    expect(limited.json()).toEqual(SENT_ANSWER)
    expect(await outboxRows(t)).toHaveLength(0)
    const elsewhere = await requestLink(t.app, 'buyer@example.com', { ip: '192.0.2.8' })
    expect(elsewhere.json()).toEqual(SENT_ANSWER)
    expect(await outboxRows(t)).toHaveLength(1)
  })

  it('lets the limit run again in the next hour', async () => {
    for (let i = 0; i < 6; i++) await requestLink(t.app, 'buyer@example.com', { ip: `198.51.100.${i}` })
    expect(await outboxRows(t)).toHaveLength(5)
    t.clock.advance(60 * 60_000)
    await requestLink(t.app, 'buyer@example.com')
    expect(await outboxRows(t)).toHaveLength(6)
  })

  it('issues a new session id at login and ends the session the browser came with', async () => {
    const planted = await insertTestContact(t, { email: 'planted@example.com' })
    await requestLink(t.app, 'planted@example.com')
    const plantedLogin = await logIn(t.app, await latestToken(t))
    const plantedCookie = toCookieHeader(plantedLogin.headers['set-cookie'])

    await requestLink(t.app, 'buyer@example.com')
    const login = await logIn(t.app, await latestToken(t), plantedCookie)
    expect(login.statusCode).toBe(200)
    const cookie = toCookieHeader(login.headers['set-cookie'])
    expect(cookie).not.toBe(plantedCookie)

    const withOld = await t.app.inject({ url: '/api/contacts/me', headers: { cookie: plantedCookie } })
    expect(withOld.statusCode).toBe(401)
    const withNew = await t.app.inject({ url: '/api/contacts/me', headers: { cookie } })
    expect(withNew.json().data.contact_id).toBe(buyer.contact_id)
    const rows = await t.database.db.select().from(sessions)
    expect(rows.map((s) => s.contact_id)).toEqual([buyer.contact_id])
    expect(planted.contact_id).not.toBe(buyer.contact_id)
  })

  it('ignores a session id the browser made up', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const chosen = '__Host-session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
    const login = await logIn(t.app, await latestToken(t), chosen)
    expect(toCookieHeader(login.headers['set-cookie'])).not.toBe(chosen)
    expect((await t.app.inject({ url: '/api/contacts/me', headers: { cookie: chosen } })).statusCode).toBe(401)
  })

  it('logs out: the row is deleted, the cookie cleared, and the old cookie no longer works', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const cookie = toCookieHeader((await logIn(t.app, await latestToken(t))).headers['set-cookie'])
    const out = await t.app.inject({ method: 'DELETE', url: '/api/contacts/oauth/sessions/current', headers: { ...SAME_ORIGIN, cookie } })
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-session=;.*Expires=Thu, 01 Jan 1970/)
    expect(await t.database.db.select().from(sessions)).toEqual([])
    const me = await t.app.inject({ url: '/api/contacts/me', headers: { cookie } })
    expect(me.statusCode).toBe(401)
    expect(me.json()).toEqual({ message: ACCOUNT_MESSAGES.LOGIN_REQUIRED })
  })

  it('ends a session after 7 idle days, and any session 30 days after login', async () => {
    await requestLink(t.app, 'buyer@example.com')
    const idle = toCookieHeader((await logIn(t.app, await latestToken(t))).headers['set-cookie'])
    t.clock.advance(7 * 24 * 60 * 60_000 - 60_000)
    expect((await t.app.inject({ url: '/api/contacts/me', headers: { cookie: idle } })).statusCode).toBe(200)
    t.clock.advance(7 * 24 * 60 * 60_000 - 60_000)
    expect((await t.app.inject({ url: '/api/contacts/me', headers: { cookie: idle } })).statusCode).toBe(200)
    t.clock.advance(7 * 24 * 60 * 60_000 + 60_000)
    expect((await t.app.inject({ url: '/api/contacts/me', headers: { cookie: idle } })).statusCode).toBe(401)

    await requestLink(t.app, 'buyer@example.com', { ip: '192.0.2.50' })
    const busy = toCookieHeader((await logIn(t.app, await latestToken(t))).headers['set-cookie'])
    for (let day = 6; day < 30; day += 6) {
      t.clock.advance(6 * 24 * 60 * 60_000)
      expect((await t.app.inject({ url: '/api/contacts/me', headers: { cookie: busy } })).statusCode, `day ${day}`).toBe(200)
    }
    t.clock.advance(6 * 24 * 60 * 60_000)
    expect((await t.app.inject({ url: '/api/contacts/me', headers: { cookie: busy } })).statusCode).toBe(401)
  })

  it('keeps a busy session for 29 days 23 hours after login, and ends it at 30 days', async () => {
    const HOUR = 60 * 60_000
    const DAY = 24 * HOUR
    const me = async (cookie: string) => (await t.app.inject({ url: '/api/contacts/me', headers: { cookie } })).statusCode
    await requestLink(t.app, 'buyer@example.com', { ip: '192.0.2.51' })
    const cookie = toCookieHeader((await logIn(t.app, await latestToken(t))).headers['set-cookie'])
    // Seen every 6 days, so the 7-day idle limit never ends it first.
    for (let day = 6; day <= 24; day += 6) {
      t.clock.advance(6 * DAY)
      expect(await me(cookie), `day ${day}`).toBe(200)
    }
    t.clock.advance(5 * DAY + 23 * HOUR)
    expect(await me(cookie), '29 days 23 hours').toBe(200)
    t.clock.advance(HOUR)
    expect(await me(cookie), '30 days').toBe(401)
  })

  it('refuses mutating requests from another origin or with none', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{}, 403],
      [{ origin: 'https://evil.example' }, 403],
      [{ origin: 'http://agency.example' }, 403],
      [{ origin: 'null' }, 403],
      [{ origin: 'https://agency.example.evil.example' }, 403],
      [{ referer: 'https://evil.example/login' }, 403],
      [{ origin: 'https://evil.example', referer: `${PUBLIC_URL}/login` }, 403],
      [{ referer: `${PUBLIC_URL}/login` }, 202],
      [{ origin: PUBLIC_URL }, 202],
      [{ origin: 'HTTPS://AGENCY.EXAMPLE:443' }, 202],
      // The site reached at another address than PUBLIC_URL: its own origin is the address asked for.
      [{ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }, 202],
      [{ referer: 'http://192.168.1.20:3000/login', host: '192.168.1.20:3000' }, 202],
      [{ origin: 'http://127.0.0.1:3001', host: '127.0.0.1:3000' }, 403],
      [{ origin: 'https://evil.example', host: '127.0.0.1:3000' }, 403],
      [{ origin: 'ftp://127.0.0.1:3000', host: '127.0.0.1:3000' }, 403],
    ]
    for (const [headers, status] of cases) {
      const response = await requestLink(t.app, 'buyer@example.com', { headers, ip: `192.0.2.${100 + cases.findIndex((c) => c[0] === headers)}` })
      expect(response.statusCode, JSON.stringify(headers)).toBe(status)
      if (status === 403) expect(response.json()).toEqual({ message: 'Cross-site request refused.' })
    }
    expect(await outboxRows(t)).toHaveLength(5)
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/contacts/oauth/sessions/current' })
    expect(logout.statusCode).toBe(403)
    const read = await t.app.inject({ url: '/api/contacts/me' })
    expect(read.statusCode).toBe(401)
  })

  it('answers 401 to a visitor, 403 for another contact, and the contact to itself', async () => {
    const other = await insertTestContact(t, { email: 'other@example.com', profile_id: APPLICANT_PROFILE.VENDOR })
    expect((await t.app.inject({ url: `/api/contacts/${buyer.contact_id}` })).statusCode).toBe(401)
    await requestLink(t.app, 'buyer@example.com')
    const cookie = toCookieHeader((await logIn(t.app, await latestToken(t))).headers['set-cookie'])
    const own = await t.app.inject({ url: `/api/contacts/${buyer.contact_id}`, headers: { cookie } })
    expect(own.statusCode).toBe(200)
    expect(own.json().data.contact_id).toBe(buyer.contact_id)
    const theirs = await t.app.inject({ url: `/api/contacts/${other.contact_id}`, headers: { cookie } })
    expect(theirs.statusCode).toBe(403)
    expect(theirs.json()).toEqual({ message: ACCOUNT_MESSAGES.FORBIDDEN })
    const missing = await t.app.inject({ url: '/api/contacts/999999', headers: { cookie } })
    expect(missing.statusCode).toBe(403)
  })

  it('ignores a return page on another origin', async () => {
    for (const page of ['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)', `${PUBLIC_URL.replace('https', 'http')}/sales`]) {
      await requestLink(t.app, 'buyer@example.com', { requestPageUrl: page, ip: `192.0.2.${page.length}` })
      const login = await logIn(t.app, await latestToken(t))
      expect(login.json().data.redirect_to, page).toBe('/properties')
    }
  })

  it('tells the catalogue who may see locked properties and the active criteria', async () => {
    const anonymous = await t.app.inject({ url: '/api/probe' })
    expect(anonymous.json()).toEqual({ can_see_locked: false, session: null, active: null })

    const vendor = await insertTestContact(t, { email: 'vendor@example.com', profile_id: APPLICANT_PROFILE.VENDOR })
    await requestLink(t.app, 'vendor@example.com')
    const vendorCookie = toCookieHeader((await logIn(t.app, await latestToken(t))).headers['set-cookie'])
    const asVendor = await t.app.inject({ url: '/api/probe', headers: { cookie: vendorCookie } })
    expect(asVendor.json()).toEqual({
      can_see_locked: false,
      session: { contact_id: vendor.contact_id, active_contact_applicant_id: null, profile_ids: [APPLICANT_PROFILE.VENDOR] },
      active: null,
    })

    await requestLink(t.app, 'buyer@example.com')
    const cookie = toCookieHeader((await logIn(t.app, await latestToken(t))).headers['set-cookie'])
    const asBuyer = await t.app.inject({ url: '/api/probe', headers: { cookie } })
    expect(asBuyer.json()).toEqual({
      can_see_locked: true,
      session: { contact_id: buyer.contact_id, active_contact_applicant_id: buyer.applicant_id, profile_ids: [APPLICANT_PROFILE.BUYER] },
      active: { contact_applicant_id: buyer.applicant_id, profile_id: APPLICANT_PROFILE.BUYER, criteria: TEST_CRITERIA },
    })
  })

  it('sends one link for a request retried with the same Idempotency-Key, even with a spent captcha', async () => {
    const keyed = (key: string, email = 'buyer@example.com') =>
      requestLink(t.app, email, { headers: { ...SAME_ORIGIN, 'idempotency-key': key } })
    const answers = await Promise.all([keyed('login-1'), keyed('login-1'), keyed('login-1')])
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202])
    expect(answers.map((a) => a.json())).toEqual([SENT_ANSWER, SENT_ANSWER, SENT_ANSWER])
    expect(await outboxRows(t)).toHaveLength(1)
    expect(await t.database.db.select().from(magicLinks)).toHaveLength(1)

    // A retry whose captcha the first request spent still gets the answer, and writes nothing.
    const strict = await createAccountsTestApp(kind, { captcha: createFixedCaptchaVerifier(false) })
    try {
      await insertTestContact(strict, { email: 'buyer@example.com' })
      const [first] = await t.database.db.select().from(idempotencyKeys)
      await strict.database.db.insert(idempotencyKeys).values({
        scope: first!.scope,
        idempotency_key: 'login-1',
        request_hash: first!.request_hash,
        response_status: 202,
        response_body: SENT_ANSWER,
        created_at: new Date(),
      })
      const retried = await requestLink(strict.app, 'buyer@example.com', { headers: { ...SAME_ORIGIN, 'idempotency-key': 'login-1' } })
      expect(retried.statusCode).toBe(202)
      expect(await outboxRows(strict)).toEqual([])
    } finally {
      await strict.close()
    }

    // Another key, or the same key for another address, is another request.
    expect((await keyed('login-2')).statusCode).toBe(202)
    await insertTestContact(t, { email: 'other@example.com', name: 'Olly' })
    expect((await keyed('login-1', 'other@example.com')).statusCode).toBe(202)
    expect(await outboxRows(t)).toHaveLength(3)
    await t.database.db.delete(idempotencyKeys)
  })

  it('refuses a failed captcha and sends nothing', async () => {
    const strict = await createAccountsTestApp(kind, { captcha: createFixedCaptchaVerifier(false) })
    try {
      await insertTestContact(strict, { email: 'buyer@example.com' })
      const response = await requestLink(strict.app, 'buyer@example.com')
      expect(response.statusCode).toBe(422)
      expect(response.json()).toEqual({
        message: ACCOUNT_MESSAGES.CAPTCHA_FAILED,
        errors: { recaptcha_token: [ACCOUNT_MESSAGES.CAPTCHA_FAILED] },
      })
      expect(await outboxRows(strict)).toEqual([])
    } finally {
      await strict.close()
    }
  })
})

describe('as buildApp mounts it', () => {
  it('guards the whole API and serves the catalogue beside it', async () => {
    // The captcha as configured from the environment: the self-hosted proof of work.
    const api = await createTestApi('pglite', { accounts: { magicLinkMinResponseMs: 0 } })
    try {
      const config = await api.app.inject({ url: '/api/captcha/config' })
      expect(config.json()).toEqual({ data: { provider: 'altcha', challenge_url: '/api/captcha/challenge' } })
      const crossSite = await api.app.inject({
        method: 'POST',
        url: '/api/contacts/oauth/magic-links',
        headers: { origin: 'https://evil.example' },
        payload: { email: 'a@example.com', request_page_url: '/', recaptcha_token: '' },
      })
      expect(crossSite.statusCode).toBe(403)
      expect((await api.app.inject({ url: '/api/contacts/me' })).statusCode).toBe(401)
      const withStrayCookie = await api.app.inject({ url: '/api/branches', headers: { cookie: '__Host-session=not-a-session' } })
      expect(withStrayCookie.statusCode).toBe(200)
    } finally {
      await api.close()
    }
  })
})

describe('the login link minimum answer time', () => {
  const MIN_MS = 250
  let nowMs = Date.UTC(2026, 10, 23, 9)
  /** How long the captcha check "takes" on the accounts clock, per request. */
  let checkMs = 0
  const waits: number[] = []
  let t: AccountsTestApp

  beforeAll(async () => {
    t = await createAccountsTestApp('pglite', {
      magicLinkMinResponseMs: MIN_MS,
      now: () => new Date(nowMs),
      sleep: async (ms) => {
        waits.push(ms)
      },
      captcha: {
        provider: 'fixed',
        verify: async () => {
          nowMs += checkMs
          return true
        },
      },
    })
    await insertTestContact(t, { email: 'known@example.com' })
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(() => {
    waits.length = 0
  })

  it.each([
    ['a known address', 'known@example.com'],
    ['an unknown address', 'nobody@example.com'],
  ])('holds the answer for %s to the minimum time, less the time already spent', async (_case, email) => {
    checkMs = 100
    const response = await requestLink(t.app, email, { ip: `192.0.2.${60 + waits.length}` })
    expect(response.statusCode).toBe(202)
    expect(waits).toEqual([MIN_MS - 100])
  })

  it('does not wait when the work alone took the minimum time', async () => {
    checkMs = MIN_MS
    const response = await requestLink(t.app, 'known@example.com', { ip: '192.0.2.70' })
    expect(response.statusCode).toBe(202)
    expect(waits).toEqual([])
  })

  it('is 250 ms unless configured', async () => {
    const api = await createTestApi('pglite', { accounts: { captcha: createFixedCaptchaVerifier(true), now: () => new Date(nowMs), sleep: async (ms) => void waits.push(ms) } })
    try {
      const response = await requestLink(api.app, 'nobody@example.com')
      expect(response.statusCode).toBe(202)
      expect(waits).toEqual([250])
    } finally {
      await api.close()
    }
  })
})
