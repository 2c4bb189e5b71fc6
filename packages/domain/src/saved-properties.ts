/**
 * Saved properties (the shortlist): a heart on every card and property page. A visitor's saves live in
 * the browser and move to their contact when they log in; a logged-in contact's live in the database.
 */
import { z } from 'zod'
import { PropertyCardSchema } from './catalogue.ts'
import { toPriceLabel } from './format.ts'

/** The most properties one shortlist keeps, in the browser and in the database alike. */
export const SAVED_PROPERTIES_MAX = 200

/** The highest price a saved price may carry (£1bn): far above any listing, within a 4-byte integer. */
const SAVED_PRICE_MAX = 1_000_000_000

/** The words of the shortlist. */
export const SAVED_COPY = {
  TITLE: 'Saved properties',
  SAVE: 'Save property',
  SAVED: 'Saved',
  /** The heart's accessible name once pressed: pressing it again removes the property. */
  REMOVE: 'Remove from saved properties',
  EMPTY: 'You have not saved any properties yet. Press the heart on a property to keep it here.',
  NO_LONGER_ON_MARKET: 'No longer on the market',
  KEPT_IN_BROWSER: 'These properties are kept in this browser. Log in to keep them on any device.',
  NEEDS_JAVASCRIPT: 'Your saved properties are kept in this browser. Turn on JavaScript, or log in, to see them.',
  LOADING: 'Loading your saved properties…',
  LOAD_FAILED: 'Your saved properties could not be loaded. Please try again.',
  TOO_MANY: `You can save up to ${SAVED_PROPERTIES_MAX} properties. Remove one to save another.`,
  LOGIN_TO_SAVE: 'Log in to save properties.',
} as const

/** PUT /contacts/me/saved_properties/:id: the price the contact saw when they saved it, when it was shown. */
export const SavePropertyBodySchema = z
  .object({ saved_price: z.number().int().min(0).max(SAVED_PRICE_MAX).nullable().optional() })
  .strict()
export type SavePropertyBody = z.infer<typeof SavePropertyBodySchema>

/**
 * A saved property as the saved list shows it: its card as the contact may see it now, or null once it
 * is no longer on the market (withdrawn by the agency), and the price it had when it was saved.
 */
export const SavedPropertySchema = z.object({
  property_profile_id: z.number().int(),
  saved_at: z.string(),
  saved_price: z.number().int().nullable(),
  on_market: z.boolean(),
  property: PropertyCardSchema.nullable(),
})
export type SavedProperty = z.infer<typeof SavedPropertySchema>

/** A save kept in the browser before login. */
export const BrowserSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  saved_price: z.number().int().min(0).max(SAVED_PRICE_MAX).nullable(),
  saved_at: z.string().max(40),
})
export type BrowserSave = z.infer<typeof BrowserSaveSchema>

/**
 * What the saved list says of a property's price since it was saved: 'Price reduced from £450,000',
 * 'Price increased from £1,100 PCM', or null when it is unchanged, unknown or hidden.
 */
export function toSavedPriceNote(saved: Pick<SavedProperty, 'saved_price' | 'property'>): string | null {
  const now = saved.property?.price?.numberPrice
  if (saved.saved_price === null || now === undefined || now === saved.saved_price || !saved.property) return null
  const label = toPriceLabel(saved.saved_price, saved.property.transaction_type_id === 2 ? 'lettings' : 'sales')
  return now < saved.saved_price ? `Price reduced from ${label}` : `Price increased from ${label}`
}

/**
 * Merges saves into a shortlist: each property once (the earlier save wins, it carries the price first
 * seen), newest first, at most SAVED_PROPERTIES_MAX.
 */
export function mergeSaves(...lists: readonly (readonly BrowserSave[])[]): BrowserSave[] {
  const byId = new Map<number, BrowserSave>()
  for (const save of lists.flat()) {
    const known = byId.get(save.id)
    if (!known || save.saved_at < known.saved_at) byId.set(save.id, save)
  }
  return [...byId.values()].sort((a, b) => (a.saved_at < b.saved_at ? 1 : a.saved_at > b.saved_at ? -1 : 0)).slice(0, SAVED_PROPERTIES_MAX)
}
