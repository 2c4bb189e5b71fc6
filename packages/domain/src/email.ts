/**
 * E-mail address checks shared by every form (SPEC §5): a practical address format plus the limits of
 * RFC 5321 that SPEC names — local part at most 64 characters, domain at most 255, each label at most 63.
 */

/** SPEC §5: the longest local part. */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64
/** SPEC §5: the longest domain. */
export const EMAIL_DOMAIN_MAX_LENGTH = 255
/** SPEC §5: the longest domain label. */
export const EMAIL_DOMAIN_LABEL_MAX_LENGTH = 63

// Dot-atom local part (RFC 5322 without quoted strings, which no visitor types).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/
const TOP_LEVEL_LABEL = /^[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]$/

/**
 * Whether a string is a deliverable-looking e-mail address: one '@', a dot-atom local part of at most
 * 64 characters, and a domain of at most 255 characters with at least two labels, each at most 63
 * characters, the last one alphabetic-led (so '1.2.3.4' and 'localhost' are refused).
 */
export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at <= 0 || value.indexOf('@') !== at) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > EMAIL_LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local)) return false
  if (domain.length === 0 || domain.length > EMAIL_DOMAIN_MAX_LENGTH) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => label.length <= EMAIL_DOMAIN_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label))) return false
  return TOP_LEVEL_LABEL.test(labels[labels.length - 1]!)
}
