/**
 * The parts of UK material information (National Trading Standards guidance for property listings)
 * beyond price, tenure, council tax and EPC rating: lease terms, EPC potential, construction,
 * utilities, parking, building safety, restrictions, rights and easements, flood risk and
 * accessibility. Null means not known.
 */
import type { MaterialInformation } from './catalogue.schema.ts'
import { COMMERCIAL_PROPERTY_TYPE_ID, isResidentialPropertyType } from './property-types.ts'
import type { UkCountry } from './uk-country.ts'

/**
 * The names of the detail fields of MaterialInformationSchema (catalogue.ts), in the order a listing
 * shows them. The schema lists its fields inline: a spread or call at the top of a module would keep
 * zod in every page bundle that imports the package.
 */
export const MATERIAL_INFORMATION_DETAIL_KEYS = [
  'epc_potential_rating',
  'epc_current_score',
  'epc_potential_score',
  'lease_years_remaining',
  'ground_rent',
  'service_charge',
  'construction',
  'electricity_supply',
  'water_supply',
  'sewerage',
  'heating',
  'broadband',
  'mobile_signal',
  'parking',
  'building_safety',
  'restrictions',
  'rights_and_easements',
  'flood_risk',
  'accessibility',
] as const satisfies ReadonlyArray<keyof MaterialInformation>

/**
 * The tenure a Scottish property page shows. Scotland has no freehold or leasehold in the English
 * sense: the Abolition of Feudal Tenure etc. (Scotland) Act 2000 turned every feudal estate into
 * ownership of the land from 28 November 2004, and a home cannot be held on a long lease (Land Tenure
 * Reform (Scotland) Act 1974; the Long Leases (Scotland) Act 2012 made the remaining ultra-long ones
 * ownership in 2015). Registers of Scotland's titles call it ownership; 'Ownership' is the plainest
 * true word (not 'owned outright', which a buyer reads as mortgage-free, nor 'heritable', which few
 * buyers know).
 */
export const SCOTTISH_TENURE = 'Ownership'

/** Tenures with no lease to describe (its years, ground rent, service charge). */
const LEASELESS_TENURES: ReadonlySet<string> = new Set(['Freehold', 'Feudal', 'Commonhold', SCOTTISH_TENURE])

/**
 * Tenures that mean the property is owned (in Scotland all of them are ownership): the leaseless ones,
 * and a share of the freehold, which owns the freehold and still holds a lease of the flat.
 */
const OWNED_TENURES: ReadonlySet<string> = new Set([...LEASELESS_TENURES, 'Share of Freehold'])

/**
 * The tenure as a property page shows it, by the nation the property is in (from its postcode,
 * uk-country.ts): in Scotland any kind of ownership a feed or the data names in English or old
 * Scottish terms (Freehold, Share of Freehold, Feudal, Commonhold) is SCOTTISH_TENURE; a lease stays a
 * lease (commercial leases are common there). Elsewhere the tenure as stated.
 */
export function toTenureWording(tenure: string | null, country: UkCountry | null): string | null {
  if (tenure === null || country !== 'scotland') return tenure
  return OWNED_TENURES.has(tenure) ? SCOTTISH_TENURE : tenure
}

/** Whether a tenure (as worded by toTenureWording) comes with a lease whose terms material information states. */
export function hasLeaseTerms(tenure: string | null): boolean {
  return tenure !== null && !LEASELESS_TENURES.has(tenure)
}

/**
 * Who maps flood risk in each nation, the source a listing's flood risk is credited to: the
 * Environment Agency in England, Natural Resources Wales, SEPA (the Scottish Environment Protection
 * Agency) and the Department for Infrastructure's Rivers in Northern Ireland.
 */
export const FLOOD_RISK_AUTHORITIES: Readonly<Record<UkCountry, string>> = {
  england: 'Environment Agency',
  wales: 'Natural Resources Wales',
  scotland: 'SEPA',
  northern_ireland: 'DfI Rivers',
}

/** The tax on property a listing states in Part A, as a buyer or tenant reads its name. */
export type LocalTax = 'council tax' | 'domestic rates' | 'business rates'

/** One nation's council tax bands: the date homes are valued at, and each band's highest value (the last has none). */
export interface CouncilTaxBands {
  /** The valuation date the bands apply to, as an ISO date. */
  readonly valuedOn: string
  readonly bands: ReadonlyArray<{ readonly band: string; readonly upTo: number | null }>
}

/**
 * Council tax bands by nation. England keeps its 1 April 1991 values (Local Government Finance Act
 * 1992, s.5); Scotland values on the same date but with its own limits (the Council Tax (Substitution
 * of Proportion) (Scotland) Order 2017 left the limits as set in 1991); Wales revalued on 1 April 2003
 * and added band I (Council Tax (Valuation Bands) (Wales) Order 2003). Northern Ireland has no council
 * tax: a home pays domestic rates on its capital value of 1 January 2005, so it has no band (null).
 */
export const COUNCIL_TAX_BANDS: Readonly<Record<UkCountry, CouncilTaxBands | null>> = {
  england: {
    valuedOn: '1991-04-01',
    bands: [
      { band: 'A', upTo: 40_000 },
      { band: 'B', upTo: 52_000 },
      { band: 'C', upTo: 68_000 },
      { band: 'D', upTo: 88_000 },
      { band: 'E', upTo: 120_000 },
      { band: 'F', upTo: 160_000 },
      { band: 'G', upTo: 320_000 },
      { band: 'H', upTo: null },
    ],
  },
  scotland: {
    valuedOn: '1991-04-01',
    bands: [
      { band: 'A', upTo: 27_000 },
      { band: 'B', upTo: 35_000 },
      { band: 'C', upTo: 45_000 },
      { band: 'D', upTo: 58_000 },
      { band: 'E', upTo: 80_000 },
      { band: 'F', upTo: 106_000 },
      { band: 'G', upTo: 212_000 },
      { band: 'H', upTo: null },
    ],
  },
  wales: {
    valuedOn: '2003-04-01',
    bands: [
      { band: 'A', upTo: 44_000 },
      { band: 'B', upTo: 65_000 },
      { band: 'C', upTo: 91_000 },
      { band: 'D', upTo: 123_000 },
      { band: 'E', upTo: 162_000 },
      { band: 'F', upTo: 223_000 },
      { band: 'G', upTo: 324_000 },
      { band: 'H', upTo: 424_000 },
      { band: 'I', upTo: null },
    ],
  },
  northern_ireland: null,
}

/** Every council tax band letter of the UK: A–H, and I in Wales. */
export const COUNCIL_TAX_BAND_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const

/** The band of a home worth `value` on its nation's valuation date (COUNCIL_TAX_BANDS); null in Northern Ireland. */
export function toCouncilTaxBand(value: number, country: UkCountry): string | null {
  const table = COUNCIL_TAX_BANDS[country]
  if (!table) return null
  const found = table.bands.find((b) => b.upTo === null || value <= b.upTo)
  return (found ?? table.bands[table.bands.length - 1])?.band ?? null
}

/** Whether `band` is a council tax band of the nation (Wales's I only there; none in Northern Ireland). */
export function isCouncilTaxBandOf(band: string, country: UkCountry): boolean {
  return COUNCIL_TAX_BANDS[country]?.bands.some((b) => b.band === band) ?? false
}

/**
 * The local tax a property pays, by its type (property-types.ts) and nation: a home council tax, or
 * domestic rates in Northern Ireland (no band there); a commercial property business rates; bare land
 * neither (null). A property of no known nation is taken for one in Great Britain.
 */
export function toLocalTax(propertyTypeId: number | null | undefined, country: UkCountry | null): LocalTax | null {
  if (propertyTypeId === COMMERCIAL_PROPERTY_TYPE_ID) return 'business rates'
  if (!isResidentialPropertyType(propertyTypeId)) return null
  return country === 'northern_ireland' ? 'domestic rates' : 'council tax'
}
