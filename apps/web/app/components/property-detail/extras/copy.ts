/**
 * Texts of the property page's extras (calculators, EPC chart, material information, similar
 * properties), which SPEC does not word.
 */
import type { LocalTax, UkCountry } from '@agency/domain'

export const EXTRAS_COPY = {
  CALCULATOR_HEADING: 'Stamp duty and mortgage calculator',
  CALCULATOR_OPEN: 'Work out stamp duty and mortgage payments',
  CALCULATOR_HOME_MOVER_AT: 'for a home mover at',
  CALCULATOR_EXAMPLE: (deposit: string, rate: string, term: number) =>
    `Monthly repayment with a ${deposit} deposit at ${rate}% over ${term} years`,
  CALCULATOR_NOTE:
    'A guide only, at the residential rates in force; your solicitor or conveyancer will confirm the tax, and your lender the payments.',
  PER_WEEK: 'PW',
  TAX_COUNTRY: { england: 'England', scotland: 'Scotland', wales: 'Wales', northern_ireland: 'Northern Ireland' } satisfies Record<UkCountry, string>,
  EPC_HEADING: 'Energy efficiency rating',
  EPC_CURRENT: 'Current',
  EPC_POTENTIAL: 'Potential',
  EPC_MORE_EFFICIENT: 'Very energy efficient - lower running costs',
  EPC_LESS_EFFICIENT: 'Not energy efficient - higher running costs',
  EPC_SUMMARY: (current: string, potential: string | null) =>
    `Current energy efficiency rating ${current}; potential rating ${potential ?? 'not known'}.`,
  /** Part A's heading names the local tax the property pays: a home's council tax, a business's rates, or none (land). */
  // A sale's part A has its price and tenure; a let's its rent and deposit (no tenure).
  MATERIAL_PART_A: (localTax: LocalTax | null, lettings: boolean) => {
    if (lettings) return localTax ? `Rent, deposit and ${localTax}` : 'Rent and deposit'
    return localTax ? `Price, tenure and ${localTax}` : 'Price and tenure'
  },
  MATERIAL_PART_B: 'The property and its services',
  MATERIAL_PART_C: 'Other things to know',
  MATERIAL_PRICE: 'Price',
  MATERIAL_RENT: 'Rent',
  MATERIAL_LEASE: 'Lease remaining',
  MATERIAL_LEASE_YEARS: (years: number) => `${years} years`,
  MATERIAL_GROUND_RENT: 'Ground rent',
  MATERIAL_SERVICE_CHARGE: 'Service charge',
  MATERIAL_A_YEAR: (amount: string) => `${amount} a year`,
  MATERIAL_EPC_POTENTIAL: (current: string, potential: string) => `${current} (potential ${potential})`,
  MATERIAL_BUSINESS_RATES: 'Business rates',
  MATERIAL_DOMESTIC_RATES: 'Domestic rates',
  MATERIAL_PROPERTY_TYPE: 'Property type',
  MATERIAL_CONSTRUCTION: 'Construction',
  MATERIAL_ELECTRICITY: 'Electricity',
  MATERIAL_WATER: 'Water',
  MATERIAL_SEWERAGE: 'Sewerage',
  MATERIAL_HEATING: 'Heating',
  MATERIAL_BROADBAND: 'Broadband',
  MATERIAL_MOBILE: 'Mobile signal',
  MATERIAL_PARKING: 'Parking',
  MATERIAL_BUILDING_SAFETY: 'Building safety',
  MATERIAL_RESTRICTIONS: 'Restrictions',
  MATERIAL_RIGHTS: 'Rights and easements',
  MATERIAL_FLOOD_RISK: 'Flood risk',
  MATERIAL_ACCESSIBILITY: 'Accessibility',
  SIMILAR_HEADING: 'Similar properties',
} as const
