import { ApiErrorSchema, SavePropertyBodySchema, SavedPropertySchema } from '@agency/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendAnswer } from '#app/auth/caller.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { listSavedPropertyIds } from '#app/queries/saved.ts'
import { listSavedOf, saveFor, unsaveFor } from '#app/services/saved.ts'
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
      return { data: await listSavedOf(app, request.session) }
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
    async (request, reply) => sendAnswer(reply, await saveFor(app, request, request.params.property_profile_id, request.body?.saved_price)),
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
    async (request, reply) => sendAnswer(reply, await unsaveFor(app, request, request.params.property_profile_id)),
  )
}

export default savedRoutes
