import { communicationInfos, contacts, leads, outbox, rebuildPlaces } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '#app/auth/tokens.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { logInTestBuyer } from '#app/routes/contacts/test-support.ts'
import { exampleEnquiry } from '#app/routes/leads/test-support.ts'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'
import type { LeadEnquiryRequest } from './site-services.ts'

/** 10:00 in London on 1 July 2026: the clock of these tests. */
const NOW = new Date('2026-07-01T09:00:00Z')
/** The pending cookie as the route sets it over https (PUBLIC_URL). */
const PENDING_COOKIE = /^__Host-pending_lead=([A-Za-z0-9_-]{43}); Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/

/** A valid SPEC §3 lead payload with the captcha's solution, as the lead form's action sends it. */
function enquiry(overrides: Partial<LeadEnquiryRequest> = {}): LeadEnquiryRequest {
  return { ...exampleEnquiry(), recaptcha_token: 'human', ...overrides }
}

/**
 * The lead form's action sends its enquiry and looks up a typed address through the site's services
 * (services/leads.ts, the route's own work): the same lead, answer, cookie and refusals as
 * POST /api/leads/enquiry, and the same suggestions as GET /api/addresses.
 */
describe.each(testDatabaseKinds())("the lead form's services on %s", (kind) => {
  let api: TestApi
  /** A signed-in buyer's cookie. */
  let buyerCookie: string
  let ipCounter = 0
  const nextIp = () => `198.51.100.${++ipCounter}`
  /** The services of a page post from `origin` (the site's own by default), with the browser's cookie. */
  const servicesFor = (options: { origin?: string; cookie?: string; ip?: string } = {}) =>
    api.app.siteServices(
      {
        method: 'POST',
        headers: { origin: options.origin ?? PUBLIC_URL, host: 'localhost', ...(options.cookie ? { cookie: options.cookie } : {}) },
        ip: options.ip ?? nextIp(),
        log: api.app.log,
        protocol: 'http',
        host: 'localhost',
      },
      { onUnavailable: () => undefined },
    )
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url: '/api/leads/enquiry', headers: { origin: PUBLIC_URL, ...headers }, remoteAddress: nextIp(), payload: body as object })
  /** The route's refusal of `payload` (with `status`) and the service's, which must be the same answer. */
  const refusedAlike = async (payload: LeadEnquiryRequest, status: number) => {
    const http = await post(payload)
    expect(http.statusCode).toBe(status)
    const refused = await servicesFor().sendLeadEnquiry(payload)
    expect(refused).toEqual({ ok: false, status, error: http.json(), setCookie: [] })
    return refused
  }
  const countLeads = async () => (await api.database.db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]!.n
  /** What is stored of a lead, without what differs between two leads alike (their ids, the cookie's hash, the e-mail). */
  const storedLead = async (leadId: string) => {
    const db = api.database.db
    const [lead] = await db.select().from(leads).where(eq(leads.lead_id, leadId))
    const { lead_id: _id, contact_id: contactId, pending_cookie_hash: _hash, email, ...rest } = lead!
    const [contact] = await db.select().from(contacts).where(eq(contacts.contact_id, contactId!))
    const infos = await db.select().from(communicationInfos).where(eq(communicationInfos.contact_id, contactId!)).orderBy(asc(communicationInfos.communication_method_id))
    const mails = await db.select().from(outbox).where(sql`${outbox.kind} like 'lead_%' and (${outbox.to} = ${email} or ${outbox.text} like ${`%${leadId}%`})`).orderBy(asc(outbox.id))
    return {
      lead: rest,
      contact: { name: contact!.name, surname: contact!.surname, salutation_id: contact!.salutation_id, is_pending: contact!.is_pending, contact_source_id: contact!.contact_source_id },
      infos: infos.map((i) => [i.communication_method_id, i.value === email ? 'the e-mail' : i.value, i.is_pending]),
      mails: mails.map((m) => [m.kind, m.to === email ? 'the sender' : m.to]),
    }
  }

  beforeAll(async () => {
    api = await createTestApi(kind, {
      accounts: { captcha: { provider: 'fixed', verify: async (token) => token !== '' && token !== 'robot' }, magicLinkMinResponseMs: 0, now: () => NOW },
      leadLimits: { perIp: { limit: 1000, windowMs: 3_600_000 }, perEmail: { limit: 1000, windowMs: 3_600_000 } },
    })
    // Before any enquiry: the login link is read from the outbox's first mail.
    buyerCookie = await logInTestBuyer(api)
  })
  afterAll(() => api.close())

  it("stores a visitor's enquiry as the route does, answers 201 with the lead and its contact, and sets the pending cookie", async () => {
    const before = await countLeads()
    const http = await post(enquiry({ email: 'over.http@example.com' }))
    expect(http.statusCode).toBe(201)
    const sent = await servicesFor().sendLeadEnquiry(enquiry({ email: 'from.page@example.com' }))
    if (!sent.ok) throw new Error(`refused: ${sent.status} ${sent.error.message}`)
    expect(sent.status).toBe(201)
    expect(await countLeads()).toBe(before + 2)

    const [lead] = await api.database.db.select().from(leads).where(eq(leads.lead_id, sent.data.lead_id))
    expect(sent.data).toEqual({ lead_id: lead!.lead_id, contact: { contact_id: lead!.contact_id } })
    expect(lead).toMatchObject({ email: 'from.page@example.com', requested_branch_id: 1, created_at: NOW, viewing_lead_date: '2026-07-03T10:30' })
    const viaHttp = await storedLead(http.json<{ data: { lead_id: string } }>().data.lead_id)
    const viaPage = await storedLead(sent.data.lead_id)
    expect(viaPage).toEqual(viaHttp)
    expect(viaPage.contact.is_pending).toBe(true)
    expect(viaPage.mails).toEqual([
      ['lead_branch', expect.any(String)],
      ['lead_acknowledgement', 'the sender'],
    ])

    // The cookie the route sets, remembering this lead: its token's hash is the lead's.
    expect(http.headers['set-cookie']).toMatch(PENDING_COOKIE)
    expect(sent.setCookie).toHaveLength(1)
    const token = PENDING_COOKIE.exec(sent.setCookie[0]!)?.[1]
    expect(token).toBeDefined()
    expect(lead!.pending_cookie_hash).toBe(hashToken(token!))
  })

  it("refuses a failed captcha with the route's 422 and stores nothing", async () => {
    const before = await countLeads()
    const refused = await refusedAlike(enquiry({ recaptcha_token: 'robot' }), 422)
    expect(refused).toMatchObject({ error: { message: 'Please confirm you are not a robot and try again.', errors: { recaptcha_token: ['Please confirm you are not a robot and try again.'] } } })
    // A payload SPEC §5 refuses, in the route's words too.
    await refusedAlike(enquiry({ viewing_lead_date: '2026-07-01T09:45' }), 422)
    expect(await countLeads()).toBe(before)
  })

  it('refuses a captcha token or an idempotency key with a control character with the route\'s 400, and stores nothing', async () => {
    const before = await countLeads()
    await refusedAlike(enquiry({ recaptcha_token: 'human\u0000' }), 400)
    const badKey = await post(enquiry(), { 'idempotency-key': 'key\u0007' })
    expect(badKey.statusCode).toBe(400)
    const refusedKey = await servicesFor().sendLeadEnquiry(enquiry(), { idempotencyKey: 'key\u0007' })
    expect(refusedKey).toEqual({ ok: false, status: 400, error: badKey.json(), setCookie: [] })
    expect(await countLeads()).toBe(before)
  })

  it("refuses a post from another site's page with 403, as the API's origin check does, and stores nothing", async () => {
    const before = await countLeads()
    const http = await post(enquiry(), { origin: 'https://elsewhere.example' })
    expect(http.statusCode).toBe(403)
    const refused = await servicesFor({ origin: 'https://elsewhere.example' }).sendLeadEnquiry(enquiry({ email: 'cross.site@example.com' }))
    expect(refused).toEqual({ ok: false, status: 403, error: { message: ACCOUNT_MESSAGES.CROSS_SITE_REFUSED }, setCookie: [] })
    expect(http.json()).toEqual(refused.ok ? null : refused.error)
    expect(await countLeads()).toBe(before)
  })

  it('stores one lead for an enquiry retried under its idempotency key, and refuses another enquiry under the key with 409', async () => {
    const before = await countLeads()
    const body = enquiry({ email: 'retried.page@example.com' })
    const key = 'page-lead-key-1'
    const first = await servicesFor().sendLeadEnquiry(body, { idempotencyKey: key })
    // The retry comes from the same browser with a fresh captcha solution.
    const retry = await servicesFor().sendLeadEnquiry({ ...body, recaptcha_token: 'solved again' }, { idempotencyKey: key })
    expect(first).toMatchObject({ ok: true, status: 201 })
    expect(retry).toMatchObject({ ok: true, status: 201 })
    expect(retry.ok && retry.data).toEqual(first.ok && first.data)
    // The retrying browser remembers the enquiry again.
    expect(retry.setCookie).toHaveLength(1)
    expect(retry.setCookie[0]).toMatch(PENDING_COOKIE)
    expect(await countLeads()).toBe(before + 1)
    expect(await api.database.db.select().from(leads).where(eq(leads.email, 'retried.page@example.com'))).toHaveLength(1)

    const other = await servicesFor().sendLeadEnquiry({ ...body, comment: 'Another question entirely.' }, { idempotencyKey: key })
    expect(other).toEqual({ ok: false, status: 409, error: { message: 'This Idempotency-Key was already used for a different request.' }, setCookie: [] })
    expect(await countLeads()).toBe(before + 1)
    // Without a key, the same enquiry again is a new one.
    expect(await servicesFor().sendLeadEnquiry(body)).toMatchObject({ ok: true, status: 201 })
    expect(await countLeads()).toBe(before + 2)
  })

  it("files a logged-in contact's enquiry under their own contact, with no pending cookie", async () => {
    const cookie = buyerCookie
    const me = (await api.app.inject({ url: '/api/contacts/me', headers: { cookie } })).json<{ data: { contact_id: number } }>().data
    const sent = await servicesFor({ cookie }).sendLeadEnquiry(enquiry({ email: 'buyer@example.com' }))
    if (!sent.ok) throw new Error(`refused: ${sent.status} ${sent.error.message}`)
    expect(sent.data.contact.contact_id).toBe(me.contact_id)
    expect(sent.setCookie).toEqual([])
    const [lead] = await api.database.db.select().from(leads).where(eq(leads.lead_id, sent.data.lead_id))
    expect(lead).toMatchObject({ contact_id: me.contact_id, pending_cookie_hash: null })
  })

  it('suggests the addresses the address route suggests, and refuses the keyword it refuses', async () => {
    await rebuildPlaces(api.database)
    const services = servicesFor()
    for (const keyword of ['12 Park Row LS1 5HD', '3 Mill Lane, leeds', 'ls6', 'leeds', 'x', '']) {
      const http = await api.app.inject({ url: `/api/addresses?keyword=${encodeURIComponent(keyword)}` })
      expect(http.statusCode, keyword).toBe(200)
      expect(await services.searchAddresses(keyword), keyword).toEqual(http.json<{ data: unknown }>().data)
    }
    expect((await services.searchAddresses('12 Park Row LS1 5HD'))!.length).toBeGreaterThan(0)
    const tooLong = 'x'.repeat(257)
    expect((await api.app.inject({ url: `/api/addresses?keyword=${tooLong}` })).statusCode).toBe(400)
    expect(await services.searchAddresses(tooLong)).toBeNull()
  }, 120_000)
})
