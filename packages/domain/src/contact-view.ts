/**
 * SPEC §3 Contact as the API answers it ("fetching the contact by session", GET /contacts/me), with
 * the contact's applicants and the session's active one. The API validates its answers with it and
 * the api-client parses them with it.
 */
import { z } from 'zod'

/** SPEC §3 communication info as answered. */
export const CommunicationInfoViewSchema = z.object({
  value: z.string(),
  preferred: z.boolean(),
  communication_method_id: z.number().int(),
})

/** SPEC §3 contact address as answered; the first carries display_name. */
export const ContactAddressViewSchema = z.object({
  contact_address_id: z.number().int(),
  display_name: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
})

/** One of the contact's applicants (alerts), as the header and the alert list need it. */
export const ApplicantSummarySchema = z.object({
  contact_applicant_id: z.number().int(),
  applicant_key: z.string(),
  profile_id: z.number().int(),
  contact_applicant_status_id: z.number().int(),
  created_at: z.string(),
})
/** One of the contact's applicants. */
export type ApplicantSummary = z.infer<typeof ApplicantSummarySchema>

/**
 * SPEC §3 Contact with its applicants and the session's active one. contact_profiles and
 * subscription_types are lists of ids, as the alert payload sends them.
 */
export const ContactViewSchema = z.object({
  contact_id: z.number().int(),
  salutation_id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  avatar: z.enum(['male', 'female']),
  contact_profiles: z.array(z.number().int()),
  communication_infos: z.array(CommunicationInfoViewSchema),
  contact_addresses: z.array(ContactAddressViewSchema),
  contact_source_id: z.number().int().nullable(),
  subscription_types: z.array(z.number().int()),
  applicants: z.array(ApplicantSummarySchema),
  active_contact_applicant_id: z.number().int().nullable(),
})
/** The contact as GET /contacts/me answers it. */
export type ContactView = z.infer<typeof ContactViewSchema>
