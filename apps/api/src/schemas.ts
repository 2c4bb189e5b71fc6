/**
 * The API's response schemas: the domain contract, narrowed so that a card or detail redacted for
 * the caller cannot carry what a visitor must not see. The serialiser checks every answer against
 * them; a locked card with a price fails serialisation instead of leaking.
 */
import {
  CompanySettingSchema,
  CONTROL_CHARACTERS_MESSAGE,
  EpcSchema,
  FloorPlanSchema,
  IdSchema,
  MediaSchema,
  PriceHistoryEntrySchema,
  PropertyCardSchema,
  PropertyDetailSchema,
  PropertyListResponseSchema,
  PropertyMarkerSchema,
  PropertyMarkersResponseSchema,
  findControlCharacters,
  toLockedHeading,
} from '@agency/domain'
import type { FastifySchemaCompiler } from 'fastify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { ResponseSerializationError, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Answer } from '#app/auth/caller.ts'
import { toValidationError } from '#app/plugins/errors.ts'

// A media key (MEDIA_KEY_PATTERN) and the blurred variant, nothing else.
const BLURRED_IMAGE = z
  .string()
  .regex(/\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\/blurred$/)
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

/**
 * A search's card as answered: a card as above, whose photo list (`medias`) is left out when the
 * search asks for none (`include_medias=false`).
 */
export const ApiSearchCardSchema = z.discriminatedUnion('is_locked', [
  PropertyCardSchema.extend({ is_locked: z.literal(false), medias: PropertyCardSchema.shape.medias.optional() }),
  PropertyCardSchema.extend({ ...LOCKED_CARD_FIELDS, medias: LOCKED_CARD_FIELDS.medias.optional() }),
])

/** The property list as answered. */
export const ApiPropertyListResponseSchema = PropertyListResponseSchema.extend({
  data: z.array(ApiSearchCardSchema),
})

/** A map marker as answered: in full, or locked for this caller (no price, no rooms, blurred picture). */
export const ApiPropertyMarkerSchema = z.discriminatedUnion('is_locked', [
  PropertyMarkerSchema.extend({ is_locked: z.literal(false) }),
  PropertyMarkerSchema.extend({
    is_locked: z.literal(true),
    image: BLURRED_IMAGE,
    advert_heading: LOCKED_CARD_FIELDS.advert_heading,
    price: z.null(),
    pin_price: z.null(),
    bedroom: z.null(),
  }),
])

/** The map markers as answered. */
export const ApiPropertyMarkersResponseSchema = PropertyMarkersResponseSchema.extend({
  data: z.array(ApiPropertyMarkerSchema),
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

/**
 * A numeric id in a path: the domain's one id schema (decimal digits only, canonical, within
 * PostgreSQL's integer range), so no bad id reaches SQL and no record has two addresses.
 */
export const IdParamSchema = IdSchema

/**
 * Every part of a request (params, query, body) as the API takes it: first free of the control
 * characters no text may hold (a NUL byte, which PostgreSQL refuses, anywhere — in a value the route
 * reads as `unknown`, or an object key, too), then the route's own schema.
 */
const ControlCharacterFreeSchema = z.unknown().superRefine((value, ctx) => {
  const path = findControlCharacters(value)
  if (path) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, path })
})

/**
 * The API's validator: the route's zod schema behind the control-character check, so a 400 in the
 * API's error format refuses them for every route at the boundary, whatever its schema says.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: ControlCharacterFreeSchema.pipe(route.schema) })

/**
 * A request part checked as the API's validator checks it (the control characters, then the route's
 * `schema`), for the same work called without an HTTP request (the site's services): its data, or
 * the 400 answer the route gives for it.
 */
export function checkRequestPart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: 'body' | 'params' | 'headers',
): { ok: true; data: z.output<S> } | { ok: false; answer: Answer } {
  const checked = ControlCharacterFreeSchema.pipe(schema).safeParse(value)
  if (checked.success) return { ok: true, data: checked.data as z.output<S> }
  // As fastify-type-provider-zod reports an issue: its path as a JSON pointer.
  const issues = checked.error.issues.map((issue) => ({ instancePath: `/${issue.path.join('/')}`, message: issue.message }))
  return { ok: false, answer: { status: 400, body: toValidationError(issues, part) } }
}

/**
 * The API's serialiser: each route's response schema compiled once (zod's ahead-of-time `z.compile`,
 * which falls back to the ordinary parser for what it cannot compile), checking an answer and keeping
 * only the fields its schema names before it is written as JSON. The response schemas have no
 * transform or codec, so reading an answer forward is the same as encoding it (fastify-type-provider-zod's
 * serialiser encodes, a path zod does not compile): a search page's 24 cards took a tenth of the
 * server's thread to check and write.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: a response schema is not a zod schema`)
  const compiled = z.compile(schema)
  return (data) => {
    const result = compiled.safeParse(data)
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error })
    return JSON.stringify(result.data)
  }
}

// A company setting's value is any JSON value, a recursive schema: the document names it once among
// its components, where its references point.
if (!z.globalRegistry.has(CompanySettingSchema.shape.value)) z.globalRegistry.add(CompanySettingSchema.shape.value, { id: 'JsonValue' })
