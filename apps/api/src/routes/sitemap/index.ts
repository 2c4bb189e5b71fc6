import { ApiErrorSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SITEMAP_PAGE_MAX } from '#app/queries/extras.ts'
import { findSitemapPage } from '#app/services/catalogue.ts'

const SitemapQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(SITEMAP_PAGE_MAX).default(SITEMAP_PAGE_MAX),
})

const SitemapEntrySchema = z.object({
  property_profile_id: z.number().int(),
  detail_page_url: z.string(),
  updated_at: z.string(),
})

/** The sitemap's property pages, for the site's /sitemap.xml. */
const sitemap: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/properties',
    {
      schema: {
        summary: 'Property pages for the sitemap: every property but the locked (pre-market) ones, in id order, paged by the last id seen',
        tags: ['catalogue'],
        querystring: SitemapQuerySchema,
        response: {
          200: z.object({ data: z.array(SitemapEntrySchema), next_after: z.number().int().nullable() }),
          400: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { after, limit } = request.query
      return findSitemapPage(app.db, after, limit)
    },
  )
}

export default sitemap
