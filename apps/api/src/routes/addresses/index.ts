import { AddressSearchResultSchema, ApiErrorSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AddressQuerySchema } from '#app/services/addresses.ts'

/** GET /addresses?keyword=: suggestions for the contact address of the alert and lead forms, from `app.addressProvider`. */
const addresses: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        summary: 'Address suggestions for the alert and lead forms (the offline provider unless ADDRESS_PROVIDER says otherwise)',
        tags: ['alerts'],
        querystring: AddressQuerySchema,
        response: { 200: z.object({ data: z.array(AddressSearchResultSchema) }), 400: ApiErrorSchema },
      },
    },
    async (request) => ({ data: await app.addressProvider.search(request.query.keyword) }),
  )
}

export default addresses
