import { MESSAGES, toLeadEnquiryContext } from '@agency/domain'
import type { AddressSearchResult, ApiError, ContactView } from '@agency/domain'
import type { LeadEnquiryRequest, SiteServices } from '@agency/api/site-services'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { LeadActionResult } from '#app/components/lead/lead-form.tsx'
import { getLeadFormData, handleLeadAction } from '#app/components/lead/lead.server.ts'
import { toQuestionCaptchaToken } from '#app/lib/captcha-question.server.ts'
import { UNUSED_SERVICES } from '#app/lib/unused-services.test-support.ts'

const SUGGESTION: AddressSearchResult = {
  suggestion_id: 'property:12',
  display_name: '12 High Street, Guildford GU1 3AA',
  address_line_1: '12 High Street',
  town: 'Guildford',
  postcode: 'GU1 3AA',
  lat: 51.2,
  lng: -0.57,
}

const CONTACT: ContactView = {
  contact_id: 4,
  salutation_id: 3,
  name: 'James',
  surname: 'Whitaker',
  avatar: 'male',
  contact_profiles: [3],
  communication_infos: [{ value: 'buyer@example.com', preferred: true, communication_method_id: 1 }],
  contact_addresses: [
    { contact_address_id: 5, display_name: '3 Mill Lane, Otley', address_line_1: null, address_line_2: null, town: null, county: null, postcode: null, lat: null, lng: null },
  ],
  contact_source_id: 35,
  subscription_types: [1],
  applicants: [{ contact_applicant_id: 9, applicant_key: 'k-9', profile_id: 3, contact_applicant_status_id: 1, created_at: '2026-11-01T09:00:00.000Z' }],
  active_contact_applicant_id: 9,
}

const QUESTION = { text: 'What is seven plus four?', token: 'q1.payload.signature.digest', expires_at: '2030-06-03T10:00:00.000Z' }

const PROPERTY = {
  property_profile_id: 42,
  transaction_type_id: 1 as const,
  display_address: 'Gladstone Drive, London',
  price: { type: { name: 'Guide Price' }, price: '£1,250,000', numberPrice: 1_250_000 },
  bedroom: 3,
  branch_id: 2,
}

/** What the API refused an enquiry with: its status and error. */
interface Refusal {
  status: number
  error: ApiError
}

function fakeContext(options: { sendError?: Refusal; contact?: ContactView } = {}) {
  const sent: Array<{ payload: LeadEnquiryRequest; idempotencyKey: string | undefined }> = []
  const services: SiteServices = {
    ...UNUSED_SERVICES,
    getCaptchaConfig: () => Promise.resolve({ provider: 'altcha', challenge_url: '/api/captcha/challenge' }),
    issueCaptchaQuestion: () => Promise.resolve(QUESTION),
    getCurrentContact: () => Promise.resolve(options.contact ?? null),
    searchAddresses: (keyword) => Promise.resolve(keyword.toLowerCase().includes('high street') ? [SUGGESTION] : []),
    sendLeadEnquiry: (payload, o) => {
      if (options.sendError) return Promise.resolve({ ok: false, ...options.sendError, setCookie: [] })
      sent.push({ payload, idempotencyKey: o?.idempotencyKey })
      return Promise.resolve({ ok: true, status: 201, data: { lead_id: 'l-1', contact: { contact_id: 77 } }, setCookie: ['pending_lead=abc; Path=/; HttpOnly'] })
    },
  }
  const context = { services, publicUrl: 'https://agency.example', mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' } } as AppLoadContext
  return { context, sent }
}

const post = (fields: Array<[string, string]>, cookie?: string) =>
  new Request('https://agency.example/property/42/flat', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  })

const COMPLETE: Array<[string, string]> = [
  ['i_would_like', 'to-view-a-property'],
  ['salutation_id', '4'],
  ['name', 'Harriet'],
  ['surname', 'Lowther'],
  ['viewing_date', '2030-06-03'],
  ['viewing_time', '10:30'],
  ['comment', 'Is the garden south facing?'],
  ['email', 'harriet@example.org'],
  ['mobile_phone', '07400 123456'],
  ['contact_address', SUGGESTION.display_name],
  ['contact_address_id', SUGGESTION.suggestion_id],
  ['i_have_a_property_to_sell', 'no'],
  ['i_have_a_property_to_let', 'no'],
  ['recaptcha_token', 'solved'],
  ['idempotency_key', '3f1c2d4e-aaaa-bbbb-cccc-123456789abc'],
  // A tampered hidden field: the payload's property fields come from the property itself.
  ['price', '1'],
]

const propertyContext = (_form: { transaction_type_id: string }, applicantId: number | null) =>
  toLeadEnquiryContext(PROPERTY, 'https://agency.example/property/42/flat', applicantId)

async function act(fields: Array<[string, string]>, options: Parameters<typeof fakeContext>[0] = {}, cookie?: string) {
  const { context, sent } = fakeContext(options)
  const answer = await handleLeadAction(post(fields, cookie), context, propertyContext)
  return { answer: answer as unknown as { data: LeadActionResult; init: ResponseInit | null }, sent }
}

const without = (...names: string[]) => COMPLETE.filter(([n]) => !names.includes(n))

describe('handleLeadAction', () => {
  it("sends SPEC §3's payload with the captcha and the idempotency key, and passes the API's cookie on", async () => {
    const { answer, sent } = await act(COMPLETE)
    expect(answer.data).toEqual({ ok: true })
    expect(new Headers(answer.init?.headers).get('set-cookie')).toContain('pending_lead=abc')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.idempotencyKey).toBe('3f1c2d4e-aaaa-bbbb-cccc-123456789abc')
    expect(sent[0]!.payload).toMatchObject({
      i_would_like: ['to-view-a-property'],
      salutation_id: 4,
      viewing_lead_date: '2030-06-03T10:30',
      mobile_phone: '+447400123456',
      contact_address: { suggestion_id: 'property:12', display_name: SUGGESTION.display_name },
      my_property_valued: 'no',
      url: 'https://agency.example/property/42/flat',
      transaction_type_id: 1,
      property_profile_id: 42,
      price: 1_250_000,
      bedrooms: 3,
      branch_id: 2,
      confirm: 'confirmed',
      recaptcha_token: 'solved',
    })
    expect(sent[0]!.payload).not.toHaveProperty('contact_applicant_id')
  })

  it('leaves the viewing time out of the payload unless viewing is chosen', async () => {
    const fields = COMPLETE.map(([n, v]): [string, string] => (n === 'i_would_like' ? [n, 'more-details'] : [n, v]))
    const { sent } = await act([...fields, ['my_property_valued', 'yes']])
    expect(sent[0]!.payload).not.toHaveProperty('viewing_lead_date')
    expect(sent[0]!.payload.my_property_valued).toBe('yes')
  })

  it('answers every failing field at once, each with its message, the first in SPEC §5 order for the toast', async () => {
    const { answer, sent } = await act([...without('name', 'surname', 'email'), ['name', 'Jo'], ['surname', ''], ['email', 'harriet@']])
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({
      ok: false,
      message: MESSAGES.NAME_MIN_LENGTH,
      field: 'name',
      errors: { name: [MESSAGES.NAME_MIN_LENGTH], surname: [MESSAGES.SURNAME_REQUIRED], email: [MESSAGES.EMAIL_INVALID] },
    })
    expect(sent).toHaveLength(0)
  })

  it('answers the first SPEC §5 message and what was sent, and sends nothing', async () => {
    const { answer, sent } = await act([...without('name'), ['name', 'Jo']])
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({ ok: false, message: MESSAGES.NAME_MIN_LENGTH, field: 'name', values: { name: 'Jo', comment: 'Is the garden south facing?' } })
    expect(sent).toHaveLength(0)
  })

  it('takes a typed address that is exactly a suggestion, and offers the suggestions otherwise', async () => {
    const typed = without('contact_address_id').filter(([n]) => n !== 'contact_address')
    const exact = await act([...typed, ['contact_address', '12 high street, guildford gu1 3aa']])
    expect(exact.answer.data).toEqual({ ok: true })
    expect(exact.sent[0]!.payload.contact_address).toEqual({ suggestion_id: 'property:12', display_name: SUGGESTION.display_name })

    const partial = await act([...typed, ['contact_address', 'High Street']])
    expect(partial.answer.data).toMatchObject({
      ok: false,
      message: MESSAGES.ADDRESS_NOT_SELECTED,
      addressChoices: [{ suggestion_id: 'property:12', display_name: SUGGESTION.display_name }],
    })
    const chosen = await act([...typed, ['contact_address', 'High Street'], ['contact_address_choice', `property:12\t${SUGGESTION.display_name}`]])
    expect(chosen.answer.data).toEqual({ ok: true })
  })

  it("shows the API's past viewing time in SPEC §8's words", async () => {
    const sendError = {
      status: 422,
      error: { message: MESSAGES.VIEWING_LEAD_DATE_AFTER_NOW, errors: { viewing_lead_date: [MESSAGES.VIEWING_LEAD_DATE_AFTER_NOW] } },
    }
    const { answer } = await act(COMPLETE, { sendError })
    expect(answer.data).toMatchObject({ ok: false, message: MESSAGES.VIEWING_TIME_IN_PAST, field: 'viewing_lead_date' })
  })

  it('passes on a refused captcha and too many enquiries as warnings', async () => {
    const captcha = await act(COMPLETE, {
      sendError: { status: 422, error: { message: 'Please confirm you are not a robot and try again.', errors: { recaptcha_token: ['Please confirm you are not a robot and try again.'] } } },
    })
    expect(captcha.answer.data).toMatchObject({ ok: false, message: 'Please confirm you are not a robot and try again.' })
    const limited = await act(COMPLETE, { sendError: { status: 429, error: { message: 'Too many enquiries.' } } })
    expect(limited.answer.init?.status).toBe(429)
    // A post from another site's page: refused, and shown as the form's own failure.
    const crossSite = await act(COMPLETE, { sendError: { status: 403, error: { message: 'Cross-site request refused.' } } })
    expect(crossSite.answer.init?.status).toBe(400)
    expect(crossSite.answer.data).toMatchObject({ ok: false, field: 'form' })
    await expect(act(COMPLETE, { sendError: { status: 503, error: { message: 'Busy' } } })).rejects.toThrow()
  })

  it('asks a post without the browser captcha a question, and sends the answered question as the captcha token', async () => {
    const noScript = without('recaptcha_token')
    const asked = await act(noScript)
    expect(asked.answer.init?.status).toBe(400)
    expect(asked.answer.data).toMatchObject({
      ok: false,
      message: 'Please answer the question below so that we know you are not a robot.',
      field: 'captcha_answer',
      question: QUESTION,
      values: { name: 'Harriet' },
    })
    expect(asked.sent).toHaveLength(0)

    const answered = await act([...noScript, ['captcha_question', QUESTION.token], ['captcha_answer', 'eleven']])
    expect(answered.answer.data).toEqual({ ok: true })
    expect(answered.sent[0]!.payload.recaptcha_token).toBe(toQuestionCaptchaToken(QUESTION.token, 'eleven'))
    expect(toQuestionCaptchaToken(QUESTION.token, 'eleven')).toBe(`${QUESTION.token}.${Buffer.from('eleven').toString('base64url')}`)

    // The browser captcha's token, when there is one, is the one sent.
    const withScript = await act([...COMPLETE, ['captcha_question', QUESTION.token], ['captcha_answer', 'eleven']])
    expect(withScript.sent[0]!.payload.recaptcha_token).toBe('solved')
  })

  it('gives every refusal of a post without the browser captcha a new question, and none to a post with it', async () => {
    const noScript = await act([...without('recaptcha_token').filter(([n]) => n !== 'name'), ['name', 'Jo']])
    expect(noScript.answer.data).toMatchObject({ ok: false, message: MESSAGES.NAME_MIN_LENGTH, question: QUESTION })
    const refused = await act([...without('recaptcha_token'), ['captcha_question', QUESTION.token], ['captcha_answer', '12']], {
      sendError: { status: 422, error: { message: 'Please confirm you are not a robot and try again.', errors: { recaptcha_token: ['Please confirm you are not a robot and try again.'] } } },
    })
    expect(refused.answer.data).toMatchObject({ ok: false, message: 'Please confirm you are not a robot and try again.', question: QUESTION })
    const withScript = await act([...without('name'), ['name', 'Jo']])
    expect(withScript.answer.data).toMatchObject({ ok: false, question: null })
  })

  it("files a logged-in contact's enquiry with their known fields and active applicant", async () => {
    const typedOnly = COMPLETE.filter(([n]) => !['name', 'surname', 'email', 'salutation_id', 'contact_address', 'contact_address_id'].includes(n))
    const { sent } = await act(typedOnly, { contact: CONTACT }, 'session=abc')
    expect(sent[0]!.payload).toMatchObject({
      salutation_id: 3,
      name: 'James',
      surname: 'Whitaker',
      email: 'buyer@example.com',
      contact_address: { suggestion_id: 'contact-address:5', display_name: '3 Mill Lane, Otley' },
      contact_applicant_id: 9,
    })
  })
})

describe('getLeadFormData', () => {
  it("gives the captcha, the contact's known fields and a default viewing time about an hour ahead", async () => {
    const { context } = fakeContext({ contact: CONTACT })
    const request = new Request('https://agency.example/property/42/flat', { headers: { cookie: 'session=abc' } })
    const data = await getLeadFormData(request, context, new Date('2030-06-03T09:10:00Z'))
    expect(data.captcha.provider).toBe('altcha')
    expect(data.prefill).toMatchObject({ name: 'James', email: 'buyer@example.com' })
    expect(data.contactApplicantId).toBe(9)
    // 09:10 UTC is 10:10 in London in June: one hour ahead, rounded up to the quarter.
    expect(data.defaultViewing).toBe('2030-06-03T11:15')
  })
})

describe("the valuation page's action", () => {
  const VALUATION: Array<[string, string]> = [
    ['transaction_type_id', '2'],
    ['valuation_property_type', 'Flat or apartment'],
    ['valuation_bedrooms', '2'],
    ['valuation_date', '2030-06-04'],
    ['valuation_time', '11:00'],
    ['branch_id', '3'],
    ...COMPLETE.filter(([name]) => ['salutation_id', 'name', 'surname', 'email', 'mobile_phone', 'contact_address', 'contact_address_id', 'recaptcha_token'].includes(name)),
  ]
  async function valuate(fields: Array<[string, string]>) {
    const { action } = await import('#app/routes/valuation.tsx')
    const { context, sent } = fakeContext()
    const request = new Request('https://agency.example/valuation', { method: 'POST', body: new URLSearchParams(fields) })
    const answer = (await action({ request, context, params: {} } as Parameters<typeof action>[0])) as unknown as { data: LeadActionResult }
    return { answer, sent }
  }

  it("answers SPEC's fields from the purpose, sends the valuer's answers as the message, to the branch it was booked with", async () => {
    const { answer, sent } = await valuate(VALUATION)
    expect(answer.data).toEqual({ ok: true })
    expect(sent[0]!.payload).toMatchObject({
      i_would_like: ['to-let-my-property'],
      i_have_a_property_to_sell: 'no',
      i_have_a_property_to_let: 'available-soon',
      my_property_valued: 'yes',
      transaction_type_id: 2,
      property_profile_id: null,
      property_address: SUGGESTION.display_name,
      bedrooms: 2,
      branch_id: 3,
      comment: 'Lettings valuation. Property: Flat or apartment, 2 bedrooms. Preferred time: Tuesday 4 June 2030, 11:00.',
    })
    expect(sent[0]!.payload).not.toHaveProperty('viewing_lead_date')
  })

  it("answers a valuation's own questions and SPEC §5's fields together, its own first", async () => {
    const { answer, sent } = await valuate([...VALUATION.filter(([name]) => name !== 'valuation_bedrooms' && name !== 'email'), ['email', 'nope']])
    expect(answer.data).toMatchObject({
      ok: false,
      field: 'valuation_bedrooms',
      errors: { valuation_bedrooms: [expect.any(String)], email: [MESSAGES.EMAIL_INVALID] },
    })
    expect(sent).toHaveLength(0)
  })

  it('refuses a valuation without the type of property, at its field, and sends nothing', async () => {
    const { answer, sent } = await valuate(VALUATION.filter(([name]) => name !== 'valuation_property_type'))
    expect(answer.data).toMatchObject({ ok: false, field: 'valuation_property_type', message: 'Please select the type of property' })
    expect(sent).toHaveLength(0)
  })
})
