/**
 * UK mobile phone numbers (SPEC §5), checked with libphonenumber-js's mobile metadata, which knows
 * which number ranges are mobile.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'

/** SPEC §5: a mobile phone number has at least 9 characters. */
export const MOBILE_PHONE_MIN_LENGTH = 9
/** The longest phone input accepted (E.164 is 15 digits; spaces and a '+' need room). */
export const MOBILE_PHONE_MAX_LENGTH = 30

// +44 mobile ranges are shared by the Crown Dependencies, which libphonenumber reports as their own regions.
const UK_MOBILE_REGIONS = new Set(['GB', 'JE', 'GG', 'IM'])

/**
 * Ofcom's mobile range for drama, 07700 900000 to 07700 900999: never given to a subscriber, so the
 * demo data and examples use it. libphonenumber calls it invalid; it is a mobile number in form.
 */
const OFCOM_DRAMA_MOBILE = /^\+447700900\d{3}$/

/** Whether a string is a valid UK mobile number ('07400 123456', '+44 7400 123456', '07700 900123'). */
export function isValidUkMobile(value: string): boolean {
  const phone = parsePhoneNumberFromString(value, 'GB')
  if (!phone) return false
  if (OFCOM_DRAMA_MOBILE.test(phone.number)) return true
  if (!phone.isValid() || phone.getType() !== 'MOBILE') return false
  return phone.country !== undefined && UK_MOBILE_REGIONS.has(phone.country)
}

/** A UK mobile number in E.164 ('+447400123456'), or null when it is not one. */
export function toE164Mobile(value: string): string | null {
  if (!isValidUkMobile(value)) return null
  // isValidUkMobile has just parsed the same input successfully.
  return parsePhoneNumberFromString(value, 'GB')!.number
}

/** A UK mobile number as people write it ('07400 123456'); anything else as given. */
export function toNationalMobile(value: string): string {
  if (!isValidUkMobile(value)) return value
  return parsePhoneNumberFromString(value, 'GB')!.formatNational()
}
