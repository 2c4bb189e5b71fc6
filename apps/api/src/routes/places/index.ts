import { ApiErrorSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PLACE_NOT_FOUND,
  PlaceDetailsSchema,
  PlaceIdParamsSchema,
  PlaceSearchQuerySchema,
  SearchResultPlaceSchema,
} from '#app/places/schemas.ts'
import { answerKept } from '#app/kept-answer.ts'
import { createVisitorAnswerCache } from '#app/queries/visitor-cache.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/** The routes' options: how long a place search's answer is kept (0, the default, keeps none). */
export interface PlacesRoutesOptions {
  answerCacheTtlMs?: number
}

/**
 * SPEC §7 place search by keyword and place details by place_id, from the configured provider. A
 * search's answer is the same for every caller, logged in or not: it is kept for the cache's
 * lifetime by its address, so the words many visitors type ('manc', 'leeds') are looked up once.
 */
const places: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, options) => {
  const answers = createVisitorAnswerCache({ ttlMs: options.answerCacheTtlMs ?? 0, maxEntries: 2000 })
  app.get(
    '',
    {
      schema: {
        summary: 'Place search by keyword (SPEC §7): towns, villages, postcodes, branches, schools, pubs',
        tags: ['places'],
        querystring: PlaceSearchQuerySchema,
        response: { 200: dataResponseSchema(z.array(SearchResultPlaceSchema)), 400: ApiErrorSchema },
      },
    },
    async (request, reply) => answerKept(answers, request, reply, async () => ({ data: await app.places.search(request.query.keyword) })),
  )

  app.get(
    '/:place_id',
    {
      schema: {
        summary: 'Place details by place_id (SPEC §3 Location)',
        tags: ['places'],
        params: PlaceIdParamsSchema,
        response: { 200: dataResponseSchema(PlaceDetailsSchema), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const place = await app.places.details(request.params.place_id)
      if (!place) return reply.code(404).send({ message: PLACE_NOT_FOUND })
      return { data: place }
    },
  )
}

export default places
