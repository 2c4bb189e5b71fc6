import { ApiErrorSchema, CompanySettingSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_MESSAGES } from '#app/messages.ts'
import { getCompanySetting } from '#app/queries/catalogue.ts'
import { IdParamSchema, dataResponseSchema } from '#app/schemas.ts'

const companySettings: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:setting_id',
    {
      schema: {
        summary: 'A company setting (SPEC §7; 51 = registration intro text)',
        tags: ['catalogue'],
        params: z.object({ setting_id: IdParamSchema }),
        response: { 200: dataResponseSchema(CompanySettingSchema), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const setting = await getCompanySetting(app.db, request.params.setting_id)
      if (!setting) return reply.code(404).send({ message: API_MESSAGES.COMPANY_SETTING_NOT_FOUND })
      return { data: setting }
    },
  )
}

export default companySettings
