/**
 * SPEC §5 magic link e-mail and the SPEC §7 POST /contacts/oauth/magic-links body.
 */
import { z } from 'zod'
import { isValidEmail } from './email.ts'
import { orderedText } from './fields.ts'
import { MESSAGES } from './messages.ts'
import { toParseResult } from './parse-result.ts'
import type { ParseResult } from './parse-result.ts'

/** SPEC §5: required ('Please enter email address'), then valid ('Please enter valid email address'). */
export const MagicLinkEmailSchema = orderedText(MESSAGES.MAGIC_LINK_EMAIL_REQUIRED, [
  [(v) => v.length > 0, MESSAGES.MAGIC_LINK_EMAIL_REQUIRED],
  [isValidEmail, MESSAGES.MAGIC_LINK_EMAIL_INVALID],
])

/** The magic link form: one e-mail. */
export const MagicLinkFormSchema = z.object({ email: MagicLinkEmailSchema })
/** The magic link form. */
export type MagicLinkForm = z.infer<typeof MagicLinkFormSchema>

/** SPEC §7 POST /contacts/oauth/magic-links body: email, request_page_url, recaptcha_token. */
export const MagicLinkRequestSchema = z.object({
  email: MagicLinkEmailSchema,
  request_page_url: z.string().max(2048),
  recaptcha_token: z.string().max(4096).default(''),
})
/** SPEC §7 magic link request body. */
export type MagicLinkRequest = z.infer<typeof MagicLinkRequestSchema>

/** Parses the magic link form `{ email }` (SPEC §5). */
export function parseMagicLinkEmail(input: unknown): ParseResult<MagicLinkForm> {
  return toParseResult(MagicLinkFormSchema.safeParse(input), ['email'])
}

/** Parses the magic link request body. */
export function parseMagicLinkRequest(input: unknown): ParseResult<MagicLinkRequest> {
  return toParseResult(MagicLinkRequestSchema.safeParse(input), ['email', 'request_page_url', 'recaptcha_token'])
}
