import { describe, expect, it } from 'vitest'
import type { LeadEnquiryPayload } from '@agency/domain'
import { createApiClient } from './index.ts'
import { fakeFetch, jsonResponse as json } from './testing.ts'

const PAYLOAD = {
  i_would_like: ['to-view-a-property'],
  salutation_id: 4,
  name: 'Harriet',
  surname: 'Ashworth',
  viewing_lead_date: '2026-07-03T10:30',
  comment: 'Could we see it on Friday?',
  email: 'harriet@example.com',
  mobile_phone: '+447400123456',
  contact_address: { suggestion_id: 'a1', display_name: '4 Mill Lane, Leeds' },
  i_have_a_property_to_sell: 'no',
  i_have_a_property_to_let: 'no',
  my_property_valued: 'no',
  property_address: 'Park Row, Leeds',
  url: 'https://agency.example/property/1/x',
  transaction_type_id: 1,
  property_profile_id: 1,
  price: 250000,
  bedrooms: 2,
  confirm: 'confirmed',
  branch_id: 1,
} satisfies LeadEnquiryPayload

const ANSWER = { lead_id: '0d5c7a5e-2f7e-4a61-9b1f-8f9f3c1d2e4a', contact: { contact_id: 41 } }

describe('lead client methods', () => {
  it('sends an enquiry with its Idempotency-Key and captcha token, answering the lead and the cookie', async () => {
    const { fetch, calls } = fakeFetch(json({ data: ANSWER }, 201, { 'set-cookie': 'pending_lead=x; Path=/; HttpOnly' }))
    const answer = await createApiClient({ baseUrl: '/api', fetch }).sendLeadEnquiry({ ...PAYLOAD, recaptcha_token: 'solved' }, { idempotencyKey: 'k-1' })
    expect(answer).toEqual({ data: ANSWER, setCookie: ['pending_lead=x; Path=/; HttpOnly'] })
    expect(calls[0]?.url).toBe('/api/leads/enquiry')
    expect(calls[0]?.init?.method).toBe('POST')
    expect(new Headers(calls[0]?.init?.headers).get('idempotency-key')).toBe('k-1')
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ ...PAYLOAD, recaptcha_token: 'solved' })
  })

  it('reports a refused enquiry with its first field message and an answer off the contract as 502', async () => {
    const refused = { message: 'The viewing lead date must be a date after now.', errors: { viewing_lead_date: ['The viewing lead date must be a date after now.'] } }
    const { fetch } = fakeFetch(json(refused, 422), json({ data: { lead_id: 7 } }, 201))
    const api = createApiClient({ baseUrl: '/api', fetch })
    await expect(api.sendLeadEnquiry(PAYLOAD)).rejects.toMatchObject({ status: 422, body: refused })
    await expect(api.sendLeadEnquiry(PAYLOAD)).rejects.toMatchObject({ status: 502 })
  })

  it('records a potential viewing, and reports a visitor as 401', async () => {
    const { fetch, calls } = fakeFetch(json({ data: { property_profile_id: 7, viewed_on: '2026-07-01' } }), json({ message: 'Please log in to continue.' }, 401))
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.recordPotentialViewing(7)).toEqual({ property_profile_id: 7, viewed_on: '2026-07-01' })
    expect(calls[0]?.url).toBe('/api/potential_viewings')
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ property_profile_id: 7 })
    await expect(api.recordPotentialViewing(7)).rejects.toMatchObject({ status: 401, message: 'Please log in to continue.' })
  })
})
