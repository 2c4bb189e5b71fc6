/**
 * Saved properties (the shortlist): a heart on every card and property page. A visitor's saves live in
 * the browser and move to their contact when they log in; a logged-in contact's live in the database.
 */
import { z } from 'zod'
import { PropertyCardSchema } from './catalogue.ts'
import { SAVED_PRICE_MAX, SAVED_PROPERTIES_MAX } from './saved-list.ts'

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


