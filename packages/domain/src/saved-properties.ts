/**
 * Saved properties (the shortlist): a heart on every card and property page. A visitor's saves live in
 * the browser and move to their contact when they log in; a logged-in contact's live in the database.
 */
import { z } from 'zod'
import { PropertyCardSchema } from './catalogue.schema.ts'
import { toPriceLabel } from './format.ts'
import { SAVED_PRICE_MAX } from './saved-list.ts'

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

/** A save kept in the browser before login, as the merge on login reads it. */
export const BrowserSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  saved_price: z.number().int().min(0).max(SAVED_PRICE_MAX).nullable(),
  saved_at: z.string().max(40),
})



/** A saved property as the price note reads it. */
export interface SavedPriceFacts {
  saved_price: number | null
  property: { transaction_type_id: number; price: { numberPrice: number } | null } | null
}

/**
 * What the saved list says of a property's price since it was saved: 'Price reduced from £450,000',
 * 'Price increased from £1,100 PCM', or null when it is unchanged, unknown or hidden.
 */
export function toSavedPriceNote(saved: SavedPriceFacts): string | null {
  const now = saved.property?.price?.numberPrice
  if (saved.saved_price === null || now === undefined || now === saved.saved_price || !saved.property) return null
  const label = toPriceLabel(saved.saved_price, saved.property.transaction_type_id === 2 ? 'lettings' : 'sales')
  return now < saved.saved_price ? `Price reduced from ${label}` : `Price increased from ${label}`
}

