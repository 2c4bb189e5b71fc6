import { ApiErrorSchema, RedirectSlugSchema, RedirectTargetSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_MESSAGES } from '#app/messages.ts'
import { findRedirect } from '#app/services/catalogue.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/**
 * SPEC §2 Redirect screen: the URL configured for a slug in company setting 107. Only a configured,
 * valid https URL is ever answered; anything else is a 404, so the site's `/go/:slug` cannot be made
 * to send a visitor elsewhere.
 */
const redirects: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:slug',
    {
      schema: {
        summary: 'The configured target of a redirect slug (SPEC §2 Redirect screen, company setting 107)',
        tags: ['catalogue'],
        params: z.object({ slug: RedirectSlugSchema }),
        response: { 200: dataResponseSchema(RedirectTargetSchema), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const target = await findRedirect(app.db, request.params.slug)
      if (!target) return reply.code(404).send({ message: API_MESSAGES.REDIRECT_NOT_FOUND })
      return { data: target }
    },
  )
}

export default redirects
