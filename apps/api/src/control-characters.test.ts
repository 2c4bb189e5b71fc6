import { magicLinks, outbox, rateLimitBuckets } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_URL, createTestApi, type TestApi } from '#app/testing/api.ts'

const INVALID = 'The given data was invalid.'
const CONTROL = 'This field must not contain control characters.'
const ORIGIN = new URL(PUBLIC_URL).origin

describe.each(testDatabaseKinds())('control characters in what the API takes, on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  it.each([
    ['/api/places/%00', 'place_id'],
    ['/api/places/a%00', 'place_id'],
    ['/api/places/gb:town:%00', 'place_id'],
    ['/api/places/gb:town:%01', 'place_id'],
    ['/api/places/gb:town:%1B%5B31m', 'place_id'],
    ['/api/places?keyword=%00', 'keyword'],
    ['/api/places?keyword=leeds%00', 'keyword'],
    ['/api/places?keyword=leeds%07', 'keyword'],
    ['/api/properties?locations=53.8,-1.5,3%00', 'locations'],
    ['/api/properties?property_types=1%00', 'property_types'],
    ['/api/properties?sort=newest%00', 'sort'],
    ['/api/properties?include_unavailable=true%00', 'include_unavailable'],
    ['/api/properties?new_homes=only%00', 'new_homes'],
    ['/api/properties?page=1%00', 'page'],
    ['/api/properties?%00=1', '\u0000'],
    ['/api/properties/property_types?__limit=%00', '__limit'],
  ])('refuses %s with 400 and the error on %s', async (url, field) => {
    const response = await api.app.inject(url)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: INVALID, errors: { [field]: [CONTROL] } })
  })

  it('refuses a line break in a single-line text, where only the schema forbids it', async () => {
    const response = await api.app.inject('/api/places/gb:town:%0A1')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: INVALID, errors: { place_id: [CONTROL] } })
  })

  it('still answers a clean place id and keyword as before', async () => {
    expect((await api.app.inject('/api/places/gb:town:1')).statusCode).toBe(404)
    expect((await api.app.inject('/api/places?keyword=%20leeds%20')).statusCode).toBe(200)
  })

  it.each([
    ['/api/contacts/oauth/magic-links', { email: 'buyer@example.com\u0000', request_page_url: `${PUBLIC_URL}/`, recaptcha_token: 'ok' }, 'email'],
    ['/api/contacts/oauth/magic-links', { email: 'buyer@example.com', request_page_url: `${PUBLIC_URL}/\u0000`, recaptcha_token: 'ok' }, 'request_page_url'],
    ['/api/contacts/oauth/magic-links', { email: 'buyer@example.com', request_page_url: `${PUBLIC_URL}/`, recaptcha_token: 'o\u0000k' }, 'recaptcha_token'],
    ['/api/contacts/oauth/magic-links', { email: 'buyer@example.com', extra: { nested: ['x\u0000'] } }, 'extra'],
    ['/api/contacts/oauth/magic-links', { email: 'buyer@example.com', 'k\u0000': 1 }, 'k\u0000'],
    ['/api/contacts/oauth/sessions', { token: `${'a'.repeat(42)}\u0000` }, 'token'],
  ])('refuses a JSON body to %s with a control character, and writes nothing', async (url, body, field) => {
    const response = await api.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload: body })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: INVALID, errors: { [field]: [CONTROL] } })
    const { db } = api.database
    expect(await db.select().from(magicLinks)).toEqual([])
    expect(await db.select().from(outbox)).toEqual([])
    expect(await db.select().from(rateLimitBuckets)).toEqual([])
  })
})
