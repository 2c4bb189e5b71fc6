import { describe, expect, it } from 'vitest'
import { ALERT_CRITERIA_DEFAULT, parseAlertSubmit, toAlertPayload } from './alert-payload.ts'
import type { AlertFormState } from './alert-payload.ts'
import { parseAlertRegistration } from './alert-registration.ts'
import { ALERT_SUBMIT_RULES, toAlertPayloadFieldTab, toAlertSubmitErrors } from './alert-submit-rules.ts'
import type { ApplicantQuestion } from './applicant.ts'
import type { Contact } from './contact.ts'

/** SPEC §5 "Alert submit", written out here as SPEC lists it, so that the table cannot pass by itself. */
const SPEC_ALERT_SUBMIT = [
  { field: 'contacts', payloadField: 'contacts', tab: 'contact', message: 'You must add a contact at least.' },
  { field: 'locations', payloadField: 'property_criteria.locations', tab: 'property-type', message: 'The location field is required.' },
  { field: 'min_price', payloadField: 'property_criteria.min_price', tab: 'property-type', message: 'The min price field is required.' },
  { field: 'max_price', payloadField: 'property_criteria.max_price', tab: 'property-type', message: 'The max price field is required.' },
  { field: 'contact_questions', payloadField: 'contact_questions', tab: 'circumstances', message: '"Do you have a property to sell?" question is required.' },
] as const

const jane: Contact = {
  contact_id: 31,
  salutation_id: 4,
  name: 'Jane',
  surname: 'Smith',
  contact_profiles: [3],
  communication_infos: [{ value: 'jane@example.com', preferred: true, communication_method_id: 1 }],
  contact_addresses: [{ display_name: '1 High Street, Leeds' }],
  subscription_types: [1],
}
const question: ApplicantQuestion = {
  contact_question_id: 4,
  question: 'Do you have a property to sell?',
  question_key: 'sell',
  is_required: true,
  contact_question_options: [{ contact_question_option_id: 41, label: 'Yes' }],
}
const leeds = { location: 'Leeds', place_id: 'gb-leeds', lat: 53.7997, lng: -1.5492, bounds: null, distance: 3 as const }

/** A screen's state breaking every rule, and each rule's repair, in SPEC's order. */
const EMPTY: AlertFormState = { profile_id: 3, contacts: [], criteria: ALERT_CRITERIA_DEFAULT, answers: {}, questions: [question] }
const REPAIRS: Array<(state: AlertFormState) => AlertFormState> = [
  (s) => ({ ...s, contacts: [jane] }),
  (s) => ({ ...s, criteria: { ...s.criteria, locations: [leeds] } }),
  (s) => ({ ...s, criteria: { ...s.criteria, min_price: 200_000 } }),
  (s) => ({ ...s, criteria: { ...s.criteria, max_price: 350_000 } }),
  (s) => ({ ...s, answers: { 4: 41 } }),
]

describe('SPEC §5 alert submit: the one table', () => {
  it("holds SPEC's rules in SPEC's order, with SPEC's messages and tabs", () => {
    const input = { contacts: [], locations: [], min_price: 0, max_price: 0, questions: [question], answers: {} }
    expect(ALERT_SUBMIT_RULES.map((rule) => ({ field: rule.field, payloadField: rule.payloadField, tab: rule.tab, message: rule.check(input)[0] }))).toEqual(
      SPEC_ALERT_SUBMIT,
    )
  })

  it('the browser check (parseAlertSubmit) warns in that order, one rule after another as each is put right', () => {
    let state = EMPTY
    const first = parseAlertSubmit(state)
    if (first.success) throw new Error('expected warnings')
    expect(Object.keys(first.errors)).toEqual(SPEC_ALERT_SUBMIT.map((rule) => rule.field))
    for (const [index, rule] of SPEC_ALERT_SUBMIT.entries()) {
      expect(parseAlertSubmit(state)).toMatchObject({ success: false, field: rule.field, message: rule.message, tab: rule.tab })
      state = REPAIRS[index]!(state)
    }
    expect(parseAlertSubmit(state).success).toBe(true)
  })

  it("the API's check (parseAlertRegistration) lists its 422 fields in that order, its message the first broken rule's", () => {
    let state = EMPTY
    const first = parseAlertRegistration(toAlertPayload(state, 'create'), 'create', [question])
    if (first.success) throw new Error('expected errors')
    expect(Object.keys(first.errors)).toEqual(SPEC_ALERT_SUBMIT.map((rule) => rule.payloadField))
    expect(Object.values(first.errors).map((messages) => messages[0])).toEqual(SPEC_ALERT_SUBMIT.map((rule) => rule.message))
    for (const [index, rule] of SPEC_ALERT_SUBMIT.entries()) {
      expect(parseAlertRegistration(toAlertPayload(state, 'create'), 'create', [question])).toMatchObject({
        success: false,
        field: rule.payloadField,
        message: rule.message,
      })
      state = REPAIRS[index]!(state)
    }
    expect(parseAlertRegistration(toAlertPayload(state, 'create'), 'create', [question]).success).toBe(true)
  })

  it("says a missing price in SPEC's words alone, and puts the criteria's other fields after the price rules", () => {
    const payload = toAlertPayload(REPAIRS.reduce((state, repair) => repair(state), EMPTY), 'create')
    const { max_price: _max, ...criteria } = payload.property_criteria
    const result = parseAlertRegistration({ ...payload, property_criteria: { ...criteria, min_bedroom: -1 } }, 'create', [question])
    if (result.success) throw new Error('expected errors')
    expect(Object.entries(result.errors)).toEqual([
      ['property_criteria.max_price', ['The max price field is required.']],
      ['property_criteria', [expect.any(String)]],
    ])
  })

  it('names the tab of each field of the API’s errors', () => {
    expect(SPEC_ALERT_SUBMIT.map((rule) => toAlertPayloadFieldTab(rule.payloadField))).toEqual(SPEC_ALERT_SUBMIT.map((rule) => rule.tab))
    expect(toAlertPayloadFieldTab('contacts.0.name')).toBe('contact')
    expect(toAlertPayloadFieldTab('property_criteria.min_bedroom')).toBe('property-type')
    expect(toAlertPayloadFieldTab('contact_questions.2')).toBe('circumstances')
    expect(toAlertPayloadFieldTab('profile_id')).toBe('contact')
  })

  it('gives the API’s errors by the fields of the screen, in the API’s order', () => {
    expect(
      Object.entries(
        toAlertSubmitErrors({
          'property_criteria.min_price': ['The min price field is required.'],
          'contacts.0.email': ['Please enter a valid email address.'],
          contacts: ['Please enter a valid email address.', 'Please enter an address.'],
          contact_questions: ['"Do you have a property to sell?" question is required.'],
          'property_criteria.min_bedroom': ['Invalid input'],
        }),
      ),
    ).toEqual([
      ['min_price', ['The min price field is required.']],
      ['contacts', ['Please enter a valid email address.', 'Please enter an address.']],
      ['contact_questions', ['"Do you have a property to sell?" question is required.']],
      ['property_criteria.min_bedroom', ['Invalid input']],
    ])
  })
})
