import { ApiErrorSchema, NEARBY_KINDS, NearbyPlaceSchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  PLACE_NOT_FOUND,
  PlaceDetailsSchema,
  PlaceIdParamsSchema,
  PlaceSearchQuerySchema,
  SearchResultPlaceSchema,
} from '#app/places/schemas.ts'
import { answerKept } from '#app/kept-answer.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { createPlaceSearchLimiter, DEFAULT_PLACE_SEARCH_LIMIT, type PlaceSearchLimit } from '#app/places/search-limit.ts'
import { getNearbyPlaces } from '#app/queries/nearby.ts'
import { createVisitorAnswerCache } from '#app/queries/visitor-cache.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/** GET /api/places/nearby: a position in decimal degrees. */
const NearbyQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
})

/** The routes' options: how long a place search's answer is kept (0, the default, keeps none), and how many searches one address may send. */
export interface PlacesRoutesOptions {
  answerCacheTtlMs?: number
  searchLimit?: PlaceSearchLimit
}

/**
 * SPEC §7 place search by keyword and place details by place_id, from the configured provider. A
 * search's answer is the same for every caller, logged in or not: it is kept for the cache's
 * lifetime by its address, so the words many visitors type ('manc', 'leeds') are looked up once.
 */
const places: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, options) => {
  const answers = createVisitorAnswerCache({ ttlMs: options.answerCacheTtlMs ?? 0, maxEntries: 2000 })
  const limiter = createPlaceSearchLimiter(options.searchLimit ?? DEFAULT_PLACE_SEARCH_LIMIT)
  // Both searches by keyword count against one limit per address.
  const underLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = limiter.hit(request.ip)
    if (wait > 0) {
      return reply.code(429).header('retry-after', String(wait)).header('cache-control', 'no-store').send({ message: API_MESSAGES.TOO_MANY_PLACE_SEARCHES })
    }
  }
  app.get(
    '',
    {
      schema: {
        summary: 'Place search by keyword (SPEC §7): towns, villages, postcodes, branches, schools, pubs',
        tags: ['places'],
        querystring: PlaceSearchQuerySchema,
        response: { 200: dataResponseSchema(z.array(SearchResultPlaceSchema)), 400: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema },
      },
      preHandler: underLimit,
    },
    async (request, reply) => {
      return answerKept(answers, request, reply, async () => ({ data: await app.places.search(request.query.keyword) }))
    },
  )

  app.get(
    '/nearest-spellings',
    {
      schema: {
        summary: 'The places spelt nearest to a keyword the place search finds nothing for, to offer instead',
        tags: ['places'],
        querystring: PlaceSearchQuerySchema,
        response: { 200: dataResponseSchema(z.array(SearchResultPlaceSchema)), 400: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema },
      },
      preHandler: underLimit,
    },
    async (request, reply) => {
      const nearest = app.places.nearestSpellings
      return answerKept(answers, request, reply, async () => ({ data: nearest ? await nearest.call(app.places, request.query.keyword) : [] }))
    },
  )

  app.get(
    '/nearby',
    {
      schema: {
        summary: "The stations, schools and pubs nearest a position (a property page's neighbourhood), with distances in miles",
        tags: ['places'],
        querystring: NearbyQuerySchema,
        response: { 200: dataResponseSchema(z.array(NearbyPlaceSchema)), 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { lat, lng } = request.query
      return answerKept(answers, request, reply, async () => ({ data: await getNearbyPlaces(app.readDb, { lat, lng }, NEARBY_KINDS) }))
    },
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
