/**
 * The catalogue's wire contract: the JSON shapes of SPEC §3 (Property card, Media, Floor plan, EPC,
 * Map marker, Property type/style) and the search query of SPEC §3 "Search filters", as zod schemas.
 * The API validates its answers with these; the api-client parses with them; the web reads their types.
 * The plain values they use (option lists, parameter formats) are in catalogue.ts.
 */
import { z } from 'zod'
import {
  ADDED_WITHIN_DAYS_VALUES,
  BOUNDS_PARAM_MESSAGE,
  FURNISHING_VALUES,
  INCLUSION_VALUES,
  KEYWORDS_MAX_LENGTH,
  LOCATION_PARAM_MESSAGE,
  MAX_LOCATIONS,
  MUST_HAVE_VALUES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SORT_VALUES,
} from './catalogue.ts'
import { EPC_RATINGS } from './epc.ts'
import { LOCATION_PRECISIONS } from './geo.ts'
import { IdSchema } from './ids.schema.ts'
import { lineText } from './text.ts'
import { WEEKDAYS } from './branch.ts'

/** SPEC §3 Media. Flags say what kind of media it is; `background` is the picture to show. */
export const MediaSchema = z.object({
  /** The media's opaque key (a random UUID), not a serial number: ids must not count a property's media. */
  property_profile_media_id: z.string(),
  background: z.string(),
  mediaLink: z.string(),
  isDownloadable: z.boolean(),
  isIframePlayable: z.boolean(),
  isVirtualTour: z.boolean(),
})
/** SPEC §3 Media. */
export type Media = z.infer<typeof MediaSchema>

/** SPEC §3 Floor plan. */
export const FloorPlanSchema = z.object({ image: z.string() })
/** SPEC §3 Floor plan. */
export type FloorPlan = z.infer<typeof FloorPlanSchema>

/** SPEC §3 EPC: an image, or a PDF at fileURL. */
export const EpcSchema = z.object({ image: z.string(), isPDF: z.boolean(), fileURL: z.string() })
/** SPEC §3 EPC. */
export type Epc = z.infer<typeof EpcSchema>

/**
 * A document of a property other than the EPC (the agency's brochure): its link, the caption the feed
 * gave it, its file type and its size in bytes when known.
 */
export const PropertyDocumentSchema = z.object({
  url: z.string(),
  caption: z.string().nullable(),
  file_type: z.literal('PDF'),
  size_bytes: z.number().int().nullable(),
})
/** A property document. */
export type PropertyDocument = z.infer<typeof PropertyDocumentSchema>

/** SPEC §3 price: qualifier name, formatted price, and the number in whole pounds (pcm for lettings). */
export const PriceSchema = z.object({
  type: z.object({ name: z.string() }),
  price: z.string(),
  numberPrice: z.number().int(),
})
/** SPEC §3 price. */
export type Price = z.infer<typeof PriceSchema>

/** A match explanation line for the card tooltip ("Within 3 miles of Leeds"). */
export const MatchReasonSchema = z.object({ label: z.string(), matched: z.boolean() })

/**
 * SPEC §3 Property card, plus lat/lng for maps. For a visitor, a locked card carries no price, rooms,
 * summary or medias (null / empty) and its image is the server-blurred derivative.
 */
export const PropertyCardSchema = z.object({
  property_profile_id: z.number().int(),
  image: z.string().nullable(),
  is_locked: z.boolean(),
  /**
   * Whether the property is pre-market (SPEC §1), whatever the caller may see of it: a registered
   * applicant, for whom it is not locked, is told it is early access (LABELS.PRE_MARKET_EARLY_ACCESS).
   */
  is_pre_market: z.boolean().optional(),
  custom_property_status_title: z.string().nullable(),
  advert_heading: z.string(),
  display_address: z.string(),
  full_address: z.string().nullable(),
  price: PriceSchema.nullable(),
  bedroom: z.number().int().nullable(),
  bathroom: z.number().int().nullable(),
  reception: z.number().int().nullable(),
  summary: z.string().nullable(),
  detail_page_url: z.string(),
  match_percentage: z.number().int().min(0).max(100).nullable(),
  match_reasons: z.array(MatchReasonSchema).optional(),
  medias: z.array(MediaSchema),
  /** How many photos its gallery has (a card says '12 photos'); null where the caller may not see them (a locked card). */
  photo_count: z.number().int().nonnegative().nullable().optional(),
  transaction_type_id: z.union([z.literal(1), z.literal(2)]),
  branch_id: z.number().int().nullable(),
  lat: z.number(),
  lng: z.number(),
  /**
   * How the property was placed (LOCATION_PRECISIONS): anything but 'postcode' is approximate. A locked
   * card's lat/lng are rounded to about a kilometre besides.
   */
  location_precision: z.enum(LOCATION_PRECISIONS).default('postcode'),
  distance: z.number().nullable().optional(),
  created_at: z.string(),
  /** In a search, when the last price change was a reduction: when it was made; null when the price did not fall. */
  reduced_at: z.string().nullable().optional(),
})
/** SPEC §3 Property card. */
export type PropertyCard = z.infer<typeof PropertyCardSchema>

/** SPEC §3 Map marker: a branch as a map marker, with the branch's contact details. */
export const BranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  branchName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  button: z.boolean(),
  buttonLabel: z.string(),
  businessLink: z.string(),
  markerImage: z.string().nullable(),
  color: z.string(),
  version: z.number().int(),
})
/** SPEC §3 Map marker / branch. */
export type Branch = z.infer<typeof BranchSchema>

/** A time of day as 24-hour 'HH:MM'. */
const TimeOfDaySchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'A time must be HH:MM, 24-hour.')

/** When a branch is open on one day of the week; a day not listed is closed. */
export const OpeningHoursSchema = z
  .object({ day: z.enum(WEEKDAYS), opens: TimeOfDaySchema, closes: TimeOfDaySchema })
  .refine((hours) => hours.opens < hours.closes, 'A branch closes after it opens.')
/** One day's opening hours. */
export type OpeningHours = z.infer<typeof OpeningHoursSchema>

/** Someone who works at a branch, as its page introduces them. */
export const TeamMemberSchema = z.object({ name: z.string().min(1).max(100), role: z.string().min(1).max(100) })
/** A member of a branch's team. */
export type TeamMember = z.infer<typeof TeamMemberSchema>

/** A branch's own page: the map marker's fields, its opening hours and its team. */
export const BranchDetailsSchema = BranchSchema.extend({
  openingHours: z.array(OpeningHoursSchema).max(7),
  team: z.array(TeamMemberSchema).max(50),
})
/** A branch with everything its page shows. */
export type BranchDetails = z.infer<typeof BranchDetailsSchema>

/** SPEC §3 Property type. */
export const PropertyTypeSchema = z.object({ property_type_id: z.number().int(), name: z.string() })
/** SPEC §3 Property type. */
export type PropertyType = z.infer<typeof PropertyTypeSchema>

/** SPEC §3 Property style. */
export const PropertyStyleSchema = z.object({
  property_style_id: z.number().int(),
  property_type_id: z.number().int(),
  name: z.string(),
})
/** SPEC §3 Property style. */
export type PropertyStyle = z.infer<typeof PropertyStyleSchema>

/**
 * UK "material information" shown on the detail page (National Trading Standards parts A–C). Null
 * means not known, which the page shows as 'Ask the agent'. Money in whole pounds (ground rent and
 * service charge a year).
 */
export const MaterialInformationSchema = z.object({
  tenure: z.string().nullable(),
  council_tax_band: z.string().nullable(),
  epc_rating: z.string().nullable(),
  furnishing: z.enum(FURNISHING_VALUES).nullable(),
  available_from: z.string().nullable(),
  deposit: z.number().int().nullable(),
  // The rest of parts A–C (MATERIAL_INFORMATION_DETAIL_KEYS).
  epc_potential_rating: z.enum(EPC_RATINGS).nullable(),
  epc_current_score: z.number().int().min(0).nullable(),
  epc_potential_score: z.number().int().min(0).nullable(),
  lease_years_remaining: z.number().int().min(0).nullable(),
  ground_rent: z.number().int().min(0).nullable(),
  service_charge: z.number().int().min(0).nullable(),
  construction: z.string().nullable(),
  electricity_supply: z.string().nullable(),
  water_supply: z.string().nullable(),
  sewerage: z.string().nullable(),
  heating: z.string().nullable(),
  broadband: z.string().nullable(),
  mobile_signal: z.string().nullable(),
  parking: z.string().nullable(),
  building_safety: z.string().nullable(),
  restrictions: z.string().nullable(),
  rights_and_easements: z.string().nullable(),
  flood_risk: z.string().nullable(),
  accessibility: z.string().nullable(),
})
/** UK material information. */
export type MaterialInformation = z.infer<typeof MaterialInformationSchema>

/** One row of price history (a row per price change). */
export const PriceHistoryEntrySchema = z.object({ price: z.number().int(), changed_at: z.string() })

/** Property detail: the card plus description, features, floor plans, EPCs, branch and more. */
export const PropertyDetailSchema = PropertyCardSchema.extend({
  description: z.string().nullable(),
  features: z.array(z.string()),
  floor_plans: z.array(FloorPlanSchema),
  epcs: z.array(EpcSchema),
  /** The brochures (beyond SPEC §3); none for a locked property its caller may not see. */
  documents: z.array(PropertyDocumentSchema).default([]),
  branch: BranchSchema.nullable(),
  property_type: PropertyTypeSchema.nullable(),
  property_style: PropertyStyleSchema.nullable(),
  postcode: z.string().nullable(),
  material_information: MaterialInformationSchema.nullable(),
  price_history: z.array(PriceHistoryEntrySchema),
  updated_at: z.string(),
})
/** Property detail. */
export type PropertyDetail = z.infer<typeof PropertyDetailSchema>

/** A list answer (API.md conventions). */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
}

/** The property list answer. */
export const PropertyListResponseSchema = listResponseSchema(PropertyCardSchema).extend({
  /** Present (true) when there are more matches than SEARCH_COUNT_LIMIT, which `total` then is. */
  total_capped: z.literal(true).optional(),
})
/** The property list answer. */
export type PropertyListResponse = z.infer<typeof PropertyListResponseSchema>

/** A property card without its photo list (`medias`): what a search answers with `include_medias=false`. */
export const PropertyCardWithoutMediasSchema = PropertyCardSchema.omit({ medias: true })
/** A property card without its photo list. */
export type PropertyCardWithoutMedias = z.infer<typeof PropertyCardWithoutMediasSchema>

/** The property list answer with `include_medias=false`: the same cards, each without its photo list. */
export const PropertyCardsWithoutMediasResponseSchema = listResponseSchema(PropertyCardWithoutMediasSchema).extend({
  total_capped: z.literal(true).optional(),
})
/** The property list answer with `include_medias=false`. */
export type PropertyCardsWithoutMediasResponse = z.infer<typeof PropertyCardsWithoutMediasResponseSchema>

/**
 * GET /api/properties's `include_medias`: `false` answers each card without its photo list, which is
 * three quarters of a search answer's bytes, for a caller that shows a card's one picture (`image`),
 * as the site's list pages do. `true`, the default, answers the cards whole.
 */
export const IncludeMediasQuerySchema = z.object({
  include_medias: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
})

/** A company setting (SPEC §7: setting 51 gives the registration text as data.value). */
export const CompanySettingSchema = z.object({ setting_id: z.number().int(), value: z.json() })
/** A company setting. */
export type CompanySetting = z.infer<typeof CompanySettingSchema>

/** SPEC §2: a promo card of grid v2, inserted at a 1-based position in the list. */
export const PromoCardSchema = z.object({
  position: z.number().int().min(1),
  alt_title: z.string(),
  title: z.string(),
  description: z.string(),
  button_label: z.string(),
  link: z.string(),
  type: z.string(),
})
/** A promo card. */
export type PromoCard = z.infer<typeof PromoCardSchema>

/** The error answer of API.md: 400/422 with field errors, 404 with only a message. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
/** The error answer. */
export type ApiError = z.infer<typeof ApiErrorSchema>

/** A place's bounding box. */
export const BoundsSchema = z.object({
  north: z.number().min(-90).max(90),
  south: z.number().min(-90).max(90),
  east: z.number().min(-180).max(180),
  west: z.number().min(-180).max(180),
})
/** A place's bounding box. */
export type Bounds = z.infer<typeof BoundsSchema>

/**
 * A location filter: centre and radius in miles, and the place's own bounds when known. SPEC §9's
 * radius 0 means "the place's own bounds", and any other radius the bounds and that distance beyond
 * them; a filter without bounds is a circle around its centre (criteria.ts `isWithinLocation`).
 */
export const LocationFilterSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  radius: z.number().min(0).max(40),
  bounds: BoundsSchema.refine((b) => b.south <= b.north, { error: 'south must not lie north of north' }).optional(),
})
/** A location filter. */
export type LocationFilter = z.infer<typeof LocationFilterSchema>

/** SPEC §3 Filter selection item: a type with the chosen styles (empty = the whole type). */
export const PropertyTypeSelectionSchema = z.object({
  property_type_id: z.number().int().positive(),
  property_style_ids: z.array(z.number().int().positive()),
})
/** SPEC §3 Filter selection item. */
export type PropertyTypeSelection = z.infer<typeof PropertyTypeSelectionSchema>

/**
 * One number of a `locations` or `bounds` query value: plain decimal (`-1.54`, `3`), with spaces around
 * it allowed; anything else (`0x10`, `1e1`, `+3`, `.5`, empty) is NaN, which the schemas refuse, so that
 * a place or an area has one address.
 */
function decimalOf(part: string): number {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(part) ? Number(part) : Number.NaN
}

/** Parses one `locations` query value: `lat,lng,radius_miles`, optionally then `south,west,north,east`. */
export function parseLocationParam(value: string): LocationFilter | null {
  const parts = value.split(',')
  if (parts.length !== 3 && parts.length !== 7) return null
  const [lat, lng, radius, south, west, north, east] = parts.map(decimalOf)
  const bounds = parts.length === 7 ? { south, west, north, east } : undefined
  const parsed = LocationFilterSchema.safeParse({ lat, lng, radius, ...(bounds ? { bounds } : {}) })
  return parsed.success ? parsed.data : null
}

/**
 * Parses one `property_types` query value: `TYPE` or `TYPE:STYLE,STYLE` (e.g. `1:1,2`), ids in their
 * canonical decimal form only (ids.ts), so one selection has one URL.
 */
export function parsePropertyTypeParam(value: string): PropertyTypeSelection | null {
  const match = /^([1-9]\d*)(?::([1-9]\d*(?:,[1-9]\d*)*))?$/.exec(value)
  if (!match) return null
  const typeId = Number(match[1])
  const styles = match[2] ? match[2].split(',').map(Number) : []
  const parsed = PropertyTypeSelectionSchema.safeParse({ property_type_id: typeId, property_style_ids: styles })
  return parsed.success ? parsed.data : null
}

/**
 * Parses the `bounds` query value, the visible map area: `south,west,north,east` in decimal degrees.
 * West greater than east is an area across the antimeridian; south must not lie north of north.
 */
export function parseBoundsParam(value: string): Bounds | null {
  const parts = value.split(',')
  if (parts.length !== 4) return null
  const [south, west, north, east] = parts.map(decimalOf)
  const parsed = BoundsSchema.safeParse({ south, west, north, east })
  if (!parsed.success || parsed.data.south > parsed.data.north) return null
  return parsed.data
}

const asArray = (v: unknown): unknown[] => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v])
const optionalCount = z.preprocess(
  (v) => (v === undefined || v === '' || v === 'null' ? null : v),
  z.coerce.number().int().min(0).max(99).nullable(),
)
const priceParam = z.preprocess((v) => (v === undefined || v === '' ? 0 : v), z.coerce.number().int().min(0).max(1_000_000_000))
const inclusionParam = z.preprocess((v) => (v === undefined || v === '' ? 'include' : v), z.enum(INCLUSION_VALUES))
const booleanParam = z.preprocess(
  (v) => (v === undefined || v === '' ? false : v === true || v === 'true' || v === '1' || v === 'on'),
  z.boolean(),
)

/**
 * GET /api/properties query (and the list pages' URL query). Repeatable params arrive as a string or
 * an array; `must_haves` also accepts a comma list. Unknown values are errors, not silently dropped.
 */
export const PropertySearchQuerySchema = z.object({
  // From a URL a string in canonical form; from code (the list pages) the number itself.
  transaction_type_id: z.preprocess(
    (v) => (v === undefined || v === '' ? '1' : v === 1 || v === 2 ? String(v) : v),
    IdSchema.pipe(z.union([z.literal(1), z.literal(2)])),
  ),
  locations: z.preprocess(asArray, z.array(lineText().max(200))).transform((values, ctx) => {
    const out: LocationFilter[] = []
    for (const v of values) {
      const loc = parseLocationParam(v)
      if (!loc) {
        ctx.addIssue({ code: 'custom', message: LOCATION_PARAM_MESSAGE })
        return z.NEVER
      }
      out.push(loc)
    }
    return out
  }).pipe(z.array(LocationFilterSchema).max(MAX_LOCATIONS)),
  /** The visible map area (SPEC §9 map-drag handler): `south,west,north,east`; combined with every other filter. */
  bounds: z.preprocess((v) => (v === undefined || v === '' ? null : v), lineText().max(200).nullable()).transform((value, ctx) => {
    if (value === null) return null
    const bounds = parseBoundsParam(value)
    if (!bounds) {
      ctx.addIssue({ code: 'custom', message: BOUNDS_PARAM_MESSAGE })
      return z.NEVER
    }
    return bounds
  }),
  min_price: priceParam,
  max_price: priceParam,
  min_bedroom: optionalCount,
  max_bedroom: optionalCount,
  min_bathroom: optionalCount,
  max_bathroom: optionalCount,
  min_reception: optionalCount,
  max_reception: optionalCount,
  property_types: z.preprocess(asArray, z.array(lineText().max(200))).transform((values, ctx) => {
    const out: PropertyTypeSelection[] = []
    for (const v of values) {
      const sel = parsePropertyTypeParam(v)
      if (!sel) {
        ctx.addIssue({ code: 'custom', message: 'Each property type must be TYPE or TYPE:STYLE,STYLE.' })
        return z.NEVER
      }
      out.push(sel)
    }
    return out
  }).pipe(z.array(PropertyTypeSelectionSchema).max(50)),
  must_haves: z.preprocess(
    (v) => asArray(v).flatMap((x) => (typeof x === 'string' ? x.split(',').filter(Boolean) : [x])),
    z.array(z.enum(MUST_HAVE_VALUES)),
  ),
  furnishing: z.preprocess((v) => (v === undefined || v === '' ? 'any' : v), z.enum(FURNISHING_VALUES)),
  new_homes: inclusionParam,
  shared_ownership: inclusionParam,
  retirement_homes: inclusionParam,
  short_let: inclusionParam,
  house_flat_share: inclusionParam,
  pets_allowed: inclusionParam,
  bills_included: inclusionParam,
  include_unavailable: booleanParam,
  /** Words searched in the heading, summary, description and features: "a phrase" in quotes, -word to exclude. */
  keywords: z.preprocess((v) => (v === undefined ? '' : v), lineText().trim().max(KEYWORDS_MAX_LENGTH)),
  added_within_days: z.preprocess(
    (v) => (v === undefined || v === '' ? null : typeof v === 'string' && /^[0-9]{1,2}$/.test(v) ? Number(v) : v),
    z.literal(ADDED_WITHIN_DAYS_VALUES).nullable(),
  ),
  /** Only properties whose last price change was a reduction. */
  reduced: booleanParam,
  /** Only the properties of one branch (a branch's page links its list so). */
  branch_id: z.preprocess((v) => (v === undefined || v === '' ? null : typeof v === 'number' ? String(v) : v), IdSchema.nullable()),
  sort: z.preprocess((v) => (v === undefined || v === '' ? 'newest' : v), z.enum(SORT_VALUES)),
  page: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), z.coerce.number().int().min(1).max(10_000)),
  page_size: z.preprocess(
    (v) => (v === undefined || v === '' ? PAGE_SIZE_DEFAULT : v),
    z.coerce.number().int().min(1).max(PAGE_SIZE_MAX),
  ),
})
/** The parsed search query. */
export type PropertySearchQuery = z.infer<typeof PropertySearchQuerySchema>
/** The search query as a caller writes it (before defaults). */
export type PropertySearchInput = z.input<typeof PropertySearchQuerySchema>
