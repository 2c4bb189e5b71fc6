import { describe, expect, it } from 'vitest'
import { ApplicantViewSchema } from './alert-api.ts'
import { toAlertPayload } from './alert-payload.ts'
import { AlertCriteriaSchema, ApplicantQuestionSchema } from './applicant.ts'
import { ContactSchema } from './contact.ts'
import { toAlertSearchFilters } from './criteria.ts'
import { toSearchPriceBounds } from './price.ts'
import { findAlertOfSearch, toSavedSearchAlert, toSavedSearchPrices } from './saved-search.ts'

const contact = ContactSchema.parse({
  contact_id: 7,
  name: 'Priya',
  surname: 'Shah',
  communication_infos: [{ value: 'priya@example.com', preferred: true, communication_method_id: 1 }],
  contact_addresses: [{ display_name: '12 Barlow Moor Road, Manchester M20 6TR' }],
  subscription_types: [1],
})
const questions = [
  ApplicantQuestionSchema.parse({ contact_question_id: 1, question: 'What is your buying position?', question_key: 'position', is_required: true, contact_question_options: [{ contact_question_option_id: 11, label: 'Cash buyer' }] }),
  ApplicantQuestionSchema.parse({ contact_question_id: 2, question: 'Anything else?', question_key: 'notes', is_required: false, contact_question_options: [] }),
]
const manchester = { place_id: 'manchester', location: 'Manchester', lat: 53.48, lng: -2.24, distance: 3 }
const search = AlertCriteriaSchema.parse({ locations: [manchester], min_bedroom: 3, must_haves: ['garden'] })

function alertView(overrides: Record<string, unknown> = {}) {
  return ApplicantViewSchema.parse({
    contact_applicant_id: 41,
    applicant_key: 'k'.repeat(40),
    profile_id: 3,
    contact_applicant_status_id: 1,
    is_confirmed: true,
    contacts: [],
    created_at: '2026-11-01T09:00:00Z',
    criteria: AlertCriteriaSchema.parse({ locations: [{ ...manchester, place_id: 'didsbury', location: 'Didsbury', lat: 53.41, lng: -2.23 }], min_price: 300_000, max_price: 450_000 }),
    question_answers: [
      { contact_question_id: 1, answer: 11 },
      { contact_question_id: 2, answer: 'Chain-free' },
    ],
    alert_frequency: 'daily',
    ...overrides,
  })
}

describe("'Save this search' in one step", () => {
  it('saves a search open at either price end with the ends of the form’s steps, and keeps the bounds it has', () => {
    expect(toSavedSearchPrices(search, 'sales')).toEqual({ min_price: 50_000, max_price: 20_000_000 })
    expect(toSavedSearchPrices(search, 'lettings')).toEqual({ min_price: 100, max_price: 40_000 })
    expect(toSavedSearchPrices({ ...search, min_price: 250_000 }, 'sales')).toEqual({ min_price: 250_000, max_price: 20_000_000 })
    expect(toSavedSearchPrices({ ...search, max_price: 400_000 }, 'sales')).toEqual({ min_price: 50_000, max_price: 400_000 })
    // A min above the last step (typed into the address) is not given a max below it.
    expect(toSavedSearchPrices({ ...search, min_price: 30_000_000 }, 'sales')).toEqual({ min_price: 30_000_000, max_price: 30_000_000 })
  })

  it('searches an alert’s step ends as no limit, so the saved search finds what the search found', () => {
    expect(toSearchPriceBounds({ min_price: 50_000, max_price: 20_000_000 }, 'sales')).toEqual({ min_price: 0, max_price: 0 })
    expect(toSearchPriceBounds({ min_price: 100, max_price: 40_000 }, 'lettings')).toEqual({ min_price: 0, max_price: 0 })
    expect(toSearchPriceBounds({ min_price: 60_000, max_price: 15_000_000 }, 'sales')).toEqual({ min_price: 60_000, max_price: 15_000_000 })
    // The ends are a search type's own: £100 is a lettings end, not a sales one.
    expect(toSearchPriceBounds({ min_price: 100, max_price: 40_000 }, 'sales')).toEqual({ min_price: 100, max_price: 40_000 })
    const saved = { ...search, ...toSavedSearchPrices(search, 'sales') }
    expect(toAlertSearchFilters(saved, 3)).toMatchObject({ min_price: 0, max_price: 0, min_bedroom: 3 })
    expect(toAlertSearchFilters({ ...search, ...toSavedSearchPrices(search, 'lettings') }, 5)).toMatchObject({ min_price: 0, max_price: 0 })
  })

  it('makes the alert of the search with the contact and the newest same-kind alert’s answers and frequency', () => {
    const older = alertView({ contact_applicant_id: 40, question_answers: [{ contact_question_id: 1, answer: 11 }], alert_frequency: 'weekly' })
    const tenant = alertView({ contact_applicant_id: 42, profile_id: 5, question_answers: [] })
    const state = toSavedSearchAlert({ searchType: 'sales', criteria: search, contact, alerts: [tenant, alertView(), older], questions })
    expect(state).not.toBeNull()
    const payload = toAlertPayload(state!, 'create')
    expect(payload.profile_id).toBe(3)
    expect(payload.contacts).toHaveLength(1)
    expect(payload.contacts[0]).toMatchObject({ contact_id: 7, name: 'Priya', contact_profiles: [3], subscription_types: [1] })
    expect(payload.property_criteria).toEqual({ ...search, min_price: 50_000, max_price: 20_000_000 })
    expect(payload.contact_questions).toEqual([
      { contact_question_id: 1, answer: 11 },
      { contact_question_id: 2, answer: 'Chain-free' },
    ])
    expect(payload.alert_frequency).toBe('daily')
  })

  it('asks instead (null) with no confirmed alert of the kind, no place searched, or a required question unanswered', () => {
    const base = { searchType: 'sales' as const, criteria: search, contact, questions }
    expect(toSavedSearchAlert({ ...base, alerts: [] })).toBeNull()
    expect(toSavedSearchAlert({ ...base, alerts: [alertView({ profile_id: 5 })] })).toBeNull()
    expect(toSavedSearchAlert({ ...base, alerts: [alertView({ is_confirmed: false })] })).toBeNull()
    expect(toSavedSearchAlert({ ...base, criteria: { ...search, locations: [] }, alerts: [alertView()] })).toBeNull()
    expect(toSavedSearchAlert({ ...base, alerts: [alertView({ question_answers: [{ contact_question_id: 2, answer: 'x' }] })] })).toBeNull()
  })

  it('finds an alert, on, that holds the same search whatever its places are called, and no other', () => {
    const state = toSavedSearchAlert({ searchType: 'sales', criteria: search, contact, alerts: [alertView()], questions })!
    const same = alertView({ contact_applicant_id: 50, criteria: { ...state.criteria, locations: [{ ...manchester, location: 'Manchester, Greater Manchester', place_id: 'x' }] } })
    expect(findAlertOfSearch([alertView(), same], state)?.contact_applicant_id).toBe(50)
    expect(findAlertOfSearch([{ ...same, contact_applicant_status_id: 2 }], state)).toBeNull()
    expect(findAlertOfSearch([alertView({ criteria: { ...state.criteria, min_bedroom: 2 } })], state)).toBeNull()
    expect(findAlertOfSearch([alertView({ criteria: { ...state.criteria, locations: [{ ...manchester, distance: 5 }] } })], state)).toBeNull()
    expect(findAlertOfSearch([{ ...same, profile_id: 5 as const }], state)).toBeNull()
  })
})
