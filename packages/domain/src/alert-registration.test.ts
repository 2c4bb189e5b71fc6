import { describe, expect, it } from 'vitest'
import { findAlertContactMessages, findAnswerMessages, parseAlertCriteriaUpdate, parseAlertRegistration } from './alert-registration.ts'
import type { ApplicantQuestion } from './applicant.ts'

const questions: ApplicantQuestion[] = [
  { contact_question_id: 4, question: 'Do you have a property to sell?', question_key: 'sell', is_required: true, contact_question_options: [{ contact_question_option_id: 41, label: 'Yes' }, { contact_question_option_id: 42, label: 'No' }] },
  { contact_question_id: 6, question: 'When are you looking to move?', question_key: 'timescale', is_required: true, contact_question_options: [] },
  { contact_question_id: 8, question: 'Anything else?', question_key: 'other', is_required: false, contact_question_options: [] },
]

const contact = {
  salutation_id: 3,
  name: 'Tom',
  surname: 'Baker',
  communication_infos: [{ value: 'tom@example.com', preferred: true, communication_method_id: 1 }],
  contact_addresses: [{ display_name: '4 Station Road, Harrogate HG1 1AB' }],
  subscription_types: [1],
  communication_info_delete: true,
  create_without_email: true,
  contact_source_id: 35,
  contact_profiles: [3],
}

const payload = {
  profile_id: 3,
  contacts: [contact],
  property_criteria: {
    locations: [{ location: 'Harrogate', place_id: 'gb-harrogate', lat: 53.99, lng: -1.54, distance: 3 }],
    min_price: 200_000,
    max_price: 400_000,
  },
  online_registration: true,
  contact_questions: [
    { contact_question_id: 4, answer: 42 },
    { contact_question_id: 6, answer: 'Within three months' },
  ],
}

describe('findAlertContactMessages (SPEC §5 alert contact form)', () => {
  it('passes a complete contact', () => {
    expect(findAlertContactMessages(contact)).toEqual([])
  })

  it('lists every broken rule in SPEC order', () => {
    expect(findAlertContactMessages({ ...contact, communication_infos: [], contact_addresses: [], subscription_types: [] })).toEqual([
      'Email or phone number is required',
      'Please enter an address.',
      'Please confirm subscription.',
    ])
  })

  it('refuses an invalid e-mail and an invalid mobile phone', () => {
    const infos = [
      { value: 'not-an-email', preferred: true, communication_method_id: 1 },
      { value: '0113 496 0000', preferred: false, communication_method_id: 2 },
    ]
    expect(findAlertContactMessages({ ...contact, communication_infos: infos })).toEqual([
      'Please enter a valid email address.',
      'Please enter a valid mobile phone number.',
    ])
  })

  it('takes a phone number without an e-mail', () => {
    const infos = [{ value: '07400 123456', preferred: true, communication_method_id: 2 }]
    expect(findAlertContactMessages({ ...contact, communication_infos: infos })).toEqual([])
  })
})

describe('findAnswerMessages', () => {
  it('refuses an answer that fits no option of its question (unanswered ones are SPEC §5 rule 5, the table)', () => {
    expect(findAnswerMessages(questions, [{ contact_question_id: 4, answer: 99 }])).toEqual(['The selected answer is invalid.'])
  })

  it('refuses an answer to a question of another profile', () => {
    expect(findAnswerMessages(questions, [...payload.contact_questions, { contact_question_id: 77, answer: 'x' }])).toEqual([
      'The selected answer is invalid.',
    ])
  })
})

describe('parseAlertRegistration', () => {
  it('passes a complete create payload', () => {
    const result = parseAlertRegistration(payload, 'create', questions)
    expect(result.success).toBe(true)
  })

  it('answers every message, fields in SPEC §5 order, the first one first', () => {
    const bad = {
      ...payload,
      contacts: [{ ...contact, name: ' ', subscription_types: [] }],
      property_criteria: { locations: [], min_price: 0, max_price: 0 },
      contact_questions: [],
    }
    expect(parseAlertRegistration(bad, 'create', questions)).toEqual({
      success: false,
      field: 'contacts',
      message: 'Name is required',
      errors: {
        contacts: ['Name is required', 'Please confirm subscription.'],
        'property_criteria.locations': ['The location field is required.'],
        'property_criteria.min_price': ['The min price field is required.'],
        'property_criteria.max_price': ['The max price field is required.'],
        contact_questions: ['"Do you have a property to sell?" question is required.', '"When are you looking to move?" question is required.'],
      },
    })
  })

  it('refuses a max below its min at the max, for an API caller as for the form, and keeps it for no alert', () => {
    const reversed = { ...payload, property_criteria: { ...payload.property_criteria, min_price: 400_000, max_price: 200_000, min_bedroom: 3, max_bedroom: 2 } }
    expect(parseAlertRegistration(reversed, 'create', questions)).toEqual({
      success: false,
      field: 'property_criteria.max_price',
      message: 'The max price cannot be less than the min price.',
      errors: {
        'property_criteria.max_price': ['The max price cannot be less than the min price.'],
        'property_criteria.max_bedroom': ['The max bedrooms cannot be less than the min bedrooms.'],
      },
    })
    expect(parseAlertCriteriaUpdate({ profile_id: 3, property_criteria: reversed.property_criteria, online_registration: true, contact_questions: payload.contact_questions }, questions)).toMatchObject({
      success: false,
      field: 'property_criteria.max_price',
    })
    // Equal bounds, and an open end, read right.
    expect(parseAlertRegistration({ ...payload, property_criteria: { ...payload.property_criteria, min_price: 300_000, max_price: 300_000, min_bedroom: 3 } }, 'create', questions).success).toBe(true)
  })

  it('refuses a payload without contacts with SPEC’s first message', () => {
    expect(parseAlertRegistration({ ...payload, contacts: [] }, 'update', questions)).toMatchObject({
      success: false,
      message: 'You must add a contact at least.',
    })
  })
})

describe('parseAlertCriteriaUpdate (an update by key or e-mail link, without its people)', () => {
  const { contacts: _contacts, ...withoutPeople } = payload

  it('passes the criteria and answers alone: the people are kept as they are', () => {
    expect(parseAlertCriteriaUpdate(withoutPeople, questions).success).toBe(true)
  })

  it("keeps SPEC §5's rules on the criteria and the answers, in their order, and never asks for a contact", () => {
    const bad = { ...withoutPeople, property_criteria: { locations: [], min_price: 0, max_price: 400_000 }, contact_questions: [] }
    expect(parseAlertCriteriaUpdate(bad, questions)).toEqual({
      success: false,
      field: 'property_criteria.locations',
      message: 'The location field is required.',
      errors: {
        'property_criteria.locations': ['The location field is required.'],
        'property_criteria.min_price': ['The min price field is required.'],
        contact_questions: ['"Do you have a property to sell?" question is required.', '"When are you looking to move?" question is required.'],
      },
    })
  })
})
