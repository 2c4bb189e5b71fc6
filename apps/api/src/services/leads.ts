import {
  LeadEnquiryAnswerSchema as LeadEnquiryDataSchema,
  MESSAGES,
  PENDING_LEAD_COOKIE_MAX_AGE_S,
  PENDING_LEAD_COOKIE_NAMES,
  lineText,
  parseLeadEnquiryPayload,
  type ParseFailure,
} from '@agency/domain'
import { leads } from '@agency/db'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { pendingCookie } from '#app/anonymous-writes.ts'
import type { Answer, Caller, CookieJar } from '#app/auth/caller.ts'
import { hitRateLimit, perHour, type AddressLimits } from '#app/auth/rate-limit.ts'
import { hashToken } from '#app/auth/tokens.ts'
import { findLeadTarget, storeLead } from '#app/leads/commands.ts'
import { LEAD_MESSAGES } from '#app/leads/messages.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/**
 * The lead enquiry (SPEC §7 POST leads/enquiry), for the route under /leads and for the lead form's
 * action (the site's services) alike: it takes its caller and where its cookies go, and gives the
 * answer the route sends.
 */

/**
 * Limits on enquiries: from one IP address (over it the answer is 429), and acknowledgement e-mails to
 * one address (over it the enquiry is still kept and the branch told, with the same answer, so nobody
 * can flood an inbox or learn anything from the answer).
 */
export type LeadEnquiryLimits = AddressLimits

/** 10 enquiries an hour per IP address, 5 acknowledgements an hour per address. */
export const DEFAULT_LEAD_ENQUIRY_LIMITS: LeadEnquiryLimits = { perIp: perHour(10), perEmail: perHour(5) }

/** How enquiries are taken: the site's public origin (links, the pending cookie's name) and the limits. */
export interface LeadEnquirySettings {
  publicUrl: string
  limits: LeadEnquiryLimits
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How enquiries are taken (set where the lead routes are registered), for the route and the site's services. */
    leadEnquiries: LeadEnquirySettings
  }
}

// The payload is checked by the enquiry itself (parseLeadEnquiryPayload), so that a bad one answers 422
// with SPEC §5's messages in SPEC §5's order rather than the 400 of a malformed request.
export const EnquiryBodySchema = z
  .looseObject({ recaptcha_token: lineText().max(8192).nullish() })
  .describe('SPEC §3 lead payload, plus recaptcha_token: the login form\'s captcha')
export type EnquiryBody = z.infer<typeof EnquiryBodySchema>

/** The answer of POST /leads/enquiry (API.md). `lead_id` is a random UUID. */
export const LeadEnquiryAnswerSchema = dataResponseSchema(LeadEnquiryDataSchema)
type LeadEnquiryAnswer = z.infer<typeof LeadEnquiryAnswerSchema>

/**
 * The cookie that remembers a visitor's own enquiry in their browser (`__Host-pending_lead` over
 * https, `pending_lead` over http). It names the lead only: no session, no contact is granted by it.
 */
function pendingLeadCookie(publicUrl: string) {
  return pendingCookie({ publicUrl, names: PENDING_LEAD_COOKIE_NAMES, maxAgeS: PENDING_LEAD_COOKIE_MAX_AGE_S })
}

/** SPEC §8: the API words a past viewing time the Laravel way; the page shows its own words for it. */
function toApiWording(failure: ParseFailure): { message: string; errors: Record<string, string[]> } {
  const word = (m: string) => (m === MESSAGES.VIEWING_TIME_IN_PAST ? LEAD_MESSAGES.VIEWING_LEAD_DATE_AFTER_NOW : m)
  return {
    message: word(failure.message),
    errors: Object.fromEntries(Object.entries(failure.errors).map(([field, messages]) => [field, messages.map(word)])),
  }
}

/**
 * SPEC §7 POST leads/enquiry: stores the lead, a new pending contact for a visitor (a logged-in
 * contact's own otherwise), the branch's notification and the sender's acknowledgement; a visitor's
 * browser gets the pending cookie in `jar`. Captcha, rate limits and Idempotency-Key as every
 * anonymous write (app.anonymousWrite).
 */
export function sendEnquiry(app: FastifyInstance, caller: Caller, jar: CookieJar, body: EnquiryBody): Promise<Answer> {
  const { publicUrl, limits } = app.leadEnquiries
  const now = () => app.sessions.settings.now()
  const pending = pendingLeadCookie(publicUrl)
  const session = caller.session
  // A retry may carry a fresh captcha solution: the enquiry is the same one.
  const { recaptcha_token: captchaToken, ...payloadBody } = body
  let pendingToken: ReturnType<typeof pending.issue> | null = null
  return app.anonymousWrite(caller, {
    scope: session ? `lead:contact:${session.contact_id}` : 'lead:visitor',
    payload: payloadBody,
    check: async () => {
      const parsed = parseLeadEnquiryPayload(payloadBody, { now: now() })
      if (!parsed.success) return { ok: false, ...toApiWording(parsed) }
      // The property or branch it is about: checked before the captcha is spent, as the rest.
      const target = await findLeadTarget(app.db, parsed.data)
      if ('field' in target) return { ok: false, message: target.message, errors: { [target.field]: [target.message] } }
      return { ok: true, data: { payload: parsed.data, target } }
    },
    // An enquiry always takes the captcha and the per-address limit, logged in or not.
    captchaToken: captchaToken ?? '',
    perAddress: { name: 'lead-enquiry', rule: limits.perIp, message: LEAD_MESSAGES.TOO_MANY_ENQUIRIES },
    work: async (tx, { payload, target }, at): Promise<LeadEnquiryAnswer> => {
      const mayEmail = (await hitRateLimit(tx, `lead-enquiry:email:${hashToken(payload.email.trim().toLowerCase())}`, limits.perEmail, at)).allowed
      pendingToken = session ? null : pending.issue()
      const lead = await storeLead(tx, {
        payload,
        target,
        sender: session ? { kind: 'contact', contact_id: session.contact_id, sendAcknowledgement: mayEmail } : { kind: 'visitor', sendAcknowledgement: mayEmail },
        publicUrl,
        pendingCookieHash: pendingToken?.hash ?? null,
        now: at,
      })
      return { data: { lead_id: lead.lead_id, contact: { contact_id: lead.contact_id } } }
    },
    answer: (result) => ({ status: 201, body: result, contactApplicantId: null }),
    onReplay: async (stored) => {
      if (session) return
      // The browser that retries is the one that sent it: it remembers its enquiry again.
      const again = pending.issue()
      await app.db.update(leads).set({ pending_cookie_hash: again.hash }).where(eq(leads.lead_id, (stored.response_body as LeadEnquiryAnswer).data.lead_id))
      again.set(jar)
    },
    onDone: () => pendingToken?.set(jar),
    now,
  })
}
