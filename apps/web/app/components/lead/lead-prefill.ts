/**
 * SPEC §4 lead form: the logged-in contact's known fields, prefilled with their inputs hidden. Runs on
 * the server (it uses the domain's field schemas, which stay out of the page's first load).
 */
import { COMMUNICATION_METHOD, LeadNameSchema, LeadSurnameSchema, RequiredEmailSchema, RequiredMobilePhoneSchema, SALUTATIONS } from '@agency/domain'
import type { ContactView } from '@agency/domain'
import type { LeadPrefill } from '#app/components/lead/lead-form-values.ts'

/** The suggestion id a contact's own stored address is sent under. */
export const toContactAddressSuggestionId = (contactAddressId: number): string => `contact-address:${contactAddressId}`

const passes = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: string): boolean => schema.safeParse(value).success

/**
 * SPEC §4: the logged-in contact's known fields. A field counts as known only when it would pass the
 * form's own check, so a contact is never stuck behind a hidden input holding a value the form refuses.
 */
export function toLeadPrefill(contact: Pick<ContactView, 'salutation_id' | 'name' | 'surname' | 'communication_infos' | 'contact_addresses'>): LeadPrefill {
  const prefill: LeadPrefill = {}
  if (SALUTATIONS.some((s) => s.salutation_id === contact.salutation_id && !s.is_hidden)) prefill.salutation_id = String(contact.salutation_id)
  if (passes(LeadNameSchema, contact.name)) prefill.name = contact.name.trim()
  if (passes(LeadSurnameSchema, contact.surname)) prefill.surname = contact.surname.trim()
  const byMethod = (method: number) =>
    [...contact.communication_infos].filter((c) => c.communication_method_id === method).sort((a, b) => Number(b.preferred) - Number(a.preferred))[0]?.value
  const email = byMethod(COMMUNICATION_METHOD.EMAIL)
  if (email && passes(RequiredEmailSchema, email)) prefill.email = email
  const phone = byMethod(COMMUNICATION_METHOD.MOBILE_PHONE)
  if (phone && passes(RequiredMobilePhoneSchema, phone)) prefill.mobile_phone = phone
  const address = contact.contact_addresses[0]
  const line = address?.display_name?.trim()
  if (address && line) {
    prefill.contact_address = line.slice(0, 255)
    prefill.contact_address_id = toContactAddressSuggestionId(address.contact_address_id)
  }
  return prefill
}

