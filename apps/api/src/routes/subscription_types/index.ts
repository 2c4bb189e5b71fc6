import { SubscriptionTypeSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSubscriptionTypes } from '#app/alerts/views.ts'

/** GET /subscription_types: what the alert form's consent checkbox subscribes to. */
const subscriptionTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        summary: 'What the consent checkbox of the alert form subscribes to',
        tags: ['alerts'],
        response: { 200: z.object({ data: z.array(SubscriptionTypeSchema) }) },
      },
    },
    async () => ({ data: await getSubscriptionTypes(app.db) }),
  )
}

export default subscriptionTypesRoutes
