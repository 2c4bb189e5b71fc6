/**
 * The API's response schemas: the domain contract, narrowed so that a card or detail redacted for
 * the caller cannot carry what a visitor must not see. The serialiser checks every answer against
 * them; a locked card with a price fails serialisation instead of leaking.
 */
import {
  EpcSchema,
  FloorPlanSchema,
  MediaSchema,
  PriceHistoryEntrySchema,
  PropertyCardSchema,
  PropertyDetailSchema,
  PropertyListResponseSchema,
  toLockedHeading,
} from '@agency/domain'
import { z } from 'zod'

const BLURRED_IMAGE = z
  .string()
  .regex(/\/api\/media\/[pfe]\d+\/blurred$/)
  .nullable()

/** What a locked card shows a visitor (SPEC §2 locked card, §6 visitor). */
const LOCKED_CARD_FIELDS = {
  is_locked: z.literal(true),
  image: BLURRED_IMAGE,
  advert_heading: z.enum([toLockedHeading('sales'), toLockedHeading('lettings')]),
  full_address: z.null(),
  price: z.null(),
  bedroom: z.null(),
  bathroom: z.null(),
  reception: z.null(),
  summary: z.null(),
  medias: z.array(MediaSchema).max(0),
}

const LOCKED_DETAIL_FIELDS = {
  ...LOCKED_CARD_FIELDS,
  description: z.null(),
  features: z.array(z.string()).max(0),
  floor_plans: z.array(FloorPlanSchema).max(0),
  epcs: z.array(EpcSchema).max(0),
  postcode: z.null(),
  property_type: z.null(),
  property_style: z.null(),
  material_information: z.null(),
  price_history: z.array(PriceHistoryEntrySchema).max(0),
}

/** A card as answered: in full, or locked for this caller. */
export const ApiPropertyCardSchema = z.discriminatedUnion('is_locked', [
  PropertyCardSchema.extend({ is_locked: z.literal(false) }),
  PropertyCardSchema.extend(LOCKED_CARD_FIELDS),
])

/** The property list as answered. */
export const ApiPropertyListResponseSchema = PropertyListResponseSchema.extend({
  data: z.array(ApiPropertyCardSchema),
})

/** A property detail as answered: in full, or locked for this caller. */
export const ApiPropertyDetailSchema = z.discriminatedUnion('is_locked', [
  PropertyDetailSchema.extend({ is_locked: z.literal(false) }),
  PropertyDetailSchema.extend(LOCKED_DETAIL_FIELDS),
])

/** `{ data: T }`, the single-object answer of API.md. */
export function dataResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item })
}

/** A numeric id in a path: positive and within PostgreSQL's integer range, so no bad id reaches SQL. */
export const IdParamSchema = z.coerce.number().int().min(1).max(2_147_483_647)
