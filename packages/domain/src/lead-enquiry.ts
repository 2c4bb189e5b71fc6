/**
 * The lead enquiry (SPEC §3 Lead form, §5 validation, §7 POST leads/enquiry): the form schema with
 * SPEC's ordered messages, the payload builder and the payload schema the API validates with.
 */
import { z } from 'zod'
import type { PropertyCard } from './catalogue.schema.ts'
import {
  I_WOULD_LIKE_DEFAULT,
  I_WOULD_LIKE_VALUES,
  LEAD_CONFIRM_VALUE,
  PROPERTY_TO_LET_VALUES,
  PROPERTY_TO_SELL_VALUES,
} from './constants.ts'
import type { IWouldLike } from './constants.ts'
import { SalutationFieldSchema } from './contact.ts'
import {
  CheckboxSchema,
  LeadNameSchema,
  LeadSurnameSchema,
  RequiredEmailSchema,
  RequiredMobilePhoneSchema,
  firstFailing,
  orderedText,
} from './fields.ts'
import { ID_MAX } from './ids.ts'
import { MESSAGES } from './messages.ts'
import { toParseResult } from './parse-result.ts'
import type { ParseResult } from './parse-result.ts'
import { toE164Mobile } from './phone.ts'
import { isViewingTimeInFuture, isWithinViewingHours, parseViewingTimeValue, toViewingTimeValue } from './viewing-time.ts'

/** SPEC §5: 'Your message' has 3 to 255 characters. */
export const LEAD_MESSAGE_MIN_LENGTH = 3
/** SPEC §5: 'Your message' has at most 255 characters. */
export const LEAD_MESSAGE_MAX_LENGTH = 255

/**
 * SPEC §5's order of checks, by field: rules 1 to 8, then the viewing time (shown only when viewing is
 * chosen), then fields SPEC does not rank.
 */
export const LEAD_ENQUIRY_FIELD_ORDER = [
  'i_would_like',
  'name',
  'surname',
  'comment',
  'email',
  'mobile_phone',
  'contact_address',
  'i_have_a_property_to_sell',
  'i_have_a_property_to_let',
  'viewing_lead_date',
  'salutation_id',
  'my_property_valued',
] as const

/**
 * An address chosen from a suggestion (SPEC §5 rule 7: 'Address must be selected'): typed text alone
 * is refused, because only a suggestion gives an address the agency can find.
 */
export const AddressSuggestionSchema = z.object(
  {
    suggestion_id: z.string({ error: MESSAGES.ADDRESS_NOT_SELECTED }).trim().min(1, MESSAGES.ADDRESS_NOT_SELECTED).max(255),
    display_name: z.string({ error: MESSAGES.ADDRESS_NOT_SELECTED }).trim().min(1, MESSAGES.ADDRESS_NOT_SELECTED).max(255),
  },
  { error: MESSAGES.ADDRESS_NOT_SELECTED },
)
/** An address chosen from a suggestion. */
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>

/** Whether i_would_like asks for a viewing (SPEC §5: the viewing time counts only then). */
export function isViewingChosen(iWouldLike: readonly string[]): boolean {
  return iWouldLike.includes(I_WOULD_LIKE_DEFAULT)
}

const toList = (v: unknown): unknown => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v])

/**
 * Drops the viewing time when viewing is not chosen and marks it missing ('') when it is, before the
 * fields are checked: SPEC §5 removes it from the payload unless viewing is chosen.
 */
function keepViewingOnlyWhenChosen(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input
  const record = input as Record<string, unknown>
  const chosen = toList(record.i_would_like)
  if (!Array.isArray(chosen) || !chosen.includes(I_WOULD_LIKE_DEFAULT)) {
    const { viewing_lead_date: _dropped, ...rest } = record
    return rest
  }
  return { ...record, viewing_lead_date: record.viewing_lead_date ?? '' }
}

/**
 * SPEC §5 viewing time: required when viewing is chosen, a real 'YYYY-MM-DDTHH:mm' time within
 * 07:00–19:00, and after `now` when one is given (the API passes its clock; SPEC §8's wording).
 * Normalised to 'YYYY-MM-DDTHH:mm'.
 */
export function viewingTimeSchema(now?: Date) {
  return z
    .string({ error: MESSAGES.VIEWING_TIME_REQUIRED })
    .trim()
    .check(
      firstFailing([
        [(v) => parseViewingTimeValue(v) !== null, MESSAGES.VIEWING_TIME_REQUIRED],
        [(v) => isWithinViewingHours(parseViewingTimeValue(v)!), MESSAGES.VIEWING_TIME_OUT_OF_HOURS],
        [(v) => now === undefined || isViewingTimeInFuture(v, now), MESSAGES.VIEWING_TIME_IN_PAST],
      ]),
    )
    .transform((v) => toViewingTimeValue(parseViewingTimeValue(v)!))
    .optional()
}

const leadFields = (now?: Date) => ({
  i_would_like: z.preprocess(
    toList,
    z.array(z.enum(I_WOULD_LIKE_VALUES, { error: MESSAGES.LEAD_I_WOULD_LIKE_REQUIRED })).min(1, MESSAGES.LEAD_I_WOULD_LIKE_REQUIRED),
  ),
  salutation_id: SalutationFieldSchema,
  name: LeadNameSchema,
  surname: LeadSurnameSchema,
  comment: orderedText(MESSAGES.LEAD_MESSAGE_REQUIRED, [
    [(v) => v.length > 0, MESSAGES.LEAD_MESSAGE_REQUIRED],
    [(v) => v.length >= LEAD_MESSAGE_MIN_LENGTH, MESSAGES.LEAD_MESSAGE_MIN_LENGTH],
    [(v) => v.length <= LEAD_MESSAGE_MAX_LENGTH, MESSAGES.LEAD_MESSAGE_MAX_LENGTH],
  ]),
  email: RequiredEmailSchema,
  mobile_phone: RequiredMobilePhoneSchema,
  contact_address: AddressSuggestionSchema,
  i_have_a_property_to_sell: z.enum(PROPERTY_TO_SELL_VALUES, { error: MESSAGES.LEAD_PROPERTY_TO_SELL_REQUIRED }),
  i_have_a_property_to_let: z.enum(PROPERTY_TO_LET_VALUES, { error: MESSAGES.LEAD_PROPERTY_TO_LET_REQUIRED }),
  viewing_lead_date: viewingTimeSchema(now),
})

/**
 * The lead form (SPEC §3/§5). `my_property_valued` is a checkbox here and 'yes'/'no' in the payload.
 * Pass `now` to also refuse a viewing time in the past.
 */
export function leadEnquiryFormSchema(options: { now?: Date } = {}) {
  return z.preprocess(
    keepViewingOnlyWhenChosen,
    z.object({ ...leadFields(options.now), my_property_valued: CheckboxSchema }),
  )
}

/** The lead form schema without a clock (no past-time check): for the browser's constraints. */
export const LeadEnquiryFormSchema = leadEnquiryFormSchema()
/** The checked lead form. */
export type LeadEnquiryForm = z.infer<typeof LeadEnquiryFormSchema>
/** The lead form as a page holds it before checking. */
export type LeadEnquiryFormInput = z.input<typeof LeadEnquiryFormSchema>

/**
 * Checks the lead form in SPEC §5's order: the first failing rule's message, e.g.
 * 'Please select more details or to view a property' before 'Name must be at least 3 characters'.
 */
export function parseLeadEnquiry(input: unknown, options: { now?: Date } = {}): ParseResult<LeadEnquiryForm> {
  return toParseResult(leadEnquiryFormSchema(options).safeParse(input), LEAD_ENQUIRY_FIELD_ORDER)
}

/** What the page knows about the enquiry besides the form (SPEC §3 lead fields). */
export interface LeadEnquiryContext {
  /** The page the enquiry was sent from. */
  readonly url: string
  readonly transaction_type_id: 1 | 2
  readonly property_profile_id: number | null
  /** The property's display address. */
  readonly property_address: string | null
  readonly price: number | null
  readonly bedrooms: number | null
  readonly branch_id: number | null
  /** The logged-in contact's active applicant, when there is one (SPEC §3: optional). */
  readonly contact_applicant_id?: number | null
}

/** The lead context of a property card shown at `url`. */
export function toLeadEnquiryContext(
  property: Pick<PropertyCard, 'property_profile_id' | 'transaction_type_id' | 'display_address' | 'price' | 'bedroom' | 'branch_id'>,
  url: string,
  contactApplicantId?: number | null,
): LeadEnquiryContext {
  return {
    url,
    transaction_type_id: property.transaction_type_id,
    property_profile_id: property.property_profile_id,
    property_address: property.display_address,
    price: property.price?.numberPrice ?? null,
    bedrooms: property.bedroom,
    branch_id: property.branch_id,
    ...(contactApplicantId ? { contact_applicant_id: contactApplicantId } : {}),
  }
}

/**
 * SPEC §3/§7 POST leads/enquiry body. The form's rules hold here too (the API answers them as 422
 * field errors); `mobile_phone` travels in E.164.
 */
export function leadEnquiryPayloadSchema(options: { now?: Date } = {}) {
  return z.preprocess(
    keepViewingOnlyWhenChosen,
    z.object({
      ...leadFields(options.now),
      my_property_valued: z.enum(['yes', 'no']),
      property_address: z.string().max(255).nullable(),
      url: z.string().max(2048),
      transaction_type_id: z.union([z.literal(1), z.literal(2)]),
      // Ids and whole numbers within PostgreSQL's integer columns, so no payload reaches SQL out of range.
      property_profile_id: z.number().int().positive().max(ID_MAX).nullable(),
      price: z.number().int().min(0).max(ID_MAX).nullable(),
      bedrooms: z.number().int().min(0).max(ID_MAX).nullable(),
      confirm: z.literal(LEAD_CONFIRM_VALUE),
      branch_id: z.number().int().positive().max(ID_MAX).nullable(),
      contact_applicant_id: z.number().int().positive().max(ID_MAX).optional(),
    }),
  )
}

/** The lead payload schema without a clock. */
export const LeadEnquiryPayloadSchema = leadEnquiryPayloadSchema()
/** SPEC §3 lead payload. */
export type LeadEnquiryPayload = z.infer<typeof LeadEnquiryPayloadSchema>

/** Parses a lead payload (the API's body check); pass `now` to refuse a past viewing time. */
export function parseLeadEnquiryPayload(input: unknown, options: { now?: Date } = {}): ParseResult<LeadEnquiryPayload> {
  return toParseResult(leadEnquiryPayloadSchema(options).safeParse(input), LEAD_ENQUIRY_FIELD_ORDER)
}

/**
 * The SPEC §3 lead payload from a checked form: my_property_valued as 'yes'/'no', confirm 'confirmed',
 * i_would_like never empty (default 'to-view-a-property'), viewing_lead_date only when viewing is
 * chosen, contact_applicant_id only when known.
 */
export function toLeadEnquiryPayload(form: LeadEnquiryForm, context: LeadEnquiryContext): LeadEnquiryPayload {
  const iWouldLike: IWouldLike[] = form.i_would_like.length ? [...form.i_would_like] : [I_WOULD_LIKE_DEFAULT]
  const viewing = isViewingChosen(iWouldLike) && form.viewing_lead_date ? { viewing_lead_date: form.viewing_lead_date } : {}
  return {
    i_would_like: iWouldLike,
    salutation_id: form.salutation_id,
    name: form.name,
    surname: form.surname,
    comment: form.comment,
    email: form.email,
    mobile_phone: toE164Mobile(form.mobile_phone) ?? form.mobile_phone,
    contact_address: form.contact_address,
    i_have_a_property_to_sell: form.i_have_a_property_to_sell,
    i_have_a_property_to_let: form.i_have_a_property_to_let,
    ...viewing,
    my_property_valued: form.my_property_valued ? 'yes' : 'no',
    property_address: context.property_address,
    url: context.url,
    transaction_type_id: context.transaction_type_id,
    property_profile_id: context.property_profile_id,
    price: context.price,
    bedrooms: context.bedrooms,
    confirm: LEAD_CONFIRM_VALUE,
    branch_id: context.branch_id,
    ...(context.contact_applicant_id ? { contact_applicant_id: context.contact_applicant_id } : {}),
  }
}
