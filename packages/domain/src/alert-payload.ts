/**
 * The alert (search profile) create and update payloads of SPEC §7, the checks SPEC §5 runs before a
 * submit, and the state they are built from.
 */
import { z } from 'zod'
import { AlertCriteriaSchema, QuestionAnswerSchema, toQuestionAnswers } from './applicant.ts'
import type { AlertCriteria, AnswersByQuestionId, ApplicantQuestion } from './applicant.ts'
import { CONTACT_SOURCE_ONLINE_REGISTRATION } from './constants.ts'
import type { AlertProfileId, AlertTab } from './constants.ts'
import { AlertFrequencySchema } from './alert-delivery.ts'
import type { AlertFrequency } from './alert-delivery.ts'
import { AlertProfileIdSchema, ApplicantProfileIdSchema, ContactSchema } from './contact.ts'
import type { Contact } from './contact.ts'
import { ALERT_SUBMIT_RULES, findAlertSubmitBreaches } from './alert-submit-rules.ts'
import type { AlertSubmitField, AlertSubmitInput } from './alert-submit-rules.ts'
import { toParseResult } from './parse-result.ts'
import type { ParseFailure, ParseResult, ParseSuccess } from './parse-result.ts'

export type { AlertSubmitField } from './alert-submit-rules.ts'

/** Register mode (SPEC §4): create a new alert or update an existing one. */
export type AlertMode = 'create' | 'update'

/** What the alert register/update screen holds (SPEC §2/§4). */
export interface AlertFormState {
  readonly profile_id: AlertProfileId
  readonly contacts: readonly Contact[]
  readonly criteria: AlertCriteria
  /** SPEC §3: answers kept by question id. */
  readonly answers: AnswersByQuestionId
  /** The questions of the profile's type (SPEC §7 GET contact_questions/{type}). */
  readonly questions: readonly ApplicantQuestion[]
  readonly kickback_log_id?: number | null
  /** How often the alert is mailed (the form's 'E-mail me' choice); unset keeps the alert's own, instant for a new one. */
  readonly alert_frequency?: AlertFrequency
  /**
   * The alert was opened by its key or an e-mail link without a session: its people are not shown
   * nor sent (CONTACT_DETAILS_NEED_LOGIN), so the submit checks do not ask for a contact.
   */
  readonly contacts_withheld?: boolean
}

/** The criteria of a new alert: every filter at its SPEC §3 default (prices 0, rooms null, include…). */
export const ALERT_CRITERIA_DEFAULT: AlertCriteria = AlertCriteriaSchema.parse({})

// ---------------------------------------------------------------------------------------------
// Submit checks (SPEC §5 "Alert submit")
// ---------------------------------------------------------------------------------------------

/** SPEC §5 alert submit checks, by field, in SPEC's order (the one table's, alert-submit-rules.ts). */
export const ALERT_SUBMIT_FIELD_ORDER: readonly AlertSubmitField[] = ALERT_SUBMIT_RULES.map((rule) => rule.field)

/** A failed submit check: SPEC §5's warning and the tab it belongs to. */
export interface AlertSubmitFailure extends ParseFailure {
  readonly tab: AlertTab
}

/** The result of the submit checks. */
export type AlertSubmitResult = ParseSuccess<AlertFormState> | AlertSubmitFailure

/** What SPEC §5's submit rules look at in the screen's state. */
export function toAlertSubmitInput(
  state: Pick<AlertFormState, 'contacts' | 'criteria' | 'questions' | 'answers' | 'contacts_withheld'>,
): AlertSubmitInput {
  const { locations, min_price, max_price } = state.criteria
  const input = { contacts: state.contacts, locations, min_price, max_price, questions: state.questions, answers: state.answers }
  return state.contacts_withheld ? { ...input, contacts_withheld: true } : input
}

/**
 * Runs SPEC §5's alert submit rules (ALERT_SUBMIT_RULES) in their order. The first broken one gives the
 * warning and its tab (Contact, Property Type or Circumstances); `errors` lists every warning by field.
 */
export function parseAlertSubmit(state: AlertFormState): AlertSubmitResult {
  const breaches = findAlertSubmitBreaches(toAlertSubmitInput(state))
  const [first] = breaches
  if (!first) return { success: true, data: state }
  const errors = Object.fromEntries(breaches.map(({ rule, messages }) => [rule.field, [...messages]]))
  return { success: false, field: first.rule.field, message: first.messages[0]!, errors, tab: first.rule.tab }
}

// ---------------------------------------------------------------------------------------------
// Payloads (SPEC §7 "Create and update alert payload")
// ---------------------------------------------------------------------------------------------

/** A contact as an alert payload carries it (SPEC §7). */
export const AlertPayloadContactSchema = ContactSchema.omit({ avatar: true }).extend({
  communication_info_delete: z.literal(true),
  create_without_email: z.literal(true),
  contact_source_id: z.literal(CONTACT_SOURCE_ONLINE_REGISTRATION).optional(),
  contact_profiles: z.array(ApplicantProfileIdSchema).optional(),
})
/** A payload contact. */
export type AlertPayloadContact = z.infer<typeof AlertPayloadContactSchema>

/**
 * SPEC §7 property_criteria: the filters, every one sent. SPEC §5's submit rules (a location, a min and a
 * max price) are ALERT_SUBMIT_RULES', which parseAlertRegistration runs over the payload.
 */
export const AlertPayloadCriteriaSchema = AlertCriteriaSchema.extend({
  locations: AlertCriteriaSchema.shape.locations.unwrap(),
  min_price: AlertCriteriaSchema.shape.min_price.unwrap(),
  max_price: AlertCriteriaSchema.shape.max_price.unwrap(),
})

/** The most people one alert holds (its owner and, say, a partner and co-buyers). */
export const ALERT_MAX_CONTACTS = 4
/** The API's answer to a payload with more people than ALERT_MAX_CONTACTS (the form never offers more). */
export const ALERT_TOO_MANY_CONTACTS = `An alert can hold at most ${ALERT_MAX_CONTACTS} people.`

const payloadShape = {
  profile_id: AlertProfileIdSchema,
  contacts: z.array(AlertPayloadContactSchema).max(ALERT_MAX_CONTACTS, ALERT_TOO_MANY_CONTACTS),
  property_criteria: AlertPayloadCriteriaSchema,
  online_registration: z.literal(true),
  contact_questions: z.array(QuestionAnswerSchema),
  kickback_log_id: z.number().int().positive().nullable().optional(),
  /**
   * Beyond SPEC §7: how often the alert is mailed (instant, daily or weekly). Optional: a create
   * without it is instant, an update without it keeps the alert's frequency.
   */
  alert_frequency: AlertFrequencySchema.optional(),
}

/**
 * SPEC §7 alert payload, create or update: profile_id; contacts (communication_info_delete and
 * create_without_email true, subscription_types ids); property_criteria; online_registration true;
 * contact_questions; optional kickback_log_id; and this site's optional alert_frequency. Unanswered required questions need the question list,
 * so the API checks them with findUnansweredQuestions.
 */
export const AlertPayloadSchema = z.object(payloadShape)
/** SPEC §7 alert payload. */
export type AlertPayload = z.infer<typeof AlertPayloadSchema>

/** SPEC §7 create payload: each contact also carries contact_source_id 35 and contact_profiles. */
export const AlertCreatePayloadSchema = z.object({
  ...payloadShape,
  contacts: z
    .array(
      AlertPayloadContactSchema.extend({
        contact_source_id: z.literal(CONTACT_SOURCE_ONLINE_REGISTRATION),
        contact_profiles: z.array(ApplicantProfileIdSchema).min(1),
      }),
    )
    .max(ALERT_MAX_CONTACTS, ALERT_TOO_MANY_CONTACTS),
})
/** SPEC §7 create payload. */
export type AlertCreatePayload = z.infer<typeof AlertCreatePayloadSchema>

/** SPEC §7 update payload: contacts without contact_source_id and contact_profiles (stripped if sent). */
export const AlertUpdatePayloadSchema = z.object({
  ...payloadShape,
  contacts: z
    .array(AlertPayloadContactSchema.omit({ contact_source_id: true, contact_profiles: true }))
    .max(ALERT_MAX_CONTACTS, ALERT_TOO_MANY_CONTACTS),
})
/** SPEC §7 update payload. */
export type AlertUpdatePayload = z.infer<typeof AlertUpdatePayloadSchema>

/**
 * What an alert's key or its e-mail's signed link may change without the owner's session (SPEC §2's
 * update page opened from an e-mail): the criteria, the answers and how often it is mailed. The
 * people of the alert (name, e-mail, phone, address) need a session: a payload naming `contacts`
 * is refused with CONTACT_DETAILS_NEED_LOGIN.
 */
export const AlertCriteriaUpdatePayloadSchema = z.object({
  profile_id: payloadShape.profile_id,
  property_criteria: payloadShape.property_criteria,
  online_registration: payloadShape.online_registration,
  contact_questions: payloadShape.contact_questions,
  kickback_log_id: payloadShape.kickback_log_id,
  alert_frequency: payloadShape.alert_frequency,
})
/** An alert update without its people. */
export type AlertCriteriaUpdatePayload = z.infer<typeof AlertCriteriaUpdatePayloadSchema>

/** Said (and answered with 403) where contact details are asked for without a session. */
export const CONTACT_DETAILS_NEED_LOGIN = 'Your name, e-mail, phone and address can be seen and changed only when you are logged in.'

/**
 * The order of the payload's fields in the API's errors: SPEC §5's submit rules in the table's order
 * (their payload fields), the criteria's other filters right after the rules on the criteria, then the
 * payload's own fields.
 */
export const ALERT_PAYLOAD_FIELD_ORDER: readonly string[] = (() => {
  const ruled = ALERT_SUBMIT_RULES.map((rule) => rule.payloadField)
  const afterCriteria = ruled.findLastIndex((field) => field.startsWith('property_criteria.')) + 1
  return ['profile_id', ...ruled.slice(0, afterCriteria), 'property_criteria', ...ruled.slice(afterCriteria), 'online_registration', 'kickback_log_id', 'alert_frequency']
})()

/** The payload an update opened without a session sends: the SPEC §7 update payload without its contacts. */
export function toAlertCriteriaUpdatePayload(payload: AlertPayload): AlertCriteriaUpdatePayload {
  const { contacts: _contacts, ...rest } = payload
  return rest
}

/** Parses an alert payload of the given mode (the API's body check). */
export function parseAlertPayload(input: unknown, mode: AlertMode): ParseResult<AlertPayload> {
  const schema = mode === 'create' ? AlertCreatePayloadSchema : AlertUpdatePayloadSchema
  return toParseResult(schema.safeParse(input), ALERT_PAYLOAD_FIELD_ORDER)
}

/**
 * The SPEC §7 payload of the screen's state. Each contact gets communication_info_delete and
 * create_without_email true; on create ONLY, contact_source_id 35 (online registration) and
 * contact_profiles [profile_id]. Answers become contact_questions in the questions' order.
 */
export function toAlertPayload(state: AlertFormState, mode: AlertMode): AlertPayload {
  const contacts = state.contacts.map((contact): AlertPayloadContact => {
    const { avatar: _avatar, contact_source_id: _source, contact_profiles: _profiles, ...fields } = contact
    return {
      ...fields,
      subscription_types: [...contact.subscription_types],
      communication_info_delete: true,
      create_without_email: true,
      ...(mode === 'create'
        ? { contact_source_id: CONTACT_SOURCE_ONLINE_REGISTRATION, contact_profiles: [state.profile_id] }
        : {}),
    }
  })
  return {
    profile_id: state.profile_id,
    contacts,
    property_criteria: { ...state.criteria },
    online_registration: true,
    contact_questions: toQuestionAnswers(state.answers, state.questions),
    ...(state.kickback_log_id ? { kickback_log_id: state.kickback_log_id } : {}),
    ...(state.alert_frequency ? { alert_frequency: state.alert_frequency } : {}),
  }
}
