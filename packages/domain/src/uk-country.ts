/**
 * Which of the UK's nations a property lies in, from its postcode. Property purchase tax depends on
 * it: Stamp Duty Land Tax in England and Northern Ireland, Land and Buildings Transaction Tax in
 * Scotland, Land Transaction Tax in Wales.
 *
 * The catalogue stores a postcode for every property (its town's region is only demo-generator
 * state), so the nation is read from the postcode's area, and for the areas that straddle a border
 * from its district:
 * - Scotland: AB DD DG EH FK G HS IV KA KW KY ML PA PH TD ZE, except TD12 and TD15 (Berwick-upon-Tweed
 *   and Cornhill-on-Tweed, England).
 * - Wales: CF LD LL NP SA, and CH5–CH8 (Flintshire) and SY15–SY25 (Powys and Ceredigion).
 * - Northern Ireland: BT.
 * - Everything else that looks like a UK postcode: England.
 * Districts that are themselves split by the border (a handful of rural ones) go with their larger part.
 * Crown dependencies (GY, JE, IM) and the overseas territories are outside all three taxes: null.
 */

/** A nation of the UK. */
export type UkCountry = 'england' | 'scotland' | 'wales' | 'northern_ireland'

const SCOTTISH_AREAS = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE'])
const WELSH_AREAS = new Set(['CF', 'LD', 'LL', 'NP', 'SA'])
const OUTSIDE_UK_TAX = new Set(['GY', 'JE', 'IM'])
/** Districts of an area on the other side of the border from the rest of their area. */
const ENGLISH_DISTRICTS_OF_SCOTTISH_AREAS = new Set(['TD12', 'TD15'])
const WELSH_DISTRICTS: Record<string, readonly [number, number]> = { CH: [5, 8], SY: [15, 25] }

/** The outward code's area letters and district number: 'EH3 9QG' → ['EH', 3]. Null when it is no postcode. */
function toOutward(postcode: string): { area: string; district: number } | null {
  const match = /^([A-Z]{1,2})(\d{1,2})[A-Z]?\s*\d[A-Z]{2}$/.exec(postcode.trim().toUpperCase())
  if (!match?.[1] || !match[2]) return null
  return { area: match[1], district: Number(match[2]) }
}

/** The UK nation of a postcode (see the module comment for the rules), or null when it is none or outside the UK. */
export function toUkCountry(postcode: string): UkCountry | null {
  const outward = toOutward(postcode)
  if (!outward) return null
  const { area, district } = outward
  if (OUTSIDE_UK_TAX.has(area)) return null
  if (area === 'BT') return 'northern_ireland'
  if (SCOTTISH_AREAS.has(area)) return ENGLISH_DISTRICTS_OF_SCOTTISH_AREAS.has(`${area}${district}`) ? 'england' : 'scotland'
  if (WELSH_AREAS.has(area)) return 'wales'
  const welsh = WELSH_DISTRICTS[area]
  if (welsh && district >= welsh[0] && district <= welsh[1]) return 'wales'
  return 'england'
}
