import { COMPANY_SETTING, PropertySearchQuerySchema } from '@agency/domain'
import { companySettings, places, properties, rebuildPlaces } from '@agency/db'
import { eq, inArray } from 'drizzle-orm'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUESTION_TOKEN_PREFIX } from '#app/auth/question-challenge.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'
import { logInTestBuyer, SAME_ORIGIN } from '#app/routes/contacts/test-support.ts'

/**
 * The services a page's loaders call in the process (site-services.ts) answer what the HTTP API
 * answers the same person: a visitor gets pre-market properties locked, a signed-in buyer gets them in
 * full and scored, and no field more or less than the routes send.
 */
describe.each(testDatabaseKinds())("the site's services on %s", (kind) => {
  let api: TestApi
  let cookie: string
  const unavailable: number[] = []
  const servicesFor = (headers: Record<string, string>) => api.app.siteServices({ method: 'GET', headers, ip: '203.0.113.9', log: api.app.log, protocol: 'http', host: 'localhost' }, { onUnavailable: (s) => unavailable.push(s) })
  const httpGet = async (url: string, headers: Record<string, string>) => {
    const response = await api.app.inject({ method: 'GET', url, headers })
    return { status: response.statusCode, body: response.json() as { data: unknown } }
  }

  beforeAll(async () => {
    api = await createTestApi(kind)
    cookie = await logInTestBuyer(api)
  })
  afterAll(() => api.close())

  const people = () => [
    { who: 'a visitor', headers: {} as Record<string, string> },
    { who: 'a visitor with a cookie that is no session', headers: { cookie: 'agency_session=someone' } },
    { who: 'a signed-in buyer', headers: { cookie } },
  ]

  it('give each person the property page the API gives them, a pre-market one locked for a visitor only', async () => {
    const all = await api.database.db.select().from(properties)
    const locked = all.find((p) => p.is_locked)!
    const open = all.find((p) => !p.is_locked)!
    for (const { who, headers } of people()) {
      for (const id of [locked.property_profile_id, open.property_profile_id]) {
        const http = await httpGet(`/api/properties/${id}`, headers)
        expect(http.status, who).toBe(200)
        const served = await servicesFor(headers).getProperty(id)
        expect(served, `${who}, property ${id}`).toEqual(http.body.data)
      }
      const shown = (await servicesFor(headers).getProperty(locked.property_profile_id))!
      expect([who, shown.is_locked]).toEqual([who, who !== 'a signed-in buyer'])
    }
    expect(await servicesFor({}).getProperty(999_999)).toBeNull()
  })

  it("give each person the list page's search the API gives them, scored for the buyer", async () => {
    const url = '/api/properties?transaction_type_id=1&include_medias=false&include_unavailable=true&page_size=50&sort=price_desc'
    const query = PropertySearchQuerySchema.parse({ transaction_type_id: '1', include_unavailable: 'true', page_size: '50', sort: 'price_desc' })
    for (const { who, headers } of people()) {
      const http = await httpGet(url, headers)
      expect(http.status, who).toBe(200)
      const served = await servicesFor(headers).searchPropertyCards(query)
      expect(served, who).toEqual(http.body)
      const scored = served.data.filter((card) => card.match_percentage !== null)
      expect([who, scored.length > 0]).toEqual([who, who === 'a signed-in buyer'])
    }
    expect(unavailable).toEqual([])
  })

  it("give each person a property's similar properties and neighbourhood the API gives them", async () => {
    const all = await api.database.db.select().from(properties)
    const open = all.find((p) => !p.is_locked && p.lat !== null)!
    for (const { who, headers } of people()) {
      const http = await httpGet(`/api/properties/${open.property_profile_id}/similar`, headers)
      expect(await servicesFor(headers).getSimilarProperties(open.property_profile_id), who).toEqual(http.body.data)
    }
    expect(await servicesFor({}).getSimilarProperties(999_999)).toBeNull()
    const at = { lat: Number(open.lat), lng: Number(open.lng) }
    const nearby = await httpGet(`/api/places/nearby?lat=${at.lat}&lng=${at.lng}`, {})
    expect(await servicesFor({}).getNearbyPlaces(at)).toEqual(nearby.body.data)
  })

  it('search places, offer spellings and place a place as the place routes do, and refuse what they refuse', async () => {
    await rebuildPlaces(api.database)
    const services = servicesFor({})
    for (const keyword of ['leeds', 'ls1', 'harogate', '']) {
      expect(await services.searchPlaces(keyword), keyword).toEqual((await httpGet(`/api/places?keyword=${encodeURIComponent(keyword)}`, {})).body.data)
      const spellings = await httpGet(`/api/places/nearest-spellings?keyword=${encodeURIComponent(keyword)}`, {})
      expect(await services.findNearestSpellings(keyword), keyword).toEqual(spellings.body.data)
    }
    const [leeds] = (await services.searchPlaces('leeds'))!
    const details = (await httpGet(`/api/places/${encodeURIComponent(leeds!.place_id)}`, {})).body.data as { location: string; lat: number; lng: number; bounds: unknown }
    expect(await services.getPlace(leeds!.place_id)).toEqual({ name: details.location, lat: details.lat, lng: details.lng, bounds: details.bounds })
    expect(await services.getPlace('gb:town:0')).toBeNull()
    // A point (a full postcode, a branch): the API frames it with the street or two around it, and a
    // search around it takes no bounds, so that its radius is a circle around the point.
    const [point] = await api.database.db.select().from(places).where(inArray(places.location_type, ['postcode', 'branch'])).limit(1)
    const pointDetails = (await httpGet(`/api/places/${encodeURIComponent(point!.place_id)}`, {})).body.data as typeof details
    expect(pointDetails.bounds).toEqual(expect.objectContaining({ north: expect.any(Number) }))
    expect(await services.getPlace(point!.place_id)).toEqual({ name: pointDetails.location, lat: pointDetails.lat, lng: pointDetails.lng, bounds: null })
    // What the routes answer 400 for.
    expect(await services.searchPlaces('x'.repeat(257))).toBeNull()
    expect(await services.findNearestSpellings('x'.repeat(257))).toBeNull()
    expect(await services.getPlace('')).toBeNull()
  }, 120_000)

  it('give the captcha widget the API gives, and a new question for a form sent without JavaScript', async () => {
    const services = servicesFor({})
    expect(await services.getCaptchaConfig()).toEqual((await httpGet('/api/captcha/config', {})).body.data)
    const first = (await services.issueCaptchaQuestion())!
    const second = (await services.issueCaptchaQuestion())!
    expect(first.token.startsWith(QUESTION_TOKEN_PREFIX)).toBe(true)
    expect(first.token).not.toBe(second.token)
    expect(new Date(first.expires_at).getTime()).toBeGreaterThan(Date.now())
    expect(first.text).toMatch(/[.?]$/)
  })

  it('give the sitemap pages and the redirects the API gives', async () => {
    const services = servicesFor({})
    const http = await httpGet('/api/sitemap/properties?after=0', {})
    const page = await services.getSitemapPage(0)
    expect(page).toEqual(http.body)
    const locked = (await api.database.db.select().from(properties)).filter((p) => p.is_locked).map((p) => p.property_profile_id)
    expect(page.data.some((entry) => locked.includes(entry.property_profile_id))).toBe(false)
    await api.database.db
      .insert(companySettings)
      .values({ setting_id: COMPANY_SETTING.REDIRECT_TARGETS, value: { 'stamp-duty': 'https://www.gov.uk/stamp-duty-land-tax', elsewhere: '//evil.example/' } })
    try {
      expect(await services.getRedirect('stamp-duty')).toEqual((await httpGet('/api/redirects/stamp-duty', {})).body.data)
      expect(await services.getRedirect('elsewhere')).toBeNull()
      expect(await services.getRedirect('unknown')).toBeNull()
      expect(await services.getRedirect('../not a slug')).toBeNull()
    } finally {
      await api.database.db.delete(companySettings).where(eq(companySettings.setting_id, COMPANY_SETTING.REDIRECT_TARGETS))
    }
  })

  it('give everyone the settings, company details and branches the API gives, and null for an unknown branch', async () => {
    const services = servicesFor({})
    expect(await services.getSiteSettings()).toEqual((await httpGet('/api/site_settings', {})).body.data)
    const company = await httpGet('/api/company', {})
    expect(await services.getCompanyProfile()).toEqual(company.status === 404 ? null : company.body.data)
    const branches = await httpGet('/api/branches', {})
    expect(await services.listBranches()).toEqual(branches.body.data)
    const first = (branches.body.data as Array<{ id: number }>)[0]!
    expect(await services.getBranch(first.id)).toEqual((await httpGet(`/api/branches/${first.id}`, {})).body.data)
    expect(await services.getBranch(999_999)).toBeNull()
  })

  it("give the alert form's questions, subscription types and company settings the API gives, and the buyer their alerts", async () => {
    const services = servicesFor({})
    for (const type of ['buyer', 'tenant'] as const) {
      expect(await services.getContactQuestions(type), type).toEqual((await httpGet(`/api/contact_questions/${type}`, {})).body.data)
    }
    expect(await services.getSubscriptionTypes()).toEqual((await httpGet('/api/subscription_types', {})).body.data)
    const intro = await httpGet(`/api/company_settings/${COMPANY_SETTING.REGISTRATION_TEXT}`, {})
    expect(await services.getCompanySetting(COMPANY_SETTING.REGISTRATION_TEXT)).toEqual(intro.status === 404 ? null : intro.body.data)
    expect(await services.getCompanySetting(999_999)).toBeNull()
    const me = (await httpGet('/api/contacts/me', { cookie })).body.data as { contact_id: number }
    const mine = await httpGet(`/api/contact_applicants/applicants_of_contact/${me.contact_id}`, { cookie })
    expect(mine.status).toBe(200)
    expect(await servicesFor({ cookie }).getMyApplicants()).toEqual(mine.body.data)
    expect((mine.body.data as unknown[]).length).toBeGreaterThan(0)
    expect(await services.getMyApplicants()).toBeNull()
    // One alert by its key: in full for its owner, without its people for anyone else holding the key.
    const key = (mine.body.data as Array<{ applicant_key: string }>)[0]!.applicant_key
    const owner = await httpGet(`/api/contact_applicants/u/${key}`, { cookie })
    const holder = await httpGet(`/api/contact_applicants/u/${key}`, {})
    expect(await servicesFor({ cookie }).getAlertByKey(key)).toEqual(owner.body.data)
    expect(await services.getAlertByKey(key)).toEqual(holder.body.data)
    expect((holder.body.data as { contacts_withheld: boolean }).contacts_withheld).toBe(true)
    expect((owner.body.data as { contacts_withheld: boolean }).contacts_withheld).toBe(false)
    expect(await services.getAlertByKey('x'.repeat(43))).toBeNull()
    expect(await services.getAlertByKey('x'.repeat(201))).toBeNull()
    expect(await services.getAlertByKey('')).toBeNull()
  })

  it("give the signed-in buyer the contact and saved ids the API gives them, and a visitor none", async () => {
    const someone = (await api.database.db.select().from(properties).limit(2)).map((p) => p.property_profile_id)
    for (const id of someone) expect((await api.app.inject({ method: 'PUT', url: `/api/contacts/me/saved_properties/${id}`, headers: { ...SAME_ORIGIN, cookie } })).statusCode).toBe(204)
    const me = await httpGet('/api/contacts/me', { cookie })
    expect(me.status).toBe(200)
    expect(await servicesFor({ cookie }).getCurrentContact()).toEqual(me.body.data)
    const ids = await httpGet('/api/contacts/me/saved_properties/ids', { cookie })
    expect(await servicesFor({ cookie }).getSavedPropertyIds()).toEqual(ids.body.data)
    expect([...(ids.body.data as number[])].sort()).toEqual([...someone].sort())
    for (const { who, headers } of people().filter((person) => person.who !== 'a signed-in buyer')) {
      expect([who, await servicesFor(headers).getCurrentContact()]).toEqual([who, null])
      expect([who, await servicesFor(headers).getSavedPropertyIds()]).toEqual([who, null])
    }
    // Logged out (the last test here: it ends the buyer's session): the cookie no longer names anyone.
    expect((await api.app.inject({ method: 'DELETE', url: '/api/contacts/oauth/sessions/current', headers: { ...SAME_ORIGIN, cookie } })).statusCode).toBe(204)
    expect(await servicesFor({ cookie }).getCurrentContact()).toBeNull()
    expect(await servicesFor({ cookie }).getSavedPropertyIds()).toBeNull()
  })
})
