import { LocationSearchSchema } from '@agency/domain'
import { z } from 'zod'
import type { AddressProvider } from '#app/addresses/provider.ts'

/**
 * Address suggestions for the alert and lead forms (GET /addresses), for the route and the site's
 * services alike: the same provider, and the same check of the keyword.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Where address suggestions come from (set where the address route is registered), for the route and the site's services. */
    addressProvider: AddressProvider
  }
}

/** GET /addresses' query. */
export const AddressQuerySchema = z.object({
  // SPEC §9: a search input holds at most 256 characters; missing means empty.
  keyword: LocationSearchSchema.shape.keyword.default(''),
})
