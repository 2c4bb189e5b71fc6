/**
 * The API's check of an alert create or update payload (SPEC §7): the payload's shape and SPEC §5's
 * submit rules, each contact against SPEC §5's contact form rules, and the answers against the
 * profile's questions. One 422 lists every message, fields in SPEC's order.
 */
import { ALERT_PAYLOAD_FIELD_ORDER, AlertCriteriaUpdatePayloadSchema, parseAlertPayload } from './alert-payload.ts'
import type { AlertCriteriaUpdatePayload, AlertMode, AlertPayload } from './alert-payload.ts'
import { toAnswersByQuestionId } from './applicant.ts'
import { findAlertSubmitBreaches } from './alert-submit-rules.ts'
import type { AlertSubmitInput } from './alert-submit-rules.ts'
import type { ApplicantQuestion, QuestionAnswer, QuestionAnswerValue } from './applicant.ts'
import { COMMUNICATION_METHOD } from './constants.ts'
import { findReversedRanges, type CriteriaRanges } from './criteria.ts'
import { isValidEmail } from './email.ts'
import { MESSAGES } from './messages.ts'
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
 * The answers' fit: ANSWER_INVALID once for answers naming an option their question does not have or a
 * question of another profile. (Unanswered required questions are SPEC §5's rule 5, ALERT_SUBMIT_RULES.)
 */
export function findAnswerMessages(questions: readonly ApplicantQuestion[], answers: readonly QuestionAnswer[]): string[] {
  const invalid = answers.some((a) => {
    const question = questions.find((q) => q.contact_question_id === a.contact_question_id)
    return !question || !fitsQuestion(question, a.answer)
  })
  return invalid ? [MESSAGES.ANSWER_INVALID] : []
}

function rawAnswers(input: unknown): QuestionAnswer[] {
  if (!isRecord(input) || !Array.isArray(input.contact_questions)) return []
  return input.contact_questions.filter(
    (a): a is QuestionAnswer => isRecord(a) && typeof a.contact_question_id === 'number' && (typeof a.answer === 'number' || typeof a.answer === 'string'),
  )
}

/** What SPEC §5's submit rules look at in a payload as the API receives it (a missing price is unset, 0). */
function toPayloadSubmitInput(input: unknown, questions: readonly ApplicantQuestion[], answers: readonly QuestionAnswer[]): AlertSubmitInput {
  const payload = isRecord(input) ? input : {}
  const criteria = isRecord(payload.property_criteria) ? payload.property_criteria : {}
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
  const price = (value: unknown): number => (typeof value === 'number' ? value : 0)
  return {
    contacts: list(payload.contacts),
    locations: list(criteria.locations),
    min_price: price(criteria.min_price),
    max_price: price(criteria.max_price),
    questions,
    answers: toAnswersByQuestionId(answers),
  }
}

/**
 * Checks a SPEC §7 alert payload as the API receives it: SPEC §5's submit rules (ALERT_SUBMIT_RULES, in
 * their order, each field's first message SPEC's), the payload schema of the mode, every contact
 * (findAlertContactMessages) and the answers against `questions`, the questions of the payload's
 * profile. Fields follow ALERT_PAYLOAD_FIELD_ORDER, the rules' order; `message` is the first of them,
 * the one a page shows.
 */
export function parseAlertRegistration(
  input: unknown,
  mode: AlertMode,
  questions: readonly ApplicantQuestion[],
): ParseResult<AlertPayload> {
  return checkAlert(input, parseAlertPayload(input, mode), questions, true)
}

/**
 * The checks of an alert payload after its schema's (`parsed`): SPEC §5's submit rules, each contact
 * (`withContacts`; an update without its people keeps them as they are, so the contact rule holds) and
 * the answers, one 422 listing every message in ALERT_PAYLOAD_FIELD_ORDER.
 */
function checkAlert<T extends { contact_questions: QuestionAnswer[]; property_criteria: CriteriaRanges }>(
  input: unknown,
  parsed: ParseResult<T>,
  questions: readonly ApplicantQuestion[],
  withContacts: boolean,
): ParseResult<T> {
  const answers = parsed.success ? parsed.data.contact_questions : rawAnswers(input)
  const errors: Record<string, string[]> = {}
  const add = (field: string, messages: readonly string[]) => {
    if (messages.length === 0) return
    const list = (errors[field] ??= [])
    for (const m of messages) if (!list.includes(m)) list.push(m)
  }
  const breaches = findAlertSubmitBreaches({ ...toPayloadSubmitInput(input, questions, answers), contacts_withheld: !withContacts })
  for (const { rule, messages } of breaches) add(rule.payloadField, messages)
  // A field whose rule is broken says so in SPEC's words alone (a missing price is unset, not a type error).
  const ruled = new Set(breaches.map(({ rule }) => rule.payloadField))
  if (!parsed.success) for (const [field, messages] of Object.entries(parsed.errors)) if (!ruled.has(field)) add(field, messages)
  const contacts = withContacts && isRecord(input) && Array.isArray(input.contacts) ? input.contacts : []
  for (const contact of contacts) add('contacts', findAlertContactMessages(contact))
  add('contact_questions', findAnswerMessages(questions, answers))
  // A max below its min, which the screen never offers, is refused at its max rather than saved.
  if (parsed.success) for (const [field, messages] of Object.entries(findReversedRanges(parsed.data.property_criteria))) add(`property_criteria.${field}`, messages)
  const fields = Object.keys(errors)
  // Every failed check of the schema is a field's error above: no error is a passed payload.
  if (fields.length === 0) return parsed
  const rank = (field: string) => {
    const i = ALERT_PAYLOAD_FIELD_ORDER.indexOf(field)
    // A criterion no rule names (a max below its min) goes with the criteria's other filters.
    const j = i === -1 && field.startsWith('property_criteria.') ? ALERT_PAYLOAD_FIELD_ORDER.indexOf('property_criteria') : i
    return j === -1 ? ALERT_PAYLOAD_FIELD_ORDER.length : j
  }
  const ordered = fields.sort((a, b) => rank(a) - rank(b))
  const sorted = Object.fromEntries(ordered.map((f) => [f, errors[f]!]))
  const field = ordered[0]!
  return { success: false, field, message: sorted[field]![0]!, errors: sorted }
}

/**
 * Checks an update sent by an alert's key or e-mail link without a session
 * (AlertCriteriaUpdatePayloadSchema): SPEC §5's rules on the criteria and the answers, as
 * parseAlertRegistration checks them, and no people.
 */
export function parseAlertCriteriaUpdate(input: unknown, questions: readonly ApplicantQuestion[]): ParseResult<AlertCriteriaUpdatePayload> {
  return checkAlert(input, toParseResult(AlertCriteriaUpdatePayloadSchema.safeParse(input), ALERT_PAYLOAD_FIELD_ORDER), questions, false)
}
