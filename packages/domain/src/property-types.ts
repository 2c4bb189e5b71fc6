/**
 * Property types and styles (SPEC §3), the reference data the database is loaded with, and SPEC §3's
 * featured types. SPEC fixes the featured type ids; the style ids are this product's own.
 */

/** SPEC §3 Property type rows. */
export const PROPERTY_TYPES = [
  { property_type_id: 1, name: 'House' },
  { property_type_id: 2, name: 'Flat / Apartment' },
  { property_type_id: 3, name: 'Bungalow' },
  { property_type_id: 4, name: 'Park Home' },
  { property_type_id: 5, name: 'Commercial' },
  { property_type_id: 6, name: 'Land' },
] as const

/** SPEC §3 Property style rows, each belonging to a type. */
export const PROPERTY_STYLES = [
  { property_style_id: 1, property_type_id: 1, name: 'Detached House' },
  { property_style_id: 2, property_type_id: 1, name: 'Semi-Detached House' },
  { property_style_id: 3, property_type_id: 1, name: 'Terraced House' },
  { property_style_id: 4, property_type_id: 1, name: 'End of Terrace House' },
  { property_style_id: 5, property_type_id: 1, name: 'Town House' },
  { property_style_id: 6, property_type_id: 1, name: 'Cottage' },
  { property_style_id: 7, property_type_id: 1, name: 'Link Detached House' },
  { property_style_id: 8, property_type_id: 1, name: 'Mews House' },
  { property_style_id: 9, property_type_id: 2, name: 'Flat' },
  { property_style_id: 10, property_type_id: 2, name: 'Apartment' },
  { property_style_id: 11, property_type_id: 2, name: 'Maisonette' },
  { property_style_id: 12, property_type_id: 2, name: 'Penthouse' },
  { property_style_id: 13, property_type_id: 2, name: 'Studio' },
  { property_style_id: 14, property_type_id: 3, name: 'Detached Bungalow' },
  { property_style_id: 15, property_type_id: 3, name: 'Semi-Detached Bungalow' },
  { property_style_id: 16, property_type_id: 3, name: 'Terraced Bungalow' },
  { property_style_id: 17, property_type_id: 4, name: 'Park Home' },
  { property_style_id: 18, property_type_id: 4, name: 'Mobile Home' },
  { property_style_id: 19, property_type_id: 4, name: 'Lodge' },
  { property_style_id: 20, property_type_id: 5, name: 'Office' },
  { property_style_id: 21, property_type_id: 5, name: 'Retail Unit' },
  { property_style_id: 22, property_type_id: 5, name: 'Industrial Unit' },
  { property_style_id: 23, property_type_id: 6, name: 'Building Plot' },
  { property_style_id: 24, property_type_id: 6, name: 'Agricultural Land' },
] as const

/** A featured box of the type picker (SPEC §3): its label, type id and the styles it stands for. */
export interface FeaturedPropertyType {
  readonly key: string
  readonly label: string
  readonly property_type_id: number
  /** Empty for "type only" boxes (Bungalow, Land): the whole type is selected. */
  readonly property_style_ids: readonly number[]
}

/** SPEC §3 featured types: Detached, Semi-Detached, Terraced (type 1), Flats (2), Bungalow (3, type only), Land (6, type only), Park Home (4). */
export const FEATURED_PROPERTY_TYPES: readonly FeaturedPropertyType[] = [
  { key: 'detached', label: 'Detached', property_type_id: 1, property_style_ids: [1, 7] },
  { key: 'semi-detached', label: 'Semi-Detached', property_type_id: 1, property_style_ids: [2] },
  { key: 'terraced', label: 'Terraced', property_type_id: 1, property_style_ids: [3, 4, 8] },
  { key: 'flats', label: 'Flats', property_type_id: 2, property_style_ids: [9, 10, 11, 12, 13] },
  { key: 'bungalow', label: 'Bungalow', property_type_id: 3, property_style_ids: [] },
  { key: 'land', label: 'Land', property_type_id: 6, property_style_ids: [] },
  { key: 'park-home', label: 'Park Home', property_type_id: 4, property_style_ids: [17, 18, 19] },
]

/**
 * The property types that are not homes: Commercial (5: offices, shops, industrial units) and Land (6).
 * Such a property has no bedrooms or reception rooms to count, pays business rates (commercial) or
 * nothing (bare land) rather than council tax, is bought at the non-residential rates of SDLT, LBTT and
 * LTT, and is let outside the residential tenancy laws (Tenant Fees Act 2019 and its Welsh and Scottish
 * counterparts).
 */
export const NON_RESIDENTIAL_PROPERTY_TYPE_IDS: readonly number[] = [5, 6]

/** The Commercial type (5): it pays business rates. */
export const COMMERCIAL_PROPERTY_TYPE_ID = 5

/** Whether a property of this type is a home; a property of no known type is taken for one. */
export function isResidentialPropertyType(propertyTypeId: number | null | undefined): boolean {
  return propertyTypeId === null || propertyTypeId === undefined || !NON_RESIDENTIAL_PROPERTY_TYPE_IDS.includes(propertyTypeId)
}
