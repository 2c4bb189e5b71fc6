/**
 * Field schemas shared by the lead and alert forms, each carrying SPEC §5's messages with its checks in
 * SPEC's order. A field reports only its first failing check (required before length before format),
 * while the other fields and the form-level rules still run, so every field's message is known at once.
 */
import { z } from 'zod'
import { isValidEmail } from './email.ts'
import { MESSAGES } from './messages.ts'
import { MOBILE_PHONE_MAX_LENGTH, MOBILE_PHONE_MIN_LENGTH, isValidUkMobile } from './phone.ts'

/** SPEC §5 lead form: name and surname have at least 3 characters. */
export const PERSON_NAME_MIN_LENGTH = 3
/** The longest name or surname accepted. */
export const PERSON_NAME_MAX_LENGTH = 100

/** A check of a field: a test, and the message when it fails. */
export type Rule<T> = readonly [test: (value: T) => boolean, message: string]

/**
 * Runs a field's rules in order and reports only the first that fails. Unlike zod's `abort`, it does
 * not stop the form-level rules (which SPEC §5's e-mail-or-phone rule needs).
 */
export function firstFailing<T>(rules: readonly Rule<T>[]) {
  return z.superRefine<T>((value, ctx) => {
    const failed = rules.find(([test]) => !test(value))
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1], input: value })
  })
}

/** Treats null and undefined as an empty input, so "required" reads the same however a field is missing. */
export const blankToEmpty = (value: unknown): unknown => (value === null || value === undefined ? '' : value)

/** A trimmed text whose rules run in order; a missing or non-text value fails as `requiredMessage`. */
export function orderedText(requiredMessage: string, rules: readonly Rule<string>[]) {
  return z.preprocess(blankToEmpty, z.string({ error: requiredMessage }).trim().check(firstFailing(rules)))
}

const filled = (v: string): boolean => v.length > 0
const atLeast = (n: number) => (v: string): boolean => v.length >= n
const atMost = (n: number) => (v: string): boolean => v.length <= n

/** SPEC §5 lead form name: required, at least 3 characters, trimmed. */
export const LeadNameSchema = orderedText(MESSAGES.NAME_REQUIRED, [
  [filled, MESSAGES.NAME_REQUIRED],
  [atLeast(PERSON_NAME_MIN_LENGTH), MESSAGES.NAME_MIN_LENGTH],
  [atMost(PERSON_NAME_MAX_LENGTH), MESSAGES.NAME_MAX_LENGTH],
])

/** SPEC §5 lead form surname: required, at least 3 characters, trimmed. */
export const LeadSurnameSchema = orderedText(MESSAGES.SURNAME_REQUIRED, [
  [filled, MESSAGES.SURNAME_REQUIRED],
  [atLeast(PERSON_NAME_MIN_LENGTH), MESSAGES.SURNAME_MIN_LENGTH],
  [atMost(PERSON_NAME_MAX_LENGTH), MESSAGES.SURNAME_MAX_LENGTH],
])

/** SPEC §5 alert contact name: required ('Name is required'), trimmed. */
export const ContactNameSchema = orderedText(MESSAGES.NAME_REQUIRED, [
  [filled, MESSAGES.NAME_REQUIRED],
  [atMost(PERSON_NAME_MAX_LENGTH), MESSAGES.NAME_MAX_LENGTH],
])

/** SPEC §5 alert contact surname: required ('Surname is required'), trimmed. */
export const ContactSurnameSchema = orderedText(MESSAGES.SURNAME_REQUIRED, [
  [filled, MESSAGES.SURNAME_REQUIRED],
  [atMost(PERSON_NAME_MAX_LENGTH), MESSAGES.SURNAME_MAX_LENGTH],
])

/** SPEC §5 lead form e-mail: required, then valid ('Please enter a valid email address.'). */
export const RequiredEmailSchema = orderedText(MESSAGES.EMAIL_REQUIRED, [
  [filled, MESSAGES.EMAIL_REQUIRED],
  [isValidEmail, MESSAGES.EMAIL_INVALID],
])

/** SPEC §5 alert contact e-mail: valid if given; empty stays ''. */
export const OptionalEmailSchema = orderedText(MESSAGES.EMAIL_INVALID, [[(v) => v === '' || isValidEmail(v), MESSAGES.EMAIL_INVALID]])

/** SPEC §5 lead form mobile phone: required, at least 9 characters, a valid UK mobile. */
export const RequiredMobilePhoneSchema = orderedText(MESSAGES.MOBILE_PHONE_REQUIRED, [
  [filled, MESSAGES.MOBILE_PHONE_REQUIRED],
  [atLeast(MOBILE_PHONE_MIN_LENGTH), MESSAGES.MOBILE_PHONE_MIN_LENGTH],
  [atMost(MOBILE_PHONE_MAX_LENGTH), MESSAGES.MOBILE_PHONE_INVALID],
  [isValidUkMobile, MESSAGES.MOBILE_PHONE_INVALID],
])

/** SPEC §5 alert contact mobile phone: a valid UK mobile if given; empty stays ''. */
export const OptionalMobilePhoneSchema = orderedText(MESSAGES.MOBILE_PHONE_INVALID, [
  [(v) => v === '' || (v.length <= MOBILE_PHONE_MAX_LENGTH && isValidUkMobile(v)), MESSAGES.MOBILE_PHONE_INVALID],
])

/** Reads a form checkbox or yes/no value as a boolean ('on', 'true', 'yes', '1' and true are ticked). */
export const CheckboxSchema = z.preprocess(
  (v) => v === true || v === 'on' || v === 'true' || v === 'yes' || v === '1',
  z.boolean(),
)
