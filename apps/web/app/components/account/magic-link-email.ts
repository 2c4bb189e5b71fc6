import { MESSAGES, isValidEmail } from '@agency/domain'

/**
 * SPEC §5 magic link e-mail, checked in the browser: the first failing rule's message, or null. The
 * same rules in the same order as domain's parseMagicLinkEmail (trimmed; required, then valid), which
 * the login action runs on the server; built from its zod-free parts so zod stays off the page.
 */
export function toMagicLinkEmailMessage(value: unknown): string | null {
  const email = typeof value === 'string' ? value.trim() : ''
  if (email.length === 0) return MESSAGES.MAGIC_LINK_EMAIL_REQUIRED
  if (!isValidEmail(email)) return MESSAGES.MAGIC_LINK_EMAIL_INVALID
  return null
}
