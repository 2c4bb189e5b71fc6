/**
 * Builds one demo property and its children (medias, floor plans, EPCs, price history) from
 * (seed, index) alone, so chunks can be generated in any order and the result never changes.
 */
import { PROPERTY_STYLES, SCOTTISH_TENURE, TRANSACTION_TYPE, isAvailableBy, isResidentialPropertyType, toCouncilTaxBand, toLocalTax, toTenureWording, toUkCountry, type UkCountry } from '@agency/domain'
import type { epcs, floorPlans, priceHistory, properties, propertyMedias } from '../schema/index.ts'
import { PERIOD_EXTERIORS, POOL, exteriorKindsFor, interiorsOf, toEpcChartFile, toEpcPdfFile, toExteriorKind, type EpcRating, type ExteriorKind, type InteriorEra, type InteriorKind } from './pool-layout.ts'
import type { DocumentSpec } from './pool.ts'
import { ExteriorBook } from './exterior-book.ts'
import { hasRoom, toAccommodation, toPlanFile, toPlanSpecs, type Accommodation, type CommercialUse } from './rooms.ts'
import { toMaterialColumns } from './material.ts'
import { REGION_PRICES, scatterAround, toPostcode, type Region, type Town, type TownPicker } from './places.ts'
import { Random, type Weighted } from './random.ts'
import {
  toAdvertHeading,
  toBuildingName,
  toDescription,
  toFeatures,
  toSlug,
  toStreetName,
  toSummary,
  toUnitName,
  type ListingFacts,
} from './words.ts'

/** A row as JSON sends it: timestamps as ISO strings, every column present. */
type JsonRow<T> = { [K in keyof T]-?: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] }

/** A properties row with every column but those PostgreSQL derives (public position and price, postcode keys, search document). */
export type PropertyRow = JsonRow<
  Omit<typeof properties.$inferSelect, 'public_lat' | 'public_lng' | 'public_price' | 'postcode_unit' | 'postcode_district' | 'search_document'>
>
/** A property_medias row without its serial id and key (PostgreSQL draws the key). */
export type MediaRow = Omit<JsonRow<typeof propertyMedias.$inferSelect>, 'property_profile_media_id' | 'media_key'>
/** A floor_plans row without its serial id and key. */
export type FloorPlanRow = Omit<JsonRow<typeof floorPlans.$inferSelect>, 'floor_plan_id' | 'media_key'>
/** An epcs row without its serial id and key. */
export type EpcRow = Omit<JsonRow<typeof epcs.$inferSelect>, 'epc_id' | 'media_key'>
/** A price_history row without its serial id. */
export type PriceRow = Omit<JsonRow<typeof priceHistory.$inferSelect>, 'price_history_id'>

/** One property and everything that hangs off it. */
export interface GeneratedProperty {
  property: PropertyRow
  medias: MediaRow[]
  floorPlans: FloorPlanRow[]
  epcs: EpcRow[]
  prices: PriceRow[]
  /** The documents its rows name (EPC chart and PDF, floor plans), for the run to render. */
  documents: DocumentSpec[]
}

/** A branch as the generator needs it: to give each property its nearest office. */
export interface BranchRef {
  branch_id: number
  branch_name: string
  lat: number
  lng: number
}

/** What every property of one run shares. */
export interface GenerateContext {
  seed: number
  now: Date
  agencyName: string
  towns: TownPicker
  branches: readonly BranchRef[]
  /** The exteriors booked so far in this run (and earlier ones), so lists do not repeat a picture. */
  exteriors?: ExteriorBook
}

type Kind = ListingFacts['kind']

/** The styles of commercial premises (type 5) by their use, and the land style that is a building plot. */
const COMMERCIAL_USES: Partial<Record<number, CommercialUse>> = { 20: 'office', 21: 'retail', 22: 'industrial' }
const BUILDING_PLOT_STYLE = 23

const STYLE_KIND: Record<number, Kind> = { 1: 'house', 2: 'flat', 3: 'bungalow', 4: 'park_home', 5: 'commercial', 6: 'land' }

// Shares of each property type, by market. London has more flats and almost no land or park homes.
const TYPE_MIX: Record<'sales' | 'lettings' | 'london_sales' | 'london_lettings', Weighted<number>> = {
  sales: [[1, 62], [2, 22], [3, 9], [4, 2], [5, 2.5], [6, 2.5]],
  lettings: [[1, 42], [2, 52], [3, 3], [5, 3]],
  london_sales: [[1, 40], [2, 55], [3, 2], [4, 0.5], [5, 2], [6, 0.5]],
  london_lettings: [[1, 25], [2, 72], [5, 3]],
}

// Style weights within each type (style ids of PROPERTY_STYLES).
const STYLE_MIX: Record<number, Weighted<number>> = {
  1: [[1, 22], [2, 30], [3, 26], [4, 9], [5, 5], [6, 4], [7, 2], [8, 2]],
  2: [[9, 42], [10, 36], [11, 10], [12, 2], [13, 10]],
  3: [[14, 55], [15, 35], [16, 10]],
  4: [[17, 60], [18, 15], [19, 25]],
  5: [[20, 40], [21, 40], [22, 20]],
  6: [[23, 55], [24, 45]],
}

const BEDROOM_MIX: Record<number, Weighted<number>> = {
  1: [[2, 4], [3, 30], [4, 40], [5, 20], [6, 6]],
  2: [[2, 15], [3, 65], [4, 18], [5, 2]],
  3: [[1, 3], [2, 40], [3, 47], [4, 9], [5, 1]],
  4: [[1, 3], [2, 40], [3, 47], [4, 9], [5, 1]],
  5: [[3, 50], [4, 40], [5, 10]],
  6: [[1, 10], [2, 45], [3, 35], [4, 10]],
  7: [[3, 50], [4, 50]],
  8: [[2, 40], [3, 50], [4, 10]],
  9: [[1, 45], [2, 45], [3, 10]],
  10: [[1, 40], [2, 50], [3, 10]],
  11: [[1, 10], [2, 60], [3, 30]],
  12: [[2, 40], [3, 50], [4, 10]],
  13: [[0, 1]],
  14: [[2, 35], [3, 45], [4, 20]],
  15: [[1, 10], [2, 55], [3, 35]],
  16: [[1, 20], [2, 65], [3, 15]],
  17: [[1, 35], [2, 65]],
  18: [[1, 50], [2, 50]],
  19: [[2, 60], [3, 40]],
}

// Sale price relative to a three-bedroom semi in the same town.
const STYLE_PRICE: Record<number, number> = {
  1: 1.45, 2: 1, 3: 0.84, 4: 0.88, 5: 1.05, 6: 1.1, 7: 1.25, 8: 1.3,
  9: 0.6, 10: 0.68, 11: 0.62, 12: 1.6, 13: 0.38,
  14: 1.15, 15: 0.95, 16: 0.85,
  17: 0.4, 18: 0.3, 19: 0.5,
}


/** SPEC §9 garden type ids: 1 Back, 2 Communal, 3 Enclosed, 4 Front, 5 Patio, 6 Private, 7 Rear, 8 Terrace. */
const GARDEN_LABELS: Record<number, string> = { 1: 'Back', 2: 'Communal', 3: 'Enclosed', 4: 'Front', 5: 'Patio', 6: 'Private', 7: 'Rear', 8: 'Terrace' }
const HOUSE_GARDENS: Weighted<number> = [[7, 7], [3, 3], [6, 6], [4, 3], [1, 1], [5, 3]]
const FLAT_GARDENS: Weighted<number> = [[2, 5], [8, 3], [5, 2], [6, 2]]

const GARDEN_SHARE: Record<Kind, number> = { house: 0.88, bungalow: 0.92, flat: 0.3, park_home: 0.75, commercial: 0, land: 0 }
const PARKING_SHARE: Record<number, number> = {
  1: 0.92, 2: 0.72, 3: 0.35, 4: 0.45, 5: 0.7, 6: 0.5, 7: 0.9, 8: 0.6,
  9: 0.4, 10: 0.5, 11: 0.45, 12: 0.8, 13: 0.25,
  14: 0.9, 15: 0.8, 16: 0.6, 17: 0.85, 18: 0.8, 19: 0.9, 20: 0.6, 21: 0.3, 22: 0.9, 23: 0, 24: 0,
}

const SALES_QUALIFIERS: Weighted<string> = [
  ['Guide Price', 30],
  ['Offers in Excess of', 18],
  ['Offers in the Region of', 25],
  ['Fixed Price', 5],
  ['Asking Price', 22],
]
const LETTINGS_QUALIFIER = 'Per Month'

const EPC_MIX: Weighted<EpcRating> = [['B', 8], ['C', 32], ['D', 38], ['E', 16], ['F', 5], ['G', 1]]
const OLD_EPC_MIX: Weighted<EpcRating> = [['C', 10], ['D', 35], ['E', 35], ['F', 15], ['G', 5]]

// Council tax bands (COUNCIL_TAX_BANDS) run on values at each nation's valuation date: England's and
// Scotland's of 1 April 1991, Wales's of 1 April 2003; Northern Ireland has none. Dividing today's
// value by the growth in prices since that date gives a band that reads right for the area: English
// prices have grown about four and a half times since 1991 (more in London and the South East),
// Scotland's a little over four times, and Wales's a little over twice since 2003.
const ENGLAND_TAX_GROWTH: Partial<Record<Region, number>> = { london: 7, south_east: 5.5, east: 5.3 }
const ENGLAND_TAX_GROWTH_ELSEWHERE = 4.5
const TAX_GROWTH: Readonly<Record<'scotland' | 'wales', number>> = { scotland: 4.2, wales: 2.3 }

const DAY_MS = 86_400_000
/** Properties were listed over the last 120 days. */
export const LISTING_WINDOW_DAYS = 120

const STYLE_NAMES: Record<number, string> = Object.fromEntries(PROPERTY_STYLES.map((s) => [s.property_style_id, s.name]))

/** The media kinds of a photo list, with captions. */
interface PhotoPick {
  file: string
  caption: string
}

/** Kind of stream derived from the seed, so that e.g. branches and properties never share numbers. */
export const STREAM = { PROPERTY: 1, BRANCH: 2, MATERIAL: 3, ROOMS: 4 } as const

/** Generates property number `index` (0-based) of a run, stored as `property_profile_id`. */
export function generateProperty(ctx: GenerateContext, index: number, propertyProfileId: number): GeneratedProperty {
  const rng = Random.for(ctx.seed, STREAM.PROPERTY, index)
  const town = ctx.towns.pick(rng)
  const london = town.region === 'london'
  const sales = rng.chance(0.65)
  const transactionTypeId = sales ? TRANSACTION_TYPE.SALES : TRANSACTION_TYPE.LETTINGS
  const typeId = rng.weighted(TYPE_MIX[london ? (sales ? 'london_sales' : 'london_lettings') : sales ? 'sales' : 'lettings'])
  const styleId = rng.weighted(STYLE_MIX[typeId] ?? [])
  const kind = STYLE_KIND[typeId] as Kind
  const bedroom = kind === 'commercial' || kind === 'land' ? 0 : rng.weighted(BEDROOM_MIX[styleId] ?? [[1, 1]])
  const bathroom = toBathrooms(kind, bedroom, rng)
  const reception = toReceptions(kind, bedroom, styleId, rng)

  const newHome = sales && (kind === 'house' || kind === 'flat') && styleId !== 6 && rng.chance(0.1)
  const sharedOwnership = sales && !newHome && (kind === 'house' || kind === 'flat') && styleId !== 12 && rng.chance(0.04)
  const retirement = (kind === 'flat' || kind === 'bungalow') && bedroom <= 2 && rng.chance(0.1)
  const shortLet = !sales && kind !== 'commercial' && rng.chance(0.07)
  const houseFlatShare = !sales && (kind === 'house' || kind === 'flat') && bedroom >= 2 && !retirement && rng.chance(0.07)
  const petsAllowed = !sales && kind !== 'commercial' && rng.chance(0.3)
  const billsIncluded = !sales && kind !== 'commercial' && (houseFlatShare ? rng.chance(0.8) : rng.chance(0.06))
  const furnishing: ListingFacts['furnishing'] = sales
    ? null
    : kind === 'commercial'
      ? 'unfurnished'
      : houseFlatShare || shortLet
        ? 'furnished'
        : rng.weighted([['furnished', 35], ['part_furnished', 15], ['unfurnished', 50]] as const)

  const gardenType = rng.chance(GARDEN_SHARE[kind]) ? rng.weighted(kind === 'flat' ? FLAT_GARDENS : HOUSE_GARDENS) : null
  const hasParking = rng.chance(PARKING_SHARE[styleId] ?? 0)

  // Price: the town's anchor scaled by style, size and a little noise, rounded as agents do.
  const fullPrice = toPrice({ sales, kind, styleId, bedroom, town, newHome, retirement, shortLet, houseFlatShare, rng })
  const share = sharedOwnership ? rng.pick([0.25, 0.3, 0.4, 0.5, 0.6, 0.75]) : 1
  const price = sales ? roundSale(fullPrice * share) : fullPrice
  const priceQualifier = sales ? (sharedOwnership ? 'Asking Price' : rng.weighted(SALES_QUALIFIERS)) : LETTINGS_QUALIFIER

  const isLocked = rng.chance(0.05)
  const availability = isLocked
    ? 'available'
    : sales
      ? rng.weighted([['available', 77], ['sstc', 15], ['under_offer', 8]] as const)
      : rng.weighted([['available', 85], ['let_agreed', 15]] as const)

  const { lat, lng } = scatterAround(town, rng)
  const postcode = toPostcode(town, lat, lng, rng)
  const country: UkCountry = toUkCountry(postcode) ?? 'england'
  const street = toStreetName(rng)
  const houseNumber = rng.chance(0.08) ? null : rng.int(1, kind === 'house' || kind === 'bungalow' ? 180 : 120)
  let addressLine1: string
  let addressLine2: string | null = null
  if (kind === 'flat' || (kind === 'house' && houseFlatShare)) {
    addressLine1 = kind === 'flat' ? `Flat ${rng.int(1, 40)}, ${toBuildingName(rng)}` : `Room ${rng.int(1, bedroom)}`
    addressLine2 = `${houseNumber ?? rng.int(1, 120)} ${street}`
  } else if (kind === 'commercial') {
    addressLine1 = `${toUnitName(rng)}, ${toBuildingName(rng)}`
    addressLine2 = street
  } else if (kind === 'land') {
    addressLine1 = `Land off ${street}`
  } else if (houseNumber === null) {
    addressLine1 = `${rng.pick(['Rose Cottage', 'The Old Forge', 'Holly House', 'Orchard View', 'The Laurels', 'Meadowside', 'Fern Lodge', 'Brook House'])}, ${street}`
  } else {
    addressLine1 = `${houseNumber} ${street}`
  }
  const displayAddress = `${street}, ${town.name}`

  const epcRating: EpcRating | null =
    kind === 'land' ? null : newHome ? (rng.chance(0.2) ? 'A' : 'B') : rng.weighted(styleId === 6 ? OLD_EPC_MIX : EPC_MIX)
  const tenure = sales ? toNationTenure(toTenure(kind, rng), country, typeId) : null
  const capitalValue = sales ? fullPrice : (price * 12) / 0.045
  const councilTaxBand = kind === 'land' || kind === 'commercial' ? null : toTaxBand(capitalValue, country, town.region)

  const nowMs = ctx.now.getTime()
  const createdMs = nowMs - Math.floor(rng.next() * LISTING_WINDOW_DAYS * DAY_MS)
  const availableFrom = sales ? null : toIsoDate(createdMs + rng.int(0, 60) * DAY_MS)
  const deposit = sales ? null : Math.floor((price * 12 * 5) / 52)
  const branch = nearestBranch(ctx.branches, lat, lng)

  const narrow = [3, 4, 5, 6, 8].includes(styleId)
  const use = COMMERCIAL_USES[styleId]
  const accommodation = toAccommodation({ kind, bedroom, bathroom, reception, narrow, use }, Random.for(ctx.seed, STREAM.ROOMS, index))
  const styleName = STYLE_NAMES[styleId] ?? ''
  const noun = kind === 'flat' && styleId === 13 ? 'flat' : styleName.toLowerCase()
  const facts: ListingFacts = {
    sales,
    kind,
    noun,
    bedroom,
    bathroom,
    reception,
    town: town.name,
    street,
    county: town.county,
    hasGarden: gardenType !== null,
    gardenLabel: gardenType === null ? null : (GARDEN_LABELS[gardenType] ?? null),
    hasParking,
    newHome,
    sharedOwnership,
    retirement,
    furnishing,
    petsAllowed,
    billsIncluded,
    shortLet,
    houseFlatShare,
    tenure,
    councilTaxBand,
    localTax: toLocalTax(typeId, country),
    use: use ?? null,
    // One size for the summary, the description and the bullets to agree on.
    floorAreaSqFt: kind === 'commercial' ? (use === 'industrial' ? rng.int(20, 120) * 100 : rng.int(8, 60) * 50) : null,
    acres: kind === 'land' ? (styleId === BUILDING_PLOT_STYLE ? rng.int(2, 16) / 20 : rng.int(4, 80) / 2) : null,
    epcRating,
    // A date already passed when the listing is written reads 'available now', as an agent would write it.
    availableFrom: availableFrom !== null && !isAvailableBy(availableFrom, toIsoDate(nowMs)) ? availableFrom : null,
    branchName: branch?.branch_name ?? town.name,
    agencyName: ctx.agencyName,
    accommodation,
  }
  const advertHeading = toAdvertHeading(facts)

  // Price history: the asking price at listing, and for about one in eight a reduction or two since.
  const prices: PriceRow[] = []
  let updatedMs = createdMs
  const reduce = !isLocked && rng.chance(0.12) && nowMs - createdMs > 2 * DAY_MS
  if (reduce) {
    const steps = rng.chance(0.3) ? 2 : 1
    const history = [price]
    for (let s = 0; s < steps; s++) {
      const prev = history[0] as number
      const raised = prev * (1 + rng.float(0.03, 0.09))
      // Rounding must not swallow the reduction on a cheap property.
      history.unshift(sales ? Math.max(prev + 5_000, roundSale(raised)) : Math.max(prev + 25, roundRent(raised)))
    }
    const span = nowMs - createdMs
    let at = createdMs
    history.forEach((p, i) => {
      if (i > 0) at = Math.min(nowMs, at + Math.max(DAY_MS / 24, Math.floor((span * rng.float(0.2, 0.45)))))
      prices.push({ property_profile_id: propertyProfileId, price: p, changed_at: new Date(at).toISOString() })
    })
    updatedMs = at
  } else {
    prices.push({ property_profile_id: propertyProfileId, price, changed_at: new Date(createdMs).toISOString() })
  }
  if (availability !== 'available') updatedMs = Math.min(nowMs, updatedMs + Math.floor(rng.next() * Math.max(0, nowMs - updatedMs)))

  const property: PropertyRow = {
    property_profile_id: propertyProfileId,
    transaction_type_id: transactionTypeId,
    property_type_id: typeId,
    property_style_id: styleId,
    branch_id: branch?.branch_id ?? null,
    slug: toSlug(`${advertHeading} ${town.name}`),
    advert_heading: advertHeading,
    summary: toSummary(facts, rng),
    description: toDescription(facts, rng),
    features: toFeatures(facts, rng),
    bedroom,
    bathroom,
    reception,
    price,
    price_qualifier: priceQualifier,
    new_home: newHome,
    shared_ownership: sharedOwnership,
    retirement,
    short_let: shortLet,
    house_flat_share: houseFlatShare,
    pets_allowed: petsAllowed,
    bills_included: billsIncluded,
    furnishing,
    garden_type: gardenType,
    has_garden: gardenType !== null,
    has_parking: hasParking,
    availability,
    is_locked: isLocked,
    address_line_1: addressLine1,
    address_line_2: addressLine2,
    town: town.name,
    county: town.county,
    postcode,
    display_address: displayAddress,
    lat,
    lng,
    location_precision: 'postcode',
    tenure,
    council_tax_band: councilTaxBand,
    epc_rating: epcRating,
    available_from: availableFrom,
    deposit,
    ...toMaterialColumns(
      { sales, kind, styleId, tenure, epcRating, newHome, hasParking, rural: town.population < 10_000, country },
      Random.for(ctx.seed, STREAM.MATERIAL, index),
    ),
    agent_ref: null,
    feed_hash: null,
    created_at: new Date(createdMs).toISOString(),
    updated_at: new Date(updatedMs).toISOString(),
  }

  // The picture is one of the archetypes the home's style and age allow; which one, the book decides.
  const booking = { town: town.name, branchId: branch?.branch_id ?? null, typeId: transactionTypeId, createdMs }
  const candidates = exteriorKindsFor(styleId, newHome).flatMap((k) => POOL.exteriors[k])
  const mainExterior = (ctx.exteriors ?? new ExteriorBook()).choose(candidates, booking, rng)
  const exteriorKind: ExteriorKind = toExteriorKind(mainExterior) ?? 'land'
  const medias = toMedias(propertyProfileId, kind, exteriorKind, mainExterior, bedroom, bathroom, accommodation, gardenType !== null, rng)
  const documents: DocumentSpec[] = []
  const plans: FloorPlanRow[] = toPlanSpecs(accommodation, narrow).map((plan, position) => {
    const file = toPlanFile(plan)
    documents.push({ kind: 'floor-plan', file, plan })
    return { property_profile_id: propertyProfileId, position, file }
  })
  const epcRows: EpcRow[] = []
  const { epc_current_score: current, epc_potential_score: potential } = property
  if (epcRating && current !== null && potential !== null) {
    const scores = { current, potential }
    const file = toEpcChartFile(current, potential)
    const pdfFile = rng.chance(0.5) ? toEpcPdfFile(current, potential) : null
    documents.push({ kind: 'epc-chart', file, scores })
    if (pdfFile) documents.push({ kind: 'epc-pdf', file: pdfFile, scores })
    epcRows.push({ property_profile_id: propertyProfileId, position: 0, file, pdf_file: pdfFile })
  }
  return { property, medias, floorPlans: plans, epcs: epcRows, prices, documents }
}

function toBathrooms(kind: Kind, bedroom: number, rng: Random): number {
  if (kind === 'land') return 0
  if (kind === 'commercial' || kind === 'park_home') return 1
  if (bedroom <= 2) return kind === 'flat' && bedroom === 2 && rng.chance(0.35) ? 2 : 1
  if (bedroom === 3) return rng.chance(0.55) ? 2 : 1
  if (bedroom === 4) return rng.chance(0.6) ? 2 : 3
  return rng.int(2, 4)
}

function toReceptions(kind: Kind, bedroom: number, styleId: number, rng: Random): number {
  if (kind === 'land' || kind === 'commercial') return 0
  if (kind === 'flat') return styleId === 13 ? 0 : styleId === 12 && rng.chance(0.5) ? 2 : 1
  if (kind === 'park_home') return 1
  let n = 1
  if (bedroom >= 3 && rng.chance(0.55)) n++
  if (bedroom >= 4 && rng.chance(0.45)) n++
  return n
}

interface PriceInput {
  sales: boolean
  kind: Kind
  styleId: number
  bedroom: number
  town: Town
  newHome: boolean
  retirement: boolean
  shortLet: boolean
  houseFlatShare: boolean
  rng: Random
}

function toPrice(p: PriceInput): number {
  const anchor = REGION_PRICES[p.town.region]
  const noise = Math.exp(p.rng.normal(0, 0.13))
  const style = STYLE_PRICE[p.styleId] ?? 1
  if (p.sales) {
    const base = anchor.sale * p.town.priceFactor
    let value: number
    if (p.kind === 'land') {
      value = p.styleId === 23 ? base * p.rng.float(0.25, 0.8) : base * p.rng.float(0.05, 0.4)
    } else if (p.kind === 'commercial') {
      value = base * p.rng.float(0.5, 3)
    } else if (p.kind === 'flat') {
      value = base * style * Math.max(0.7, 1 + 0.28 * (p.bedroom - 2))
    } else if (p.kind === 'park_home') {
      value = Math.max(45_000, base * style * (1 + 0.15 * (p.bedroom - 2)))
    } else {
      value = base * style * Math.max(0.6, 1 + 0.22 * (p.bedroom - 3))
    }
    if (p.newHome) value *= 1.08
    if (p.retirement) value *= 0.75
    return roundSale(value * noise)
  }
  const base = anchor.rent * p.town.priceFactor
  let rent: number
  if (p.kind === 'commercial') rent = base * p.rng.float(0.8, 4)
  else if (p.houseFlatShare) rent = base * 0.5
  else if (p.kind === 'flat') rent = base * (p.bedroom === 0 ? 0.62 : Math.max(0.8, 1 + 0.25 * (p.bedroom - 2))) * Math.sqrt(style / 0.64)
  else rent = base * 1.1 * Math.max(0.8, 1 + 0.18 * (p.bedroom - 2)) * Math.sqrt(style)
  if (p.shortLet) rent *= 1.3
  if (p.retirement) rent *= 0.85
  return roundRent(rent * noise)
}

/** Sale prices in sensible steps: £5,000 below £1m, £25,000 to £3m, £50,000 above; never below £25,000. */
export function roundSale(value: number): number {
  const step = value < 1_000_000 ? 5_000 : value < 3_000_000 ? 25_000 : 50_000
  return Math.max(25_000, Math.round(value / step) * step)
}

/** Rents per calendar month in £25 steps; never below £300. */
export function roundRent(value: number): number {
  return Math.max(300, Math.round(value / 25) * 25)
}

function toTenure(kind: Kind, rng: Random): string {
  if (kind === 'flat') return rng.chance(0.8) ? 'Leasehold' : 'Share of Freehold'
  if (kind === 'park_home') return 'Leasehold'
  if (kind === 'commercial') return rng.chance(0.6) ? 'Freehold' : 'Leasehold'
  if (kind === 'land') return 'Freehold'
  return rng.chance(0.92) ? 'Freehold' : 'Leasehold'
}

/**
 * The tenure of a sale in its nation: a Scottish home is owned (SCOTTISH_TENURE; a home there cannot
 * be held on a long lease), other Scottish property as toTenureWording words it; elsewhere as drawn.
 */
function toNationTenure(tenure: string, country: UkCountry, propertyTypeId: number): string {
  if (country !== 'scotland') return tenure
  return isResidentialPropertyType(propertyTypeId) ? SCOTTISH_TENURE : (toTenureWording(tenure, country) ?? tenure)
}

/** The council tax band of a home worth `value` today in this nation and price region; null where there are no bands. */
export function toTaxBand(value: number, country: UkCountry, region: Region): string | null {
  if (country === 'northern_ireland') return null
  const growth = country === 'england' ? (ENGLAND_TAX_GROWTH[region] ?? ENGLAND_TAX_GROWTH_ELSEWHERE) : TAX_GROWTH[country]
  return toCouncilTaxBand(value / growth, country)
}

function nearestBranch(branches: readonly BranchRef[], lat: number, lng: number): BranchRef | undefined {
  let best: BranchRef | undefined
  let bestD = Infinity
  const cos = Math.cos((lat * Math.PI) / 180)
  for (const b of branches) {
    const d = (b.lat - lat) ** 2 + ((b.lng - lng) * cos) ** 2
    if (d < bestD) {
      best = b
      bestD = d
    }
  }
  return best
}

function toIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

const YOUTUBE_ID = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const MATTERPORT_ID = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function interior(kind: InteriorKind, era: InteriorEra, rng: Random, caption: string): PhotoPick {
  return { file: rng.pick(interiorsOf(kind, era)), caption }
}

/** 3–12 photos (position 0 the exterior shown on cards), then maybe a video and a virtual tour. */
function toMedias(
  id: number,
  kind: Kind,
  exteriorKind: ExteriorKind,
  mainExterior: string,
  bedroom: number,
  bathroom: number,
  accommodation: Accommodation,
  hasGarden: boolean,
  rng: Random,
): MediaRow[] {
  const exteriors = [mainExterior, rng.pick(POOL.exteriors[exteriorKind].filter((f) => f !== mainExterior))]
  // Rooms of the building's age: cornices and fireplaces in a Victorian terrace, clean lines in a new-build.
  const era: InteriorEra = PERIOD_EXTERIORS.has(exteriorKind) ? 'period' : 'modern'
  const photos: PhotoPick[] = [{ file: exteriors[0] as string, caption: kind === 'land' ? 'The land' : 'Front elevation' }]
  if (kind === 'land') {
    if (exteriors[1]) photos.push({ file: exteriors[1], caption: 'View across the land' })
    for (const g of rng.sample(POOL.gardens, rng.int(1, 4))) photos.push({ file: g, caption: 'Surrounding countryside' })
  } else if (kind === 'commercial') {
    for (const f of rng.sample(POOL.interiors.office, rng.int(2, 4))) photos.push({ file: f, caption: 'Office space' })
    photos.push(interior('kitchen', 'modern', rng, 'Kitchenette'))
    if (rng.chance(0.5)) photos.push(interior('bathroom', 'modern', rng, 'WC'))
  } else {
    const rooms: PhotoPick[] = []
    rooms.push(interior('living', era, rng, bedroom === 0 ? 'Living area' : 'Living room'))
    // Captions name the rooms the plan and the description name.
    const named = accommodation.floors.flatMap((floor) => floor.rooms.map((r) => r.name))
    const kitchen = named.find((n) => n.startsWith('Kitchen') || n.startsWith('Living / Kitchen')) ?? 'Kitchen'
    rooms.push(interior('kitchen', era, rng, toCaption(kitchen)))
    if (hasRoom(accommodation, 'Dining Room')) rooms.push(interior('dining', era, rng, 'Dining room'))
    if (hasRoom(accommodation, 'Family Room')) rooms.push(interior('living', era, rng, 'Family room'))
    const bedroomPhotos = rng.sample(interiorsOf('bedroom', era), Math.max(1, Math.min(bedroom, 4)))
    bedroomPhotos.forEach((f, i) => rooms.push({ file: f, caption: i === 0 && bedroom > 0 ? 'Principal bedroom' : bedroom === 0 ? 'Sleeping area' : `Bedroom ${i + 1}` }))
    for (const f of rng.sample(interiorsOf('bathroom', era), Math.max(1, Math.min(bathroom, 2)))) {
      rooms.push({ file: f, caption: rooms.some((r) => r.caption === 'Bathroom') ? 'En suite' : bedroom === 0 ? 'Shower room' : 'Bathroom' })
    }
    if (hasRoom(accommodation, 'Study')) rooms.push(interior('office', era, rng, 'Study'))
    if (hasRoom(accommodation, 'Conservatory')) rooms.push(interior('living', era, rng, 'Conservatory'))
    photos.push(...rooms)
    if (hasGarden) for (const g of rng.sample(POOL.gardens, rng.int(1, 2))) photos.push({ file: g, caption: 'Garden' })
    if (exteriors[1] && rng.chance(0.4)) photos.push({ file: exteriors[1], caption: kind === 'flat' ? 'The building' : 'Rear elevation' })
  }
  const max = Math.min(12, Math.max(3, 3 + bedroom + rng.int(0, 5)))
  const kept = photos.slice(0, Math.max(3, Math.min(max, photos.length)))
  while (kept.length < 3) kept.push(interior('living', era, rng, 'Interior'))

  const downloadable = rng.chance(0.3)
  const rows: MediaRow[] = kept.map((p, position) => ({
    property_profile_id: id,
    position,
    kind: 'photo',
    file: p.file,
    link: null,
    caption: p.caption,
    is_downloadable: downloadable && (position === 0 || rng.chance(0.6)),
  }))
  if (kind !== 'land' && rng.chance(0.1)) {
    rows.push({
      property_profile_id: id,
      position: rows.length,
      kind: 'video',
      file: rng.chance(0.5) ? (kept[0] as PhotoPick).file : rng.pick(POOL.interiors.living),
      link: `https://www.youtube-nocookie.com/embed/${rng.chars(YOUTUBE_ID, 11)}`,
      caption: 'Video tour',
      is_downloadable: false,
    })
  }
  if (kind !== 'land' && rng.chance(0.08)) {
    rows.push({
      property_profile_id: id,
      position: rows.length,
      kind: 'virtual_tour',
      file: rng.pick(kind === 'commercial' ? POOL.interiors.office : POOL.interiors.living),
      link: `https://my.matterport.com/show/?m=${rng.chars(MATTERPORT_ID, 11)}`,
      caption: 'Virtual tour',
      is_downloadable: false,
    })
  }
  return rows
}

/** 'Kitchen/breakfast room' from the plan's 'Kitchen / Breakfast Room'. */
function toCaption(roomName: string): string {
  const text = roomName.replace(/ \/ /g, '/').toLowerCase()
  return text.charAt(0).toUpperCase() + text.slice(1)
}
