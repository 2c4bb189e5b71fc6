import {
  ApiErrorSchema,
  IncludeMediasQuerySchema,
  MapMarkersQuerySchema,
  PropertySearchQuerySchema,
  PropertyStyleSchema,
  PropertyTypeSchema,
} from '@agency/domain'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { canSeeLocked } from '#app/access.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { presentMarker } from '#app/presenters/property.ts'
import { listPropertyStyles, listPropertyTypes } from '#app/queries/catalogue.ts'
import { searchPropertyMarkers } from '#app/queries/properties.ts'
import { catalogueCallerOf, findPropertyDetail, findSimilarCards, searchPropertyList } from '#app/services/catalogue.ts'
import { CardIdsSchema, findCardsByIds } from '#app/services/saved.ts'
import { answerKept } from '#app/kept-answer.ts'
import { isVisitorRequest } from '#app/http-cache.ts'
import { createVisitorAnswerCache } from '#app/queries/visitor-cache.ts'
import {
  ApiPropertyCardSchema,
  ApiPropertyDetailSchema,
  ApiPropertyListResponseSchema,
  ApiPropertyMarkersResponseSchema,
  IdParamSchema,
  dataResponseSchema,
} from '#app/schemas.ts'

/** SPEC §7 reads types and styles with __limit=250; more is never needed. */
const LIMIT_MAX = 250
const LimitQuerySchema = z.object({
  __limit: z.coerce.number().int().min(1).max(LIMIT_MAX).default(LIMIT_MAX),
})

/** `ids=3,1,2`: up to SAVED_PROPERTIES_MAX property ids, comma separated, each once. */
const CardIdsQuerySchema = z.object({ ids: CardIdsSchema })

/** The routes' options: how long a visitor's search answer is kept (0, the default, keeps none). */
export interface PropertiesRoutesOptions {
  visitorCacheTtlMs?: number
}

const properties: FastifyPluginAsyncZod<PropertiesRoutesOptions> = async (app, options) => {
  const visitorAnswers = createVisitorAnswerCache({ ttlMs: options.visitorCacheTtlMs ?? 0 })
  /**
   * A visitor's answer from the cache (every visitor gets the same one): only for requests with no
   * session, no cookie and no credentials at all, as a shared cache would keep them. The cache keeps
   * the answer as the bytes of the JSON text the route's own serializer made of it (checked against the
   * route's response schema once, when it was computed), and those bytes gzipped once for browsers
   * (kept-answer.ts), so a kept answer is sent as it is, neither checked, serialized nor compressed
   * again; every other caller's answer is serialized (and compressed) as usual.
   */
  const forVisitors = async <T extends object>(
    request: { session: unknown; method: string; url: string; headers: Record<string, string | string[] | undefined> },
    reply: FastifyReply,
    load: () => Promise<T>,
  ): Promise<T | FastifyReply> => {
    if (request.session !== null || !isVisitorRequest(request.method, request.headers)) return load()
    return answerKept(visitorAnswers, request, reply, load)
  }

  app.get(
    '/cards',
    {
      schema: {
        summary: "The cards of the given properties still on the market, in the order asked (a visitor's saved properties)",
        tags: ['catalogue'],
        querystring: CardIdsQuerySchema,
        response: { 200: dataResponseSchema(z.array(ApiPropertyCardSchema)), 400: ApiErrorSchema },
      },
    },
    async (request) => ({ data: await findCardsByIds(catalogueCallerOf(request), request.query.ids) }),
  )

  app.get(
    '',
    {
      schema: {
        summary: 'Search properties (SPEC §3 search filters)',
        tags: ['catalogue'],
        querystring: PropertySearchQuerySchema.extend(IncludeMediasQuerySchema.shape),
        response: { 200: ApiPropertyListResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      forVisitors(request, reply, () => searchPropertyList(catalogueCallerOf(request), request.query, { withMedias: request.query.include_medias })),
  )

  // Static paths win over the parametric one in Fastify's router, whatever the order.
  app.get(
    '/markers',
    {
      schema: {
        summary: 'The map markers of a search (same filters, locations and bounds), paged apart from the list',
        tags: ['catalogue'],
        querystring: MapMarkersQuerySchema,
        response: { 200: ApiPropertyMarkersResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      forVisitors(request, reply, async () => {
        const query = request.query
        const context = { media: app.media, canSeeLocked: canSeeLocked(request) }
        const { rows, total, capped } = await searchPropertyMarkers(app.dbFor(request), query, context)
        return {
          data: rows.map((row) => presentMarker(row, context)),
          total,
          ...(capped ? { total_capped: true as const } : {}),
          page: query.page,
          page_size: query.page_size,
        }
      }),
  )

  app.get(
    '/property_types',
    {
      schema: {
        summary: 'Property types (SPEC §3)',
        tags: ['catalogue'],
        querystring: LimitQuerySchema,
        response: { 200: dataResponseSchema(z.array(PropertyTypeSchema)), 400: ApiErrorSchema },
      },
    },
    async (request) => ({ data: await listPropertyTypes(app.dbFor(request), request.query.__limit) }),
  )

  app.get(
    '/property_styles',
    {
      schema: {
        summary: 'Property styles (SPEC §3)',
        tags: ['catalogue'],
        querystring: LimitQuerySchema,
        response: { 200: dataResponseSchema(z.array(PropertyStyleSchema)), 400: ApiErrorSchema },
      },
    },
    async (request) => ({ data: await listPropertyStyles(app.dbFor(request), request.query.__limit) }),
  )

  app.get(
    '/:property_profile_id',
    {
      schema: {
        summary: 'One property',
        tags: ['catalogue'],
        params: z.object({ property_profile_id: IdParamSchema }),
        response: { 200: dataResponseSchema(ApiPropertyDetailSchema), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const detail = await findPropertyDetail(catalogueCallerOf(request), request.params.property_profile_id)
      if (!detail) return reply.code(404).send({ message: API_MESSAGES.PROPERTY_NOT_FOUND })
      // API.md: single objects answer { data }.
      return { data: detail }
    },
  )

  app.get(
    '/:property_profile_id/similar',
    {
      schema: {
        summary: 'Up to 4 properties like this one: same transaction and property type, price within ±20%, same branch area',
        tags: ['catalogue'],
        params: z.object({ property_profile_id: IdParamSchema }),
        response: { 200: dataResponseSchema(z.array(ApiPropertyCardSchema)), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const cards = await findSimilarCards(catalogueCallerOf(request), request.params.property_profile_id)
      if (!cards) return reply.code(404).send({ message: API_MESSAGES.PROPERTY_NOT_FOUND })
      return { data: cards }
    },
  )
}

export default properties
