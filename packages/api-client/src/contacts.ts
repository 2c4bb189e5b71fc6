import { z } from 'zod'

/*
 * The wire shapes of the login routes (API.md "Contacts and login"); the contact itself is the
 * domain's ContactViewSchema, shared with the API.
 */

export { ApplicantSummarySchema, ContactViewSchema, type ApplicantSummary, type ContactView } from '@agency/domain'

/** Which captcha the login form shows (GET /captcha/config). */
export const CaptchaClientConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challenge_url: z.string() }),
  z.object({ provider: z.literal('recaptcha'), site_key: z.string() }),
  z.object({ provider: z.literal('none') }),
])
/** Which captcha the login form shows. */
export type CaptchaClientConfig = z.infer<typeof CaptchaClientConfigSchema>

/** A question for a form sent without JavaScript (GET /captcha/question): its answer replaces the browser's captcha. */
export const CaptchaQuestionSchema = z.object({ text: z.string(), token: z.string(), expires_at: z.string() })
/** A question to answer instead of the browser's captcha. */
export type CaptchaQuestion = z.infer<typeof CaptchaQuestionSchema>

/** SPEC §7 POST /contacts/oauth/magic-links body. */
export interface MagicLinkRequestBody {
  email: string
  /** The page to return to after login; the API keeps it only when it is a page of the site. */
  request_page_url: string
  recaptcha_token: string
}

/** What POST /contacts/oauth/sessions answers: the contact logged in and the page to go to. */
export const CreatedSessionSchema = z.object({ contact_id: z.number().int(), redirect_to: z.string() })
/** The answer of a login. */
export type CreatedSession = z.infer<typeof CreatedSessionSchema>

/** The magic link request's answer (never shown: SPEC §7 "Response: not shown"). */
export const MagicLinkAnswerSchema = z.object({ message: z.string() })

/**
 * An answer together with the API's Set-Cookie header values. A page that calls the API from the
 * server passes them on in its own answer, so the browser receives the session cookie.
 */
export interface WithSetCookie<T> {
  data: T
  setCookie: string[]
}
