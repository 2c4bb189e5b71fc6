/**
 * The wire shapes of the Heads Up Property Alerts routes (API.md 'Heads Up Property Alerts'): what
 * the API answers and the api-client parses. The payloads themselves are in alert-payload.ts.
 */
import { z } from 'zod'
import { AlertFrequencySchema, DEFAULT_ALERT_FREQUENCY } from './alert-delivery.ts'
import { AlertCriteriaSchema, ApplicantQuestionSchema, QuestionAnswerSchema } from './applicant.ts'
import { APPLICANT_STATUS } from './constants.ts'
import { ContactViewSchema } from './contact-view.ts'
import { AlertProfileIdSchema } from './contact.ts'

/** SPEC §7 GET contact_questions/{type}: the type is 'buyer' or 'tenant'. */
export const CONTACT_QUESTION_TYPES = ['buyer', 'tenant'] as const
/** A question list's type. */
export type ContactQuestionType = (typeof CONTACT_QUESTION_TYPES)[number]
/** A question list's type. */
export const ContactQuestionTypeSchema = z.enum(CONTACT_QUESTION_TYPES)

/** The questions of a type, in the order the Circumstances tab shows them. */
export const ContactQuestionListSchema = z.array(ApplicantQuestionSchema)

/** What a contact may be e-mailed about; the alert form's consent checkbox subscribes to these. */
export const SubscriptionTypeSchema = z.object({
  subscription_type_id: z.number().int().positive(),
  name: z.string(),
})
/** A subscription type. */
export type SubscriptionType = z.infer<typeof SubscriptionTypeSchema>

/** SPEC §3 Contact as an applicant carries it (the contact view without the contact's own applicant list). */
export const ApplicantContactViewSchema = ContactViewSchema.omit({ applicants: true, active_contact_applicant_id: true })
/** A contact of an applicant. */
export type ApplicantContactView = z.infer<typeof ApplicantContactViewSchema>

/**
 * SPEC §3 Applicant (an alert) as the API answers it. `is_confirmed` is false for an alert a visitor
 * registered and has not yet confirmed from the e-mail (double opt-in).
 */
export const ApplicantViewSchema = z.object({
  contact_applicant_id: z.number().int().positive(),
  applicant_key: z.string().min(1),
  profile_id: AlertProfileIdSchema,
  contact_applicant_status_id: z.union([z.literal(APPLICANT_STATUS.ON), z.literal(APPLICANT_STATUS.OFF)]),
  is_confirmed: z.boolean(),
  contacts: z.array(ApplicantContactViewSchema),
  created_at: z.string(),
  criteria: AlertCriteriaSchema,
  question_answers: z.array(QuestionAnswerSchema),
  /** How often the alert is mailed (beyond SPEC §3). */
  alert_frequency: AlertFrequencySchema.default(DEFAULT_ALERT_FREQUENCY),
  /**
   * True when the alert was read by its key or an e-mail link without the owner's session: `contacts`
   * is then empty, as the people's names, e-mails, phones and addresses need a session
   * (CONTACT_DETAILS_NEED_LOGIN), and `applicant_key` is the key or link the caller gave.
   */
  contacts_withheld: z.boolean().default(false),
})
/** SPEC §3 Applicant as answered. */
export type ApplicantView = z.infer<typeof ApplicantViewSchema>

/**
 * PATCH contact_applicants/status/{id} answer: the changed applicant and the session's active
 * applicant afterwards (SPEC §4; null without a session or when none is ON).
 */
export const ApplicantStatusAnswerSchema = z.object({
  data: ApplicantViewSchema,
  active_contact_applicant_id: z.number().int().nullable(),
})
/** The answer of a status change. */
export type ApplicantStatusAnswer = z.infer<typeof ApplicantStatusAnswerSchema>

/** The header that carries an applicant key to PATCH routes (the alert e-mail link's capability). */
export const APPLICANT_KEY_HEADER = 'x-applicant-key'

/**
 * What the visitor's own browser remembers of an alert registered while logged out, until it is
 * confirmed (GET contact_applicants/pending): enough for the /properties redirect and the success popup.
 */
export const PendingApplicantSchema = z.object({
  contact_applicant_id: z.number().int().positive(),
  profile_id: AlertProfileIdSchema,
})
/** A pending alert as the visitor's browser sees it. */
export type PendingApplicant = z.infer<typeof PendingApplicantSchema>

/** POST contact_applicants/confirmations body: the token of the confirmation e-mail. */
export const AlertConfirmationRequestSchema = z.object({ token: z.string().min(1).max(200) })

/** POST contact_applicants/confirmations answer: who is now logged in, the alert, and where to go. */
export const AlertConfirmationSchema = z.object({
  contact_id: z.number().int().positive(),
  contact_applicant_id: z.number().int().positive(),
  applicant_key: z.string(),
  redirect_to: z.string(),
})
/** The answer of a confirmation. */
export type AlertConfirmation = z.infer<typeof AlertConfirmationSchema>

/** The web page a confirmation e-mail links to, with `?token=`. */
export const ALERT_CONFIRM_PATH = '/heads-up-alerts/confirm'

/** The longest address keyword (SPEC §9: search inputs are at most 256 characters). */
export const ADDRESS_KEYWORD_MAX_LENGTH = 256

/**
 * An address suggestion, one result of GET /addresses?keyword=, shared by the alert contact form and the lead form.
 * `display_name` is the line the form shows and sends; the parts let the API keep a structured address.
 */
export const AddressSearchResultSchema = z.object({
  suggestion_id: z.string(),
  display_name: z.string(),
  address_line_1: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
})
/** An address suggestion (the lead form sends suggestion_id and display_name back as its contact_address). */
export type AddressSearchResult = z.infer<typeof AddressSearchResultSchema>
