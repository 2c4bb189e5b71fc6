import { describe, expect, it } from 'vitest'
import type { ApplicantQuestion } from './applicant.ts'
import {
  ALERT_CRITERIA_DEFAULT,
  AlertCreatePayloadSchema,
  AlertUpdatePayloadSchema,
  parseAlertPayload,
  parseAlertSubmit,
  toAlertPayload,
} from './alert-payload.ts'
import type { AlertFormState } from './alert-payload.ts'
import type { Contact } from './contact.ts'

const jane: Contact = {
  contact_id: 31,
  salutation_id: 4,
  name: 'Jane',
  surname: 'Smith',
  avatar: 'female.svg',
  contact_profiles: [3],
  contact_source_id: 35,
  communication_infos: [{ value: 'jane@example.com', preferred: true, communication_method_id: 1 }],
  contact_addresses: [{ display_name: '1 High Street, Leeds' }],
  subscription_types: [1, 2],
}

const questions: ApplicantQuestion[] = [
  { contact_question_id: 4, question: 'Do you have a property to sell?', question_key: 'sell', is_required: true, contact_question_options: [{ contact_question_option_id: 41, label: 'Yes' }] },
  { contact_question_id: 6, question: 'Do you need a mortgage?', question_key: 'mortgage', is_required: true, contact_question_options: [] },
  { contact_question_id: 8, question: 'Anything else?', question_key: 'other', is_required: false, contact_question_options: [] },
]

const leeds = { location: 'Leeds', place_id: 'gb-leeds', lat: 53.7997, lng: -1.5492, distance: 3 as const }

const state: AlertFormState = {
  profile_id: 3,
  contacts: [jane],
  criteria: { ...ALERT_CRITERIA_DEFAULT, locations: [leeds], min_price: 200_000, max_price: 350_000, min_bedroom: 2, must_haves: ['garden'] },
  answers: { 6: 'Yes', 4: 41, 8: '' },
  questions,
  kickback_log_id: 77,
}

describe('parseAlertSubmit (SPEC §5 alert submit)', () => {
  it('passes a complete alert', () => {
    expect(parseAlertSubmit(state)).toEqual({ success: true, data: state })
  })

  it('warns in SPEC order, each with its tab', () => {
    const empty: AlertFormState = { ...state, contacts: [], criteria: ALERT_CRITERIA_DEFAULT, answers: {} }
    expect(parseAlertSubmit(empty)).toEqual({
      success: false,
      message: 'You must add a contact at least.',
      field: 'contacts',
      tab: 'contact',
      errors: {
        contacts: ['You must add a contact at least.'],
        locations: ['The location field is required.'],
        min_price: ['The min price field is required.'],
        max_price: ['The max price field is required.'],
        contact_questions: ['"Do you have a property to sell?" question is required.', '"Do you need a mortgage?" question is required.'],
      },
    })
  })

  it.each<[string, Partial<AlertFormState>, string, string]>([
    ['no location', { criteria: { ...state.criteria, locations: [] } }, 'The location field is required.', 'property-type'],
    ['no min price', { criteria: { ...state.criteria, min_price: 0 } }, 'The min price field is required.', 'property-type'],
    ['no max price', { criteria: { ...state.criteria, max_price: 0 } }, 'The max price field is required.', 'property-type'],
    ['an unanswered question', { answers: { 4: 41, 6: '  ' } }, '"Do you need a mortgage?" question is required.', 'circumstances'],
  ])('warns of %s on the right tab', (_case, patch, message, tab) => {
    expect(parseAlertSubmit({ ...state, ...patch })).toMatchObject({ success: false, message, tab })
  })
})

describe('toAlertPayload (SPEC §7)', () => {
  it('builds a create payload with source 35 and the contact profile', () => {
    expect(toAlertPayload(state, 'create')).toEqual({
      profile_id: 3,
      contacts: [
        {
          contact_id: 31,
          salutation_id: 4,
          name: 'Jane',
          surname: 'Smith',
          communication_infos: [{ value: 'jane@example.com', preferred: true, communication_method_id: 1 }],
          contact_addresses: [{ display_name: '1 High Street, Leeds' }],
          subscription_types: [1, 2],
          communication_info_delete: true,
          create_without_email: true,
          contact_source_id: 35,
          contact_profiles: [3],
        },
      ],
      property_criteria: state.criteria,
      online_registration: true,
      contact_questions: [
        { contact_question_id: 4, answer: 41 },
        { contact_question_id: 6, answer: 'Yes' },
      ],
      kickback_log_id: 77,
    })
  })

  it('leaves contact_source_id and contact_profiles out of an update', () => {
    const payload = toAlertPayload({ ...state, profile_id: 5, kickback_log_id: null }, 'update')
    expect(payload.contacts[0]).not.toHaveProperty('contact_source_id')
    expect(payload.contacts[0]).not.toHaveProperty('contact_profiles')
    expect(payload.contacts[0]).not.toHaveProperty('avatar')
    expect(payload).not.toHaveProperty('kickback_log_id')
    expect(payload.profile_id).toBe(5)
  })

  it('passes the schema of its mode', () => {
    const create = toAlertPayload(state, 'create')
    expect(AlertCreatePayloadSchema.parse(create)).toEqual(create)
    const update = toAlertPayload(state, 'update')
    expect(AlertUpdatePayloadSchema.parse(update)).toEqual(update)
    expect(parseAlertPayload(update, 'update')).toEqual({ success: true, data: update })
  })
})

describe('parseAlertPayload (the API body check)', () => {
  const create = toAlertPayload(state, 'create')

  it('strips create-only contact fields from an update', () => {
    const result = parseAlertPayload(create, 'update')
    expect(result.success && result.data.contacts[0]).not.toHaveProperty('contact_source_id')
  })

  it('needs contact_source_id 35 on create', () => {
    const update = toAlertPayload(state, 'update')
    expect(parseAlertPayload(update, 'create')).toMatchObject({ success: false, field: 'contacts' })
  })

  it('checks the shape alone: SPEC §5 submit rules are the one table, which parseAlertRegistration runs', () => {
    const unset = { ...create, contacts: [], property_criteria: { ...create.property_criteria, locations: [], min_price: 0, max_price: 0 } }
    expect(parseAlertPayload(unset, 'create')).toMatchObject({ success: true })
    expect(parseAlertPayload({ ...unset, property_criteria: { ...unset.property_criteria, max_price: -1 } }, 'create')).toMatchObject({
      success: false,
      field: 'property_criteria.max_price',
    })
  })

  it('refuses a contact without communication info', () => {
    const noInfo = { ...create, contacts: [{ ...create.contacts[0], communication_infos: [] }] }
    expect(parseAlertPayload(noInfo, 'create')).toMatchObject({ success: false, field: 'contacts', message: 'Missing communication info' })
  })

  it('insists on online_registration true', () => {
    expect(parseAlertPayload({ ...create, online_registration: false }, 'create')).toMatchObject({ success: false, field: 'online_registration' })
  })

  it('takes an optional alert_frequency of instant, daily or weekly, and leaves it out when the screen has none', () => {
    expect(create).not.toHaveProperty('alert_frequency')
    const daily = toAlertPayload({ ...state, alert_frequency: 'daily' }, 'create')
    expect(daily.alert_frequency).toBe('daily')
    expect(parseAlertPayload(daily, 'create')).toMatchObject({ success: true, data: { alert_frequency: 'daily' } })
    expect(parseAlertPayload({ ...create, alert_frequency: 'weekly' }, 'update')).toMatchObject({ success: true, data: { alert_frequency: 'weekly' } })
    expect(parseAlertPayload({ ...create, alert_frequency: 'hourly' }, 'create')).toMatchObject({ success: false, field: 'alert_frequency' })
  })
})
