/**
 * The lead form's values as the page posts them (SPEC §3 Lead form): reading a form post, the
 * logged-in contact's known fields, and the input the domain schema checks. Pure: used by the form in
 * the browser and by the page's action on the server.
 */
import { QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD } from '#app/components/account/captcha-question.ts'
import { I_WOULD_LIKE_DEFAULT, VALUATION_FIELD, VALUATION_TYPE, toValuationAnswers, toValuationMessage } from '@agency/domain'
import type { IWouldLike, ValuationDetails } from '@agency/domain'

/** The names the form's inputs post under. */
export const LEAD_FIELD = {
  I_WOULD_LIKE: 'i_would_like',
  SALUTATION: 'salutation_id',
  NAME: 'name',
  SURNAME: 'surname',
  VIEWING: 'viewing_lead_date',
  /** The viewing time as the form asks for it: a date, and a time of day from 07:00 to 19:00. */
  VIEWING_DATE: 'viewing_date',
  VIEWING_TIME: 'viewing_time',
  COMMENT: 'comment',
  EMAIL: 'email',
  MOBILE_PHONE: 'mobile_phone',
  /** The address line shown and typed. */
  ADDRESS: 'contact_address',
  /** The chosen suggestion's id (empty until one is chosen). */
  ADDRESS_ID: 'contact_address_id',
  /** Without JavaScript: a suggestion chosen among those the re-rendered page offers, `id\ttext`. */
  ADDRESS_CHOICE: 'contact_address_choice',
  TO_SELL: 'i_have_a_property_to_sell',
  TO_LET: 'i_have_a_property_to_let',
  VALUED: 'my_property_valued',
  /** SPEC §9 valuation type on the valuation page (Sales 1, Lettings 2): the enquiry's transaction type. */
  TRANSACTION_TYPE: 'transaction_type_id',
  CAPTCHA: 'recaptcha_token',
  /** Without JavaScript: the question the server asked instead of the browser's captcha, and its answer. */
  QUESTION_TOKEN: QUESTION_TOKEN_FIELD,
  QUESTION_ANSWER: QUESTION_ANSWER_FIELD,
  IDEMPOTENCY_KEY: 'idempotency_key',
  /** The valuation page's questions instead of the SPEC fields its purpose answers (domain valuation.ts). */
  VALUATION_PROPERTY_TYPE: VALUATION_FIELD.PROPERTY_TYPE,
  VALUATION_BEDROOMS: VALUATION_FIELD.BEDROOMS,
  VALUATION_DATE: VALUATION_FIELD.PREFERRED_DATE,
  VALUATION_TIME: 'valuation_time',
} as const

/** What the form holds, as text (a post's values, or what a re-rendered page fills in again). */
export interface LeadFormValues {
  i_would_like: string[]
  salutation_id: string
  name: string
  surname: string
  viewing_lead_date: string
  comment: string
  email: string
  mobile_phone: string
  contact_address: string
  contact_address_id: string
  i_have_a_property_to_sell: string
  i_have_a_property_to_let: string
  my_property_valued: boolean
  transaction_type_id: string
  valuation_property_type: string
  valuation_bedrooms: string
  valuation_date: string
  valuation_time: string
}

/** The fields a logged-in contact's record can fill (SPEC §4: prefilled, their inputs hidden). */
export type LeadPrefill = Partial<
  Pick<LeadFormValues, 'salutation_id' | 'name' | 'surname' | 'email' | 'mobile_phone' | 'contact_address' | 'contact_address_id'>
>

/** The empty form: SPEC §3 'I would like' defaults to viewing, unless the page asks otherwise. */
export function emptyLeadFormValues(options: { iWouldLike?: readonly IWouldLike[]; valued?: boolean; transactionTypeId?: 1 | 2 } = {}): LeadFormValues {
  return {
    i_would_like: [...(options.iWouldLike ?? [I_WOULD_LIKE_DEFAULT])],
    salutation_id: '',
    name: '',
    surname: '',
    viewing_lead_date: '',
    comment: '',
    email: '',
    mobile_phone: '',
    contact_address: '',
    contact_address_id: '',
    i_have_a_property_to_sell: '',
    i_have_a_property_to_let: '',
    my_property_valued: options.valued ?? false,
    transaction_type_id: options.transactionTypeId ? String(options.transactionTypeId) : '',
    valuation_property_type: '',
    valuation_bedrooms: '',
    valuation_date: '',
    valuation_time: '',
  }
}

/** The longest text a field keeps from a post (the API refuses anything longer anyway). */
const FIELD_MAX_LENGTH = 2048

/** A form post's lead values; anything missing is empty. */
export function readLeadFormValues(form: FormData): LeadFormValues {
  const text = (name: string): string => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, FIELD_MAX_LENGTH) : ''
  }
  let address = text(LEAD_FIELD.ADDRESS)
  let addressId = text(LEAD_FIELD.ADDRESS_ID)
  const choice = text(LEAD_FIELD.ADDRESS_CHOICE)
  const tab = choice.indexOf('\t')
  if (tab > 0) {
    addressId = choice.slice(0, tab)
    address = choice.slice(tab + 1)
  }
  return {
    i_would_like: form.getAll(LEAD_FIELD.I_WOULD_LIKE).flatMap((v) => (typeof v === 'string' ? [v.slice(0, 64)] : [])).slice(0, 10),
    salutation_id: text(LEAD_FIELD.SALUTATION),
    name: text(LEAD_FIELD.NAME),
    surname: text(LEAD_FIELD.SURNAME),
    viewing_lead_date: toViewingValue(text(LEAD_FIELD.VIEWING), text(LEAD_FIELD.VIEWING_DATE), text(LEAD_FIELD.VIEWING_TIME)),
    comment: text(LEAD_FIELD.COMMENT),
    email: text(LEAD_FIELD.EMAIL),
    mobile_phone: text(LEAD_FIELD.MOBILE_PHONE),
    contact_address: address,
    contact_address_id: addressId,
    i_have_a_property_to_sell: text(LEAD_FIELD.TO_SELL),
    i_have_a_property_to_let: text(LEAD_FIELD.TO_LET),
    my_property_valued: form.get(LEAD_FIELD.VALUED) !== null,
    transaction_type_id: text(LEAD_FIELD.TRANSACTION_TYPE),
    valuation_property_type: text(LEAD_FIELD.VALUATION_PROPERTY_TYPE),
    valuation_bedrooms: text(LEAD_FIELD.VALUATION_BEDROOMS),
    valuation_date: text(LEAD_FIELD.VALUATION_DATE),
    valuation_time: text(LEAD_FIELD.VALUATION_TIME),
  }
}

/**
 * The viewing time the form posts: one 'YYYY-MM-DDTHH:mm' value, or a date and a time of day. A date
 * without a time (or the reverse) is no time at all, which the schema words as SPEC §5 does.
 */
export function toViewingValue(whole: string, date: string, time: string): string {
  if (whole.trim() !== '') return whole
  return date.trim() !== '' && time.trim() !== '' ? `${date.trim()}T${time.trim()}` : ''
}

/** The date and the time of day of a 'YYYY-MM-DDTHH:mm' value, for the form's two inputs. */
export function splitViewingValue(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T')
  return { date, time: time.slice(0, 5) }
}

/** SPEC §5: the times of day a viewing may start, 07:00 to 19:00 in quarter hours, 24-hour. */
export function toViewingTimeOptions(firstHour: number, lastHour: number, stepMinutes: number): string[] {
  const options: string[] = []
  for (let minutes = firstHour * 60; minutes <= lastHour * 60; minutes += stepMinutes) {
    options.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`)
  }
  return options
}

/** The value a suggestion choice posts without JavaScript: its id and its line. */
export function toAddressChoiceValue(suggestion: { suggestion_id: string; display_name: string }): string {
  return `${suggestion.suggestion_id}\t${suggestion.display_name}`
}

/**
 * The input of the domain's lead form schema (parseLeadEnquiry): the address counts only as a chosen
 * suggestion (SPEC §5 rule 7), the salutation and the valuation as the schema reads them.
 */
export function toLeadFormInput(values: LeadFormValues): Record<string, unknown> {
  const addressChosen = values.contact_address_id.trim() !== '' && values.contact_address.trim() !== ''
  return {
    i_would_like: values.i_would_like,
    salutation_id: values.salutation_id === '' ? undefined : Number(values.salutation_id),
    name: values.name,
    surname: values.surname,
    viewing_lead_date: values.viewing_lead_date,
    comment: values.comment,
    email: values.email,
    mobile_phone: values.mobile_phone,
    contact_address: addressChosen ? { suggestion_id: values.contact_address_id, display_name: values.contact_address } : undefined,
    i_have_a_property_to_sell: values.i_have_a_property_to_sell || undefined,
    i_have_a_property_to_let: values.i_have_a_property_to_let || undefined,
    my_property_valued: values.my_property_valued,
  }
}

/** The form's values with the contact's known fields laid over them (the contact's record wins). */
export function withPrefill(values: LeadFormValues, prefill: LeadPrefill): LeadFormValues {
  return { ...values, ...prefill }
}

/** The valuation form's answers to its own questions (the note is the form's message field). */
export function toValuationDetails(values: LeadFormValues): ValuationDetails {
  return {
    valuation_type: values.transaction_type_id === String(VALUATION_TYPE.LETTINGS) ? VALUATION_TYPE.LETTINGS : VALUATION_TYPE.SALES,
    property_type: values.valuation_property_type,
    bedrooms: values.valuation_bedrooms,
    preferred_time: toViewingValue('', values.valuation_date, values.valuation_time),
    note: values.comment,
  }
}

/**
 * A valuation as the lead form SPEC defines it: the purpose's answers to the SPEC fields, and the
 * message the branch reads with the property, the preferred time and the visitor's note.
 */
export function toValuationLeadValues(values: LeadFormValues): LeadFormValues {
  const { i_would_like, i_have_a_property_to_sell, i_have_a_property_to_let, my_property_valued } = toValuationAnswers(toValuationDetails(values).valuation_type)
  return { ...values, i_would_like, i_have_a_property_to_sell, i_have_a_property_to_let, my_property_valued, comment: toValuationMessage(toValuationDetails(values)) }
}
