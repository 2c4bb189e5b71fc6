import { SAVED_COPY, SAVED_PROPERTIES_MAX, type SavedProperty } from '@agency/domain'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Answer, Caller } from '#app/auth/caller.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { sessionSeesLocked } from '#app/auth/session.ts'
import { API_MESSAGES } from '#app/messages.ts'
import { presentCard } from '#app/presenters/property.ts'
import { getMediasOf } from '#app/queries/properties.ts'
import { getCardsByIds, listSavedProperties, saveProperty, unsaveProperty } from '#app/queries/saved.ts'
import { IdParamSchema } from '#app/schemas.ts'
import type { CatalogueCaller, PropertyCardView } from './catalogue.ts'

/**
 * Saved properties (SPEC §4 'Saved properties'), for the routes under /contacts/me/saved_properties
 * and /properties/cards and for the saved properties page alike.
 */

/** The ids of `GET /properties/cards`: at most a full shortlist, each once. */
export const CardIdsSchema = z
  .string()
  .max(SAVED_PROPERTIES_MAX * 11)
  .transform((value) => value.split(','))
  .pipe(z.array(IdParamSchema).min(1).max(SAVED_PROPERTIES_MAX, `At most ${SAVED_PROPERTIES_MAX} ids.`))
  .transform((ids) => [...new Set(ids)])

/** The cards of the given properties still on the market, in the order asked, as the caller may see them (a visitor's saved properties). */
export async function findCardsByIds(caller: CatalogueCaller, ids: readonly number[]): Promise<PropertyCardView[]> {
  const context = { media: caller.media, canSeeLocked: caller.canSeeLocked }
  const rows = await getCardsByIds(caller.db, [...ids])
  const medias = await getMediasOf(caller.db, rows.map((row) => row.property_profile_id))
  return rows.map((row) => presentCard(row, medias.get(row.property_profile_id) ?? [], context))
}

/** A contact's saved properties, the latest saved first, each as it is now (a withdrawn one without its card). */
export async function listSavedOf(app: FastifyInstance, session: NonNullable<Caller['session']>): Promise<SavedProperty[]> {
  const rows = await listSavedProperties(app.db, session.contact_id)
  const onMarket = rows.filter((row) => row.availability !== 'withdrawn')
  const medias = await getMediasOf(app.db, onMarket.map((row) => row.property_profile_id))
  const context = { media: app.media, canSeeLocked: sessionSeesLocked(session) }
  return rows.map((row) => {
    const withdrawn = row.availability === 'withdrawn'
    return {
      property_profile_id: row.property_profile_id,
      saved_at: row.saved_at.toISOString(),
      saved_price: row.saved_price,
      on_market: !withdrawn,
      property: withdrawn ? null : presentCard(row, medias.get(row.property_profile_id) ?? [], context),
    }
  })
}

const LOGIN_REQUIRED: Answer = { status: 401, body: { message: ACCOUNT_MESSAGES.LOGIN_REQUIRED } }

/** PUT /contacts/me/saved_properties/:id: saves a property (again: no change), with the price the contact saw. */
export async function saveFor(app: FastifyInstance, caller: Caller, propertyProfileId: number, savedPrice: number | null | undefined): Promise<Answer> {
  if (!caller.session) return LOGIN_REQUIRED
  const outcome = await saveProperty(app.db, caller.session.contact_id, propertyProfileId, savedPrice, { canSeeLocked: sessionSeesLocked(caller.session) })
  if (outcome === 'not_found') return { status: 404, body: { message: API_MESSAGES.PROPERTY_NOT_FOUND } }
  if (outcome === 'full') return { status: 422, body: { message: SAVED_COPY.TOO_MANY, errors: { property_profile_id: [SAVED_COPY.TOO_MANY] } } }
  return { status: 204, body: null }
}

/** DELETE /contacts/me/saved_properties/:id: no change when it was not there. */
export async function unsaveFor(app: FastifyInstance, caller: Caller, propertyProfileId: number): Promise<Answer> {
  if (!caller.session) return LOGIN_REQUIRED
  await unsaveProperty(app.db, caller.session.contact_id, propertyProfileId)
  return { status: 204, body: null }
}
