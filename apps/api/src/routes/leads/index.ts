import { ApiErrorSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendAnswer } from '#app/auth/caller.ts'
import { IdempotencyKeyHeadersSchema } from '#app/alerts/idempotency.ts'
import { EnquiryBodySchema, LeadEnquiryAnswerSchema, sendEnquiry } from '#app/services/leads.ts'

/** SPEC §7 POST leads/enquiry; how enquiries are taken is `app.leadEnquiries` (services/leads.ts). */
const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
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
        headers: IdempotencyKeyHeadersSchema,
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
    async (request, reply) => sendAnswer(reply, await sendEnquiry(app, request, reply, request.body)),
  )
}

export default leadsRoutes
