/**
 * A BLM record → what the catalogue holds of it: the property row (less its id, position and dates,
 * which the importer settles) and the media it names. Codes are read with the tables of
 * packages/domain (blm.ts). Never throws: a record the catalogue cannot take comes back with its
 * reasons.
 */
import {
  BLM_COUNCIL_TAX_BANDS,
  BLM_FURNISHING,
  BLM_SHARED_OWNERSHIP_QUALIFIERS,
  BLM_SHORT_LET_TYPE,
  BLM_STATUSES,
  BLM_TENURES,
  BLM_TRANSACTION_TYPES,
  PROPERTY_STYLES,
  TRANSACTION_TYPE,
  findLettingsAdvertBreaches,
  isBlmPreMarket,
  isCouncilTaxBandOf,
  isResidentialPropertyType,
  toLettingsAdvertMessage,
  toLocalTax,
  toUkCountry,
  toBlmPriceQualifier,
  toBlmPropertyType,
  toBlmRentPcm,
  type LettingsAdvertBreach,
  type PreMarketRule,
} from '@agency/domain'
import type { PropertyRow } from '../seed/generate.ts'
import { toSlug } from '../seed/words.ts'
import type { BlmRecord } from './parse.ts'

/** A media reference of a record: a file in the zip beside the .blm, or a URL. */
export interface BlmMediaRef {
  source: string
  caption: string | null
}

/** The media a record names, by what the catalogue makes of them. */
export interface BlmMedia {
  /** MEDIA_IMAGE_00–59 with MEDIA_IMAGE_TEXT_nn. */
  photos: BlmMediaRef[]
  /** MEDIA_FLOOR_PLAN_nn. */
  floorPlans: BlmMediaRef[]
  /** MEDIA_IMAGE_60/61: the EPC graphs. */
  epcImages: BlmMediaRef[]
  /** MEDIA_DOCUMENT_50 and up: the EPC documents (PDF). */
  epcDocuments: BlmMediaRef[]
  /** MEDIA_VIRTUAL_TOUR_nn: links. */
  virtualTours: string[]
  /** MEDIA_DOCUMENT_00–49 with MEDIA_DOCUMENT_TEXT_nn: the brochures (PDF), kept as property documents. */
  brochures: BlmMediaRef[]
}

/** The property row of a record: every column but the ones the importer settles. */
export type BlmPropertyFields = Omit<PropertyRow, 'property_profile_id' | 'created_at' | 'updated_at' | 'lat' | 'lng' | 'location_precision' | 'feed_hash'> & {
  /** From LATITUDE/LONGITUDE when the feed carries them (not part of v3; some exports add them), else geocoded. */
  lat: number | null
  lng: number | null
}

/** A record the catalogue can take. */
export interface MappedBlmRecord {
  line: number
  agent_ref: string
  fields: BlmPropertyFields
  media: BlmMedia
  /** BLM BRANCH_ID, matched against our branches by the importer. */
  branchCode: number | null
  /**
   * Where the record says it is, for placing it when its postcode is not known: TOWN, then ADDRESS_2,
   * ADDRESS_3, ADDRESS_4 and the parts of DISPLAY_ADDRESS, in that order, each cleaned, without repeats.
   * `fields.town` is TOWN ('' when the feed leaves it empty: the importer names the place it finds).
   */
  localities: string[]
  /** Things the record said that could not be used as given (an unknown type code …). */
  warnings: string[]
}

/** The mapping's result. */
export type BlmMapResult =
  | { success: true; data: MappedBlmRecord }
  /** `breaches`: a letting in England whose advert breaks the Renters' Rights Act 2025 (lettings-advert.ts). */
  | { success: false; line: number; agent_ref: string | null; errors: string[]; breaches?: LettingsAdvertBreach[]; branch_code?: number | null; display_address?: string }

const STYLE_NAMES = new Map<number, string>(PROPERTY_STYLES.map((s) => [s.property_style_id, s.name]))
const TYPE_NOUNS: Record<number, string> = { 1: 'house', 2: 'flat', 3: 'bungalow', 4: 'park home', 5: 'commercial property', 6: 'land' }

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', pound: '£', euro: '€', ndash: '–', mdash: '—', rsquo: '’', lsquo: '‘', hellip: '…' }

/** BLM descriptions may carry simple HTML: paragraphs and line breaks become newlines, the rest plain text. */
export function toPlainText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\s*\/\s*(p|div|li|h\d)\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Whether a media value is a link rather than a file in the zip. */
export function isMediaUrl(value: string): boolean {
  return /^https?:\/\//i.test(value)
}

const pad = (n: number) => String(n).padStart(2, '0')

const MEDIA_KEY = /^MEDIA_(IMAGE|FLOOR_PLAN|DOCUMENT|VIRTUAL_TOUR)_(\d{2})$/

/** The media a record names, in slot order. */
export function collectBlmMedia(values: Record<string, string>): BlmMedia {
  const media: BlmMedia = { photos: [], floorPlans: [], epcImages: [], epcDocuments: [], virtualTours: [], brochures: [] }
  // One pass over the keys (a record has a hundred or so), in slot order.
  const slots: Array<{ kind: string; n: number; value: string }> = []
  for (const key in values) {
    if (!key.startsWith('MEDIA_')) continue
    const match = MEDIA_KEY.exec(key)
    const value = values[key]?.trim()
    if (match && value) slots.push({ kind: match[1] as string, n: Number(match[2]), value })
  }
  slots.sort((a, b) => a.n - b.n)
  const caption = (key: string) => values[key]?.trim() || null
  for (const { kind, n, value } of slots) {
    if (kind === 'IMAGE') {
      const ref = { source: value, caption: caption(`MEDIA_IMAGE_TEXT_${pad(n)}`) }
      if (n === 60 || n === 61) media.epcImages.push(ref)
      else if (n < 60) media.photos.push(ref)
    } else if (kind === 'FLOOR_PLAN') {
      media.floorPlans.push({ source: value, caption: caption(`MEDIA_FLOOR_PLAN_TEXT_${pad(n)}`) })
    } else if (kind === 'DOCUMENT') {
      const ref = { source: value, caption: caption(`MEDIA_DOCUMENT_TEXT_${pad(n)}`) }
      if (n >= 50) media.epcDocuments.push(ref)
      else media.brochures.push(ref)
    } else if (isMediaUrl(value)) {
      media.virtualTours.push(value)
    }
  }
  return media
}

/**
 * An address line as a person writes it: no stray or doubled commas ('Green Tiles,, Green Tiles Lane'),
 * no space before a comma, single spaces, nothing dangling at either end.
 */
export function toCleanAddress(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ')
}

/** The postcode from POSTCODE1 (outward) and POSTCODE2 (inward), upper-cased and spaced. */
export function toBlmPostcode(outward: string, inward: string): string {
  return `${outward.trim()} ${inward.trim()}`.toUpperCase().replace(/\s+/g, ' ').trim()
}

/** BLM dates: `YYYY-MM-DD HH:MM:SS` (the time optional) → `YYYY-MM-DD`; null when empty or not a date. */
export function toBlmDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim())
  if (!match) return null
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0] ? null : match[0]
}

const GARDEN_WORDS = /\bgardens?\b/i
const PARKING_WORDS = /\b(parking|garage|driveway|car port|carport|off[- ]street)\b/i

/** Reads one record. `preMarket` says which records are pre-market (locked). */
export function mapBlmRecord(record: BlmRecord, preMarket: PreMarketRule): BlmMapResult {
  const values = record.values
  const get = (key: string) => values[key]?.trim() ?? ''
  const errors: string[] = []
  const warnings: string[] = []
  const agentRef = get('AGENT_REF')
  if (!agentRef) errors.push('AGENT_REF is empty')

  /** A whole number field: null when empty; an error (and null) when not a number. */
  const int = (key: string, required = false): number | null => {
    const text = get(key).replace(/,/g, '')
    if (text === '') {
      if (required) errors.push(`${key} is empty`)
      return null
    }
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      errors.push(`${key} "${get(key)}" is not a number`)
      return null
    }
    return Math.round(Number(text))
  }
  const flag = (key: string) => /^(y|yes|1|true)$/i.test(get(key))
  /** An optional whole number that never refuses the record: a value that is not one is left out with a warning. */
  const optionalWhole = (key: string, max: number): number | null => {
    const text = get(key).replace(/,/g, '')
    if (text === '') return null
    if (!/^\d+(\.\d+)?$/.test(text) || Number(text) > max) {
      warnings.push(`${key} "${get(key)}" is not a whole number up to ${max}: left out`)
      return null
    }
    return Math.round(Number(text))
  }

  const transactionCode = int('TRANS_TYPE_ID', true)
  const transactionTypeId = transactionCode === null ? undefined : BLM_TRANSACTION_TYPES[transactionCode]
  if (transactionCode !== null && !transactionTypeId) errors.push(`TRANS_TYPE_ID ${transactionCode} is not 1 (sales) or 2 (lettings)`)
  const statusId = int('STATUS_ID') ?? 0
  const status = BLM_STATUSES[statusId]
  if (!status) errors.push(`STATUS_ID ${statusId} is not a BLM v3 status`)
  const price = int('PRICE', true)
  if (price !== null && price < 0) errors.push('PRICE is negative')
  /** An address field, cleaned of stray commas and spaces. */
  const address = (key: string) => toCleanAddress(toPlainText(get(key)))
  // A CRM's export often leaves TOWN empty and puts the place in ADDRESS_2–4 or DISPLAY_ADDRESS: the
  // importer finds it there in the gazetteer (geocoding), so an empty TOWN alone refuses nothing.
  const town = address('TOWN')
  const localities = [...new Set([town, address('ADDRESS_2'), address('ADDRESS_3'), address('ADDRESS_4'), ...address('DISPLAY_ADDRESS').split(', ')].filter(Boolean))]
  const postcode = toBlmPostcode(get('POSTCODE1'), get('POSTCODE2'))
  if (!postcode) errors.push('POSTCODE1 and POSTCODE2 are empty')
  const addressLine1 = address('ADDRESS_1')
  if (!addressLine1 && !address('DISPLAY_ADDRESS')) errors.push('ADDRESS_1 and DISPLAY_ADDRESS are empty')

  const subId = int('PROP_SUB_ID')
  const { type, known } = toBlmPropertyType(subId)
  if (!known) warnings.push(`PROP_SUB_ID ${subId ?? '(empty)'} is not a type we know: imported as a house`)

  const bedroom = Math.max(0, int('BEDROOMS') ?? 0)
  // A count the feed leaves out (no such field, or empty) is unknown, never 0: a buyer would read 'no bathroom'.
  const bathroomCount = int('BATHROOMS')
  const receptionCount = int('LIVING_ROOMS')
  const bathroom = bathroomCount === null ? null : Math.max(0, bathroomCount)
  const reception = receptionCount === null ? null : Math.max(0, receptionCount)
  const qualifierCode = int('PRICE_QUALIFIER')
  const rentFrequency = int('LET_RENT_FREQUENCY')
  const furnishingCode = int('LET_FURN_ID')
  const letType = int('LET_TYPE_ID')
  const tenureCode = int('TENURE_TYPE_ID')
  const bond = int('LET_BOND')
  const published = get('PUBLISHED_FLAG') === '' ? true : get('PUBLISHED_FLAG') !== '0'
  const latText = get('LATITUDE')
  const lngText = get('LONGITUDE')
  const lat = latText === '' ? null : Number(latText)
  const lng = lngText === '' ? null : Number(lngText)
  const hasPosition = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0)
  if ((lat !== null || lng !== null) && !hasPosition) warnings.push('LATITUDE/LONGITUDE are not a position: geocoded by postcode')

  const branchCode = int('BRANCH_ID')

  // Renters' Rights Act 2025: a home to let in England is published only with one specific rent and
  // no bidding or deterring wording (a commercial letting is outside the Act). A range or 'POA' in
  // PRICE is reported as such, not as a bad number.
  if (transactionTypeId === TRANSACTION_TYPE.LETTINGS && isResidentialPropertyType(type.property_type_id) && postcode && toUkCountry(postcode) === 'england') {
    const texts = [
      { field: 'SUMMARY', text: toPlainText(get('SUMMARY')) },
      { field: 'DESCRIPTION', text: toPlainText(get('DESCRIPTION')) },
      ...Array.from({ length: 10 }, (_, i) => ({ field: `FEATURE${i + 1}`, text: toPlainText(get(`FEATURE${i + 1}`)) })),
    ].filter((item) => item.text)
    const breaches = findLettingsAdvertBreaches({ price: get('PRICE'), priceQualifier: qualifierCode, texts })
    if (breaches.length > 0) {
      const others = errors.filter((error) => !error.startsWith('PRICE '))
      return { success: false, line: record.line, agent_ref: agentRef || null, errors: [...breaches.map(toLettingsAdvertMessage), ...others], breaches, branch_code: branchCode, display_address: toPlainText(get('DISPLAY_ADDRESS')) }
    }
  }

  if (errors.length > 0 || !transactionTypeId || !status || price === null) {
    return { success: false, line: record.line, agent_ref: agentRef || null, errors }
  }

  const sales = transactionTypeId === TRANSACTION_TYPE.SALES
  const features: string[] = []
  for (let n = 1; n <= 10; n++) {
    const feature = toPlainText(get(`FEATURE${n}`))
    if (feature) features.push(feature)
  }
  const summary = toPlainText(get('SUMMARY'))
  const description = toPlainText(get('DESCRIPTION')) || summary
  const text = [summary, description, ...features].join('\n')

  const styleName = type.property_style_id === null ? undefined : STYLE_NAMES.get(type.property_style_id)
  const noun = (styleName ?? TYPE_NOUNS[type.property_type_id] ?? 'property').toLowerCase()
  const what =
    !isResidentialPropertyType(type.property_type_id)
      ? noun.charAt(0).toUpperCase() + noun.slice(1)
      : bedroom === 0 && type.property_type_id === 2
        ? 'Studio flat'
        : `${bedroom} bedroom ${noun}`
  const advertHeading = `${what} ${sales ? 'for sale' : 'to rent'}`
  const displayAddress = address('DISPLAY_ADDRESS') || [addressLine1, town].filter(Boolean).join(', ')
  const band = get('COUNCIL_TAX_BAND').toUpperCase()
  // A band of the UK's letters, and of the property's nation's: I only in Wales, none in Northern Ireland.
  const bandCountry = postcode ? toUkCountry(postcode) : null
  const councilTaxBand = (BLM_COUNCIL_TAX_BANDS as readonly string[]).includes(band) && (bandCountry === null || isCouncilTaxBandOf(band, bandCountry)) ? band : null
  if (band && !councilTaxBand) warnings.push(`COUNCIL_TAX_BAND "${get('COUNCIL_TAX_BAND')}" is not a band${bandCountry ? ` of the nation of ${postcode}` : ''}`)
  const county = address('ADDRESS_4') && address('ADDRESS_4') !== town ? address('ADDRESS_4') : null

  const fields: BlmPropertyFields = {
    transaction_type_id: transactionTypeId,
    property_type_id: type.property_type_id,
    property_style_id: type.property_style_id,
    branch_id: null,
    slug: toSlug(`${advertHeading} ${town}`),
    advert_heading: advertHeading,
    summary,
    description,
    features,
    bedroom,
    bathroom,
    reception,
    price: sales ? price : toBlmRentPcm(price, rentFrequency),
    price_qualifier: toBlmPriceQualifier(qualifierCode, transactionTypeId),
    new_home: flag('NEW_HOME_FLAG'),
    shared_ownership: flag('SHARED_OWNERSHIP') || (qualifierCode !== null && BLM_SHARED_OWNERSHIP_QUALIFIERS.includes(qualifierCode)),
    retirement: type.retirement === true,
    short_let: !sales && letType === BLM_SHORT_LET_TYPE,
    house_flat_share: type.house_flat_share === true,
    pets_allowed: false,
    bills_included: false,
    furnishing: sales || furnishingCode === null ? null : (BLM_FURNISHING[furnishingCode] ?? null),
    garden_type: null,
    has_garden: GARDEN_WORDS.test(text),
    has_parking: PARKING_WORDS.test(text),
    availability: status.availability,
    is_locked: isBlmPreMarket(preMarket, { published, statusId }),
    address_line_1: addressLine1 || displayAddress,
    address_line_2: address('ADDRESS_2') || null,
    town,
    county,
    postcode,
    display_address: displayAddress,
    lat: hasPosition ? lat : null,
    lng: hasPosition ? lng : null,
    tenure: tenureCode === null ? null : (BLM_TENURES[tenureCode] ?? null),
    council_tax_band: councilTaxBand,
    epc_rating: null,
    available_from: sales ? null : toBlmDate(get('LET_DATE_AVAILABLE')),
    deposit: sales ? null : bond,
    agent_ref: agentRef,
    // Material information: the lease figures of BLM v3i's material information fields when the export
    // carries them; what a feed cannot say stays unknown, and the page says 'Ask the agent'.
    epc_potential_rating: null,
    epc_current_score: null,
    epc_potential_score: null,
    lease_years_remaining: optionalWhole('TENURE_UNEXPIRED_YEARS', 32_767),
    ground_rent: optionalWhole('ANNUAL_GROUND_RENT', 2_000_000_000),
    service_charge: optionalWhole('ANNUAL_SERVICE_CHARGE', 2_000_000_000),
    construction: null,
    electricity_supply: null,
    water_supply: null,
    sewerage: null,
    heating: null,
    broadband: null,
    mobile_signal: null,
    parking: null,
    building_safety: null,
    restrictions: null,
    rights_and_easements: null,
    flood_risk: null,
    accessibility: null,
  }
  const partA = findMissingPartA(fields)
  if (partA.length > 0) warnings.push(`${MATERIAL_PART_A_WARNING}: ${partA.join(', ')}`)
  return { success: true, data: { line: record.line, agent_ref: agentRef, fields, media: collectBlmMedia(values), branchCode, localities, warnings } }
}

/** The start of the report's warning of a listing missing material information of Part A. */
export const MATERIAL_PART_A_WARNING = 'material information Part A missing (National Trading Standards)'

/**
 * The Part A material information (National Trading Standards, for every listing) a record lacks:
 * a home's council tax band (an office or land pays none, nor a home in Northern Ireland, which pays
 * domestic rates), then for a sale its tenure, for a letting
 * its deposit. The price or rent is Part A too; a record without one is not imported at all.
 */
export function findMissingPartA(
  fields: Pick<BlmPropertyFields, 'transaction_type_id' | 'property_type_id' | 'council_tax_band' | 'tenure' | 'deposit' | 'postcode'>,
): string[] {
  const missing: string[] = []
  const country = fields.postcode ? toUkCountry(fields.postcode) : null
  if (!fields.council_tax_band && toLocalTax(fields.property_type_id, country) === 'council tax') missing.push('council tax band')
  if (fields.transaction_type_id === TRANSACTION_TYPE.SALES && !fields.tenure) missing.push('tenure')
  if (fields.transaction_type_id === TRANSACTION_TYPE.LETTINGS && fields.deposit === null) missing.push('deposit')
  return missing
}
