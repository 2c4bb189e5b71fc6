import { describe, expect, it } from 'vitest'
import {
  AlertCriteriaSchema,
  ApplicantSchema,
  ApplicantStatusUpdateSchema,
  findUnansweredQuestions,
  isAnswered,
  toAnswersByQuestionId,
  toQuestionAnswers,
} from './applicant.ts'
import type { ApplicantQuestion } from './applicant.ts'

const questions: ApplicantQuestion[] = [
  {
    contact_question_id: 4,
    question: 'Do you have a property to sell?',
    question_key: 'property_to_sell',
    is_required: true,
    contact_question_options: [
      { contact_question_option_id: 41, label: 'Yes' },
      { contact_question_option_id: 42, label: 'No' },
    ],
  },
  { contact_question_id: 2, question: 'When do you want to move?', question_key: 'move_date', is_required: false, contact_question_options: [] },
  { contact_question_id: 7, question: 'Are you a first-time buyer?', question_key: 'first_time_buyer', is_required: true, contact_question_options: [] },
]

describe('question answers (SPEC §3, §5)', () => {
  it.each([
    [41, true],
    ['Within 3 months', true],
    ['  ', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j counts as answered: %s', (answer, answered) => {
    expect(isAnswered(answer)).toBe(answered)
  })
  it('finds the unanswered required questions in list order', () => {
    expect(findUnansweredQuestions(questions, { 2: 'soon' }).map((q) => q.contact_question_id)).toEqual([4, 7])
    expect(findUnansweredQuestions(questions, { 4: 42 }).map((q) => q.question)).toEqual(['Are you a first-time buyer?'])
    expect(findUnansweredQuestions(questions, { 4: 41, 7: 'Yes' })).toEqual([])
  })
  it('lists answers in the questions order, leaving blanks out', () => {
    expect(toQuestionAnswers({ 7: 'Yes', 4: 41, 2: ' ' }, questions)).toEqual([
      { contact_question_id: 4, answer: 41 },
      { contact_question_id: 7, answer: 'Yes' },
    ])
  })
  it('lists answers by question id when the questions are unknown', () => {
    expect(toQuestionAnswers({ 7: 'Yes', 4: 41, 9: null })).toEqual([
      { contact_question_id: 4, answer: 41 },
      { contact_question_id: 7, answer: 'Yes' },
    ])
  })
  it('keeps an applicant’s answers by question id', () => {
    expect(toAnswersByQuestionId([{ contact_question_id: 4, answer: 41 }, { contact_question_id: 7, answer: 'Yes' }])).toEqual({ 4: 41, 7: 'Yes' })
  })
})

describe('AlertCriteriaSchema (SPEC §3 search filters)', () => {
  it('defaults every filter', () => {
    expect(AlertCriteriaSchema.parse({})).toEqual({
      locations: [],
      min_price: 0,
      max_price: 0,
      min_bedroom: null,
      max_bedroom: null,
      min_bathroom: null,
      max_bathroom: null,
      min_reception: null,
      max_reception: null,
      property_types: [],
      must_haves: [],
      furnishing: 'any',
      new_homes: 'include',
      shared_ownership: 'include',
      retirement_homes: 'include',
      short_let: 'include',
      house_flat_share: 'include',
      pets_allowed: 'include',
      bills_included: 'include',
      include_unavailable: false,
    })
  })
  it('refuses an unknown must-have and a radius not offered', () => {
    expect(AlertCriteriaSchema.safeParse({ must_haves: ['pool'] }).success).toBe(false)
    expect(AlertCriteriaSchema.safeParse({ locations: [{ location: 'Leeds', place_id: 'p', lat: 53.8, lng: -1.5, distance: 2 }] }).success).toBe(false)
  })
})

describe('ApplicantSchema (SPEC §3)', () => {
  it('reads an alert with its contacts, criteria and answers', () => {
    const applicant = ApplicantSchema.parse({
      contact_applicant_id: 5,
      applicant_key: 'k3Y9a',
      profile_id: 3,
      contact_applicant_status_id: 1,
      contacts: [{ name: 'Jane', surname: 'Smith', communication_infos: [{ value: 'jane@example.com', preferred: true, communication_method_id: 1 }] }],
      created_at: '2026-05-01T10:00:00Z',
      criteria: { min_price: 200_000, max_price: 300_000 },
      question_answers: [{ contact_question_id: 4, answer: 41 }],
    })
    expect(applicant.contacts[0]?.salutation_id).toBe(2)
    expect(applicant.criteria.furnishing).toBe('any')
  })
  it('allows only the buyer and tenant profiles and the ON/OFF statuses', () => {
    expect(ApplicantStatusUpdateSchema.safeParse({ status: 2, contact_applicant_id: 5 }).success).toBe(true)
    expect(ApplicantStatusUpdateSchema.safeParse({ status: 3, contact_applicant_id: 5 }).success).toBe(false)
    expect([2, 3, 4, 5].map((id) => ApplicantSchema.shape.profile_id.safeParse(id).success)).toEqual([false, true, false, true])
  })
})
