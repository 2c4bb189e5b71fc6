import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import { ApiClientError, createApiClient, isNotFoundError } from './index.ts'
import { API_ANSWERS, CARD as card, CONTACT as contact, DETAIL as detail, fakeFetch, jsonResponse as json, type ApiAnswer } from './testing.ts'

/** An answer of the real API (testing.ts, checked against its OpenAPI document). */
const realAnswer = (real: ApiAnswer) => json(real.body, real.status)

describe('createApiClient', () => {
  it('serialises a search with the transaction type and without defaults', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.searchPage))
    const api = createApiClient({ baseUrl: '/api/', fetch })

    const answer = await api.searchProperties({
      transaction_type_id: 2,
      min_bedroom: 3,
      sort: 'price_desc',
      page: 2,
      locations: [{ lat: 53.99, lng: -1.54, radius: 3 }],
    })

    expect(calls.map((c) => c.url)).toEqual([
      '/api/properties?locations=53.99%2C-1.54%2C3&min_bedroom=3&sort=price_desc&page=2&transaction_type_id=2',
    ])
    expect(answer).toEqual({ data: [card], total: 1, page: 2, page_size: 24 })
  })

  it('asks for a page of cards without their photo lists, and reads it by its own contract', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.searchPageWithoutMedias), realAnswer(API_ANSWERS.searchPageWithoutMedias))
    const api = createApiClient({ baseUrl: '/api/', fetch })
    const answer = await api.searchPropertyCards({ transaction_type_id: 2, min_bedroom: 3, page: 2 })
    expect(calls[0]?.url).toBe('/api/properties?min_bedroom=3&page=2&transaction_type_id=2&include_medias=false')
    const { medias: _medias, ...bare } = card
    expect(answer).toEqual({ data: [bare], total: 1, page: 2, page_size: 24 })
    // The whole search's contract wants every card's photo list.
    const refused = await api.searchProperties({ transaction_type_id: 2 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiClientError)
    expect((refused as ApiClientError).status).toBe(502)
  })

  it('asks for the map markers of a search with its bounds, without the list sort', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.markers))
    const api = createApiClient({ baseUrl: '/api', fetch })
    const answer = await api.searchPropertyMarkers({
      transaction_type_id: 2,
      bounds: { south: 53.7, west: -1.7, north: 54.0, east: -1.4 },
      min_bedroom: 2,
      sort: 'price_desc',
    })
    expect(calls.map((c) => c.url)).toEqual(['/api/properties/markers?bounds=53.7%2C-1.7%2C54%2C-1.4&min_bedroom=2&transaction_type_id=2'])
    expect(answer.data[0]).toMatchObject({ lat: 53.99, lng: -1.54, is_locked: false })
    expect(answer.total).toBe(1)
  })

  it('sends the sales transaction type when the query names none', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.emptySearch))
    await createApiClient({ baseUrl: '/api', fetch }).searchProperties({})
    expect(calls[0]?.url).toBe('/api/properties?transaction_type_id=1')
  })

  it('sends the configured headers and asks for JSON', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.branchesEmpty))
    await createApiClient({ baseUrl: 'http://api.internal/api', fetch, headers: { cookie: 'sid=abc' } }).getBranches()
    const headers = new Headers(calls[0]?.init?.headers)
    expect(calls[0]?.url).toBe('http://api.internal/api/branches')
    expect(headers.get('cookie')).toBe('sid=abc')
    expect(headers.get('accept')).toBe('application/json')
  })

  it('unwraps a property detail', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.detail))
    const property = await createApiClient({ baseUrl: '/api', fetch }).getProperty(7)
    expect(calls[0]?.url).toBe('/api/properties/7')
    expect(property).toEqual(detail)
  })

  it('unwraps the similar properties of a property', async () => {
    const { fetch, calls } = fakeFetch(json({ data: [card] }))
    const similar = await createApiClient({ baseUrl: '/api', fetch }).getSimilarProperties(12)
    expect(calls[0]!.url).toBe('/api/properties/12/similar')
    expect(similar).toEqual([card])
  })

  it('reads one sitemap page after the id given', async () => {
    const page = { data: [{ property_profile_id: 3, detail_page_url: '/property/3/a-house', updated_at: '2026-11-01T00:00:00.000Z' }], next_after: 3 }
    const { fetch, calls } = fakeFetch(json(page))
    expect(await createApiClient({ baseUrl: '/api', fetch }).getSitemapPage(0)).toEqual(page)
    expect(calls[0]!.url).toBe('/api/sitemap/properties?after=0')
  })

  it('asks for 250 property types and styles (SPEC §7)', async () => {
    const { fetch, calls } = fakeFetch(
      realAnswer(API_ANSWERS.propertyTypes),
      realAnswer(API_ANSWERS.propertyStyles),
    )
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.getPropertyTypes()).toEqual([{ property_type_id: 1, name: 'House' }])
    expect(await api.getPropertyStyles()).toEqual([{ property_style_id: 1, property_type_id: 1, name: 'Detached House' }])
    expect(calls.map((c) => c.url)).toEqual([
      '/api/properties/property_types?__limit=250',
      '/api/properties/property_styles?__limit=250',
    ])
  })

  it('unwraps a company setting', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.companySetting))
    const setting = await createApiClient({ baseUrl: '/api', fetch }).getCompanySetting(101)
    expect(calls[0]?.url).toBe('/api/company_settings/101')
    expect(setting).toEqual({ setting_id: 101, value: 'lettings' })
  })

  it('reads the target of a redirect slug', async () => {
    const { fetch, calls } = fakeFetch(json({ data: { slug: 'stamp-duty', url: 'https://www.gov.uk/stamp-duty-land-tax' } }))
    expect(await createApiClient({ baseUrl: '/api', fetch }).getRedirect('stamp-duty')).toEqual({ slug: 'stamp-duty', url: 'https://www.gov.uk/stamp-duty-land-tax' })
    expect(calls[0]?.url).toBe('/api/redirects/stamp-duty')
  })

  it('refuses a redirect target that is not an absolute https URL', async () => {
    const { fetch } = fakeFetch(json({ data: { slug: 'elsewhere', url: 'http://evil.example/' } }))
    await expect(createApiClient({ baseUrl: '/api', fetch }).getRedirect('elsewhere')).rejects.toMatchObject({ status: 502 })
  })

  it('reads every site setting with one call', async () => {
    const settings = { ...DEFAULT_SITE_SETTINGS, agency_name: 'Smith & Sons', default_search_type: 'lettings' }
    const { fetch, calls } = fakeFetch(json({ data: settings }))
    expect(await createApiClient({ baseUrl: '/api', fetch }).getSiteSettings()).toEqual(settings)
    expect(calls.map((c) => c.url)).toEqual(['/api/site_settings'])
  })

  it('refuses site settings that do not match the contract with a 502', async () => {
    const { fetch } = fakeFetch(json({ data: { ...DEFAULT_SITE_SETTINGS, property_card_variant: 'v9' } }))
    const error = await createApiClient({ baseUrl: '/api', fetch }).getSiteSettings().catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502, message: 'GET /site_settings answered a body that does not match the contract' })
  })

  it('returns the health answer as sent', async () => {
    const { fetch } = fakeFetch(realAnswer(API_ANSWERS.health))
    expect(await createApiClient({ baseUrl: '/api', fetch }).health()).toEqual({ status: 'ok', database: 'ok' })
  })

  it('throws a 404 ApiClientError carrying the error body for an unknown property', async () => {
    const { fetch } = fakeFetch(realAnswer(API_ANSWERS.propertyNotFound))
    const error = await createApiClient({ baseUrl: '/api', fetch }).getProperty(999).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(isNotFoundError(error)).toBe(true)
    expect(error).toMatchObject({ status: 404, body: { message: 'Property not found' }, message: 'Property not found' })
  })

  it('keeps the field errors of a 400 answer to a query the API refuses', async () => {
    const { body } = API_ANSWERS.searchRefused
    const { fetch } = fakeFetch(realAnswer(API_ANSWERS.searchRefused))
    const error = await createApiClient({ baseUrl: '/api', fetch }).searchProperties({ page_size: 101 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(isNotFoundError(error)).toBe(false)
    expect(error).toMatchObject({ status: 400, body })
  })

  it('keeps the field errors of a 422 answer to a form the API refuses', async () => {
    const { body } = API_ANSWERS.magicLinkRefused
    const { fetch } = fakeFetch(realAnswer(API_ANSWERS.magicLinkRefused))
    const error = await createApiClient({ baseUrl: '/api', fetch })
      .requestMagicLink({ email: 'not-an-address', request_page_url: '', recaptcha_token: 'abc' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, body, message: body.message })
  })

  it('describes an error answer that is not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<h1>Bad Gateway</h1>', { status: 503 }))
    const error = await createApiClient({ baseUrl: '/api', fetch }).getBranches().catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 503, body: { message: 'GET /branches failed with status 503' } })
  })

  it('reports an answer that breaks the contract as 502', async () => {
    const { fetch } = fakeFetch(json({ data: [{ id: 'one' }] }))
    const error = await createApiClient({ baseUrl: '/api', fetch }).getBranches().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(error).toMatchObject({
      status: 502,
      body: { message: 'GET /branches answered a body that does not match the contract' },
    })
  })
})

describe('the login and contact calls', () => {
  it('posts a login link request as JSON with the headers it was given', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.magicLinkSent))
    const api = createApiClient({ baseUrl: '/api', fetch, headers: { origin: 'https://agency.example' } })
    const body = { email: 'buyer@example.com', request_page_url: 'https://agency.example/sales/property-for-sale', recaptcha_token: 'abc' }
    expect(await api.requestMagicLink(body)).toEqual(API_ANSWERS.magicLinkSent.body.data)
    expect(calls[0]?.url).toBe('/api/contacts/oauth/magic-links')
    expect(calls[0]?.init?.method).toBe('POST')
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(body)
    const headers = new Headers(calls[0]?.init?.headers)
    expect(headers.get('content-type')).toBe('application/json')
    expect(headers.get('origin')).toBe('https://agency.example')
  })

  it('answers a login with every Set-Cookie value of the API', async () => {
    const { fetch, calls } = fakeFetch(() => {
      const headers = new Headers({ 'content-type': 'application/json' })
      headers.append('set-cookie', 'session=new; Path=/; HttpOnly; SameSite=Lax')
      headers.append('set-cookie', 'other=1; Path=/')
      return new Response(JSON.stringify({ data: { contact_id: 4, redirect_to: '/sales/property-for-sale' } }), { status: 200, headers })
    })
    const answer = await createApiClient({ baseUrl: '/api', fetch }).createSession('t0ken')
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ token: 't0ken' })
    expect(answer).toEqual({
      data: { contact_id: 4, redirect_to: '/sales/property-for-sale' },
      setCookie: ['session=new; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/'],
    })
  })

  it('throws the 400 of an invalid login link with its message', async () => {
    const { body } = API_ANSWERS.invalidLink
    const { fetch } = fakeFetch(realAnswer(API_ANSWERS.invalidLink))
    const error = await createApiClient({ baseUrl: '/api', fetch }).createSession('used').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, body })
  })

  it('logs out with a DELETE and passes on the cookie clearing', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204, headers: { 'set-cookie': 'session=; Max-Age=0; Path=/' } }))
    const answer = await createApiClient({ baseUrl: '/api', fetch }).deleteSession()
    expect(calls[0]?.url).toBe('/api/contacts/oauth/sessions/current')
    expect(calls[0]?.init?.method).toBe('DELETE')
    expect(calls[0]?.init?.body).toBeUndefined()
    expect(answer).toEqual({ data: null, setCookie: ['session=; Max-Age=0; Path=/'] })
  })

  it('unwraps the logged-in contact and throws 401 for a visitor', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.me), realAnswer(API_ANSWERS.loginRequired))
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.getCurrentContact()).toEqual(contact)
    expect(calls[0]?.url).toBe('/api/contacts/me')
    await expect(api.getCurrentContact()).rejects.toMatchObject({ status: 401, message: 'Please log in to continue.' })
  })

  it('reads the captcha configuration', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.captchaConfig))
    expect(await createApiClient({ baseUrl: '/api', fetch }).getCaptchaConfig()).toEqual({
      provider: 'altcha',
      challenge_url: '/api/captcha/challenge',
    })
    expect(calls[0]?.url).toBe('/api/captcha/config')
  })
})

describe('ApiClientError', () => {
  it('is recognised by plain instanceof: the server process holds one copy of this package', () => {
    const error = new ApiClientError(404, { message: 'Property not found' })
    expect(error instanceof ApiClientError).toBe(true)
    expect(error instanceof Error).toBe(true)
    expect(isNotFoundError(error)).toBe(true)
    expect(new Error('other') instanceof ApiClientError).toBe(false)
    // No brand stands in for the class any more: a look-alike is not one.
    expect(Object.assign(new Error('Property not found'), { status: 404 }) instanceof ApiClientError).toBe(false)
  })
})

describe('getCompanyProfile', () => {
  it('answers null while the company details are not set', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(JSON.stringify({ message: 'The company details are not set' }), { status: 404, headers: { 'content-type': 'application/json' } }))
    expect(await createApiClient({ baseUrl: '/api', fetch }).getCompanyProfile()).toBeNull()
    expect(calls.map((c) => c.url)).toEqual(['/api/company'])
  })
})
