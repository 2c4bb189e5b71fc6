import { SAVED_PROPERTIES_MAX, WITHDRAWN_AVAILABILITY } from '@agency/domain'
import { properties, savedProperties, type Db } from '@agency/db'
import { TransactionRollbackError, and, count, desc, eq, inArray, ne } from 'drizzle-orm'
import { cardColumns, type PropertyCardRow, type SearchAudience } from './properties.ts'

/** A saved property with its card row as it is now. */
export type SavedRow = PropertyCardRow & { saved_price: number | null; saved_at: Date }

/** A contact's saved properties, the latest saved first, each with its property as it is now. */
export function listSavedProperties(db: Db, contactId: number): Promise<SavedRow[]> {
  return db
    .select({ ...cardColumns, saved_price: savedProperties.saved_price, saved_at: savedProperties.saved_at })
    .from(savedProperties)
    .innerJoin(properties, eq(properties.property_profile_id, savedProperties.property_profile_id))
    .where(eq(savedProperties.contact_id, contactId))
    .orderBy(desc(savedProperties.saved_at), desc(savedProperties.property_profile_id))
    .limit(SAVED_PROPERTIES_MAX)
}

/** The ids of a contact's saved properties, the latest saved first. */
export async function listSavedPropertyIds(db: Db, contactId: number): Promise<number[]> {
  const rows = await db
    .select({ id: savedProperties.property_profile_id })
    .from(savedProperties)
    .where(eq(savedProperties.contact_id, contactId))
    .orderBy(desc(savedProperties.saved_at), desc(savedProperties.property_profile_id))
    .limit(SAVED_PROPERTIES_MAX)
  return rows.map((row) => row.id)
}

/** What saving a property did. */
export type SaveOutcome = 'saved' | 'not_found' | 'full'

/**
 * Saves a property to a contact's shortlist; saving it again changes nothing. A property no longer on
 * the market cannot be saved. `savedPrice` is the price the contact saw, else the price they may see
 * now (none of a locked property they may not see). At most SAVED_PROPERTIES_MAX saves, counted in
 * the insert's transaction.
 */
export async function saveProperty(
  db: Db,
  contactId: number,
  propertyId: number,
  savedPrice: number | null | undefined,
  audience: SearchAudience,
): Promise<SaveOutcome> {
  const [property] = await db
    .select({ price: properties.price, is_locked: properties.is_locked })
    .from(properties)
    .where(and(eq(properties.property_profile_id, propertyId), ne(properties.availability, WITHDRAWN_AVAILABILITY)))
  if (!property) return 'not_found'
  const visiblePrice = property.is_locked && !audience.canSeeLocked ? null : property.price
  const price = savedPrice === undefined ? visiblePrice : savedPrice
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(savedProperties)
      .values({ contact_id: contactId, property_profile_id: propertyId, saved_price: price })
      .onConflictDoNothing()
      .returning({ id: savedProperties.property_profile_id })
    if (!inserted.length) return 'saved' as const
    const [counted] = await tx.select({ n: count() }).from(savedProperties).where(eq(savedProperties.contact_id, contactId))
    if ((counted?.n ?? 0) <= SAVED_PROPERTIES_MAX) return 'saved' as const
    // One too many: take it back (the rollback keeps the shortlist as it was).
    tx.rollback()
    return 'full' as const
  }).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return 'full' as const
    throw error
  })
}

/** Removes a property from a contact's shortlist (nothing happens when it was not there). */
export async function unsaveProperty(db: Db, contactId: number, propertyId: number): Promise<void> {
  await db
    .delete(savedProperties)
    .where(and(eq(savedProperties.contact_id, contactId), eq(savedProperties.property_profile_id, propertyId)))
}

/** The cards of the given properties that are on the market, in the order asked. */
export async function getCardsByIds(db: Db, ids: readonly number[]): Promise<PropertyCardRow[]> {
  if (!ids.length) return []
  const rows = await db
    .select(cardColumns)
    .from(properties)
    .where(and(inArray(properties.property_profile_id, [...ids]), ne(properties.availability, WITHDRAWN_AVAILABILITY)))
  const byId = new Map(rows.map((row) => [row.property_profile_id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
