import { SiteSettingsSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSiteSettings } from '#app/queries/catalogue.ts'
import { dataResponseSchema } from '#app/schemas.ts'

const siteSettings: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        summary: 'Every company setting the site reads, in one answer; a setting not set is its default',
        tags: ['catalogue'],
        response: { 200: dataResponseSchema(SiteSettingsSchema) },
      },
    },
    async () => ({ data: await getSiteSettings(app.db) }),
  )
}

export default siteSettings
