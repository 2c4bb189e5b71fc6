/**
 * SPEC §3 Salutation, Contact, CommunicationInfo and ContactAddress as zod schemas. The API answers
 * with these shapes and the alert payload (alert-payload.ts) sends them.
 */
import { z } from 'zod'
import {
  APPLICANT_PROFILE,
  COMMUNICATION_METHOD,
  CONTACT_SOURCE_ONLINE_REGISTRATION,
  SALUTATION,
  SALUTATION_DEFAULT,
  toAvatar,
} from './constants.ts'
import type { Avatar } from './constants.ts'
import { MESSAGES } from './messages.ts'

/** A salutation id: 1, 2, 3, 4, 5 or 16 (SPEC §3). Numeric strings are read, as forms post them. */
export const SalutationIdSchema = z.coerce
  .number()
  .pipe(
    z.union([
      z.literal(SALUTATION.DR),
      z.literal(SALUTATION.MISS),
      z.literal(SALUTATION.MR),
      z.literal(SALUTATION.MRS),
      z.literal(SALUTATION.MS),
      z.literal(SALUTATION.UNKNOWN),
    ]),
  )

/** A form's salutation: empty or missing is the SPEC default 2 (Miss). */
export const SalutationFieldSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? SALUTATION_DEFAULT : v),
  SalutationIdSchema,
)

/** SPEC §3 Salutation: salutation_id, name, is_dot, is_hidden. */
export const SalutationSchema = z.object({
  salutation_id: SalutationIdSchema,
  name: z.string(),
  is_dot: z.boolean(),
  is_hidden: z.boolean(),
})
/** SPEC §3 Salutation. */
export type Salutation = z.infer<typeof SalutationSchema>

/** An applicant profile id: vendor 2, buyer 3, landlord 4, tenant 5 (SPEC §4). */
export const ApplicantProfileIdSchema = z.union([
  z.literal(APPLICANT_PROFILE.VENDOR),
  z.literal(APPLICANT_PROFILE.BUYER),
  z.literal(APPLICANT_PROFILE.LANDLORD),
  z.literal(APPLICANT_PROFILE.TENANT),
])

/** An alert's profile id: buyer 3 or tenant 5 (SPEC §3). */
export const AlertProfileIdSchema = z.union([z.literal(APPLICANT_PROFILE.BUYER), z.literal(APPLICANT_PROFILE.TENANT)])

/** SPEC §3 communication info: a value, whether it is preferred, and its method (1 e-mail, 2 mobile phone). */
export const CommunicationInfoSchema = z.object({
  value: z.string().trim().min(1).max(255),
  preferred: z.boolean(),
  communication_method_id: z.union([z.literal(COMMUNICATION_METHOD.EMAIL), z.literal(COMMUNICATION_METHOD.MOBILE_PHONE)]),
})
/** SPEC §3 communication info. */
export type CommunicationInfo = z.infer<typeof CommunicationInfoSchema>

/**
 * SPEC §3 contact address. SPEC says only that the first one carries display_name (the line shown);
 * the optional parts let the API keep a structured address when the suggestion gave one.
 */
export const ContactAddressSchema = z.object({
  contact_address_id: z.number().int().positive().optional(),
  display_name: z.string().trim().max(255).optional(),
  address_line_1: z.string().max(255).nullable().optional(),
  town: z.string().max(100).nullable().optional(),
  postcode: z.string().max(10).nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
})
/** SPEC §3 contact address. */
export type ContactAddress = z.infer<typeof ContactAddressSchema>

/** SPEC §3 Contact. contact_id is absent for a contact not yet saved. */
export const ContactSchema = z.object({
  contact_id: z.number().int().positive().optional(),
  salutation_id: SalutationIdSchema.default(SALUTATION_DEFAULT),
  name: z.string().trim().min(1, MESSAGES.NAME_REQUIRED).max(100),
  surname: z.string().trim().min(1, MESSAGES.SURNAME_REQUIRED).max(100),
  avatar: z.string().nullable().optional(),
  contact_profiles: z.array(ApplicantProfileIdSchema).default([]),
  communication_infos: z.array(CommunicationInfoSchema).min(1, MESSAGES.COMMUNICATION_INFO_MISSING),
  contact_addresses: z.array(ContactAddressSchema).default([]),
  contact_source_id: z.number().int().positive().optional(),
  subscription_types: z.array(z.number().int().positive()).default([]),
})
/** SPEC §3 Contact. */
export type Contact = z.infer<typeof ContactSchema>

/** SPEC §3: the contact's address line, from its first address. */
export function getContactDisplayAddress(contact: Pick<Contact, 'contact_addresses'>): string | null {
  const display = contact.contact_addresses[0]?.display_name?.trim()
  return display ? display : null
}

/** SPEC §4: whether a contact has an address (one lacking it is forced into edit). */
export function hasContactAddress(contact: Pick<Contact, 'contact_addresses'>): boolean {
  return getContactDisplayAddress(contact) !== null
}

/** The contact's value of a communication method (its e-mail or mobile phone), or null. */
export function getCommunicationValue(contact: Pick<Contact, 'communication_infos'>, methodId: number): string | null {
  return contact.communication_infos.find((info) => info.communication_method_id === methodId)?.value ?? null
}

/** SPEC §3: the avatar a contact shows (salutation 3 male, any other female). */
export function getContactAvatar(contact: Pick<Contact, 'salutation_id'>): Avatar {
  return toAvatar(contact.salutation_id)
}

/** SPEC §3/§9: whether a contact came from an online registration (source 35). */
export function isOnlineRegistration(contact: Pick<Contact, 'contact_source_id'>): boolean {
  return contact.contact_source_id === CONTACT_SOURCE_ONLINE_REGISTRATION
}
