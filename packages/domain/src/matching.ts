/**
 * SPEC §1/§2 match percentage: how well a property suits an applicant's criteria, with the reasons the
 * card's tooltip lists.
 */
import type { MustHave, SearchType } from './catalogue.ts'
import type { PropertyTypeSelection } from './catalogue.schema.ts'
import { toSearchType } from './catalogue.ts'
import type { AlertCriteria } from './applicant.ts'
import { toDistanceLabel, toPriceLabel, toRangeText } from './format.ts'
import type { RoomKind } from './format.ts'
import { distanceMiles, isWithinBounds, type BoundingBox } from './geo.ts'
import { PROPERTY_STYLES, PROPERTY_TYPES } from './property-types.ts'
import { toRoomValueLabel } from './rooms.ts'

/**
 * The weight of each criterion, out of 100. Where a property is and what it costs decide most moves,
 * so location (30) and price (25) lead; bedrooms (15) and type/style (15) come next; bathrooms,
 * receptions and must-haves (5 each) refine. A criterion left unset counts as matched.
 */
export const MATCH_WEIGHTS = {
  location: 30,
  price: 25,
  bedrooms: 15,
  type: 15,
  bathrooms: 5,
  receptions: 5,
  must_haves: 5,
} as const

/** Price within this fraction beyond a bound earns partial credit, falling to none at the limit. */
export const PRICE_TOLERANCE = 0.1
/** A location earns partial credit up to this fraction of its radius beyond it (at least LOCATION_TOLERANCE_MIN_MILES). */
export const LOCATION_TOLERANCE = 0.5
/** The least distance beyond a radius that still earns partial credit. */
export const LOCATION_TOLERANCE_MIN_MILES = 0.5
/** A radius of 0 ('This area only') is scored as the place's bounds or town, else as this radius around its centre. */
export const THIS_AREA_ONLY_MATCH_RADIUS_MILES = 1

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
  readonly min_bathroom?: number | null
  readonly max_bathroom?: number | null
  readonly min_reception?: number | null
  readonly max_reception?: number | null
  readonly property_types?: readonly PropertyTypeSelection[]
  readonly must_haves?: readonly MustHave[]
}

/** A property as the match score reads it. */
export interface MatchProperty {
  readonly lat: number
  readonly lng: number
  readonly price: number | null
  readonly bedroom: number | null
  readonly bathroom: number | null
  readonly reception: number | null
  readonly property_type_id: number | null
  readonly property_style_id: number | null
  readonly has_garden: boolean
  readonly has_parking: boolean
  readonly transaction_type_id: 1 | 2
  readonly town?: string | null
}

/** One line of the match tooltip. */
export interface MatchReason {
  readonly label: string
  readonly matched: boolean
}

/** A match percentage (0..100, an integer) and its reasons, in weight order. */
export interface MatchResult {
  readonly score: number
  readonly reasons: MatchReason[]
}

interface Part {
  readonly credit: number
  readonly reason: MatchReason
}

/** An alert's criteria (SPEC §3 Applicant criteria) as match criteria. */
export function toMatchCriteria(criteria: AlertCriteria, transactionTypeId?: 1 | 2): MatchCriteria {
  return {
    ...criteria,
    transaction_type_id: transactionTypeId ?? null,
    locations: criteria.locations.map((l) => ({ lat: l.lat, lng: l.lng, radius: l.distance, name: l.location, bounds: l.bounds ?? null })),
  }
}

const sameName = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase()

function scoreLocation(locations: readonly MatchLocation[], property: MatchProperty): Part {
  const scored = locations.map((location) => {
    const distance = distanceMiles(location, property)
    const radius = location.radius > 0 ? location.radius : THIS_AREA_ONLY_MATCH_RADIUS_MILES
    const tolerance = Math.max(radius * LOCATION_TOLERANCE, LOCATION_TOLERANCE_MIN_MILES)
    const inTown =
      location.radius === 0 &&
      (sameName(location.name, property.town) || (!!location.bounds && isWithinBounds(property, location.bounds)))
    const credit = inTown || distance <= radius ? 1 : Math.max(0, 1 - (distance - radius) / tolerance)
    return { location, distance, credit }
  })
  const best = scored.reduce((a, b) => (b.credit > a.credit || (b.credit === a.credit && b.distance < a.distance) ? b : a))
  const place = best.location.name?.trim() || 'your search area'
  if (best.credit === 1) {
    const label = best.location.radius === 0 ? `In ${place}` : `Within ${toDistanceLabel(best.location.radius)} of ${place}`
    return { credit: 1, reason: { label, matched: true } }
  }
  const away = Math.round(best.distance * 10) / 10
  return { credit: best.credit, reason: { label: `${toDistanceLabel(away)} from ${place}`, matched: false } }
}

function scorePrice(min: number | null, max: number | null, property: MatchProperty): Part {
  const searchType: SearchType = toSearchType(property.transaction_type_id)
  const price = property.price
  if (price === null) return { credit: 0, reason: { label: 'Price not stated', matched: false } }
  if (max !== null && price > max) {
    const over = (price - max) / max
    return {
      credit: Math.max(0, 1 - over / PRICE_TOLERANCE),
      reason: { label: `Price above your maximum of ${toPriceLabel(max, searchType)}`, matched: false },
    }
  }
  if (min !== null && price < min) {
    const under = (min - price) / min
    return {
      credit: Math.max(0, 1 - under / PRICE_TOLERANCE),
      reason: { label: `Price below your minimum of ${toPriceLabel(min, searchType)}`, matched: false },
    }
  }
  return { credit: 1, reason: { label: 'Price within your range', matched: true } }
}

const ROOM_NOUN: Record<RoomKind, [string, string]> = {
  bedroom: ['bedroom', 'bedrooms'],
  bathroom: ['bathroom', 'bathrooms'],
  reception: ['reception', 'receptions'],
}

function scoreRooms(kind: RoomKind, min: number | null, max: number | null, count: number | null): Part {
  const wanted = `(you want ${toRangeText(min, max, (n) => toRoomValueLabel(kind, n))})`
  const [one, many] = ROOM_NOUN[kind]
  if (count === null) return { credit: 0, reason: { label: `${many[0]!.toUpperCase()}${many.slice(1)} not stated ${wanted}`, matched: false } }
  const shown = kind === 'bedroom' && count === 0 ? toRoomValueLabel(kind, 0) : `${count} ${count === 1 ? one : many}`
  const gap = min !== null && count < min ? min - count : max !== null && count > max ? count - max : 0
  // One room short or over is a near miss a buyer may still consider.
  const credit = gap === 0 ? 1 : gap === 1 ? 0.5 : 0
  return { credit, reason: { label: `${shown} ${wanted}`, matched: gap === 0 } }
}

function scoreType(selection: readonly PropertyTypeSelection[], property: MatchProperty): Part {
  const typeName = PROPERTY_TYPES.find((t) => t.property_type_id === property.property_type_id)?.name ?? 'This property type'
  const styleName = PROPERTY_STYLES.find((s) => s.property_style_id === property.property_style_id)?.name
  const name = styleName ?? typeName
  const entry = selection.find((s) => s.property_type_id === property.property_type_id)
  if (!entry) return { credit: 0, reason: { label: `${name} is not among your property types`, matched: false } }
  const styleChosen =
    entry.property_style_ids.length === 0 ||
    (property.property_style_id !== null && entry.property_style_ids.includes(property.property_style_id))
  if (styleChosen) return { credit: 1, reason: { label: `${name} is among your property types`, matched: true } }
  // The right type in another style is half a match: a semi-detached for someone wanting a detached house.
  return { credit: 0.5, reason: { label: `${name} is not among your chosen ${typeName} styles`, matched: false } }
}

const MUST_HAVE_REASONS: Record<MustHave, [string, string]> = {
  garden: ['Has a garden', 'No garden'],
  parking: ['Has parking', 'No parking'],
}

function scoreMustHaves(mustHaves: readonly MustHave[], property: MatchProperty): { credit: number; reasons: MatchReason[] } {
  const reasons = mustHaves.map((m) => {
    const has = m === 'garden' ? property.has_garden : property.has_parking
    return { label: MUST_HAVE_REASONS[m][has ? 0 : 1], matched: has }
  })
  return { credit: reasons.filter((r) => r.matched).length / reasons.length, reasons }
}

const bound = (value: number | null | undefined): number | null => (value === null || value === undefined ? null : value)
const priceBound = (value: number | null | undefined): number | null => (value ? value : null)

/**
 * The match percentage of a property for an applicant's criteria (SPEC §2), weighted by MATCH_WEIGHTS.
 * Partial credit near the edges: a location up to half its radius (at least half a mile) beyond it,
 * a price up to 10% beyond a bound, one room short or over (half credit), the right type in another
 * style (half credit), some of the must-haves. Unset criteria count as matched and give no reason.
 * A property of the other transaction type scores 0.
 */
export function scoreMatch(criteria: MatchCriteria, property: MatchProperty): MatchResult {
  if (criteria.transaction_type_id && criteria.transaction_type_id !== property.transaction_type_id) {
    const label = property.transaction_type_id === 1 ? 'This property is for sale, not to rent' : 'This property is to rent, not for sale'
    return { score: 0, reasons: [{ label, matched: false }] }
  }
  const reasons: MatchReason[] = []
  let score = 0
  const add = (weight: number, part: Part | null): void => {
    if (!part) {
      score += weight
      return
    }
    score += weight * part.credit
    reasons.push(part.reason)
  }
  const rooms = (kind: RoomKind, min: number | null | undefined, max: number | null | undefined, count: number | null): Part | null =>
    bound(min) === null && bound(max) === null ? null : scoreRooms(kind, bound(min), bound(max), count)

  add(MATCH_WEIGHTS.location, criteria.locations?.length ? scoreLocation(criteria.locations, property) : null)
  const minPrice = priceBound(criteria.min_price)
  const maxPrice = priceBound(criteria.max_price)
  add(MATCH_WEIGHTS.price, minPrice === null && maxPrice === null ? null : scorePrice(minPrice, maxPrice, property))
  add(MATCH_WEIGHTS.bedrooms, rooms('bedroom', criteria.min_bedroom, criteria.max_bedroom, property.bedroom))
  add(MATCH_WEIGHTS.type, criteria.property_types?.length ? scoreType(criteria.property_types, property) : null)
  add(MATCH_WEIGHTS.bathrooms, rooms('bathroom', criteria.min_bathroom, criteria.max_bathroom, property.bathroom))
  add(MATCH_WEIGHTS.receptions, rooms('reception', criteria.min_reception, criteria.max_reception, property.reception))
  if (criteria.must_haves?.length) {
    const must = scoreMustHaves(criteria.must_haves, property)
    score += MATCH_WEIGHTS.must_haves * must.credit
    reasons.push(...must.reasons)
  } else {
    score += MATCH_WEIGHTS.must_haves
  }
  return { score: Math.min(100, Math.max(0, Math.round(score))), reasons }
}
