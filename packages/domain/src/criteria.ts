/**
 * One criteria model: what a property must be to match SPEC §3's search filters, whether a visitor
 * searches with them or an alert keeps them (SPEC §3 Applicant criteria). The API compiles these
 * criteria once into the predicate that both the search and the Heads Up matching run; the rules here
 * (which filters a search type offers, what radius 0 means) are the only statement of them.
 */
import type { AlertCriteria } from './applicant.ts'
import { TRANSACTION_TYPE, type InclusionFilter, type PropertySearchFilters, type SearchType, type TransactionTypeId } from './catalogue.ts'
import type { LocationFilter } from './catalogue.schema.ts'
import { APPLICANT_PROFILE } from './constants.ts'
import { distanceMiles, isWithinBounds, milesBeyondBounds, toWidenedBoundsOutline, type BoundingBox, type LatLng } from './geo.ts'
import { toLocationFilter } from './location.ts'
import { toRangeReversedMessage } from './messages.ts'
import { PRICE_UNSET, toSearchPriceBounds } from './price.ts'
import { toCoveringRadius } from './radius.ts'

/**
 * The criteria a property matches (SPEC §3 Search filters): a search's filters without its words, date
 * added, reduction and map area, which only a search has. An alert's criteria are these
 * (`toAlertSearchFilters`).
 */
export type Criteria = Omit<PropertySearchFilters, 'keywords' | 'added_within_days' | 'reduced' | 'bounds' | 'branch_id'>

/** The min and max pairs of the criteria: a price (PRICE_UNSET when open) and the room counts (null when open). */
export type CriteriaRanges = Pick<Criteria, 'min_price' | 'max_price' | 'min_bedroom' | 'max_bedroom' | 'min_bathroom' | 'max_bathroom' | 'min_reception' | 'max_reception'>

/** The criteria's pairs by name: `min_${name}` and `max_${name}`. */
export const CRITERIA_RANGES = ['price', 'bedroom', 'bathroom', 'reception'] as const

/** Whether a pair's bounds are both set and the wrong way round (a min above its max). */
function isReversed(min: number | null, max: number | null, unset: number | null): boolean {
  return min !== null && max !== null && min !== unset && max !== unset && min > max
}

/**
 * Criteria whose pairs read the wrong way round ('£500,000 to £200,000', a link made by hand or a
 * form sent without JavaScript) as the visitor meant them: each such pair swapped. Every other pair,
 * and an open end, stays as it is.
 */
export function toOrderedRanges<C extends CriteriaRanges>(criteria: C): C {
  let ordered = criteria
  for (const name of CRITERIA_RANGES) {
    const min = criteria[`min_${name}` as const]
    const max = criteria[`max_${name}` as const]
    if (isReversed(min, max, name === 'price' ? PRICE_UNSET : null)) ordered = { ...ordered, [`min_${name}`]: max, [`max_${name}`]: min }
  }
  return ordered
}

/**
 * What a form's pair becomes when one bound is chosen past the other (a min above the max, or a max
 * below the min): the other bound opens ('No max' / 'No min'), so the range always reads the right way.
 */
export function toRangeChoice(bound: 'min' | 'max', value: number | null, other: number | null, unset: number | null): { value: number | null; other: number | null } {
  const [min, max] = bound === 'min' ? [value, other] : [other, value]
  return { value, other: isReversed(min, max, unset) ? unset : other }
}

/**
 * The options a pair's dropdown offers once the other bound is chosen, so that no choice can contradict
 * it: a max's options from the min up, a min's up to the max, the open end ('No min' / 'No max') always.
 */
export function toRangeOptions<O extends { readonly value: number | null }>(bound: 'min' | 'max', options: readonly O[], other: number | null, unset: number | null): O[] {
  return options.filter((option) => {
    const [min, max] = bound === 'min' ? [option.value, other] : [other, option.value]
    return !isReversed(min, max, unset)
  })
}

/** Each pair's name as a message names it. */
const RANGE_NAMES = { price: 'price', bedroom: 'bedrooms', bathroom: 'bathrooms', reception: 'receptions' } as const

/**
 * The messages of the pairs whose max is below their min (a form sent without JavaScript), each at its
 * max field ('max_price': 'The max price cannot be less than the min price.'); none when all read right.
 */
export function findReversedRanges(criteria: CriteriaRanges): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const name of CRITERIA_RANGES) {
    if (isReversed(criteria[`min_${name}`], criteria[`max_${name}`], name === 'price' ? PRICE_UNSET : null)) errors[`max_${name}`] = [toRangeReversedMessage(RANGE_NAMES[name])]
  }
  return errors
}

/** A filter that only one search type's panel offers (SPEC §2 advanced panel). */
export type SearchTypeOnlyFilter = InclusionFilter | 'furnishing'

/**
 * SPEC §2 advanced panel: the filters only one search type offers. Sales only: New Homes, Shared
 * Ownership. Lettings only: Short Let, House Flat Share, Pets Allowed, Bills Included, Furnishing.
 */
export const SEARCH_TYPE_ONLY_FILTERS = {
  sales: ['new_homes', 'shared_ownership'],
  lettings: ['short_let', 'house_flat_share', 'pets_allowed', 'bills_included', 'furnishing'],
} as const satisfies Record<SearchType, readonly SearchTypeOnlyFilter[]>

/**
 * Whether a filter applies to a search type: a filter of the other type's panel does not (a query kept
 * across the sales/lettings switch cannot filter by a control the panel no longer shows, and an
 * alert's lettings options say nothing of a house for sale).
 */
export function appliesToSearchType(filter: SearchTypeOnlyFilter, searchType: SearchType): boolean {
  const otherType: SearchType = searchType === 'sales' ? 'lettings' : 'sales'
  return !(SEARCH_TYPE_ONLY_FILTERS[otherType] as readonly SearchTypeOnlyFilter[]).includes(filter)
}

/**
 * SPEC §9 radius 0 ('This area only') is the place's own bounds, which a location carries when it was
 * chosen from an area (location.ts `toPlaceSearchBounds`). Without them (a point such as a station or a full
 * postcode, a hand-made link) it is a circle of this radius around the point, about 250 metres: a
 * street or two, less than the smallest radius (a quarter of a mile), so that the radii widen a search
 * as they grow. The one value radius 0 has in the search, the Heads Up matching and the match score.
 */
export const ZERO_RADIUS_MILES = 0.15

/** The radius in miles a location's circle covers: its own, or ZERO_RADIUS_MILES for radius 0. */
export function toSearchRadiusMiles(location: Pick<LocationFilter, 'radius'>): number {
  return location.radius > 0 ? location.radius : ZERO_RADIUS_MILES
}

/** Whether a location covers its place's bounds (radius 0 with bounds) rather than a circle. */
export function isBoundsLocation(location: Pick<LocationFilter, 'radius' | 'bounds'>): location is LocationFilter & { bounds: NonNullable<LocationFilter['bounds']> } {
  return location.radius === 0 && !!location.bounds
}

/**
 * Whether a location covers its place's bounds and the radius around them: a place with an outline (a
 * town, a postcode district) at a radius above 0. '0.25 mile' of Leeds is Leeds and a quarter of a mile
 * beyond it, as on the big property portals, never a quarter-mile circle around the city's centre point,
 * which would find fewer homes than 'This area only' (SPEC §9's radii widen a search as they grow).
 */
export function isAroundBoundsLocation(location: Pick<LocationFilter, 'radius' | 'bounds'>): location is LocationFilter & { bounds: NonNullable<LocationFilter['bounds']> } {
  return location.radius > 0 && !!location.bounds
}

/**
 * How far a point lies from a location, in miles: from its place's bounds (0 within them) when they
 * are known, else from its point. What a card's distance says ('0.4 mile away'): within the radius
 * asked for whenever the card was found by the location, and nothing for a home inside a town searched
 * by name, whose centre is no part of the search. The API's SQL (`milesFromLocationSql`) is the same.
 */
export function milesFromLocation(location: Pick<LocationFilter, 'lat' | 'lng' | 'bounds'>, point: LatLng): number {
  return location.bounds ? milesBeyondBounds(point, location.bounds) : distanceMiles(location, point)
}

/**
 * How far a point lies beyond a location, in miles (0 or less within it): beyond its place's bounds
 * and their radius, or beyond its circle. The match score's margin is measured from here.
 */
export function milesBeyondLocation(location: LocationFilter, point: LatLng): number {
  return milesFromLocation(location, point) - (location.bounds ? location.radius : toSearchRadiusMiles(location))
}

/**
 * Whether a point lies within a location (the search's rule, in plain numbers): within its place's
 * bounds for radius 0 when they are known, within the radius of those bounds for a larger radius, else
 * within its circle. The API's SQL (`withinSql`) is the same rule.
 */
export function isWithinLocation(location: LocationFilter, point: LatLng): boolean {
  if (isBoundsLocation(location)) return isWithinBounds(point, location.bounds)
  if (isAroundBoundsLocation(location)) return milesBeyondBounds(point, location.bounds) <= location.radius
  return distanceMiles(location, point) <= toSearchRadiusMiles(location)
}

/** What a location covers, to draw on a map: its place's bounds, its bounds widened by the radius, or a circle. */
export type LocationArea =
  | { kind: 'box'; area: BoundingBox }
  | { kind: 'outline'; points: LatLng[] }
  | { kind: 'circle'; lat: number; lng: number; radiusMiles: number }

/** The area a location covers (`isWithinLocation`'s rule), as a map draws it. */
export function toLocationArea(location: LocationFilter): LocationArea {
  if (isBoundsLocation(location)) return { kind: 'box', area: location.bounds }
  if (isAroundBoundsLocation(location)) return { kind: 'outline', points: toWidenedBoundsOutline(location.bounds, location.radius) }
  return { kind: 'circle', lat: location.lat, lng: location.lng, radiusMiles: toSearchRadiusMiles(location) }
}

/** The search type an alert searches: a buyer's alert sales, a tenant's lettings (SPEC §4). */
export function toAlertTransactionTypeId(profileId: number): TransactionTypeId {
  return profileId === APPLICANT_PROFILE.TENANT ? TRANSACTION_TYPE.LETTINGS : TRANSACTION_TYPE.SALES
}

/**
 * An alert's criteria as the search filters its Heads Up matching runs: the alert's search type (by
 * its profile), its locations and filters. A Heads Up announces what can still be bought or rented,
 * so it never includes properties sold or let subject to contract (include_unavailable is off).
 */
export function toAlertSearchFilters(criteria: AlertCriteria, profileId: number): PropertySearchFilters {
  const transactionTypeId = toAlertTransactionTypeId(profileId)
  return {
    transaction_type_id: transactionTypeId,
    locations: criteria.locations.map(toLocationFilter),
    bounds: null,
    // The ends of the price steps are no limit (price.ts).
    ...toSearchPriceBounds(criteria, transactionTypeId === TRANSACTION_TYPE.LETTINGS ? 'lettings' : 'sales'),
    min_bedroom: criteria.min_bedroom,
    max_bedroom: criteria.max_bedroom,
    min_bathroom: criteria.min_bathroom,
    max_bathroom: criteria.max_bathroom,
    min_reception: criteria.min_reception,
    max_reception: criteria.max_reception,
    property_types: criteria.property_types,
    must_haves: criteria.must_haves,
    furnishing: criteria.furnishing,
    new_homes: criteria.new_homes,
    shared_ownership: criteria.shared_ownership,
    retirement_homes: criteria.retirement_homes,
    short_let: criteria.short_let,
    house_flat_share: criteria.house_flat_share,
    pets_allowed: criteria.pets_allowed,
    bills_included: criteria.bills_included,
    include_unavailable: false,
    keywords: '',
    added_within_days: null,
    reduced: false,
    branch_id: null,
  }
}

/**
 * A search's criteria as an alert's ('Save this search'): the inverse of toAlertSearchFilters. Each
 * location takes the name the search shows for it (the place's point when it has none, as a place
 * found on the map has) and its radius; the filters a search only has (its words, date added,
 * reductions, map area) are not an alert's. Whether sold or let properties show is the search's own:
 * a Heads Up announces only what can still be bought or rented.
 */
export function toAlertCriteriaOfSearch(filters: PropertySearchFilters, locationNames: readonly string[]): AlertCriteria {
  return {
    locations: filters.locations.map((location, index) => {
      const point = `${location.lat},${location.lng}`
      const name = locationNames[index]?.trim() || point
      return { location: name, place_id: point, lat: location.lat, lng: location.lng, bounds: location.bounds ?? null, distance: toCoveringRadius(location.radius) }
    }),
    min_price: filters.min_price,
    max_price: filters.max_price,
    min_bedroom: filters.min_bedroom,
    max_bedroom: filters.max_bedroom,
    min_bathroom: filters.min_bathroom,
    max_bathroom: filters.max_bathroom,
    min_reception: filters.min_reception,
    max_reception: filters.max_reception,
    property_types: filters.property_types,
    must_haves: filters.must_haves,
    furnishing: filters.furnishing,
    new_homes: filters.new_homes,
    shared_ownership: filters.shared_ownership,
    retirement_homes: filters.retirement_homes,
    short_let: filters.short_let,
    house_flat_share: filters.house_flat_share,
    pets_allowed: filters.pets_allowed,
    bills_included: filters.bills_included,
    include_unavailable: false,
  }
}
