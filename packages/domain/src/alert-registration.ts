/**
 * The API's check of an alert create or update payload (SPEC §7): the payload's shape and SPEC §5's
 * submit rules, each contact against SPEC §5's contact form rules, and the answers against the
 * profile's questions. One 422 lists every message, fields in SPEC's order.
 */
import { ALERT_PAYLOAD_FIELD_ORDER, AlertCriteriaUpdatePayloadSchema, parseAlertPayload } from './alert-payload.ts'
import type { AlertCriteriaUpdatePayload, AlertMode, AlertPayload } from './alert-payload.ts'
import { findUnansweredQuestions, toAnswersByQuestionId } from './applicant.ts'
import type { ApplicantQuestion, QuestionAnswer, QuestionAnswerValue } from './applicant.ts'
import { COMMUNICATION_METHOD } from './constants.ts'
import { isValidEmail } from './email.ts'
import { MESSAGES, toQuestionRequiredMessage } from './messages.ts'
import { toParseResult } from './parse-result.ts'
import type { ParseResult } from './parse-result.ts'
import { isValidUkMobile } from './phone.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === ''

/**
 * SPEC §5 alert contact form rules that the payload's shape cannot say, for one payload contact, in
 * SPEC's order: e-mail or phone, a valid e-mail, a valid mobile phone, an address, the consent.
 */
export function findAlertContactMessages(contact: unknown): string[] {
  if (!isRecord(contact)) return []
  const messages: string[] = []
  const infos = Array.isArray(contact.communication_infos) ? contact.communication_infos.filter(isRecord) : []
  const values = (method: number) =>
    infos.filter((i) => i.communication_method_id === method && !isBlank(i.value)).map((i) => String(i.value).trim())
  const emails = values(COMMUNICATION_METHOD.EMAIL)
  const phones = values(COMMUNICATION_METHOD.MOBILE_PHONE)
  if (emails.length === 0 && phones.length === 0) messages.push(MESSAGES.EMAIL_OR_PHONE_REQUIRED)
  if (emails.some((e) => !isValidEmail(e))) messages.push(MESSAGES.EMAIL_INVALID)
  if (phones.some((p) => !isValidUkMobile(p))) messages.push(MESSAGES.MOBILE_PHONE_INVALID)
  const addresses = Array.isArray(contact.contact_addresses) ? contact.contact_addresses : []
  const first: unknown = addresses[0]
  if (!isRecord(first) || isBlank(first.display_name)) messages.push(MESSAGES.ADDRESS_REQUIRED)
  const subscriptions = Array.isArray(contact.subscription_types) ? contact.subscription_types : []
  if (subscriptions.length === 0) messages.push(MESSAGES.SUBSCRIPTION_NOT_CONFIRMED)
  return messages
}

/** Whether an answer fits its question: one of its options, or free text for a question without options. */
function fitsQuestion(question: ApplicantQuestion, answer: QuestionAnswerValue): boolean {
  if (question.contact_question_options.length === 0) return typeof answer === 'string'
  return question.contact_question_options.some((o) => o.contact_question_option_id === answer)
}

/**
 * SPEC §5 rule 5 and the answers' fit: '"{question}" question is required.' for each required
 * question left unanswered (in the questions' order), then ANSWER_INVALID once for answers naming
 * an option their question does not have or a question of another profile.
 */
export function findAnswerMessages(questions: readonly ApplicantQuestion[], answers: readonly QuestionAnswer[]): string[] {
  const byId = toAnswersByQuestionId(answers)
  const messages = findUnansweredQuestions(questions, byId).map((q) => toQuestionRequiredMessage(q.question))
  const invalid = answers.some((a) => {
    const question = questions.find((q) => q.contact_question_id === a.contact_question_id)
    return !question || !fitsQuestion(question, a.answer)
  })
  if (invalid) messages.push(MESSAGES.ANSWER_INVALID)
  return messages
}

function rawAnswers(input: unknown): QuestionAnswer[] {
  if (!isRecord(input) || !Array.isArray(input.contact_questions)) return []
  return input.contact_questions.filter(
    (a): a is QuestionAnswer => isRecord(a) && typeof a.contact_question_id === 'number' && (typeof a.answer === 'number' || typeof a.answer === 'string'),
  )
}

/**
 * Checks a SPEC §7 alert payload as the API receives it: the payload schema of the mode, then every
 * contact (findAlertContactMessages) and the answers against `questions`, the questions of the
 * payload's profile. Fields and messages follow SPEC §5's order (contacts, locations, min price, max
 * price, questions); `message` is the first of them, the one a page shows.
 */
export function parseAlertRegistration(
  input: unknown,
  mode: AlertMode,
  questions: readonly ApplicantQuestion[],
): ParseResult<AlertPayload> {
  const parsed = parseAlertPayload(input, mode)
  const errors: Record<string, string[]> = parsed.success ? {} : { ...parsed.errors }
  const add = (field: string, messages: readonly string[]) => {
    if (messages.length === 0) return
    const list = (errors[field] ??= [])
    for (const m of messages) if (!list.includes(m)) list.push(m)
  }
  const contacts = isRecord(input) && Array.isArray(input.contacts) ? input.contacts : []
  for (const contact of contacts) add('contacts', findAlertContactMessages(contact))
  add('contact_questions', findAnswerMessages(questions, parsed.success ? parsed.data.contact_questions : rawAnswers(input)))
  const fields = Object.keys(errors)
  if (fields.length === 0 && parsed.success) return parsed
  const rank = (field: string) => {
    const i = (ALERT_PAYLOAD_FIELD_ORDER as readonly string[]).indexOf(field)
    return i === -1 ? ALERT_PAYLOAD_FIELD_ORDER.length : i
  }
  const ordered = fields.sort((a, b) => rank(a) - rank(b))
  const sorted = Object.fromEntries(ordered.map((f) => [f, errors[f]!]))
  const field = ordered[0]!
  return { success: false, field, message: sorted[field]![0]!, errors: sorted }
}

/**
 * Checks an update sent by an alert's key or e-mail link without a session
 * (AlertCriteriaUpdatePayloadSchema): the criteria and the answers, as parseAlertRegistration does,
 * and no people.
 */
export function parseAlertCriteriaUpdate(input: unknown, questions: readonly ApplicantQuestion[]): ParseResult<AlertCriteriaUpdatePayload> {
  const parsed = toParseResult(AlertCriteriaUpdatePayloadSchema.safeParse(input), ALERT_PAYLOAD_FIELD_ORDER)
  const answers = findAnswerMessages(questions, parsed.success ? parsed.data.contact_questions : rawAnswers(input))
  if (parsed.success && answers.length === 0) return parsed
  const errors: Record<string, string[]> = parsed.success ? {} : { ...parsed.errors }
  if (answers.length > 0) errors.contact_questions = [...new Set([...(errors.contact_questions ?? []), ...answers])]
  const field = Object.keys(errors)[0]!
  return { success: false, field, message: errors[field]![0]!, errors }
}
