/**
 * The parts of UK material information (National Trading Standards guidance for property listings)
 * beyond price, tenure, council tax and EPC rating: lease terms, EPC potential, construction,
 * utilities, parking, building safety, restrictions, rights and easements, flood risk and
 * accessibility. Null means not known.
 */
import type { MaterialInformation } from './catalogue.schema.ts'

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
