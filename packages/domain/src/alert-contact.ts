/**
 * SPEC §5 alert contact form: the contact a visitor adds to an alert, checked in SPEC's order and
 * turned into a SPEC §3 Contact.
 */
import { z } from 'zod'
import { COMMUNICATION_METHOD } from './constants.ts'
import { SalutationFieldSchema, getCommunicationValue, getContactDisplayAddress } from './contact.ts'
import type { CommunicationInfo, Contact } from './contact.ts'
import {
  CheckboxSchema,
  ContactNameSchema,
  ContactSurnameSchema,
  OptionalEmailSchema,
  OptionalMobilePhoneSchema,
  blankToEmpty,
} from './fields.ts'
import { MESSAGES } from './messages.ts'
import { toParseResult } from './parse-result.ts'
import type { ParseResult } from './parse-result.ts'

/** SPEC §5's order of the alert contact form's checks, by field. */
export const ALERT_CONTACT_FIELD_ORDER = [
  'name',
  'surname',
  'email',
  'mobile_phone',
  'address',
  'subscription_confirmed',
  'salutation_id',
  'subscription_types',
  'contact_id',
] as const

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === ''

/** The alert contact form's fields, before they become a Contact. */
export const AlertContactFieldsSchema = z
  .object({
    contact_id: z.number().int().positive().optional(),
    salutation_id: SalutationFieldSchema,
    name: ContactNameSchema,
    surname: ContactSurnameSchema,
    email: OptionalEmailSchema,
    mobile_phone: OptionalMobilePhoneSchema,
    address: z.preprocess(blankToEmpty, z.string().trim().min(1, MESSAGES.ADDRESS_REQUIRED).max(255)),
    subscription_confirmed: CheckboxSchema.refine((ticked) => ticked, MESSAGES.SUBSCRIPTION_NOT_CONFIRMED),
    subscription_types: z.array(z.coerce.number().int().positive()).default([]),
  })
  .superRefine(
    (form, ctx) => {
      // SPEC §5: one of the two ways to reach the contact is needed; it belongs with the e-mail field.
      if (isBlank(form.email) && isBlank(form.mobile_phone)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.EMAIL_OR_PHONE_REQUIRED, path: ['email'] })
      }
    },
    // Runs even when a field has failed, so every message of SPEC §5 can be reported at once.
    { when: () => true },
  )
/** The checked alert contact form fields. */
export type AlertContactFields = z.infer<typeof AlertContactFieldsSchema>
/** The alert contact form as a page holds it. */
export type AlertContactFormInput = z.input<typeof AlertContactFieldsSchema>

/**
 * The communication infos of a form: the e-mail first and preferred when given, then the mobile phone
 * (preferred when it is the only one).
 */
export function toCommunicationInfos(form: Pick<AlertContactFields, 'email' | 'mobile_phone'>): CommunicationInfo[] {
  const infos: CommunicationInfo[] = []
  if (form.email) infos.push({ value: form.email, preferred: true, communication_method_id: COMMUNICATION_METHOD.EMAIL })
  if (form.mobile_phone) {
    infos.push({ value: form.mobile_phone, preferred: infos.length === 0, communication_method_id: COMMUNICATION_METHOD.MOBILE_PHONE })
  }
  return infos
}

/** A checked form as a SPEC §3 Contact (the address as its first contact address). */
export function toContactFromForm(form: AlertContactFields): Contact {
  return {
    ...(form.contact_id ? { contact_id: form.contact_id } : {}),
    salutation_id: form.salutation_id,
    name: form.name,
    surname: form.surname,
    contact_profiles: [],
    communication_infos: toCommunicationInfos(form),
    contact_addresses: [{ display_name: form.address }],
    subscription_types: form.subscription_types,
  }
}

/**
 * SPEC §5 alert contact form: checked in order, then turned into a Contact. The e-mail-or-phone rule
 * guarantees a communication info; ContactSchema's 'Missing communication info' guards the payload.
 */
export const AlertContactFormSchema = AlertContactFieldsSchema.transform(toContactFromForm)

/**
 * Checks the alert contact form in SPEC §5's order ('Name is required', 'Surname is required',
 * 'Email or phone number is required', …) and returns the Contact it describes.
 */
export function parseAlertContact(input: unknown): ParseResult<Contact> {
  return toParseResult(AlertContactFormSchema.safeParse(input), ALERT_CONTACT_FIELD_ORDER)
}

/** A contact's values for the form, to edit it (SPEC §4: editing reopens the contact in the form). */
export function toAlertContactFormValues(contact: Contact): AlertContactFields {
  return {
    ...(contact.contact_id ? { contact_id: contact.contact_id } : {}),
    salutation_id: contact.salutation_id,
    name: contact.name,
    surname: contact.surname,
    email: getCommunicationValue(contact, COMMUNICATION_METHOD.EMAIL) ?? '',
    mobile_phone: getCommunicationValue(contact, COMMUNICATION_METHOD.MOBILE_PHONE) ?? '',
    address: getContactDisplayAddress(contact) ?? '',
    subscription_confirmed: contact.subscription_types.length > 0,
    subscription_types: [...contact.subscription_types],
  }
}
