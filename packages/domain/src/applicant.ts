/**
 * SPEC §3 Applicant (an alert), Applicant question, and the alert's criteria ("the filters").
 */
import { z } from 'zod'
import { FURNISHING_VALUES, INCLUSION_VALUES, MAX_LOCATIONS, MUST_HAVE_VALUES } from './catalogue.ts'
import { PropertyTypeSelectionSchema } from './catalogue.schema.ts'
import { APPLICANT_STATUS } from './constants.ts'
import { AlertProfileIdSchema, ContactSchema } from './contact.ts'
import { LocationSchema } from './location.schema.ts'

/** SPEC §3 contact question option. */
export const ContactQuestionOptionSchema = z.object({
  contact_question_option_id: z.number().int().positive(),
  label: z.string(),
})
/** SPEC §3 contact question option. */
export type ContactQuestionOption = z.infer<typeof ContactQuestionOptionSchema>

/** SPEC §3 Applicant question. */
export const ApplicantQuestionSchema = z.object({
  contact_question_id: z.number().int().positive(),
  question: z.string(),
  question_key: z.string(),
  is_required: z.boolean(),
  contact_question_options: z.array(ContactQuestionOptionSchema),
})
/** SPEC §3 Applicant question. */
export type ApplicantQuestion = z.infer<typeof ApplicantQuestionSchema>

/**
 * An answer: the chosen contact_question_option_id, or free text for a question without options.
 */
export const QuestionAnswerValueSchema = z.union([z.number().int().positive(), z.string().trim().max(255)])
/** An answer value. */
export type QuestionAnswerValue = z.infer<typeof QuestionAnswerValueSchema>

/** SPEC §7 contact_questions item: {contact_question_id, answer}. */
export const QuestionAnswerSchema = z.object({
  contact_question_id: z.number().int().positive(),
  answer: QuestionAnswerValueSchema,
})
/** SPEC §7 contact_questions item. */
export type QuestionAnswer = z.infer<typeof QuestionAnswerSchema>

/** SPEC §3: answers kept by question id. */
export type AnswersByQuestionId = Readonly<Record<number, QuestionAnswerValue | null | undefined>>

/** Whether an answer counts as given (not missing, not blank). */
export function isAnswered(answer: QuestionAnswerValue | null | undefined): boolean {
  return answer !== null && answer !== undefined && !(typeof answer === 'string' && answer.trim() === '')
}

/** The required questions left unanswered, in the list's order (SPEC §5 alert submit rule 5). */
export function findUnansweredQuestions(questions: readonly ApplicantQuestion[], answers: AnswersByQuestionId): ApplicantQuestion[] {
  return questions.filter((q) => q.is_required && !isAnswered(answers[q.contact_question_id]))
}

/** SPEC §3: keeps an applicant's answers by question id. */
export function toAnswersByQuestionId(answers: readonly QuestionAnswer[]): Record<number, QuestionAnswerValue> {
  return Object.fromEntries(answers.map((a) => [a.contact_question_id, a.answer]))
}

/**
 * SPEC §7 contact_questions: the given answers as a list, in the questions' order when they are known
 * (else by question id), blanks left out.
 */
export function toQuestionAnswers(answers: AnswersByQuestionId, questions?: readonly ApplicantQuestion[]): QuestionAnswer[] {
  const ids = questions
    ? questions.map((q) => q.contact_question_id)
    : Object.keys(answers).map(Number).sort((a, b) => a - b)
  return ids.flatMap((id) => {
    const answer = answers[id]
    return answer !== null && answer !== undefined && isAnswered(answer) ? [{ contact_question_id: id, answer }] : []
  })
}

const roomCount = z.number().int().min(0).max(99).nullable().default(null)
const inclusion = z.enum(INCLUSION_VALUES).default('include')

/**
 * SPEC §3 Search filters as an alert keeps them (Applicant criteria, payload property_criteria). The
 * same names as the search query (catalogue.ts), but locations are whole SPEC §3 Locations so the
 * alert can name them ('Within 3 miles of Leeds').
 */
export const AlertCriteriaSchema = z.object({
  locations: z.array(LocationSchema).max(MAX_LOCATIONS).default([]),
  min_price: z.number().int().min(0).default(0),
  max_price: z.number().int().min(0).default(0),
  min_bedroom: roomCount,
  max_bedroom: roomCount,
  min_bathroom: roomCount,
  max_bathroom: roomCount,
  min_reception: roomCount,
  max_reception: roomCount,
  property_types: z.array(PropertyTypeSelectionSchema).max(50).default([]),
  must_haves: z.array(z.enum(MUST_HAVE_VALUES)).default([]),
  furnishing: z.enum(FURNISHING_VALUES).default('any'),
  new_homes: inclusion,
  shared_ownership: inclusion,
  retirement_homes: inclusion,
  short_let: inclusion,
  house_flat_share: inclusion,
  pets_allowed: inclusion,
  bills_included: inclusion,
  include_unavailable: z.boolean().default(false),
})
/** An alert's criteria. */
export type AlertCriteria = z.infer<typeof AlertCriteriaSchema>
/** An alert's criteria as a caller writes them (defaults optional). */
export type AlertCriteriaInput = z.input<typeof AlertCriteriaSchema>

/** SPEC §3 Applicant: an alert of a contact. */
export const ApplicantSchema = z.object({
  contact_applicant_id: z.number().int().positive(),
  applicant_key: z.string().min(1),
  profile_id: AlertProfileIdSchema,
  contact_applicant_status_id: z.union([z.literal(APPLICANT_STATUS.ON), z.literal(APPLICANT_STATUS.OFF)]),
  contacts: z.array(ContactSchema),
  created_at: z.string(),
  criteria: AlertCriteriaSchema,
  question_answers: z.array(QuestionAnswerSchema),
})
/** SPEC §3 Applicant. */
export type Applicant = z.infer<typeof ApplicantSchema>

/** SPEC §7 PATCH contact_applicants/status/{id} body. */
export const ApplicantStatusUpdateSchema = z.object({
  status: z.union([z.literal(APPLICANT_STATUS.ON), z.literal(APPLICANT_STATUS.OFF)]),
  contact_applicant_id: z.number().int().positive(),
})
/** SPEC §7 status update body. */
export type ApplicantStatusUpdate = z.infer<typeof ApplicantStatusUpdateSchema>
