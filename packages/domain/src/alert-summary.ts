/**
 * How the site words one alert, wherever it shows it: the alert cards of the alert pages and the
 * e-mails about an alert (its confirmation). One formatter, so an alert reads the same everywhere.
 */
import type { AlertCriteria } from './applicant.ts'
import type { SearchType } from './catalogue.ts'
import { toSearchTypeOfProfile, type AlertProfileId } from './constants.ts'
import { toAlertPriceLabel, toRoomRangeLabel } from './format.ts'
import { ANY_PRICE_LABEL, toSearchPriceBounds } from './price.ts'
import { toRadiusLabel } from './radius.ts'

/** An alert's search type as its name says it. */
export const ALERT_PROFILE_LABELS = { sales: 'Buying', lettings: 'Renting' } as const satisfies Record<SearchType, string>

/** An alert's name when it has no place. */
export const ALERT_ANYWHERE_LABEL = 'Any location'

/** The label of an alert's property types. */
export const ALERT_PROPERTY_TYPES_LABEL = 'Property types'

/** What identifies an alert for its summary. */
export interface AlertOfSummary {
  profile_id: AlertProfileId
  criteria: AlertCriteria
}

/** One alert in words, as its card shows it. */
export interface AlertSummary {
  /** 'Buying: Leeds, Otley'. */
  name: string
  /** Each place with its radius: 'Leeds (0.25 miles)'. */
  places: string[]
  /** SPEC §2: 'from', 'to' or a range ('£200,000 - £350,000'); 'Any price' when open. */
  price: string
  /** SPEC §9 room ranges: 'Min 2 - No Max Beds', 'No Min - No Max Baths', 'Min 1 - Max 2 Reception'. */
  bedrooms: string
  bathrooms: string
  receptions: string
  /** The property types' names, in the alert's order ('Detached, Flats'); empty for any type. */
  propertyTypes: string[]
}

/** An alert's name: its profile and where it looks ('Buying: Leeds, Otley'). */
export function toAlertName(alert: Pick<AlertOfSummary, 'profile_id'> & { criteria: Pick<AlertCriteria, 'locations'> }): string {
  const places = alert.criteria.locations.map((l) => l.location)
  return `${ALERT_PROFILE_LABELS[toSearchTypeOfProfile(alert.profile_id)]}: ${places.length ? places.join(', ') : ALERT_ANYWHERE_LABEL}`
}

/**
 * An alert in the site's words (SPEC §2 alert card): its name, each place with its radius, the price
 * ('from', 'to' or a range; the ends of the price steps are no limit), the bedroom, bathroom and
 * reception ranges, and the property types named by `propertyTypeNames` (an unknown id as 'Type 7').
 */
export function toAlertSummary(alert: AlertOfSummary, propertyTypeNames: ReadonlyMap<number, string> = new Map()): AlertSummary {
  const { criteria } = alert
  const searchType = toSearchTypeOfProfile(alert.profile_id)
  const bounds = toSearchPriceBounds(criteria, searchType)
  return {
    name: toAlertName(alert),
    places: criteria.locations.map((l) => `${l.location} (${toRadiusLabel(l.distance)})`),
    price: toAlertPriceLabel(bounds.min_price, bounds.max_price, searchType) ?? ANY_PRICE_LABEL,
    bedrooms: toRoomRangeLabel('bedroom', criteria.min_bedroom, criteria.max_bedroom),
    bathrooms: toRoomRangeLabel('bathroom', criteria.min_bathroom, criteria.max_bathroom),
    receptions: toRoomRangeLabel('reception', criteria.min_reception, criteria.max_reception),
    propertyTypes: criteria.property_types.map((t) => propertyTypeNames.get(t.property_type_id) ?? `Type ${t.property_type_id}`),
  }
}
