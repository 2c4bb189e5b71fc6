/**
 * SPEC §5 "Alert submit" as one ordered table: each rule's field, its check, SPEC's message and the tab
 * it sends the visitor to, in SPEC's order. The screen's own check before a submit (parseAlertSubmit),
 * the register page's action without JavaScript and the API's 422 (parseAlertRegistration) all read
 * their order and messages from here, and nowhere else states them.
 */
import { findUnansweredQuestions } from './applicant.ts'
import type { AnswersByQuestionId, ApplicantQuestion } from './applicant.ts'
import type { AlertTab } from './constants.ts'
import { MESSAGES, toQuestionRequiredMessage } from './messages.ts'

/** What the submit rules look at, whether a screen's state or a SPEC §7 payload holds it. */
export interface AlertSubmitInput {
  readonly contacts: readonly unknown[]
  readonly locations: readonly unknown[]
  readonly min_price: number
  readonly max_price: number
  /** The questions of the alert's profile and the answers given, by question id. */
  readonly questions: readonly ApplicantQuestion[]
  readonly answers: AnswersByQuestionId
  /**
   * The alert's people are withheld from this caller (an update opened by its key or e-mail link
   * without the owner's session): they are kept as they are, so the contact rule holds.
   */
  readonly contacts_withheld?: boolean
}

/** One SPEC §5 alert submit rule. */
export interface AlertSubmitRule {
  /** The field of the register screen's state that the rule checks. */
  readonly field: string
  /** Where the API's 422 lists the rule's messages: the field of the SPEC §7 payload. */
  readonly payloadField: string
  /** The tab the warning sends the visitor to. */
  readonly tab: AlertTab
  /** SPEC's messages for an input that breaks the rule, none when it holds. */
  readonly check: (input: AlertSubmitInput) => readonly string[]
}

const when = (broken: boolean, message: string): readonly string[] => (broken ? [message] : [])

/**
 * SPEC §5 alert submit, checked in this order (all shown as warnings):
 * 1. at least one contact; 2. at least one location; 3. a min price (0 is unset); 4. a max price;
 * 5. every required question answered.
 */
export const ALERT_SUBMIT_RULES = [
  { field: 'contacts', payloadField: 'contacts', tab: 'contact', check: (input) => when(input.contacts.length === 0 && !input.contacts_withheld, MESSAGES.CONTACT_REQUIRED) },
  {
    field: 'locations',
    payloadField: 'property_criteria.locations',
    tab: 'property-type',
    check: (input) => when(input.locations.length === 0, MESSAGES.LOCATION_REQUIRED),
  },
  {
    field: 'min_price',
    payloadField: 'property_criteria.min_price',
    tab: 'property-type',
    check: (input) => when(input.min_price === 0, MESSAGES.MIN_PRICE_REQUIRED),
  },
  {
    field: 'max_price',
    payloadField: 'property_criteria.max_price',
    tab: 'property-type',
    check: (input) => when(input.max_price === 0, MESSAGES.MAX_PRICE_REQUIRED),
  },
  {
    field: 'contact_questions',
    payloadField: 'contact_questions',
    tab: 'circumstances',
    check: (input) => findUnansweredQuestions(input.questions, input.answers).map((q) => toQuestionRequiredMessage(q.question)),
  },
] as const satisfies readonly AlertSubmitRule[]

/** One field of the submit rules (of the screen's state). */
export type AlertSubmitField = (typeof ALERT_SUBMIT_RULES)[number]['field']

/** A broken rule and its messages. */
export interface AlertSubmitBreach {
  readonly rule: AlertSubmitRule
  readonly messages: readonly string[]
}

/** The rules the input breaks, in SPEC's order, each with its messages. */
export function findAlertSubmitBreaches(input: AlertSubmitInput): AlertSubmitBreach[] {
  return ALERT_SUBMIT_RULES.flatMap((rule: AlertSubmitRule) => {
    const messages = rule.check(input)
    return messages.length > 0 ? [{ rule, messages }] : []
  })
}

/** The rule of a field of the screen's state. */
export function toAlertSubmitRule(field: AlertSubmitField): AlertSubmitRule {
  return ALERT_SUBMIT_RULES.find((rule) => rule.field === field)!
}

/** A rule's place in SPEC's order, by its field or its payload field (the end for any other field). */
export function toAlertSubmitRank(field: string): number {
  const index = ALERT_SUBMIT_RULES.findIndex((rule) => rule.field === field || rule.payloadField === field)
  return index === -1 ? ALERT_SUBMIT_RULES.length : index
}

/**
 * The tab a field of the API's errors belongs to: its rule's tab, or the tab of the rules whose payload
 * fields it shares a first part with ('property_criteria.min_bedroom' with the price rules), else the
 * Contact tab.
 */
export function toAlertPayloadFieldTab(field: string): AlertTab {
  const head = field.split('.')[0]
  const rule =
    ALERT_SUBMIT_RULES.find((r) => field === r.payloadField || field.startsWith(`${r.payloadField}.`)) ??
    ALERT_SUBMIT_RULES.find((r) => r.payloadField.split('.')[0] === head)
  return rule?.tab ?? 'contact'
}

/**
 * The API's field errors (by SPEC §7 payload field) by the fields of the submit rules, so that a
 * refused payload's messages show at the screen's fields: 'property_criteria.min_price' and
 * 'contacts.0.email' become 'min_price' and 'contacts'; a field of no rule stays as it is. The order of
 * the fields, and so the first message, is the API's.
 */
export function toAlertSubmitErrors(errors: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  const byField: Record<string, string[]> = {}
  for (const [payloadField, messages] of Object.entries(errors)) {
    const rule = ALERT_SUBMIT_RULES.find((r) => payloadField === r.payloadField || payloadField.startsWith(`${r.payloadField}.`))
    const list = (byField[rule?.field ?? payloadField] ??= [])
    for (const message of messages) if (!list.includes(message)) list.push(message)
  }
  return byField
}
