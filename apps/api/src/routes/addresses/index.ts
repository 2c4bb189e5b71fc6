import { AddressSearchResultSchema, ApiErrorSchema, LocationSearchSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AddressProvider } from '#app/addresses/provider.ts'

/** What the address route needs. */
export interface AddressesRoutesOptions {
  provider: AddressProvider
}

const QuerySchema = z.object({
  // SPEC §9: a search input holds at most 256 characters; missing means empty.
  keyword: LocationSearchSchema.shape.keyword.default(''),
})

/** GET /addresses?keyword=: suggestions for the contact address of the alert and lead forms. */
const addresses: FastifyPluginAsyncZod<AddressesRoutesOptions> = async (app, options) => {
  app.get(
    '',
    {
      schema: {
        summary: 'Address suggestions for the alert and lead forms (the offline provider unless ADDRESS_PROVIDER says otherwise)',
        tags: ['alerts'],
        querystring: QuerySchema,
        response: { 200: z.object({ data: z.array(AddressSearchResultSchema) }), 400: ApiErrorSchema },
      },
    },
    async (request) => ({ data: await options.provider.search(request.query.keyword) }),
  )
}

export default addresses
