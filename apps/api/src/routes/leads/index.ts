import {
  ApiErrorSchema,
  LeadEnquiryAnswerSchema as LeadEnquiryDataSchema,
  MESSAGES,
  PENDING_LEAD_COOKIE_MAX_AGE_S,
  PENDING_LEAD_COOKIE_NAMES,
  lineText,
  parseLeadEnquiryPayload,
  type ParseFailure,
} from '@agency/domain'
import { leads } from '@agency/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '#app/alerts/idempotency.ts'
import { pendingCookie } from '#app/anonymous-writes.ts'
import { sendAnswer } from '#app/auth/caller.ts'
import { hitRateLimit, type RateLimitRule } from '#app/auth/rate-limit.ts'
import { hashToken } from '#app/auth/tokens.ts'
import { findLeadTarget, storeLead } from '#app/leads/commands.ts'
import { LEAD_MESSAGES } from '#app/leads/messages.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/**
 * The cookie that remembers a visitor's own enquiry in their browser (`__Host-pending_lead` over
 * https, `pending_lead` over http). It names the lead only: no session, no contact is granted by it.
 */
export { PENDING_LEAD_COOKIE_NAMES }

/** Limits on enquiries. */
export interface LeadEnquiryLimits {
  /** Enquiries from one IP address; over it the answer is 429. */
  perIp: RateLimitRule
  /**
   * Acknowledgement e-mails to one address; over it the enquiry is still kept and the branch told,
   * with the same answer, so nobody can flood an inbox or learn anything from the answer.
   */
  perEmail: RateLimitRule
}

/** 10 enquiries an hour per IP address, 5 acknowledgements an hour per address. */
export const DEFAULT_LEAD_ENQUIRY_LIMITS: LeadEnquiryLimits = {
  perIp: { limit: 10, windowMs: 60 * 60_000 },
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
}

/** What the lead routes need. */
export interface LeadsRoutesOptions {
  publicUrl: string
  limits?: LeadEnquiryLimits
}

// The payload is checked in the handler (parseLeadEnquiryPayload), so that a bad one answers 422 with
// SPEC §5's messages in SPEC §5's order rather than the 400 of a malformed request.
const EnquiryBodySchema = z
  .looseObject({ recaptcha_token: lineText().max(8192).nullish() })
  .describe('SPEC §3 lead payload, plus recaptcha_token: the login form\'s captcha')

/** The answer of POST /leads/enquiry (API.md). `lead_id` is a random UUID. */
export const LeadEnquiryAnswerSchema = dataResponseSchema(LeadEnquiryDataSchema)
type LeadEnquiryAnswer = z.infer<typeof LeadEnquiryAnswerSchema>

/** SPEC §8: the API words a past viewing time the Laravel way; the page shows its own words for it. */
function toApiWording(failure: ParseFailure): { message: string; errors: Record<string, string[]> } {
  const word = (m: string) => (m === MESSAGES.VIEWING_TIME_IN_PAST ? LEAD_MESSAGES.VIEWING_LEAD_DATE_AFTER_NOW : m)
  return {
    message: word(failure.message),
    errors: Object.fromEntries(Object.entries(failure.errors).map(([field, messages]) => [field, messages.map(word)])),
  }
}

/** SPEC §7 POST leads/enquiry. */
const leadsRoutes: FastifyPluginAsyncZod<LeadsRoutesOptions> = async (app, options) => {
  const limits = options.limits ?? DEFAULT_LEAD_ENQUIRY_LIMITS
  const now = () => app.sessions.settings.now()
  const pending = pendingCookie({ publicUrl: options.publicUrl, names: PENDING_LEAD_COOKIE_NAMES, maxAgeS: PENDING_LEAD_COOKIE_MAX_AGE_S })

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.post(
    '/enquiry',
    {
      schema: {
        summary:
          "Send a lead enquiry (SPEC §7): stores the lead, a new pending contact for a visitor (a logged-in contact's own otherwise), the branch's notification and the sender's acknowledgement. Captcha, rate limits, same origin; honours Idempotency-Key.",
        tags: ['leads'],
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: lineText().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional() }),
        body: EnquiryBodySchema,
        response: {
          201: LeadEnquiryAnswerSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = request.session
      // A retry may carry a fresh captcha solution: the enquiry is the same one.
      const { recaptcha_token: captchaToken, ...payloadBody } = request.body
      let pendingToken: ReturnType<typeof pending.issue> | null = null
      const answer = await app.anonymousWrite(
        request,
        {
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
              publicUrl: options.publicUrl,
              pendingCookieHash: pendingToken?.hash ?? null,
              now: at,
            })
            return { data: { lead_id: lead.lead_id, contact: { contact_id: lead.contact_id } } }
          },
          answer: (body) => ({ status: 201, body, contactApplicantId: null }),
          onReplay: async (stored) => {
            if (session) return
            // The browser that retries is the one that sent it: it remembers its enquiry again.
            const again = pending.issue()
            await app.db.update(leads).set({ pending_cookie_hash: again.hash }).where(eq(leads.lead_id, (stored.response_body as LeadEnquiryAnswer).data.lead_id))
            again.set(reply)
          },
          onDone: () => pendingToken?.set(reply),
          now,
        },
      )
      return sendAnswer(reply, answer)
    },
  )
}

export default leadsRoutes
