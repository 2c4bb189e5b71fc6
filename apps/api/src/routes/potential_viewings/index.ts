import { ApiErrorSchema, ID_MAX, PotentialViewingSchema } from '@agency/domain'
import { potentialViewings, properties } from '@agency/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { dataResponseSchema } from '#app/schemas.ts'

/** The answer of POST /potential_viewings: what was recorded (the UTC day it counts for). */
export const PotentialViewingAnswerSchema = dataResponseSchema(PotentialViewingSchema)

/** The UTC day of `now`, 'YYYY-MM-DD'. */
function toDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/**
 * SPEC §7 'recording a potential viewing': a logged-in applicant opened a property page. Recorded once
 * per contact, property and day, so a page opened again the same day changes nothing.
 */
const potentialViewingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      schema: {
        summary: "Record that the logged-in contact opened a property page (SPEC §7 'recording a potential viewing'); once per property and day",
        tags: ['contacts'],
        body: z.object({ property_profile_id: z.number().int().positive().max(ID_MAX) }),
        response: { 200: PotentialViewingAnswerSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const session = request.session
      if (!session) return reply.code(401).send({ message: ACCOUNT_MESSAGES.LOGIN_REQUIRED })
      const id = request.body.property_profile_id
      const [property] = await app.db.select({ id: properties.property_profile_id }).from(properties).where(eq(properties.property_profile_id, id))
      if (!property) return reply.code(404).send({ message: API_MESSAGES.PROPERTY_NOT_FOUND })
      const now = app.sessions.settings.now()
      const viewedOn = toDay(now)
      await app.db
        .insert(potentialViewings)
        .values({
          contact_id: session.contact_id,
          property_profile_id: id,
          viewed_on: viewedOn,
          contact_applicant_id: session.active_contact_applicant_id,
          created_at: now,
        })
        .onConflictDoNothing()
      return { data: { property_profile_id: id, viewed_on: viewedOn } }
    },
  )
}

export default potentialViewingsRoutes
