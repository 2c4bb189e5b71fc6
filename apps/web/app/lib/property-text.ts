import { LABELS, toSearchType } from '@agency/domain'
import type { PropertyCard, PropertyDetail, SearchType } from '@agency/domain'

const COUNT = new Intl.NumberFormat('en-GB')

/**
 * The results header: '1,234 properties for sale', '1 property to rent', or past the count's limit
 * (the API's `total_capped`) 'Over 1,000 properties for sale'.
 */
export function toResultsCountText(total: number, searchType: SearchType, capped = false): string {
  const noun = total === 1 && !capped ? 'property' : 'properties'
  const where = searchType === 'lettings' ? 'to rent' : 'for sale'
  return capped ? `Over ${COUNT.format(total)} ${noun} ${where}` : `${COUNT.format(total)} ${noun} ${where}`
}

/** Alt text of a property photo: what and where, e.g. '4 bedroom detached house, Kent Road, Harrogate'. */
export function toImageAlt(card: Pick<PropertyCard, 'advert_heading' | 'display_address'>): string {
  return `${card.advert_heading}, ${card.display_address}`
}

/** The town of a display address: its last part, without a trailing postcode ('Kent Road, Harrogate HG1' → 'Harrogate'). */
export function toTown(displayAddress: string): string {
  const parts = displayAddress.split(',').map((part) => part.trim()).filter(Boolean)
  const last = parts.at(-1) ?? ''
  return last.replace(/\s+[A-Z]{1,2}\d[A-Z\d]?(?:\s*\d[A-Z]{2})?$/i, '').trim()
}

/**
 * The search-engine title of a property: '4 bedroom detached house for sale in Harrogate'. Locked
 * properties carry no room counts, so the bedroom part is left out for them.
 */
export function toPropertyTitle(property: PropertyDetail): string {
  const searchType = toSearchType(property.transaction_type_id)
  const kind = (property.property_style?.name ?? property.property_type?.name ?? 'property').toLowerCase()
  // No bedrooms is a studio, an office or land: the style already says which.
  const bedrooms = property.bedroom ? `${property.bedroom} bedroom ` : ''
  const town = toTown(property.display_address)
  const offer = searchType === 'lettings' ? 'to rent' : 'for sale'
  return `${bedrooms}${kind} ${offer}${town ? ` in ${town}` : ''}`.replace(/^./, (c) => c.toUpperCase())
}

/** A meta description: the first sentences of a text, cut on a word boundary. */
export function toMetaDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:-]+$/, '')}…`
}

/** A description as paragraphs: blank lines (or single newlines) separate them. */
export function toParagraphs(text: string | null): string[] {
  if (!text) return []
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
}

/** A phone number as a tel: link target (spaces and brackets dropped, a leading + kept). */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** A room count of a card or page: which rooms, SPEC §2's label for them, and how many. */
export interface RoomCount {
  kind: 'bedroom' | 'bathroom' | 'reception'
  label: string
  count: number
}

/** The room counts a card or page shows, in SPEC §2 order (BEDROOM, BATHROOM, RECEPTION); unknown ones are left out. */
export function toRoomCounts(property: Pick<PropertyCard, 'bedroom' | 'bathroom' | 'reception'>): RoomCount[] {
  const rooms: Array<Omit<RoomCount, 'count'> & { count: number | null }> = [
    { kind: 'bedroom', label: LABELS.BEDROOM, count: property.bedroom },
    { kind: 'bathroom', label: LABELS.BATHROOM, count: property.bathroom },
    { kind: 'reception', label: LABELS.RECEPTION, count: property.reception },
  ]
  return rooms.filter((room): room is RoomCount => room.count !== null)
}

const ROOM_WORDS: Record<RoomCount['kind'], [one: string, many: string]> = {
  bedroom: ['bedroom', 'bedrooms'],
  bathroom: ['bathroom', 'bathrooms'],
  reception: ['reception', 'receptions'],
}

/** A room count as words: '3 bedrooms', '1 bathroom', '2 receptions'. */
export function toRoomPhrase({ kind, count }: Pick<RoomCount, 'kind' | 'count'>): string {
  const [one, many] = ROOM_WORDS[kind]
  return `${count} ${count === 1 ? one : many}`
}

/** A card's photo count as words: '1 photo', '12 photos'. */
export function toPhotoCountPhrase(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`
}
