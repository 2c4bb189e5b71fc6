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

/** Whether a string is a valid UK mobile number ('07400 123456', '+44 7400 123456'). */
export function isValidUkMobile(value: string): boolean {
  const phone = parsePhoneNumberFromString(value, 'GB')
  if (!phone || !phone.isValid() || phone.getType() !== 'MOBILE') return false
  return phone.country !== undefined && UK_MOBILE_REGIONS.has(phone.country)
}

/** A UK mobile number in E.164 ('+447400123456'), or null when it is not one. */
export function toE164Mobile(value: string): string | null {
  if (!isValidUkMobile(value)) return null
  // isValidUkMobile has just parsed the same input successfully.
  return parsePhoneNumberFromString(value, 'GB')!.number
}
