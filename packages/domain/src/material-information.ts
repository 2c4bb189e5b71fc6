/**
 * The parts of UK material information (National Trading Standards guidance for property listings)
 * beyond price, tenure, council tax and EPC rating: lease terms, EPC potential, construction,
 * utilities, parking, building safety, restrictions, rights and easements, flood risk and
 * accessibility. Null means not known.
 */
import type { MaterialInformation } from './catalogue.schema.ts'
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
