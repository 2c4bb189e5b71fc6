import { ALERT_CRITERIA_DEFAULT, MAX_LOCATIONS, MESSAGES, toQuestionRequiredMessage } from '@agency/domain'
import type { ApplicantQuestion, Contact, Location } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { initRegisterState, registerReducer, toFieldErrors } from '#app/components/alerts/register-state.ts'

const contact = (name: string, address: string | null = '1 High Street, Leeds'): Contact => ({
  salutation_id: 2,
  name,
  surname: 'Lee',
  contact_profiles: [],
  communication_infos: [{ value: `${name.toLowerCase()}@example.org`, preferred: true, communication_method_id: 1 }],
  contact_addresses: address ? [{ display_name: address }] : [],
  subscription_types: [1],
})

const place = (name: string, lat: number, distance: Location['distance'] = 0.25): Location => ({
  location: name,
  place_id: `place-${name}`,
  lat,
  lng: -1.5,
  bounds: null,
  distance,
})

const fresh = () => initRegisterState('create', [], { criteria: ALERT_CRITERIA_DEFAULT })

describe('initRegisterState', () => {
  it('opens the contact form by itself when creating with no contact (SPEC §4), on the Contact tab', () => {
    const state = fresh()
    expect(state.tab).toBe('contact')
    expect(state.contacts.form).toEqual({ kind: 'new' })
    expect(state.radius).toBe(0.25)
    expect(state.frequency).toBe('instant')
  })

  it("starts an update with the alert's own frequency, and changes it", () => {
    const state = initRegisterState('update', [], { contacts: [contact('Ann')], criteria: ALERT_CRITERIA_DEFAULT, question_answers: [], alert_frequency: 'daily' })
    expect(state.frequency).toBe('daily')
    expect(registerReducer(state, { type: 'frequencyChanged', frequency: 'weekly' }).frequency).toBe('weekly')
  })

  it('starts an update from the applicant: its contacts, criteria, types and answers', () => {
    const criteria = { ...ALERT_CRITERIA_DEFAULT, locations: [place('Leeds', 53.8, 3)], property_types: [{ property_type_id: 2, property_style_ids: [] }] }
    const state = initRegisterState('update', [], {
      contacts: [contact('Ann')],
      criteria,
      question_answers: [{ contact_question_id: 7, answer: 21 }],
    })
    expect(state.contacts.contacts.map((c) => c.name)).toEqual(['Ann'])
    expect(state.contacts.form).toEqual({ kind: 'closed' })
    expect(state.types.selection).toEqual(criteria.property_types)
    expect(state.answers).toEqual({ 7: 21 })
    expect(state.radius).toBe(3)
  })

  it('forces a contact lacking an address into edit (SPEC §4)', () => {
    const state = initRegisterState('create', [contact('Ann', null)], { criteria: ALERT_CRITERIA_DEFAULT })
    expect(state.contacts.form.kind).toBe('edit')
    expect(state.contacts.contacts).toEqual([])
  })
})

describe('registerReducer', () => {
  it('adds chosen places once each, with the radius chosen at the time, and clears the keyword', () => {
    let state = registerReducer(fresh(), { type: 'keywordChanged', keyword: 'lee' })
    state = registerReducer(state, { type: 'radiusChanged', radius: 5 })
    state = registerReducer(state, { type: 'locationAdded', location: place('Leeds', 53.8, 5) })
    state = registerReducer(state, { type: 'locationAdded', location: place('Leeds', 53.8, 5) })
    expect(state.keyword).toBe('')
    expect(state.criteria.locations.map((l) => [l.location, l.distance])).toEqual([['Leeds', 5]])
  })

  it('changes and removes one location without touching the others', () => {
    let state = fresh()
    state = registerReducer(state, { type: 'locationAdded', location: place('Leeds', 53.8) })
    state = registerReducer(state, { type: 'locationAdded', location: place('Otley', 53.9) })
    state = registerReducer(state, { type: 'locationRadiusChanged', index: 1, radius: 10 })
    expect(state.criteria.locations.map((l) => l.distance)).toEqual([0.25, 10])
    // The Radius control then shows the radius just chosen, as the next place's.
    expect(state.radius).toBe(10)
    state = registerReducer(state, { type: 'locationRemoved', index: 0 })
    expect(state.criteria.locations.map((l) => l.location)).toEqual(['Otley'])
    expect(registerReducer(state, { type: 'locationsReset' }).criteria.locations).toEqual([])
  })

  it('sets every chosen place to the radius chosen after them, as the list page does', () => {
    let state = registerReducer(fresh(), { type: 'locationAdded', location: place('Didsbury', 53.41) })
    state = registerReducer(state, { type: 'locationAdded', location: place('Leeds', 53.8) })
    state = registerReducer(state, { type: 'radiusChanged', radius: 3 })
    expect(state.criteria.locations.map((l) => [l.location, l.distance])).toEqual([['Didsbury', 3], ['Leeds', 3]])
    expect(state.radius).toBe(3)
  })

  it('gives a place picked before the Radius changed, but added after (its details still loading), the radius as it is now', () => {
    let state = registerReducer(fresh(), { type: 'radiusChanged', radius: 3 })
    state = registerReducer(state, { type: 'locationAdded', location: { ...place('Manchester', 53.48), distance: 0.25 } })
    expect(state.criteria.locations.map((l) => [l.location, l.distance])).toEqual([['Manchester', 3]])
  })

  it(`stops at ${MAX_LOCATIONS} locations, the API's limit`, () => {
    let state = fresh()
    for (let i = 0; i <= MAX_LOCATIONS; i++) state = registerReducer(state, { type: 'locationAdded', location: place(`Town ${i}`, 50 + i / 10) })
    expect(state.criteria.locations).toHaveLength(MAX_LOCATIONS)
  })

  it('keeps the criteria types in step with the picker (a featured box adds all its styles)', () => {
    const state = registerReducer(fresh(), { type: 'types', action: { type: 'featuredToggled', key: 'flats' } })
    expect(state.criteria.property_types).toEqual(state.types.selection)
    expect(state.criteria.property_types.length).toBe(1)
  })

  it('keeps answers by question id, and passes contact list actions to the domain reducer', () => {
    let state = registerReducer(fresh(), { type: 'answered', questionId: 4, answer: 'Within 3 months' })
    expect(state.answers).toEqual({ 4: 'Within 3 months' })
    state = registerReducer(state, { type: 'contacts', action: { type: 'contactSaved', contact: contact('Ann') } })
    state = registerReducer(state, { type: 'contacts', action: { type: 'contactRemoved', index: 0 } })
    expect(state.contacts.warning).toBe(MESSAGES.CONTACT_REQUIRED)
  })
})

describe('the messages shown at the fields', () => {
  const questions: ApplicantQuestion[] = [
    { contact_question_id: 7, question: 'When are you moving?', question_key: 'moving', is_required: true, contact_question_options: [] },
    { contact_question_id: 8, question: 'Do you have a mortgage?', question_key: 'mortgage', is_required: true, contact_question_options: [] },
  ]
  const checked = {
    locations: [MESSAGES.LOCATION_REQUIRED],
    min_price: [MESSAGES.MIN_PRICE_REQUIRED],
    max_price: [MESSAGES.MAX_PRICE_REQUIRED],
    contact_questions: questions.map((q) => toQuestionRequiredMessage(q.question)),
  }
  const shown = () => registerReducer(fresh(), { type: 'submitChecked', fieldErrors: toFieldErrors(checked, questions) })

  it('puts each question’s message at its own question', () => {
    expect(toFieldErrors(checked, questions)).toEqual({
      locations: [MESSAGES.LOCATION_REQUIRED],
      min_price: [MESSAGES.MIN_PRICE_REQUIRED],
      max_price: [MESSAGES.MAX_PRICE_REQUIRED],
      question_7: ['"When are you moving?" question is required.'],
      question_8: ['"Do you have a mortgage?" question is required.'],
    })
  })

  it('drops a field’s message as it is put right, and keeps the others', () => {
    let state = registerReducer(shown(), { type: 'locationAdded', location: place('Leeds', 53.8) })
    expect(Object.keys(state.fieldErrors)).toEqual(['min_price', 'max_price', 'question_7', 'question_8'])
    // Choosing a min price sends the max with it, unchanged: the max keeps its message.
    state = registerReducer(state, { type: 'criteriaChanged', patch: { min_price: 200000, max_price: 0 } })
    expect(Object.keys(state.fieldErrors)).toEqual(['max_price', 'question_7', 'question_8'])
    state = registerReducer(state, { type: 'answered', questionId: 8, answer: 'No' })
    expect(Object.keys(state.fieldErrors)).toEqual(['max_price', 'question_7'])
    expect(registerReducer(state, { type: 'submitChecked', fieldErrors: {} }).fieldErrors).toEqual({})
  })
})
