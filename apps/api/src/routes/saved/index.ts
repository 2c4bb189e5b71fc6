import { ApiErrorSchema, SAVED_COPY, SavePropertyBodySchema, SavedPropertySchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { canSeeLocked } from '#app/access.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { presentCard } from '#app/presenters/property.ts'
import { getMediasOf } from '#app/queries/properties.ts'
import { listSavedProperties, listSavedPropertyIds, saveProperty, unsaveProperty } from '#app/queries/saved.ts'
import { IdParamSchema, dataResponseSchema } from '#app/schemas.ts'

const LOGIN_REQUIRED = { message: ACCOUNT_MESSAGES.LOGIN_REQUIRED }

const ParamsSchema = z.object({ property_profile_id: IdParamSchema })

/**
 * A logged-in contact's saved properties (GET /contacts/me/saved_properties, PUT and DELETE
 * /contacts/me/saved_properties/:property_profile_id). A visitor's saves stay in their browser; the site
 * moves them here, one PUT each, when they log in.
 */
const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '',
    {
      schema: {
        summary: "The logged-in contact's saved properties, the latest saved first, each as it is now",
        tags: ['contacts'],
        response: { 200: dataResponseSchema(z.array(SavedPropertySchema)), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.session) return reply.code(401).send(LOGIN_REQUIRED)
      const contactId = request.session.contact_id
      const rows = await listSavedProperties(app.db, contactId)
      const onMarket = rows.filter((row) => row.availability !== 'withdrawn')
      const medias = await getMediasOf(app.db, onMarket.map((row) => row.property_profile_id))
      const context = { media: app.media, canSeeLocked: canSeeLocked(request) }
      return {
        data: rows.map((row) => {
          const withdrawn = row.availability === 'withdrawn'
          return {
            property_profile_id: row.property_profile_id,
            saved_at: row.saved_at.toISOString(),
            saved_price: row.saved_price,
            on_market: !withdrawn,
            property: withdrawn ? null : presentCard(row, medias.get(row.property_profile_id) ?? [], context),
          }
        }),
      }
    },
  )

  app.get(
    '/ids',
    {
      schema: {
        summary: "The ids of the logged-in contact's saved properties, for the hearts of every page",
        tags: ['contacts'],
        response: { 200: dataResponseSchema(z.array(z.number().int())), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.session) return reply.code(401).send(LOGIN_REQUIRED)
      return { data: await listSavedPropertyIds(app.db, request.session.contact_id) }
    },
  )

  app.put(
    '/:property_profile_id',
    {
      schema: {
        summary: 'Save a property (again: no change). Body: the price the contact saw when they saved it, if any',
        tags: ['contacts'],
        params: ParamsSchema,
        body: SavePropertyBodySchema.nullish(),
        response: { 204: z.null(), 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.session) return reply.code(401).send(LOGIN_REQUIRED)
      const outcome = await saveProperty(
        app.db,
        request.session.contact_id,
        request.params.property_profile_id,
        request.body?.saved_price,
        { canSeeLocked: canSeeLocked(request) },
      )
      if (outcome === 'not_found') return reply.code(404).send({ message: API_MESSAGES.PROPERTY_NOT_FOUND })
      if (outcome === 'full') {
        return reply.code(422).send({ message: SAVED_COPY.TOO_MANY, errors: { property_profile_id: [SAVED_COPY.TOO_MANY] } })
      }
      return reply.code(204).send(null)
    },
  )

  app.delete(
    '/:property_profile_id',
    {
      schema: {
        summary: 'Remove a property from the saved properties (no change when it was not there)',
        tags: ['contacts'],
        params: ParamsSchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.session) return reply.code(401).send(LOGIN_REQUIRED)
      await unsaveProperty(app.db, request.session.contact_id, request.params.property_profile_id)
      return reply.code(204).send(null)
    },
  )
}

export default savedRoutes
