import { ApiErrorSchema, ContactQuestionListSchema, ContactQuestionTypeSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getContactQuestions, toQuestionProfile } from '#app/alerts/views.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/** SPEC §7 GET contact_questions/{type}: the Circumstances questions of a buyer or tenant alert. */
const contactQuestions: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:type',
    {
      schema: {
        summary: 'The questions of a buyer or tenant alert, with their options (SPEC §7)',
        tags: ['alerts'],
        params: z.object({ type: ContactQuestionTypeSchema }),
        response: { 200: dataResponseSchema(ContactQuestionListSchema), 400: ApiErrorSchema },
      },
    },
    async (request) => ({ data: await getContactQuestions(app.db, toQuestionProfile(request.params.type)) }),
  )
}

export default contactQuestions
