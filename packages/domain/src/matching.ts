/**
 * SPEC §1/§2 match percentage: how well a property suits an applicant's criteria, with the reasons the
 * card's tooltip lists ('In Didsbury · price within range · 1 bedroom fewer').
 *
 * Where a property is weighs most: a property outside every location of the criteria (beyond its
 * radius and a margin) is no match at all and gets no percentage. Inside, price, bedrooms, type and
 * must-haves make up the rest.
 */
import type { MustHave, SearchType } from './catalogue.ts'
import type { PropertyTypeSelection } from './catalogue.schema.ts'
import { toSearchType } from './catalogue.ts'
import type { AlertCriteria } from './applicant.ts'
import { isWithinLocation, milesBeyondLocation, toAlertTransactionTypeId } from './criteria.ts'
import { toDistanceLabel, toPriceLabel } from './format.ts'
import { distanceMiles, type BoundingBox } from './geo.ts'
import { PROPERTY_STYLES, PROPERTY_TYPES } from './property-types.ts'

/**
 * The weight of each criterion, out of 100: location first (a property in the area earns it all, one
 * within the margin part of it), then price, bedrooms, type and must-haves. A criterion left unset
 * counts as matched.
 */
export const MATCH_WEIGHTS = {
  location: 40,
  price: 25,
  bedrooms: 15,
  type: 10,
  must_haves: 10,
} as const

/** Price within this fraction beyond a bound earns partial credit, falling to none at the limit. */
export const PRICE_TOLERANCE = 0.1
/** The margin beyond a location's area that still earns part of its credit: this fraction of its radius … */
export const LOCATION_MARGIN = 0.5
/** … and at least this many miles (for radius 0, the margin beyond the place's bounds or its circle of ZERO_RADIUS_MILES). */
export const LOCATION_MARGIN_MIN_MILES = 0.5

/** A location of the criteria: centre, radius in miles, and its name for the reasons. */
export interface MatchLocation {
  readonly lat: number
  readonly lng: number
  readonly radius: number
  readonly name?: string | null
  /** The place's own bounds, which radius 0 ('This area only') means when they are known. */
  readonly bounds?: BoundingBox | null
}

/** An applicant's criteria as the match score reads them. Absent or null means unset. */
export interface MatchCriteria {
  readonly transaction_type_id?: 1 | 2 | null
  readonly locations?: readonly MatchLocation[]
  /** 0 is unset (SPEC §3). */
  readonly min_price?: number | null
  readonly max_price?: number | null
  readonly min_bedroom?: number | null
  readonly max_bedroom?: number | null
  readonly property_types?: readonly PropertyTypeSelection[]
  readonly must_haves?: readonly MustHave[]
}

/** A property as the match score reads it. */
export interface MatchProperty {
  readonly lat: number
  readonly lng: number
  readonly price: number | null
  readonly bedroom: number | null
  readonly property_type_id: number | null
  readonly property_style_id: number | null
  readonly has_garden: boolean
  readonly has_parking: boolean
  readonly transaction_type_id: 1 | 2
}

/** One line of the match tooltip. */
export interface MatchReason {
  readonly label: string
  readonly matched: boolean
}

/**
 * A match percentage (0..100, an integer) and its reasons, location first; a null score (and no
 * reasons) for a property outside every location of the criteria or of the other search type.
 */
export interface MatchResult {
  readonly score: number | null
  readonly reasons: MatchReason[]
}

interface Part {
  readonly credit: number
  readonly reasons: MatchReason[]
}

/**
 * An alert's criteria (SPEC §3 Applicant criteria) as match criteria; with the alert's profile, only
 * properties of its search type score.
 */
export function toMatchCriteria(criteria: AlertCriteria, profileId?: number): MatchCriteria {
  return {
    ...criteria,
    transaction_type_id: profileId === undefined ? null : toAlertTransactionTypeId(profileId),
    locations: criteria.locations.map((l) => ({ lat: l.lat, lng: l.lng, radius: l.distance, name: l.location, bounds: l.bounds ?? null })),
  }
}

/**
 * The location part: full credit within a location (the search's own rule, `isWithinLocation`), part
 * of it within the margin beyond, and null when the property lies beyond every location's margin.
 */
function scoreLocation(locations: readonly MatchLocation[], property: MatchProperty): Part | null {
  const scored = locations.map((location) => {
    const filter = { lat: location.lat, lng: location.lng, radius: location.radius, ...(location.bounds ? { bounds: location.bounds } : {}) }
    const place = location.name?.trim() || 'your search area'
    if (isWithinLocation(filter, property)) {
      const label = location.radius === 0 ? `In ${place}` : `Within ${toDistanceLabel(location.radius)} of ${place}`
      return { credit: 1, beyond: 0, label, matched: true }
    }
    const distance = distanceMiles(location, property)
    const beyond = milesBeyondLocation(filter, property)
    const margin = Math.max(location.radius * LOCATION_MARGIN, LOCATION_MARGIN_MIN_MILES)
    const away = Math.round(distance * 10) / 10
    return { credit: beyond <= margin ? 1 - beyond / margin : -1, beyond, label: `${toDistanceLabel(away)} from ${place}`, matched: false }
  })
  const best = scored.reduce((a, b) => (b.credit > a.credit || (b.credit === a.credit && b.beyond < a.beyond) ? b : a))
  if (best.credit < 0) return null
  return { credit: best.credit, reasons: [{ label: best.label, matched: best.matched }] }
}

function scorePrice(min: number | null, max: number | null, property: MatchProperty): Part {
  const searchType: SearchType = toSearchType(property.transaction_type_id)
  const price = property.price
  if (price === null) return { credit: 0, reasons: [{ label: 'price not stated', matched: false }] }
  if (max !== null && price > max) {
    return {
      credit: Math.max(0, 1 - (price - max) / max / PRICE_TOLERANCE),
      reasons: [{ label: `${toPriceLabel(price - max, searchType)} over your maximum`, matched: false }],
    }
  }
  if (min !== null && price < min) {
    return {
      credit: Math.max(0, 1 - (min - price) / min / PRICE_TOLERANCE),
      reasons: [{ label: `${toPriceLabel(min - price, searchType)} under your minimum`, matched: false }],
    }
  }
  return { credit: 1, reasons: [{ label: 'price within range', matched: true }] }
}

const bedrooms = (n: number) => `${n} ${n === 1 ? 'bedroom' : 'bedrooms'}`

function scoreBedrooms(min: number | null, max: number | null, count: number | null): Part {
  if (count === null) return { credit: 0, reasons: [{ label: 'bedrooms not stated', matched: false }] }
  if (min !== null && count < min) {
    // One room short is a near miss a buyer may still consider.
    return { credit: min - count === 1 ? 0.5 : 0, reasons: [{ label: `${bedrooms(min - count)} fewer`, matched: false }] }
  }
  if (max !== null && count > max) {
    return { credit: count - max === 1 ? 0.5 : 0, reasons: [{ label: `${bedrooms(count - max)} more`, matched: false }] }
  }
  return { credit: 1, reasons: [{ label: count === 0 ? 'studio' : bedrooms(count), matched: true }] }
}

function scoreType(selection: readonly PropertyTypeSelection[], property: MatchProperty): Part {
  if (property.property_type_id === null) return { credit: 0, reasons: [{ label: 'type not stated', matched: false }] }
  const typeName = PROPERTY_TYPES.find((t) => t.property_type_id === property.property_type_id)?.name ?? 'this type'
  const styleName = PROPERTY_STYLES.find((s) => s.property_style_id === property.property_style_id)?.name
  const name = (styleName ?? typeName).toLowerCase()
  const entry = selection.find((s) => s.property_type_id === property.property_type_id)
  if (!entry) return { credit: 0, reasons: [{ label: `${name}, not a type you chose`, matched: false }] }
  const styleChosen =
    entry.property_style_ids.length === 0 || (property.property_style_id !== null && entry.property_style_ids.includes(property.property_style_id))
  if (styleChosen) return { credit: 1, reasons: [{ label: name, matched: true }] }
  // The right type in another style is half a match: a semi-detached for someone wanting a detached house.
  return { credit: 0.5, reasons: [{ label: `${name}, not a style you chose`, matched: false }] }
}

const MUST_HAVE_REASONS: Record<MustHave, [string, string]> = {
  garden: ['garden', 'no garden'],
  parking: ['parking', 'no parking'],
}

function scoreMustHaves(mustHaves: readonly MustHave[], property: MatchProperty): Part {
  const reasons = mustHaves.map((m) => {
    const has = m === 'garden' ? property.has_garden : property.has_parking
    return { label: MUST_HAVE_REASONS[m][has ? 0 : 1], matched: has }
  })
  return { credit: reasons.filter((r) => r.matched).length / reasons.length, reasons }
}

const priceBound = (value: number | null | undefined): number | null => (value ? value : null)
const roomBound = (value: number | null | undefined): number | null => (value === undefined ? null : value)

/**
 * The match percentage of a property for an applicant's criteria (SPEC §2), weighted by MATCH_WEIGHTS,
 * and its reasons, location first. No percentage (null) for a property of the other search type or
 * outside every location and its margin. Partial credit near the edges: within a location's margin,
 * a price up to 10% beyond a bound, one bedroom short or over (half credit), the right type in another
 * style (half credit), some of the must-haves. Unset criteria count as matched and give no reason.
 */
export function scoreMatch(criteria: MatchCriteria, property: MatchProperty): MatchResult {
  if (criteria.transaction_type_id && criteria.transaction_type_id !== property.transaction_type_id) return { score: null, reasons: [] }
  const parts: Array<[weight: number, part: Part | null]> = []
  if (criteria.locations?.length) {
    const location = scoreLocation(criteria.locations, property)
    if (!location) return { score: null, reasons: [] }
    parts.push([MATCH_WEIGHTS.location, location])
  } else {
    parts.push([MATCH_WEIGHTS.location, null])
  }
  const minPrice = priceBound(criteria.min_price)
  const maxPrice = priceBound(criteria.max_price)
  parts.push([MATCH_WEIGHTS.price, minPrice === null && maxPrice === null ? null : scorePrice(minPrice, maxPrice, property)])
  const minBedroom = roomBound(criteria.min_bedroom)
  const maxBedroom = roomBound(criteria.max_bedroom)
  parts.push([MATCH_WEIGHTS.bedrooms, minBedroom === null && maxBedroom === null ? null : scoreBedrooms(minBedroom, maxBedroom, property.bedroom)])
  parts.push([MATCH_WEIGHTS.type, criteria.property_types?.length ? scoreType(criteria.property_types, property) : null])
  parts.push([MATCH_WEIGHTS.must_haves, criteria.must_haves?.length ? scoreMustHaves(criteria.must_haves, property) : null])
  const score = parts.reduce((sum, [weight, part]) => sum + weight * (part ? part.credit : 1), 0)
  return { score: Math.min(100, Math.max(0, Math.round(score))), reasons: parts.flatMap(([, part]) => part?.reasons ?? []) }
}

/** The reasons of a match as one line, in their order: 'In Didsbury · price within range · 1 bedroom fewer'. */
export function toMatchSummary(reasons: readonly MatchReason[]): string {
  return reasons.map((reason) => reason.label).join(' · ')
}
