import { describe, expect, it } from 'vitest'
import {
  ALERT_CONFIRM_PATH,
  APPLICANT_KEY_HEADER,
  AddressSearchResultSchema,
  ApplicantStatusAnswerSchema,
  ContactQuestionTypeSchema,
  PendingApplicantSchema,
} from './alert-api.ts'

describe('alert API shapes', () => {
  it('names the question types of SPEC §7', () => {
    expect(ContactQuestionTypeSchema.options).toEqual(['buyer', 'tenant'])
    expect(ContactQuestionTypeSchema.safeParse('vendor').success).toBe(false)
  })

  it('fixes the confirmation page and the applicant key header', () => {
    expect(ALERT_CONFIRM_PATH).toBe('/heads-up-alerts/confirm')
    expect(APPLICANT_KEY_HEADER).toBe('x-applicant-key')
  })

  it('takes only alert profiles (buyer 3, tenant 5) for a pending alert', () => {
    expect(PendingApplicantSchema.safeParse({ contact_applicant_id: 1, profile_id: 5 }).success).toBe(true)
    expect(PendingApplicantSchema.safeParse({ contact_applicant_id: 1, profile_id: 2 }).success).toBe(false)
  })

  it('refuses a status answer without its applicant', () => {
    expect(ApplicantStatusAnswerSchema.safeParse({ data: {}, active_contact_applicant_id: null }).success).toBe(false)
  })

  it('reads an address suggestion with its parts unknown', () => {
    const suggestion = { suggestion_id: 'gb:postcode:HG1 1AB', display_name: 'HG1 1AB, Harrogate', address_line_1: null, town: null, postcode: 'HG1 1AB', lat: 54, lng: -1.5 }
    expect(AddressSearchResultSchema.parse(suggestion)).toEqual(suggestion)
  })
})
