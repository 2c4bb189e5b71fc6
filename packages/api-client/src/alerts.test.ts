import { describe, expect, it } from 'vitest'
import { ALERT_CRITERIA_DEFAULT, toAlertPayload, type AlertPayload } from '@agency/domain'
import { createApiClient } from './index.ts'
import { API_ANSWERS, APPLICANT, fakeFetch, jsonResponse as json, type ApiAnswer } from './testing.ts'

/** An answer of the real API (testing.ts, checked against its OpenAPI document). */
const realAnswer = (real: ApiAnswer) => json(real.body, real.status)

describe('alert client methods', () => {
  it('reads the questions of a type and the subscription types', async () => {
    const question = { contact_question_id: 1, question: 'Are you a first-time buyer?', question_key: 'first_time_buyer', is_required: true, contact_question_options: [{ contact_question_option_id: 2, label: 'Yes' }] }
    const { fetch, calls } = fakeFetch(json({ data: [question] }), json({ data: [{ subscription_type_id: 1, name: 'Property alerts' }] }))
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.getContactQuestions('tenant')).toEqual([question])
    expect(await api.getSubscriptionTypes()).toEqual([{ subscription_type_id: 1, name: 'Property alerts' }])
    expect(calls.map((c) => c.url)).toEqual(['/api/contact_questions/tenant', '/api/subscription_types'])
  })

  it('lists a contact’s applicants newest first and fetches one by key', async () => {
    const { fetch, calls } = fakeFetch(realAnswer(API_ANSWERS.applicantsOfContact), realAnswer(API_ANSWERS.applicantByKey))
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.getApplicantsOfContact(40)).toEqual([APPLICANT])
    expect(await api.getApplicantByKey('a/b')).toEqual(APPLICANT)
    expect(calls.map((c) => c.url)).toEqual([
      '/api/contact_applicants/applicants_of_contact/40?__order_by=-created_at',
      '/api/contact_applicants/u/a%2Fb',
    ])
  })

  it('creates an applicant with unknown_user_branch and the Idempotency-Key, passing Set-Cookie on', async () => {
    const { fetch, calls } = fakeFetch(json({ data: APPLICANT }, 201, { 'set-cookie': 'pending_alert=x; Path=/; HttpOnly' }))
    const payload = toAlertPayload(
      {
        profile_id: 3,
        contacts: [],
        criteria: ALERT_CRITERIA_DEFAULT,
        answers: {},
        questions: [],
      },
      'create',
    )
    const answer = await createApiClient({ baseUrl: '/api', fetch }).createApplicant(payload, { idempotencyKey: 'abc-123' })
    expect(answer).toEqual({ data: APPLICANT, setCookie: ['pending_alert=x; Path=/; HttpOnly'] })
    expect(calls[0]?.url).toBe('/api/contact_applicants')
    expect(calls[0]?.init?.method).toBe('POST')
    expect(new Headers(calls[0]?.init?.headers).get('idempotency-key')).toBe('abc-123')
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ profile_id: 3, online_registration: true, unknown_user_branch: true })
  })

  it('updates an applicant and its status with the applicant key header', async () => {
    const { fetch, calls } = fakeFetch(json({ data: APPLICANT }), json({ data: APPLICANT, active_contact_applicant_id: null }))
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.updateApplicant(12, { profile_id: 3 } as never, { applicantKey: 'key1' })).toEqual(APPLICANT)
    expect(await api.setApplicantStatus(12, 2, { applicantKey: 'key1' })).toEqual({ data: APPLICANT, active_contact_applicant_id: null })
    expect(calls.map((c) => [c.url, c.init?.method])).toEqual([
      ['/api/contact_applicants/12', 'PATCH'],
      ['/api/contact_applicants/status/12', 'PATCH'],
    ])
    expect(new Headers(calls[1]?.init?.headers).get('x-applicant-key')).toBe('key1')
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ status: 2, contact_applicant_id: 12 })
  })

  it('reports a refused alert with the first SPEC §5 message and an unknown key as not found', async () => {
    const { fetch } = fakeFetch(realAnswer(API_ANSWERS.applicantRefused), realAnswer(API_ANSWERS.applicantNotFound))
    const api = createApiClient({ baseUrl: '/api', fetch })
    await expect(api.createApplicant({ profile_id: 3 } as unknown as AlertPayload)).rejects.toMatchObject({
      status: 422,
      body: { message: 'The location field is required.' },
    })
    await expect(api.getApplicantByKey('nope')).rejects.toMatchObject({ status: 404, message: 'Applicant not found', isNotFound: true })
  })

  it('confirms an alert and reports a refused token with the API’s message', async () => {
    const confirmed = { contact_id: 40, contact_applicant_id: 12, applicant_key: 'k', redirect_to: '/properties' }
    const { fetch } = fakeFetch(
      json({ data: confirmed }, 200, { 'set-cookie': 'session=s; Path=/' }),
      json({ message: 'This confirmation link is invalid or has expired.' }, 400),
    )
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.confirmApplicant('t')).toEqual({ data: confirmed, setCookie: ['session=s; Path=/'] })
    await expect(api.confirmApplicant('used')).rejects.toMatchObject({ status: 400, message: 'This confirmation link is invalid or has expired.' })
  })

  it('reads the pending alert and address suggestions', async () => {
    const address = { suggestion_id: 'p:1', display_name: '1 High Street, Harrogate HG1 1AA', address_line_1: '1 High Street', town: 'Harrogate', postcode: 'HG1 1AA', lat: 54, lng: -1.5 }
    const { fetch, calls } = fakeFetch(json({ data: null }), json({ data: [address] }))
    const api = createApiClient({ baseUrl: '/api', fetch })
    expect(await api.getPendingApplicant()).toBeNull()
    expect(await api.searchAddresses('1 high st')).toEqual([address])
    expect(calls.map((c) => c.url)).toEqual(['/api/contact_applicants/pending', '/api/addresses?keyword=1+high+st'])
  })
})
