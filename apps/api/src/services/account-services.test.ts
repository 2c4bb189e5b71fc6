import { LINK_MESSAGES, MESSAGES } from '@agency/domain'
import { magicLinks, outbox, properties, savedProperties, sessions } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { PUBLIC_URL, SAME_ORIGIN, extractToken, insertTestContact, createTestClock, logInTestBuyer, toCookieHeader } from '#app/routes/contacts/test-support.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

/**
 * The account's writes and the saved properties as a page's actions make them through the site's
 * services (no request of the API's own): the same answers, rows and cookies as the HTTP routes, and
 * the same refusal of a post from another site's page.
 */
describe.each(testDatabaseKinds())("the site's account services on %s", (kind) => {
  let api: TestApi
  const host = new URL(PUBLIC_URL).host
  /** The services for a page request with these headers (a same-origin post unless `origin` says otherwise). */
  const servicesFor = (headers: Record<string, string> = {}, method = 'POST') =>
    api.app.siteServices(
      { method, headers: { ...SAME_ORIGIN, host, ...headers }, ip: '203.0.113.7', log: api.app.log, protocol: 'https', host },
      { onUnavailable: () => undefined },
    )
  const link = (email: string) => ({ email, request_page_url: '/sales/property-for-sale', recaptcha_token: 'token' })

  beforeAll(async () => {
    api = await createTestApi(kind)
    await insertTestContact({ app: api.app, database: api.database, clock: createTestClock(), close: api.close }, { email: 'seller@example.com' })
  })
  afterAll(() => api.close())
  beforeEach(async () => {
    await api.database.db.delete(outbox)
  })

  it('send a login link and log in with it: the session cookie the route sets, and the contact behind it', async () => {
    const asked = await servicesFor().requestLoginLink(link('seller@example.com'))
    expect(asked).toEqual({ ok: true, status: 202, data: { message: MESSAGES.MAGIC_LINK_SENT }, setCookie: [] })
    const [mail] = await api.database.db.select().from(outbox)
    expect(mail!.kind).toBe('magic_link')

    const login = await servicesFor().logInWithLink(extractToken(mail!.text))
    if (!login.ok) throw new Error(`refused: ${login.status}`)
    expect(login.data).toEqual({ contact_id: expect.any(Number), redirect_to: '/sales/property-for-sale' })
    expect(login.setCookie).toHaveLength(1)
    expect(login.setCookie[0]).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    const contact = await servicesFor({ cookie: toCookieHeader(login.setCookie) }, 'GET').getCurrentContact()
    expect(contact?.contact_id).toBe(login.data.contact_id)

    // The token is spent: a second use is the route's 400, and sets nothing.
    expect(await servicesFor().logInWithLink(extractToken(mail!.text))).toEqual({
      ok: false,
      status: 400,
      error: { message: LINK_MESSAGES.LOGIN_LINK_INVALID, errors: { token: [LINK_MESSAGES.LOGIN_LINK_INVALID] } },
      setCookie: [],
    })
  })

  it("tell a login link's page, before Log in is pressed, whether the link is usable, used or expired, and spend nothing", async () => {
    const page = servicesFor({}, 'GET')
    const tokens: string[] = []
    for (let n = 0; n < 3; n++) {
      await api.database.db.delete(outbox)
      await servicesFor().requestLoginLink(link('seller@example.com'))
      const [mail] = await api.database.db.select().from(outbox)
      tokens.push(extractToken(mail!.text))
    }
    const [older, used, late] = tokens as [string, string, string]
    // The third link's time runs out.
    const rows = await api.database.db.select().from(magicLinks).orderBy(asc(magicLinks.magic_link_id))
    await api.database.db.update(magicLinks).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(magicLinks.magic_link_id, rows.at(-1)!.magic_link_id))

    const before = await api.database.db.select().from(magicLinks).orderBy(asc(magicLinks.magic_link_id))
    expect(await page.checkLoginLink(used)).toBe('usable')
    expect(await page.checkLoginLink(used)).toBe('usable')
    expect(await page.checkLoginLink(late)).toBe('expired')
    // Asking changed nothing: the links' rows are as they were, and the link still logs in.
    expect(await api.database.db.select().from(magicLinks).orderBy(asc(magicLinks.magic_link_id))).toEqual(before)
    expect((await servicesFor().logInWithLink(used)).ok).toBe(true)

    expect(await page.checkLoginLink(used)).toBe('used')
    // Logging in with one link ends the person's other unused ones: the older link is used up too.
    expect(await page.checkLoginLink(older)).toBe('used')
    // A used link stays 'used' once its time has run out as well.
    await api.database.db.update(magicLinks).set({ expires_at: new Date(Date.now() - 60_000) })
    expect(await page.checkLoginLink(used)).toBe('used')
  })

  it('answer any token the site never sent, whatever its shape, with invalid and no error', async () => {
    const page = servicesFor({}, 'GET')
    const hostile = ['', 'A'.repeat(43), 'f'.repeat(64), 'x', 'A'.repeat(100_000), "' or 1=1 --", `${'A'.repeat(42)}'`, '\u0000'.repeat(43), '../../../etc/passwd', '%00', '🙂'.repeat(43)]
    for (const token of hostile) expect(await page.checkLoginLink(token)).toBe('invalid')
  })

  it('answer an unknown address as a known one, and send nothing', async () => {
    expect(await servicesFor().requestLoginLink(link('nobody@example.com'))).toEqual({ ok: true, status: 202, data: { message: MESSAGES.MAGIC_LINK_SENT }, setCookie: [] })
    expect(await api.database.db.select().from(outbox)).toEqual([])
  })

  it("refuse a post from another site's page, as the API's Origin check does, and change nothing", async () => {
    const cookie = await logInTestBuyer(api, 'crossed@example.com')
    await api.database.db.delete(outbox)
    const refused = { ok: false, status: 403, error: { message: ACCOUNT_MESSAGES.CROSS_SITE_REFUSED }, setCookie: [] }
    expect(await servicesFor({ origin: 'https://elsewhere.example' }).requestLoginLink(link('seller@example.com'))).toEqual(refused)
    expect(await api.database.db.select().from(outbox)).toEqual([])
    expect(await servicesFor({ origin: 'https://elsewhere.example', cookie }).logOut()).toEqual(refused)
    const [open] = await api.database.db.select().from(properties).where(eq(properties.is_locked, false)).limit(1)
    expect(await servicesFor({ origin: 'https://elsewhere.example', cookie }).saveProperty(open!.property_profile_id)).toEqual(refused)
    // Without an Origin or a Referer a post is no page of the site's either.
    const { origin: _origin, ...noOrigin } = { ...SAME_ORIGIN, cookie }
    expect(await api.app.siteServices({ method: 'POST', headers: { ...noOrigin, host }, ip: '203.0.113.7', log: api.app.log, protocol: 'https', host }, { onUnavailable: () => undefined }).logOut()).toEqual(refused)
    expect((await servicesFor({ cookie }, 'GET').getCurrentContact())?.contact_id).toEqual(expect.any(Number))
    expect(await api.database.db.select().from(savedProperties)).toEqual([])
  })

  it('log out: the session row gone, the cookie cleared as the route clears it, and the old cookie no longer a contact', async () => {
    const cookie = await logInTestBuyer(api, 'leaving@example.com')
    const before = await api.database.db.select().from(sessions)
    const out = await servicesFor({ cookie }).logOut()
    expect(out).toEqual({ ok: true, status: 204, data: null, setCookie: ['__Host-session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax'] })
    expect(await api.database.db.select().from(sessions)).toHaveLength(before.length - 1)
    expect(await servicesFor({ cookie }, 'GET').getCurrentContact()).toBeNull()
    const route = await api.app.inject({ method: 'DELETE', url: '/api/contacts/oauth/sessions/current', headers: { ...SAME_ORIGIN } })
    expect(route.headers['set-cookie']).toBe(out.setCookie[0])
  })

  // Nothing tells a caller how many statements ran; what one lookup for a page looks like from outside
  // is that its later reads do not see a change made to the session's row meanwhile by someone else,
  // which the next page does see, while a logout by the page itself is seen at once.
  it("read a page's session once for all its services, see the page's own logout at once, and the next page afresh", async () => {
    const cookie = await logInTestBuyer(api, 'once@example.com')
    const page = servicesFor({ cookie })
    const contact = await page.getCurrentContact()
    expect(contact?.contact_id).toEqual(expect.any(Number))
    // The session ends behind the page's back (another process's logout): the page still has its contact.
    await api.database.db.delete(sessions).where(eq(sessions.contact_id, contact!.contact_id))
    expect((await page.getCurrentContact())?.contact_id).toBe(contact!.contact_id)
    expect(await page.getSavedPropertyIds()).toEqual([])
    // The next page sees it ended.
    expect(await servicesFor({ cookie }, 'GET').getCurrentContact()).toBeNull()

    await api.database.db.delete(outbox)
    const again = await logInTestBuyer(api, 'once-more@example.com')
    const leaving = servicesFor({ cookie: again })
    expect(await leaving.getCurrentContact()).not.toBeNull()
    expect((await leaving.logOut()).ok).toBe(true)
    expect(await leaving.getCurrentContact()).toBeNull()
    expect(await leaving.getSavedPropertyIds()).toBeNull()
  })

  it('save and remove a property as the routes do, and list the saved ones and the cards as they answer', async () => {
    const cookie = await logInTestBuyer(api, 'saver@example.com')
    const [first, second] = await api.database.db.select().from(properties).where(eq(properties.is_locked, false)).limit(2)
    const services = servicesFor({ cookie })
    expect(await services.saveProperty(first!.property_profile_id, 450_000)).toEqual({ ok: true, status: 204, data: null, setCookie: [] })
    expect(await services.saveProperty(second!.property_profile_id)).toEqual({ ok: true, status: 204, data: null, setCookie: [] })
    expect(await services.saveProperty(999_999)).toEqual({ ok: false, status: 404, error: { message: API_MESSAGES.PROPERTY_NOT_FOUND }, setCookie: [] })

    const listed = await services.getSavedProperties()
    const route = await api.app.inject({ url: '/api/contacts/me/saved_properties', headers: { cookie } })
    expect(listed).toEqual(route.json<{ data: unknown }>().data)
    expect(listed?.map((saved) => [saved.property_profile_id, saved.saved_price])).toEqual([
      // Without the price the contact saw, the price it has now.
      [second!.property_profile_id, expect.any(Number)],
      [first!.property_profile_id, 450_000],
    ])

    expect(await services.unsaveProperty(first!.property_profile_id)).toEqual({ ok: true, status: 204, data: null, setCookie: [] })
    expect((await services.getSavedProperties())?.map((saved) => saved.property_profile_id)).toEqual([second!.property_profile_id])

    const ids = [second!.property_profile_id, first!.property_profile_id]
    const cards = await servicesFor({}, 'GET').getPropertyCards(ids)
    const routeCards = await api.app.inject({ url: `/api/properties/cards?ids=${ids.join(',')}` })
    expect(cards).toEqual(routeCards.json<{ data: unknown }>().data)
    expect(cards?.map((card) => card.property_profile_id)).toEqual(ids)
    expect(await servicesFor({}, 'GET').getPropertyCards([])).toBeNull()
  })

  it("tell a visitor to log in to save, and give a visitor no saved list", async () => {
    const [open] = await api.database.db.select().from(properties).where(eq(properties.is_locked, false)).limit(1)
    expect(await servicesFor().saveProperty(open!.property_profile_id)).toEqual({ ok: false, status: 401, error: { message: ACCOUNT_MESSAGES.LOGIN_REQUIRED }, setCookie: [] })
    expect(await servicesFor({}, 'GET').getSavedProperties()).toBeNull()
  })
})
