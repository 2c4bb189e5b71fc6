import type { PropertyEventKind } from '@agency/domain'
import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { priceHistory, properties, propertyEvents } from './schema/index.ts'

/** A property event to record (packages/domain PROPERTY_EVENT_KINDS). */
export interface PropertyEventInput {
  property_profile_id: number
  kind: PropertyEventKind
  old_price?: number | null
  new_price: number
  is_pre_market: boolean
  /** What made the change: 'feed', 'command', … */
  source: string
}

/** Records property events in the caller's transaction, so that they exist exactly when the change does. */
export async function recordPropertyEvents(tx: Db, events: readonly PropertyEventInput[], now: Date = new Date()): Promise<void> {
  for (let i = 0; i < events.length; i += 2_000) {
    await tx.insert(propertyEvents).values(
      events.slice(i, i + 2_000).map((e) => ({
        property_profile_id: e.property_profile_id,
        kind: e.kind,
        old_price: e.old_price ?? null,
        new_price: e.new_price,
        is_pre_market: e.is_pre_market,
        source: e.source,
        created_at: now,
      })),
    )
  }
}

/** A property as before a change: what decides which events the change raises. */
export interface PropertyState {
  price: number
  availability: string
  is_locked: boolean
}

/**
 * The events a change of a property raises, for the property as it was (`before`, undefined for a new
 * one) and as it is now:
 * - new and available: `pre_market` when locked, else `published`;
 * - coming back to available (from withdrawn, SSTC, under offer, let agreed): `back_on_market`, or
 *   `pre_market` when it comes back locked;
 * - available and locked becoming unlocked: `published` (the open market after the Heads Up);
 * - available and unlocked becoming locked: `pre_market`;
 * - a lower price while available (and not one of the above): `price_reduced`.
 * Nothing for a property that is not available: no alert hears of it.
 */
export function toPropertyEvents(
  id: number,
  before: PropertyState | undefined,
  after: PropertyState,
  source: string,
): PropertyEventInput[] {
  if (after.availability !== 'available') return []
  const base = { property_profile_id: id, new_price: after.price, is_pre_market: after.is_locked, source }
  if (!before) return [{ ...base, kind: after.is_locked ? 'pre_market' : 'published' }]
  if (before.availability !== 'available') return [{ ...base, kind: after.is_locked ? 'pre_market' : 'back_on_market' }]
  if (before.is_locked !== after.is_locked) return [{ ...base, kind: after.is_locked ? 'pre_market' : 'published' }]
  if (after.price < before.price) return [{ ...base, kind: 'price_reduced', old_price: before.price }]
  return []
}

/** A change made by hand (`npm run property`). */
export type PropertyCommand =
  | { action: 'publish'; id: number }
  | { action: 'release'; id: number }
  /** Without a price: 5 % less (toReducedPrice). */
  | { action: 'reprice'; id: number; price?: number }

/** A price 5 % lower, rounded down to £1,000 (£5 below £10,000, as rents are): a reduction an alert hears of. */
export function toReducedPrice(price: number): number {
  const step = price >= 10_000 ? 1_000 : 5
  return Math.max(step, Math.floor((price * 0.95) / step) * step)
}

/** What a command did. */
export interface PropertyCommandResult {
  /** 1 sales, 2 lettings (prices per calendar month). */
  transaction_type_id: number
  before: PropertyState
  after: PropertyState
  events: PropertyEventInput[]
}

/**
 * Publishes (open market: available, unlocked), releases (pre-market: available, locked) or
 * reprices a property (by default 5 % less), with its price history and events, in one transaction. null when there is no
 * such property.
 */
export async function runPropertyCommand(db: Db, command: PropertyCommand, now: Date = new Date()): Promise<PropertyCommandResult | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        transaction_type_id: properties.transaction_type_id,
        price: properties.price,
        availability: properties.availability,
        is_locked: properties.is_locked,
      })
      .from(properties)
      .where(eq(properties.property_profile_id, command.id))
      .for('update')
    if (!found) return null
    const { transaction_type_id, ...row } = found
    const after: PropertyState =
      command.action === 'reprice'
        ? { ...row, price: command.price ?? toReducedPrice(row.price) }
        : { price: row.price, availability: 'available', is_locked: command.action === 'release' }
    await tx
      .update(properties)
      .set({ price: after.price, availability: after.availability, is_locked: after.is_locked, updated_at: now })
      .where(eq(properties.property_profile_id, command.id))
    if (after.price !== row.price) await tx.insert(priceHistory).values({ property_profile_id: command.id, price: after.price, changed_at: now })
    const events = toPropertyEvents(command.id, row, after, 'command')
    await recordPropertyEvents(tx as unknown as Db, events, now)
    return { transaction_type_id, before: row, after, events }
  })
}
