/**
 * Rightmove BLM v3 (the Real Time / ADF data feed specification) code tables and what each code
 * becomes in our catalogue. Agency software (Jupix, Reapit, Alto, Street, Vebra …) exports its stock
 * in this format; the importer in packages/db reads it with these tables.
 */
import { z } from 'zod'
import { LETTINGS_ADVERT_RULES } from './lettings-advert-rules.ts'
import type { Availability, Furnishing, TransactionTypeId } from './catalogue.ts'
import { TRANSACTION_TYPE } from './catalogue.ts'
import { LOCATION_PRECISIONS } from './geo.ts'
import { COUNCIL_TAX_BAND_LETTERS } from './material-information.ts'

/** The availability a property has once a full feed no longer lists it: kept, never shown. */
export const WITHDRAWN_AVAILABILITY = 'withdrawn'

/** BLM TRANS_TYPE_ID: 1 resale (sales), 2 lettings. */
export const BLM_TRANSACTION_TYPES: Readonly<Record<number, TransactionTypeId>> = {
  1: TRANSACTION_TYPE.SALES,
  2: TRANSACTION_TYPE.LETTINGS,
}

/**
 * BLM STATUS_ID: 0 Available, 1 SSTC, 2 SSTCM (sold subject to conclusion of missives, Scotland),
 * 3 Under Offer, 4 Reserved (lettings), 5 Let Agreed. Reserved shows as Under Offer: a holding deposit
 * is taken but nothing is agreed.
 */
export const BLM_STATUSES: Readonly<Record<number, { label: string; availability: Availability }>> = {
  0: { label: 'Available', availability: 'available' },
  1: { label: 'SSTC', availability: 'sstc' },
  2: { label: 'SSTCM', availability: 'sstc' },
  3: { label: 'Under Offer', availability: 'under_offer' },
  4: { label: 'Reserved', availability: 'under_offer' },
  5: { label: 'Let Agreed', availability: 'let_agreed' },
}

/**
 * BLM PRICE_QUALIFIER, as the price label our cards show. 0 (Default) shows as "Asking Price" for
 * sales and "Per Month" for lettings, the qualifiers the catalogue already uses.
 */
export const BLM_PRICE_QUALIFIERS: Readonly<Record<number, string>> = {
  1: 'POA',
  2: 'Guide Price',
  3: 'Fixed Price',
  4: 'Offers in Excess of',
  5: 'Offers in the Region of',
  6: 'Sale by Tender',
  7: 'From',
  9: 'Shared Ownership',
  10: 'Offers Over',
  11: 'Part Buy Part Rent',
  12: 'Shared Equity',
  15: 'Offers Invited',
  16: 'Coming Soon',
}

/** PRICE_QUALIFIER codes of shared ownership and its relatives: they set the shared ownership flag. */
export const BLM_SHARED_OWNERSHIP_QUALIFIERS: readonly number[] = [9, 11, 12]

/**
 * The price label of a BLM PRICE_QUALIFIER code: the table's label, else the default of the
 * transaction type (an unknown code is read as Default).
 */
export function toBlmPriceQualifier(code: number | null, transactionTypeId: TransactionTypeId): string {
  const label = code === null ? undefined : BLM_PRICE_QUALIFIERS[code]
  if (label) return label
  return transactionTypeId === TRANSACTION_TYPE.LETTINGS ? 'Per Month' : 'Asking Price'
}

/** A catalogue type and style (ids of PROPERTY_TYPES / PROPERTY_STYLES), with the flags a code implies. */
export interface BlmPropertyType {
  property_type_id: number
  property_style_id: number | null
  retirement?: boolean
  house_flat_share?: boolean
}

const house = (style: number | null): BlmPropertyType => ({ property_type_id: 1, property_style_id: style })
const flat = (style: number | null): BlmPropertyType => ({ property_type_id: 2, property_style_id: style })
const bungalow = (style: number | null): BlmPropertyType => ({ property_type_id: 3, property_style_id: style })
const parkHome = (style: number | null): BlmPropertyType => ({ property_type_id: 4, property_style_id: style })
const commercial = (style: number | null): BlmPropertyType => ({ property_type_id: 5, property_style_id: style })
const land = (style: number | null): BlmPropertyType => ({ property_type_id: 6, property_style_id: style })

/**
 * BLM PROP_SUB_ID (Rightmove's property type codes) → our type and style. Codes for overseas
 * property types (finca, trulli, riad …) are left out: an unknown code falls back to a House with no
 * style, and the import reports it.
 */
export const BLM_PROPERTY_TYPES: Readonly<Record<number, BlmPropertyType>> = {
  1: house(3), // Terraced
  2: house(4), // End of Terrace
  3: house(2), // Semi-Detached
  4: house(1), // Detached
  5: house(8), // Mews
  6: house(null), // Cluster House
  7: flat(9), // Ground Flat
  8: flat(9), // Flat
  9: flat(13), // Studio
  10: flat(11), // Ground Maisonette
  11: flat(11), // Maisonette
  12: bungalow(null), // Bungalow
  13: bungalow(16), // Terraced Bungalow
  14: bungalow(15), // Semi-Detached Bungalow
  15: bungalow(14), // Detached Bungalow
  16: parkHome(18), // Mobile Home
  20: land(null), // Land
  21: house(7), // Link Detached House
  22: house(5), // Town House
  23: house(6), // Cottage
  24: bungalow(null), // Chalet
  27: house(1), // Villa
  28: flat(10), // Apartment
  29: flat(12), // Penthouse
  43: house(null), // Barn Conversion
  44: flat(10), // Serviced Apartments
  46: { ...flat(null), retirement: true }, // Sheltered Housing
  47: { ...flat(null), retirement: true }, // Retirement Property
  48: { ...house(null), house_flat_share: true }, // House Share
  49: { ...flat(9), house_flat_share: true }, // Flat Share
  50: parkHome(17), // Park Home
  52: house(1), // Farm House
  56: flat(11), // Duplex
  107: land(24), // Farm Land
  110: land(23), // Plot
  113: house(1), // Country House
  117: parkHome(18), // Caravan
  118: parkHome(19), // Lodge
  119: parkHome(19), // Log Cabin
  120: house(1), // Manor House
  143: flat(null), // Block of Apartments
  178: commercial(20), // Office
  181: commercial(20), // Business Park
  184: commercial(20), // Serviced Office
  187: commercial(21), // Retail Property (High Street)
  190: commercial(21), // Retail Property (Out of Town)
  193: commercial(21), // Convenience Store
  199: commercial(21), // Hairdresser / Barber Shop
  214: commercial(21), // Workshop & Retail Space
  217: commercial(22), // Distribution Warehouse
  220: commercial(22), // Factory
  223: commercial(22), // Heavy Industrial
  226: commercial(22), // Industrial Park
  229: commercial(22), // Light Industrial
  232: commercial(22), // Storage
  235: commercial(21), // Showroom
  238: commercial(22), // Warehouse
  241: land(23), // Land (commercial)
  244: land(23), // Commercial Development
  247: land(23), // Industrial Development
  250: land(23), // Residential Development
  253: commercial(null), // Commercial Property
  259: land(24), // Farm
  268: commercial(null), // Mixed Use
  304: land(24), // Smallholding
  511: house(null), // Coach House
  512: { ...house(null), house_flat_share: true }, // House of Multiple Occupation
}

/** What an unknown or unspecified PROP_SUB_ID (0) becomes. */
export const BLM_DEFAULT_PROPERTY_TYPE: BlmPropertyType = house(null)

/** Our type and style of a PROP_SUB_ID, and whether the code was known. */
export function toBlmPropertyType(code: number | null): { type: BlmPropertyType; known: boolean } {
  const type = code === null ? undefined : BLM_PROPERTY_TYPES[code]
  return type ? { type, known: true } : { type: BLM_DEFAULT_PROPERTY_TYPE, known: code === 0 }
}

/**
 * BLM LET_RENT_FREQUENCY: 0 weekly, 1 monthly, 2 quarterly, 3 annual, 5 per person per week. Each
 * as a factor that turns the rent into per calendar month (our lettings prices are pcm).
 */
export const BLM_RENT_FREQUENCIES: Readonly<Record<number, { label: string; toPcm: number }>> = {
  0: { label: 'Weekly', toPcm: 52 / 12 },
  1: { label: 'Monthly', toPcm: 1 },
  2: { label: 'Quarterly', toPcm: 1 / 3 },
  3: { label: 'Annual', toPcm: 1 / 12 },
  5: { label: 'Per person per week', toPcm: 52 / 12 },
}

/** A rent in whole pounds per calendar month; a missing or unknown frequency is read as monthly. */
export function toBlmRentPcm(rent: number, frequency: number | null): number {
  const factor = (frequency === null ? undefined : BLM_RENT_FREQUENCIES[frequency]?.toPcm) ?? 1
  return Math.round(rent * factor)
}

/** BLM LET_FURN_ID: 0 furnished, 1 part furnished, 2 unfurnished, 3 not specified, 4 furnished or unfurnished. */
export const BLM_FURNISHING: Readonly<Record<number, Exclude<Furnishing, 'any'> | null>> = {
  0: 'furnished',
  1: 'part_furnished',
  2: 'unfurnished',
  3: null,
  4: null,
}

/** BLM LET_TYPE_ID: 0 not specified, 1 long term, 2 short term, 3 student, 4 commercial. 2 is a short let. */
export const BLM_SHORT_LET_TYPE = 2

/** BLM TENURE_TYPE_ID → the tenure our property page shows. */
export const BLM_TENURES: Readonly<Record<number, string>> = {
  1: 'Freehold',
  2: 'Leasehold',
  3: 'Feudal',
  4: 'Commonhold',
  5: 'Share of Freehold',
}

/** Council tax bands a BLM COUNCIL_TAX_BAND may carry (I is Wales only): the UK's (material-information.ts). */
export const BLM_COUNCIL_TAX_BANDS = COUNCIL_TAX_BAND_LETTERS

/**
 * Which stock is pre-market, and so imported locked (SPEC §2: shown to visitors without price, rooms
 * or gallery). By default a record with PUBLISHED_FLAG 0 — kept off the portals by the agency — is
 * pre-market; `statusIds` adds STATUS_ID codes an agency uses for it.
 */
export interface PreMarketRule {
  unpublished: boolean
  statusIds: readonly number[]
}

/** The default pre-market rule: unpublished records are pre-market. */
export const DEFAULT_PRE_MARKET_RULE: PreMarketRule = { unpublished: true, statusIds: [] }

/**
 * Reads a pre-market rule from its configuration text: a comma-separated list of `unpublished`
 * and `status:N`, or `none`. Null when the text is not one.
 */
export function parsePreMarketRule(text: string): PreMarketRule | null {
  const parts = text
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
  if (parts.length === 1 && parts[0] === 'none') return { unpublished: false, statusIds: [] }
  if (parts.length === 0) return null
  const rule = { unpublished: false, statusIds: [] as number[] }
  for (const part of parts) {
    const status = /^status:(\d+)$/.exec(part)
    if (part === 'unpublished') rule.unpublished = true
    else if (status && BLM_STATUSES[Number(status[1])] !== undefined) rule.statusIds.push(Number(status[1]))
    else return null
  }
  return rule
}

/** Whether a record is pre-market under the rule. */
export function isBlmPreMarket(rule: PreMarketRule, record: { published: boolean; statusId: number }): boolean {
  return (rule.unpublished && !record.published) || rule.statusIds.includes(record.statusId)
}

/** A record a feed import could not take (or part of one it could not use), with its line. */
export const FeedImportIssueSchema = z.object({
  line: z.number().int().nullable(),
  agent_ref: z.string().nullable(),
  message: z.string(),
})
/** One issue of a feed import. */
export type FeedImportIssue = z.infer<typeof FeedImportIssueSchema>

/** The outcomes of a feed import run. */
export const FEED_IMPORT_OUTCOMES = ['imported', 'dry_run', 'refused', 'invalid'] as const

/**
 * The report of a feed import run, as the command prints it, the API answers it and `feed_imports`
 * keeps it. `events` counts the alert events the changes call for (new, price changed, released).
 */
export const FeedImportReportSchema = z.object({
  feed_import_id: z.number().int().nullable(),
  source: z.string(),
  outcome: z.enum(FEED_IMPORT_OUTCOMES),
  reason: z.string().nullable(),
  forced: z.boolean(),
  declared_count: z.number().int().nullable(),
  records: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  withdrawn: z.number().int(),
  restored: z.number().int(),
  refused: z.number().int(),
  price_changes: z.number().int(),
  events: z.object({ new: z.number().int(), price_changed: z.number().int(), released: z.number().int() }),
  media: z.object({ stored: z.number().int(), reused: z.number().int(), failed: z.number().int() }),
  errors: z.array(FeedImportIssueSchema),
  warnings: z.array(FeedImportIssueSchema),
  /**
   * The lettings not published because their advert breaks the Renters' Rights Act 2025
   * (lettings-advert.ts): which listing, which rule, in which field, with which words. Each is also
   * one of `errors`, in words.
   */
  advert_refusals: z
    .array(
      FeedImportIssueSchema.extend({
        rule: z.enum(LETTINGS_ADVERT_RULES),
        field: z.string(),
        words: z.string(),
        /** The listing's BLM BRANCH_ID, which tells its branch of the refusal (none: the main office). */
        branch_code: z.number().int().nullable().default(null),
        /** The listing's DISPLAY_ADDRESS, so the branch knows it without the feed file. */
        display_address: z.string().default(''),
      }),
    )
    .default([]),
  /**
   * Every record written by the run, with how exactly it was placed (LOCATION_PRECISIONS): at its
   * postcode, its postcode district's centre or its town's centre. Records the file left unchanged
   * keep their place and are counted in `unchanged` only.
   */
  published: z
    .array(
      z.object({
        line: z.number().int(),
        agent_ref: z.string(),
        outcome: z.enum(['added', 'updated', 'restored']),
        location_precision: z.enum(LOCATION_PRECISIONS),
      }),
    )
    .default([]),
  elapsed_ms: z.number().int(),
})
/** A feed import report. */
export type FeedImportReport = z.infer<typeof FeedImportReportSchema>
