import type { ApiClient } from '@agency/api-client'
import { DEFAULT_SITE_SETTINGS, MESSAGES } from '@agency/domain'
import type { AlertPayload, ApiError, ApplicantQuestion, ApplicantView, CompanySetting } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { QUESTION_ANSWER_FIELD, QUESTION_COPY, QUESTION_TOKEN_FIELD } from '#app/components/account/captcha-question.ts'
import { getRegisterPageData, handleRegisterAction } from '#app/components/alerts/register.server.ts'
import { UNUSED_SERVICES } from '#app/lib/unused-services.test-support.ts'

const QUESTION: ApplicantQuestion = {
  contact_question_id: 2,
  question: 'Do you have a property to sell?',
  question_key: 'property_to_sell',
  is_required: true,
  contact_question_options: [
    { contact_question_option_id: 7, label: 'No' },
    { contact_question_option_id: 8, label: 'Yes, not yet on the market' },
  ],
}

const LEEDS = { location: 'Leeds', place_id: 'town:leeds', lat: 53.8, lng: -1.55, bounds: null, distance: 3 }

interface Sent {
  created: Array<{ payload: AlertPayload; idempotencyKey: string | undefined; captchaToken?: string }>
  updated: Array<{ id: number; payload: AlertPayload; applicantKey: string | undefined; captchaToken?: string }>
}

const QUESTION_ASKED = { text: 'Type the word ‘harbour’ backwards.', token: 'q1.abc.def.ghi', expires_at: '2026-11-29T05:00:00.000Z' }

/** A refusal of the API's alert services: its status and error, as the route would answer them. */
interface Refusal {
  status: number
  error: ApiError
}

function fakeContext(options: { createRefused?: Refusal; mobileVariant?: unknown } = {}): { context: AppLoadContext; sent: Sent } {
  const sent: Sent = { created: [], updated: [] }
  // The pages call the API's services only; a call through the API client fails the test.
  const api = {} as ApiClient
  const alert = {} as ApplicantView
  const services: AppLoadContext['services'] = {
    ...UNUSED_SERVICES,
    searchPlaces: (keyword: string) =>
      Promise.resolve(keyword === 'Leeds' ? [{ name: 'Leeds', description: 'West Yorkshire', place_id: 'town:leeds' }] : []),
    getPlace: (placeId: string) => Promise.resolve(placeId === 'town:leeds' ? { name: 'Leeds, West Yorkshire', lat: 53.8, lng: -1.55, bounds: null } : null),
    createAlert: (payload, o) => {
      if (options.createRefused) return Promise.resolve({ ok: false, ...options.createRefused, setCookie: [] })
      sent.created.push({ payload, idempotencyKey: o?.idempotencyKey, ...(o?.captchaToken ? { captchaToken: o.captchaToken } : {}) })
      return Promise.resolve({ ok: true, status: 201, data: alert, setCookie: ['pending_alert=abc; Path=/; HttpOnly'] })
    },
    updateAlert: (id, payload, o) => {
      sent.updated.push({ id, payload: payload as AlertPayload, applicantKey: o?.applicantKey, ...(o?.captchaToken ? { captchaToken: o.captchaToken } : {}) })
      return Promise.resolve({ ok: true, status: 200, data: alert, setCookie: [] })
    },
    getContactQuestions: () => Promise.resolve([QUESTION]),
    getSubscriptionTypes: () => Promise.resolve([{ subscription_type_id: 1, name: 'Property alerts and news' }]),
    getCompanySetting: (id: number) => Promise.resolve(options.mobileVariant === undefined ? null : { setting_id: id, value: options.mobileVariant as CompanySetting['value'] }),
    issueCaptchaQuestion: () => Promise.resolve(QUESTION_ASKED),
    getSiteSettings: () => Promise.resolve({ ...DEFAULT_SITE_SETTINGS, register_variant: 'v2' as const, registration_text: 'Hello' }),
  }
  return { context: { api, services, publicUrl: 'https://agency.example', mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' } }, sent }
}

const post = (fields: Array<[string, string]>) => {
  const body = new URLSearchParams(fields)
  return new Request('https://agency.example/heads-up-alerts/register/buy', { method: 'POST', body })
}

const CONTACT_FIELDS: Array<[string, string]> = [
  ['salutation_id', '3'],
  ['name', ' James '],
  ['surname', 'Whitaker'],
  ['email', 'james@example.org'],
  ['mobile_phone', ''],
  ['address', '4 Church Street, Ilkley'],
  ['subscription_confirmed', 'true'],
]

describe('getRegisterPageData', () => {
  it('reads the questions of the type, the subscription ids, both layouts and the intro', async () => {
    const { context } = fakeContext({ mobileVariant: 'v5' })
    expect(await getRegisterPageData(context, 'sales')).toEqual({
      questions: [QUESTION],
      subscriptionTypeIds: [1],
      variants: { desktop: 'v2', mobile: 'v5' },
      intro: 'Hello',
    })
  })

  it('takes the desktop layout on a phone while setting 108 is unset or not a variant', async () => {
    expect((await getRegisterPageData(fakeContext().context, 'sales')).variants).toEqual({ desktop: 'v2', mobile: 'v2' })
    expect((await getRegisterPageData(fakeContext({ mobileVariant: 'v9' }).context, 'sales')).variants.mobile).toBe('v2')
  })
})

describe('handleRegisterAction without JavaScript', () => {
  it('answers the first SPEC §5 contact message on the Contact tab, with everything that was typed', async () => {
    const { context, sent } = fakeContext()
    const answer = await handleRegisterAction(post([['name', ''], ['surname', 'Whitaker'], ['min_price', '200000']]), context, 'sales', { mode: 'create', captcha: false })
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({
      ok: false,
      message: MESSAGES.NAME_REQUIRED,
      tab: 'contact',
      contact: { values: { surname: 'Whitaker' } },
      sent: { contacts: [], criteria: { min_price: 200000 } },
    })
    expect(sent.created).toEqual([])
  })

  it('runs the submit checks in order and sends back what it read', async () => {
    const { context } = fakeContext()
    const answer = await handleRegisterAction(post([...CONTACT_FIELDS, ['min_price', '200000']]), context, 'sales', { mode: 'create', captcha: false })
    expect(answer.data).toMatchObject({ ok: false, message: MESSAGES.LOCATION_REQUIRED, tab: 'property-type' })
    const result = answer.data
    if (result.ok || !result.sent) throw new Error('expected what was sent')
    expect(result.sent.contacts.map((c) => c.name)).toEqual(['James'])
    expect(result.sent.criteria.min_price).toBe(200000)
  })

  it('warns in the order of SPEC §5 alert submit, one rule after another as each is put right', async () => {
    // SPEC §5, written out: contact, location, min price, max price, required questions.
    const steps: Array<{ fields: Array<[string, string]>; message: string; tab: string }> = [
      { fields: [], message: 'You must add a contact at least.', tab: 'contact' },
      { fields: CONTACT_FIELDS, message: 'The location field is required.', tab: 'property-type' },
      { fields: [['keyword', 'Leeds']], message: 'The min price field is required.', tab: 'property-type' },
      { fields: [['min_price', '200000']], message: 'The max price field is required.', tab: 'property-type' },
      { fields: [['max_price', '400000']], message: '"Do you have a property to sell?" question is required.', tab: 'circumstances' },
    ]
    const { context, sent } = fakeContext()
    const fields: Array<[string, string]> = []
    for (const step of steps) {
      fields.push(...step.fields)
      const answer = await handleRegisterAction(post(fields), context, 'sales', { mode: 'create', captcha: false })
      expect(answer.data).toMatchObject({ ok: false, message: step.message, tab: step.tab })
    }
    fields.push(['question_2', '7'])
    expect((await handleRegisterAction(post(fields), context, 'sales', { mode: 'create', captcha: false })).data).toEqual({ ok: true })
    expect(sent.created).toHaveLength(1)
  })

  it('refuses a max price or a max of rooms below its min, with the message at the max, sending nothing and keeping what was chosen', async () => {
    const { context, sent } = fakeContext()
    const complete: Array<[string, string]> = [...CONTACT_FIELDS, ['keyword', 'Leeds'], ['question_2', '7']]
    const answer = await handleRegisterAction(
      post([...complete, ['min_price', '400000'], ['max_price', '200000'], ['min_bedroom', '4'], ['max_bedroom', '2']]),
      context,
      'sales',
      { mode: 'create', captcha: false },
    )
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({
      ok: false,
      message: 'The max price cannot be less than the min price.',
      tab: 'property-type',
      errors: { max_price: ['The max price cannot be less than the min price.'], max_bedroom: ['The max bedrooms cannot be less than the min bedrooms.'] },
      sent: { criteria: { min_price: 400000, max_price: 200000, min_bedroom: 4, max_bedroom: 2 } },
    })
    expect(sent.created).toEqual([])
    // An earlier SPEC §5 rule still leads, with the range marked at its field too.
    const noContact = await handleRegisterAction(post([['min_bedroom', '4'], ['max_bedroom', '2']]), context, 'sales', { mode: 'create', captcha: false })
    expect(noContact.data).toMatchObject({ message: MESSAGES.CONTACT_REQUIRED, errors: { max_bedroom: ['The max bedrooms cannot be less than the min bedrooms.'] } })
    // The same price both ways is a range.
    const same = await handleRegisterAction(post([...complete, ['min_price', '200000'], ['max_price', '200000']]), context, 'sales', { mode: 'create', captcha: false })
    expect(same.data).toEqual({ ok: true })
  })

  it("puts a keyword that finds no place in the location rule's place: after a missing contact, before the prices", async () => {
    const { context } = fakeContext()
    const noContact = await handleRegisterAction(post([['keyword', 'Qzxq']]), context, 'sales', { mode: 'create', captcha: false })
    expect(noContact.data).toMatchObject({ ok: false, message: MESSAGES.CONTACT_REQUIRED, tab: 'contact' })
    const noPrice = await handleRegisterAction(post([...CONTACT_FIELDS, ['keyword', 'Qzxq']]), context, 'sales', { mode: 'create', captcha: false })
    expect(noPrice.data).toMatchObject({ ok: false, message: MESSAGES.ADDRESS_NOT_FOUND, tab: 'property-type', keywordNotFound: true })
  })

  it("says \"Couldn't find the address.\" for a keyword that finds no place", async () => {
    const { context } = fakeContext()
    const answer = await handleRegisterAction(post([...CONTACT_FIELDS, ['keyword', 'Qzxq']]), context, 'sales', { mode: 'create', captcha: false })
    expect(answer.data).toMatchObject({ ok: false, message: MESSAGES.ADDRESS_NOT_FOUND, tab: 'property-type', keywordNotFound: true })
  })

  it('builds the SPEC §7 create payload from a complete form, looks the keyword up, and passes the cookie on', async () => {
    const { context, sent } = fakeContext()
    const answer = await handleRegisterAction(
      post([
        ...CONTACT_FIELDS,
        ['keyword', 'Leeds'],
        ['radius', '3'],
        ['min_price', '200000'],
        ['max_price', '400000'],
        ['min_bedroom', '2'],
        ['max_bedroom', ''],
        ['must_haves', 'garden'],
        ['new_homes', 'exclude'],
        ['question_2', '7'],
        ['alert_frequency', 'weekly'],
      ]),
      context,
      'sales',
      { mode: 'create', captcha: false },
    )
    expect(answer.data).toEqual({ ok: true })
    expect(sent.created[0]!.payload.alert_frequency).toBe('weekly')
    expect(new Headers(answer.init?.headers).get('set-cookie')).toBe('pending_alert=abc; Path=/; HttpOnly')
    const [{ payload }] = sent.created as [Sent['created'][number]]
    expect(payload.profile_id).toBe(3)
    expect(payload.online_registration).toBe(true)
    expect(payload.contact_questions).toEqual([{ contact_question_id: 2, answer: 7 }])
    expect(payload.contacts[0]).toMatchObject({
      salutation_id: 3,
      name: 'James',
      contact_source_id: 35,
      contact_profiles: [3],
      communication_info_delete: true,
      create_without_email: true,
      subscription_types: [1],
      contact_addresses: [{ display_name: '4 Church Street, Ilkley' }],
    })
    expect(payload.property_criteria).toMatchObject({
      locations: [LEEDS],
      min_price: 200000,
      max_price: 400000,
      min_bedroom: 2,
      max_bedroom: null,
      must_haves: ['garden'],
      new_homes: 'exclude',
    })
  })
})

describe('the E-mail me choice without JavaScript', () => {
  const form = (frequency: string): Array<[string, string]> => [
    ['contacts_json', '[]'],
    ...CONTACT_FIELDS,
    ['keyword', 'Leeds'],
    ['min_price', '200000'],
    ['max_price', '400000'],
    ['question_2', '7'],
    ['alert_frequency', frequency],
  ]

  it('sends the chosen frequency to an update, leaves an unknown one out, and keeps it with a warning', async () => {
    const { context, sent } = fakeContext()
    const target = { mode: 'update' as const, applicant: { contact_applicant_id: 9, applicant_key: 'key-9', contacts_withheld: false }, captcha: false }
    await handleRegisterAction(post(form('daily')), context, 'sales', target)
    expect(sent.updated[0]!.payload.alert_frequency).toBe('daily')
    await handleRegisterAction(post(form('hourly')), context, 'sales', target)
    expect(sent.updated[1]!.payload).not.toHaveProperty('alert_frequency')
    const warned = await handleRegisterAction(post(form('weekly').filter(([name]) => name !== 'min_price')), context, 'sales', target)
    expect(warned.data).toMatchObject({ ok: false, message: MESSAGES.MIN_PRICE_REQUIRED, sent: { frequency: 'weekly' } })
  })
})

describe('handleRegisterAction with JavaScript', () => {
  const jsonPost = (body: unknown) => post([['alert_json', JSON.stringify(body)]])

  it('passes the payload on with its idempotency key, or to the update with the applicant key', async () => {
    const { context, sent } = fakeContext()
    const payload = { profile_id: 3 } as unknown as AlertPayload
    await handleRegisterAction(jsonPost({ payload, idempotency_key: 'b1c0a7e2-1f6e-4c55-9a55-0f0e1d2c3b4a' }), context, 'sales', { mode: 'create', captcha: false })
    expect(sent.created).toEqual([{ payload, idempotencyKey: 'b1c0a7e2-1f6e-4c55-9a55-0f0e1d2c3b4a' }])
    await handleRegisterAction(jsonPost({ payload, idempotency_key: 'x' }), context, 'sales', {
      mode: 'update',
      applicant: { contact_applicant_id: 9, applicant_key: 'key-9', contacts_withheld: false },
      captcha: false,
    })
    expect(sent.updated).toEqual([{ id: 9, payload, applicantKey: 'key-9' }])
  })

  it("shows the first message of the API's field errors on its tab (SPEC §8), and every message by the screen's field", async () => {
    const refused = {
      status: 422,
      error: { message: 'The given data was invalid.', errors: { 'property_criteria.min_price': [MESSAGES.MIN_PRICE_REQUIRED], contact_questions: ['x'] } },
    }
    const { context } = fakeContext({ createRefused: refused })
    const answer = await handleRegisterAction(jsonPost({ payload: {}, idempotency_key: 'b1c0a7e2' }), context, 'sales', { mode: 'create', captcha: false })
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toEqual({
      ok: false,
      message: MESSAGES.MIN_PRICE_REQUIRED,
      tab: 'property-type',
      errors: { min_price: [MESSAGES.MIN_PRICE_REQUIRED], contact_questions: ['x'] },
    })
  })
})

describe('the captcha of a visitor’s registration and of an update by key or link', () => {
  const complete: Array<[string, string]> = [...CONTACT_FIELDS, ['keyword', 'Leeds'], ['min_price', '200000'], ['max_price', '400000'], ['question_2', '7']]

  it('asks a question of a complete form posted without JavaScript, sends nothing, and keeps what was typed', async () => {
    const { context, sent } = fakeContext()
    const answer = await handleRegisterAction(post(complete), context, 'sales', { mode: 'create', captcha: true })
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({ ok: false, message: QUESTION_COPY.NEEDED, question: QUESTION_ASKED, sent: { criteria: { min_price: 200000 } } })
    expect(sent.created).toEqual([])
  })

  it('sends the answered question as the captcha token, and the browser captcha’s token as it is', async () => {
    const { context, sent } = fakeContext()
    await handleRegisterAction(post([...complete, [QUESTION_TOKEN_FIELD, QUESTION_ASKED.token], [QUESTION_ANSWER_FIELD, 'ruobrah']]), context, 'sales', { mode: 'create', captcha: true })
    expect(sent.created[0]!.captchaToken).toBe(`${QUESTION_ASKED.token}.${Buffer.from('ruobrah').toString('base64url')}`)
    const payload = { profile_id: 3 } as unknown as AlertPayload
    await handleRegisterAction(post([['alert_json', JSON.stringify({ payload, idempotency_key: 'b1c0a7e2', recaptcha_token: 'solved-work' })]]), context, 'sales', { mode: 'create', captcha: true })
    expect(sent.created[1]).toEqual({ payload, idempotencyKey: 'b1c0a7e2', captchaToken: 'solved-work' })
  })

  it('asks a question of a script post whose captcha could not be solved', async () => {
    const { context, sent } = fakeContext()
    const answer = await handleRegisterAction(post([['alert_json', JSON.stringify({ payload: { profile_id: 3 }, idempotency_key: 'b1c0a7e2', recaptcha_token: '' })]]), context, 'sales', { mode: 'create', captcha: true })
    expect(answer.data).toMatchObject({ ok: false, message: QUESTION_COPY.NEEDED, question: QUESTION_ASKED })
    expect(sent.created).toEqual([])
  })

  it('sends an update opened by a key or link without its people, with the captcha, and needs no contact form', async () => {
    const { context, sent } = fakeContext()
    const target = { mode: 'update' as const, applicant: { contact_applicant_id: 9, applicant_key: 'a1.9.xyz.sig', contacts_withheld: true }, captcha: true }
    const form: Array<[string, string]> = [['contacts_json', '[]'], ['keyword', 'Leeds'], ['min_price', '200000'], ['max_price', '400000'], ['question_2', '7']]
    await handleRegisterAction(post([...form, [QUESTION_TOKEN_FIELD, QUESTION_ASKED.token], [QUESTION_ANSWER_FIELD, 'ruobrah']]), context, 'sales', target)
    expect(sent.updated).toHaveLength(1)
    expect(sent.updated[0]).toMatchObject({ id: 9, applicantKey: 'a1.9.xyz.sig', captchaToken: expect.stringMatching(/^q1\.abc\.def\.ghi\./) })
    expect(sent.updated[0]!.payload).not.toHaveProperty('contacts')
    expect(sent.updated[0]!.payload.property_criteria.min_price).toBe(200000)
    // A script post of the whole payload loses its people on the way too.
    const payload = { profile_id: 3, contacts: [{ name: 'Mallory' }], property_criteria: { min_price: 1 } }
    await handleRegisterAction(post([['alert_json', JSON.stringify({ payload, idempotency_key: 'b1c0a7e2', recaptcha_token: 'solved' })]]), context, 'sales', target)
    expect(sent.updated[1]!.payload).toEqual({ profile_id: 3, property_criteria: { min_price: 1 } })
  })
})
