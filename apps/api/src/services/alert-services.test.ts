import { APPLICANT_STATUS, CONTACT_DETAILS_NEED_LOGIN, type AlertPayload, type ApplicantQuestion, type ApplicantView } from '@agency/domain'
import { applicantConfirmations, contactApplicants, contacts, outbox, seedAlertReferenceData } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { logInTestBuyer, SAME_ORIGIN, toCookieHeader } from '#app/routes/contacts/test-support.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

/** The captcha: any token but 'robot' is a solution; no token is none. */
const HUMAN_ONLY = { provider: 'fixed' as const, verify: async (token: string) => token !== '' && token !== 'robot' }
const CAPTCHA_FAILED = { message: 'Please confirm you are not a robot and try again.', errors: { recaptcha_token: ['Please confirm you are not a robot and try again.'] } }
const CONFIRMATION_INVALID = { message: 'This confirmation link is invalid or has expired.', errors: { token: ['This confirmation link is invalid or has expired.'] } }
const CONFIRM_LINK = /https:\/\/agency\.example\/heads-up-alerts\/confirm\?token=([A-Za-z0-9_-]{43})/
const PENDING_COOKIE = /^__Host-pending_alert=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/
const HARROGATE = { location: 'Harrogate', place_id: 'gb:town:harrogate', lat: 53.9921, lng: -1.5418, distance: 3 }

/**
 * The alert writes a page's action makes through the site's services (services/alerts.ts, the same
 * work as the contact_applicants routes) store, answer and set cookies as the routes do for the same
 * person, and are refused where the routes refuse them: a failed captcha, a post from another site,
 * the people of an alert changed by its key alone.
 */
describe.each(testDatabaseKinds())("the site's alert services on %s", (kind) => {
  let api: TestApi
  let buyerCookie: string
  let buyerQuestions: ApplicantQuestion[]

  /** The services of a page request with `headers`: a post from the site's own page unless they name another origin. */
  const servicesFor = (headers: Record<string, string> = {}) =>
    api.app.siteServices(
      { method: 'POST', headers: { ...SAME_ORIGIN, ...headers }, ip: '203.0.113.20', log: api.app.log, protocol: 'http', host: 'localhost' },
      { onUnavailable: () => undefined },
    )

  function payload(email: string): AlertPayload {
    const answers = buyerQuestions
      .filter((q) => q.contact_question_options.length > 0)
      .map((q) => ({ contact_question_id: q.contact_question_id, answer: q.contact_question_options[0]!.contact_question_option_id }))
    return {
      profile_id: 3,
      contacts: [
        {
          salutation_id: 3,
          name: 'Daniel',
          surname: 'Fletcher',
          communication_infos: [{ value: email, preferred: true, communication_method_id: 1 }],
          contact_addresses: [{ display_name: '12 Station Road, Harrogate HG1 1AB' }],
          subscription_types: [1],
          communication_info_delete: true,
          create_without_email: true,
          contact_source_id: 35,
          contact_profiles: [3],
        },
      ],
      property_criteria: { locations: [HARROGATE], min_price: 250_000, max_price: 450_000, min_bedroom: 3 },
      online_registration: true,
      contact_questions: answers,
    } as unknown as AlertPayload
  }

  /** A visitor's registration through the route, as the browser's script sends it. */
  function registerByRoute(email: string) {
    return api.app.inject({ method: 'POST', url: '/api/contact_applicants', headers: SAME_ORIGIN, payload: { ...payload(email), unknown_user_branch: true, recaptcha_token: 'solved' } })
  }

  async function counts() {
    const db = api.database.db
    return { alerts: (await db.select().from(contactApplicants)).length, contacts: (await db.select().from(contacts)).length, mails: (await db.select().from(outbox)).length }
  }

  async function confirmationToken(email: string): Promise<string> {
    const mail = (await api.database.db.select().from(outbox).where(eq(outbox.kind, 'alert_confirmation'))).find((m) => m.to === email)
    const token = mail && CONFIRM_LINK.exec(mail.text)?.[1]
    if (!token) throw new Error(`no confirmation e-mail to ${email}`)
    return token
  }

  /** The signed-in buyer's alert key now (asking for the login link gave it a new one). */
  async function buyerAlertKey(): Promise<string> {
    const me = (await api.app.inject({ url: '/api/contacts/me', headers: { cookie: buyerCookie } })).json<{ data: { contact_id: number } }>().data
    const [alert] = await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_id, me.contact_id))
    return alert!.applicant_key
  }

  /** The answer without what differs between two registrations of the same payload: ids, keys, times and the e-mail typed. */
  const strip = (view: ApplicantView) => ({
    ...view,
    contact_applicant_id: 0,
    applicant_key: '',
    created_at: '',
    contacts: view.contacts.map((c) => ({ ...c, contact_id: 0, communication_infos: [], contact_addresses: c.contact_addresses.map((a) => ({ ...a, contact_address_id: 0 })) })),
  })

  beforeAll(async () => {
    api = await createTestApi(kind, {
      accounts: { captcha: HUMAN_ONLY, magicLinkMinResponseMs: 0 },
      alertLimits: { perIp: { limit: 1000, windowMs: 3_600_000 }, perEmail: { limit: 1000, windowMs: 3_600_000 } },
    })
    // First, while the outbox holds no other e-mail: the buyer's login link is its first.
    buyerCookie = await logInTestBuyer(api, 'alert.owner@example.com')
    await seedAlertReferenceData(api.database.db)
    buyerQuestions = (await api.app.inject({ url: '/api/contact_questions/buyer' })).json<{ data: ApplicantQuestion[] }>().data
  })
  afterAll(() => api.close())

  it("register a visitor's alert as the route does, with the cookie that remembers it, which getPendingAlert then finds", async () => {
    const byRoute = await registerByRoute('route.visitor@example.com')
    expect(byRoute.statusCode).toBe(201)
    const created = await servicesFor().createAlert(payload('service.visitor@example.com'), { captchaToken: 'solved' })
    if (!created.ok) throw new Error(`refused: ${created.status} ${created.error.message}`)
    expect(created.status).toBe(201)
    expect(strip(created.data)).toEqual(strip(byRoute.json<{ data: ApplicantView }>().data))
    expect(created.data).toMatchObject({ is_confirmed: false, contacts: [{ name: 'Daniel', surname: 'Fletcher' }] })
    expect(created.setCookie).toHaveLength(1)
    expect(created.setCookie[0]).toMatch(PENDING_COOKIE)
    expect([byRoute.headers['set-cookie']].flat()[0]).toMatch(PENDING_COOKIE)

    // Stored as the route stores it: a pending contact, and the confirmation e-mailed.
    const [contact] = await api.database.db.select().from(contacts).where(eq(contacts.contact_id, created.data.contacts[0]!.contact_id))
    expect(contact!.is_pending).toBe(true)
    await confirmationToken('service.visitor@example.com')

    // The cookie names the pending alert, to the services as to the route; without it there is none.
    const cookie = toCookieHeader(created.setCookie)
    const pending = await servicesFor({ cookie }).getPendingAlert()
    expect(pending).toEqual({ contact_applicant_id: created.data.contact_applicant_id, profile_id: 3 })
    expect((await api.app.inject({ url: '/api/contact_applicants/pending', headers: { cookie } })).json()).toEqual({ data: pending })
    expect(await servicesFor().getPendingAlert()).toBeNull()
    expect(await servicesFor({ cookie: '__Host-pending_alert=not-a-token' }).getPendingAlert()).toBeNull()
  })

  it('answer a retry under the same Idempotency-Key with the first answer, storing nothing new', async () => {
    const first = await servicesFor().createAlert(payload('retry.visitor@example.com'), { captchaToken: 'solved', idempotencyKey: 'service-retry-1' })
    const before = await counts()
    const retry = await servicesFor().createAlert(payload('retry.visitor@example.com'), { captchaToken: 'robot', idempotencyKey: 'service-retry-1' })
    expect(first.ok && retry.ok).toBe(true)
    expect(retry.status).toBe(201)
    expect(retry.ok && first.ok && retry.data).toEqual(first.ok && first.data)
    expect(await counts()).toEqual(before)
  })

  it("refuse a visitor's alert without a solved captcha with the route's 422, storing and sending nothing", async () => {
    const before = await counts()
    for (const options of [{}, { captchaToken: 'robot' }]) {
      const refused = await servicesFor().createAlert(payload('no.captcha@example.com'), options)
      expect(refused).toEqual({ ok: false, status: 422, error: CAPTCHA_FAILED, setCookie: [] })
    }
    const byRoute = await api.app.inject({ method: 'POST', url: '/api/contact_applicants', headers: SAME_ORIGIN, payload: { ...payload('no.captcha@example.com'), recaptcha_token: 'robot' } })
    expect([byRoute.statusCode, byRoute.json()]).toEqual([422, CAPTCHA_FAILED])
    expect(await counts()).toEqual(before)
  })

  it("refuse the alert writes of another site's page (403), changing nothing", async () => {
    const elsewhere = { origin: 'https://evil.example' }
    const refusal = { ok: false, status: 403, error: { message: ACCOUNT_MESSAGES.CROSS_SITE_REFUSED }, setCookie: [] }
    const before = await counts()
    expect(await servicesFor(elsewhere).createAlert(payload('cross.site@example.com'), { captchaToken: 'solved' })).toEqual(refusal)
    expect(await counts()).toEqual(before)

    // Not the owner's alert switched off, even with the owner's cookie.
    const [alert] = await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.applicant_key, await buyerAlertKey()))
    expect(await servicesFor({ ...elsewhere, cookie: buyerCookie }).setAlertStatus(alert!.contact_applicant_id, APPLICANT_STATUS.OFF)).toEqual(refusal)
    const [still] = await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, alert!.contact_applicant_id))
    expect(still).toEqual(alert)

    // Nor a confirmation spent: the link still works from the site's own page.
    const created = await servicesFor().createAlert(payload('cross.confirm@example.com'), { captchaToken: 'solved' })
    expect(created.ok).toBe(true)
    const token = await confirmationToken('cross.confirm@example.com')
    expect(await servicesFor(elsewhere).confirmAlert(token)).toEqual(refusal)
    expect((await servicesFor().confirmAlert(token)).ok).toBe(true)
  })

  it('confirm an alert from its e-mail as the route does: logged in, the pending cookie cleared, the link spent', async () => {
    const created = await servicesFor().createAlert(payload('confirm.visitor@example.com'), { captchaToken: 'solved' })
    if (!created.ok) throw new Error('refused')
    const pendingCookie = toCookieHeader(created.setCookie)
    const token = await confirmationToken('confirm.visitor@example.com')
    const services = servicesFor({ cookie: pendingCookie })
    const confirmed = await services.confirmAlert(token)
    if (!confirmed.ok) throw new Error(`refused: ${confirmed.status}`)
    expect(confirmed.status).toBe(200)
    expect(confirmed.data).toMatchObject({ contact_id: created.data.contacts[0]!.contact_id, contact_applicant_id: created.data.contact_applicant_id, redirect_to: '/properties' })
    const session = confirmed.setCookie.filter((c) => c.startsWith('__Host-session='))
    expect(session).toHaveLength(1)
    expect(confirmed.setCookie.some((c) => /^__Host-pending_alert=;.*Expires=Thu, 01 Jan 1970/.test(c))).toBe(true)

    // Logged in: the same services (their caller's session) and the cookie's next request see the contact, its alert active.
    expect(await services.getCurrentContact()).toMatchObject({ contact_id: confirmed.data.contact_id, active_contact_applicant_id: confirmed.data.contact_applicant_id })
    const me = await api.app.inject({ url: '/api/contacts/me', headers: { cookie: toCookieHeader(session) } })
    expect(me.json()).toMatchObject({ data: { contact_id: confirmed.data.contact_id, active_contact_applicant_id: confirmed.data.contact_applicant_id } })
    expect(await servicesFor({ cookie: pendingCookie }).getPendingAlert()).toBeNull()

    // Single use, as the route's.
    expect(await servicesFor().confirmAlert(token)).toEqual({ ok: false, status: 400, error: CONFIRMATION_INVALID, setCookie: [] })
  })

  it("tell an alert's confirmation page, before its button is pressed, whether the alert awaits it, is confirmed already, or the link expired, and change nothing", async () => {
    const page = servicesFor()
    const created = await servicesFor().createAlert(payload('check.confirm@example.com'), { captchaToken: 'solved' })
    if (!created.ok) throw new Error('refused')
    const token = await confirmationToken('check.confirm@example.com')
    const id = created.data.contact_applicant_id
    const rows = async () => ({
      alert: await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id)),
      links: await api.database.db.select().from(applicantConfirmations).where(eq(applicantConfirmations.contact_applicant_id, id)),
    })
    const before = await rows()
    expect(await page.checkAlertConfirmationLink(token)).toBe('usable')
    expect(await page.checkAlertConfirmationLink(token)).toBe('usable')
    expect(await rows()).toEqual(before)

    // Its time runs out unconfirmed: expired.
    await api.database.db.update(applicantConfirmations).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(applicantConfirmations.contact_applicant_id, id))
    expect(await page.checkAlertConfirmationLink(token)).toBe('expired')
    await api.database.db.update(applicantConfirmations).set({ expires_at: before.links[0]!.expires_at }).where(eq(applicantConfirmations.contact_applicant_id, id))

    // Confirmed: the link, spent, says so, and goes on saying so once its time has run out too, or
    // the alert has been switched off since.
    expect((await servicesFor().confirmAlert(token)).ok).toBe(true)
    expect(await page.checkAlertConfirmationLink(token)).toBe('confirmed')
    await api.database.db.update(applicantConfirmations).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(applicantConfirmations.contact_applicant_id, id))
    await api.database.db.update(contactApplicants).set({ contact_applicant_status_id: APPLICANT_STATUS.OFF }).where(eq(contactApplicants.contact_applicant_id, id))
    expect(await page.checkAlertConfirmationLink(token)).toBe('confirmed')

    // An alert deleted since: its link names nothing.
    await api.database.db.delete(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id))
    expect(await page.checkAlertConfirmationLink(token)).toBe('invalid')
  })

  it('answer any confirmation token the site never sent, whatever its shape, with invalid and no error', async () => {
    const hostile = ['', 'A'.repeat(43), 'f'.repeat(64), 'x', 'A'.repeat(100_000), "' or 1=1 --", '\u0000'.repeat(43), '../../../etc/passwd', '🙂'.repeat(43)]
    for (const token of hostile) expect(await servicesFor().checkAlertConfirmationLink(token)).toBe('invalid')
  })

  it("switch the owner's alert off and on as the route does, its session's active alert following", async () => {
    const [alert] = await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.applicant_key, await buyerAlertKey()))
    const id = alert!.contact_applicant_id
    const active = async () => (await api.app.inject({ url: '/api/contacts/me', headers: { cookie: buyerCookie } })).json<{ data: { active_contact_applicant_id: number | null } }>().data.active_contact_applicant_id
    expect(await active()).toBe(id)

    // Off: no other ON alert of the profile, so none is active, in the session kept and in this request's.
    const services = servicesFor({ cookie: buyerCookie })
    const off = await services.setAlertStatus(id, APPLICANT_STATUS.OFF)
    if (!off.ok) throw new Error(`refused: ${off.status}`)
    expect(off.data).toMatchObject({ data: { contact_applicant_id: id, contact_applicant_status_id: 2 }, active_contact_applicant_id: null })
    expect(off.setCookie).toEqual([])
    expect(await active()).toBeNull()
    expect(await services.getCurrentContact()).toMatchObject({ active_contact_applicant_id: null })

    // On again: the active one.
    const on = await services.setAlertStatus(id, APPLICANT_STATUS.ON)
    expect(on.ok && on.data).toMatchObject({ data: { contact_applicant_status_id: 1 }, active_contact_applicant_id: id })
    expect(await active()).toBe(id)
    expect(await services.getCurrentContact()).toMatchObject({ active_contact_applicant_id: id })

    // The route answers the same change the same way.
    const byRoute = await api.app.inject({ method: 'PATCH', url: `/api/contact_applicants/status/${id}`, headers: { ...SAME_ORIGIN, cookie: buyerCookie }, payload: { status: 1, contact_applicant_id: id } })
    expect(byRoute.json()).toEqual(on.ok && on.data)

    // Anyone else's request names no alert: 404, as the route's.
    expect(await servicesFor().setAlertStatus(id, APPLICANT_STATUS.OFF)).toEqual({ ok: false, status: 404, error: { message: 'Applicant not found' }, setCookie: [] })
  })

  it("let an alert's key change its criteria, never its people (403 CONTACT_DETAILS_NEED_LOGIN), as the route does", async () => {
    const key = await buyerAlertKey()
    const [before] = await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.applicant_key, key))
    const id = before!.contact_applicant_id
    const contactsBefore = await api.database.db.select().from(contacts).where(eq(contacts.contact_id, before!.contact_id))
    const { contacts: people, ...criteria } = payload('mallory@example.com')
    const refused = await servicesFor().updateAlert(id, { ...criteria, contacts: people } as AlertPayload, { applicantKey: key, captchaToken: 'solved' })
    expect(refused).toEqual({ ok: false, status: 403, error: { message: CONTACT_DETAILS_NEED_LOGIN, errors: { contacts: [CONTACT_DETAILS_NEED_LOGIN] } }, setCookie: [] })
    expect(await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id))).toEqual([before])
    expect(await api.database.db.select().from(contacts).where(eq(contacts.contact_id, before!.contact_id))).toEqual(contactsBefore)

    // The criteria alone, with the captcha, go through, answered without the people.
    const changed = await servicesFor().updateAlert(id, { ...criteria, property_criteria: { locations: [HARROGATE], min_price: 275_000, max_price: 400_000 } } as unknown as AlertPayload, { applicantKey: key, captchaToken: 'solved' })
    expect(changed.ok && changed.data).toMatchObject({ contact_applicant_id: id, contacts: [], contacts_withheld: true, criteria: { min_price: 275_000, max_price: 400_000 } })
    // Without the captcha, or without the key: refused as the route refuses them.
    expect(await servicesFor().updateAlert(id, criteria as AlertPayload, { applicantKey: key })).toMatchObject({ ok: false, status: 422, error: CAPTCHA_FAILED })
    expect(await servicesFor().updateAlert(id, criteria as AlertPayload)).toMatchObject({ ok: false, status: 404 })
  })

  it("refuse an id the route's path would not take with the route's 400", async () => {
    const byRoute = await api.app.inject({ method: 'PATCH', url: '/api/contact_applicants/status/0', headers: SAME_ORIGIN, payload: { status: 2, contact_applicant_id: 0 } })
    expect(byRoute.statusCode).toBe(400)
    expect(await servicesFor().setAlertStatus(0, APPLICANT_STATUS.OFF)).toEqual({ ok: false, status: 400, error: byRoute.json(), setCookie: [] })
  })
})
