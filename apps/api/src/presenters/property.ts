import {
  AVAILABILITY_TITLES,
  FURNISHING_VALUES,
  isEpcRating,
  isResidentialPropertyType,
  toDetailPageUrl,
  toLockedHeading,
  toLockedSlug,
  toPinPriceLabel,
  toPriceLabel,
  toSearchType,
  type Availability,
  type Furnishing,
  type Media,
  type PropertyCard,
  type PropertyDetail,
  type TransactionTypeId,
} from '@agency/domain'
import type { z } from 'zod'
import type { MediaService } from '#app/plugins/media.ts'
import type { PropertyCardRow, PropertyDetailRows, PropertyMarkerRow, PropertyMediaRow } from '#app/queries/properties.ts'
import type { ApiPropertyCardSchema, ApiPropertyDetailSchema, ApiPropertyMarkerSchema, ApiSearchCardSchema } from '#app/schemas.ts'
import { toBranch } from './branch.ts'

/** A card as answered to one caller. */
export type ApiPropertyCard = z.output<typeof ApiPropertyCardSchema>
/** A search's card as answered to one caller: whole, or without its photo list. */
export type ApiSearchCard = z.output<typeof ApiSearchCardSchema>
/** A map marker as answered to one caller. */
export type ApiPropertyMarker = z.output<typeof ApiPropertyMarkerSchema>
/** A detail as answered to one caller. */
export type ApiPropertyDetail = z.output<typeof ApiPropertyDetailSchema>

/** What presenting a property needs to know about the request. */
export interface PresentContext {
  media: MediaService
  /** From `canSeeLocked(request)`. */
  canSeeLocked: boolean
}

/**
 * The card picture's media key: the first photo in gallery order, else the first poster. The media
 * route chooses it the same way (`getMediaSource`), to serve a locked property's blurred card picture.
 */
function cardPicture(medias: readonly PropertyMediaRow[]): string | null {
  return (medias.find((m) => m.kind === 'photo') ?? medias[0])?.media_key ?? null
}

function toMedia(row: PropertyMediaRow, media: MediaService): Media {
  const isPhoto = row.kind === 'photo'
  return {
    // SPEC §3's name, with the random key as its value: serial ids would let gaps count hidden media.
    property_profile_media_id: row.media_key,
    background: media.url(row.media_key, 'medium'),
    mediaLink: isPhoto || !row.link ? media.url(row.media_key, 'full') : row.link,
    isDownloadable: isPhoto && row.is_downloadable,
    isIframePlayable: row.kind === 'video',
    isVirtualTour: row.kind === 'virtual_tour',
  }
}

function toFullAddress(row: PropertyCardRow): string {
  return [row.address_line_1, row.address_line_2, row.town, row.county, row.postcode]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(', ')
}

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places

/** A property's room counts as a card shows them: none for a property that is not a home (isResidentialPropertyType). */
function toRoomCountsOfType(
  row: Pick<PropertyCardRow, 'property_type_id' | 'bedroom'> & Partial<Pick<PropertyCardRow, 'bathroom' | 'reception'>>,
): Pick<PropertyCard, 'bedroom' | 'bathroom' | 'reception'> {
  if (!isResidentialPropertyType(row.property_type_id)) return { bedroom: null, bathroom: null, reception: null }
  return { bedroom: row.bedroom, bathroom: row.bathroom ?? null, reception: row.reception ?? null }
}

function toCard(
  row: PropertyCardRow & { distance?: number | null; reduced_at?: Date | null },
  medias: readonly PropertyMediaRow[],
  media: MediaService,
  picture = cardPicture(medias),
  photoCount = medias.filter((m) => m.kind === 'photo').length,
): PropertyCard {
  const transactionTypeId = row.transaction_type_id as TransactionTypeId
  return {
    property_profile_id: row.property_profile_id,
    image: picture ? media.url(picture, 'card') : null,
    is_locked: row.is_locked,
    custom_property_status_title: AVAILABILITY_TITLES[row.availability as Availability] ?? null,
    advert_heading: row.advert_heading,
    display_address: row.display_address,
    full_address: toFullAddress(row),
    price: {
      type: { name: row.price_qualifier },
      price: toPriceLabel(row.price, toSearchType(transactionTypeId)),
      numberPrice: row.price,
    },
    // Rooms are a home's: an office, a shop or land has none to count (its 0 bedrooms read as a studio).
    ...toRoomCountsOfType(row),
    summary: row.summary,
    // A pre-market property's address is the same for everyone and names nothing the locked card hides.
    detail_page_url: toDetailPageUrl(row.property_profile_id, row.is_locked ? toLockedSlug(toSearchType(transactionTypeId), row.town) : row.slug),
    // Computed for a logged-in applicant by the matching feature; a visitor has none.
    match_percentage: null,
    medias: medias.map((m) => toMedia(m, media)),
    photo_count: photoCount,
    transaction_type_id: transactionTypeId,
    branch_id: row.branch_id,
    lat: row.lat,
    lng: row.lng,
    location_precision: row.location_precision,
    distance: row.distance === null || row.distance === undefined ? null : roundTo(row.distance, 2),
    created_at: row.created_at.toISOString(),
    ...(row.reduced_at === undefined ? {} : { reduced_at: row.reduced_at?.toISOString() ?? null }),
  }
}

function toDetail(rows: PropertyDetailRows, media: MediaService): PropertyDetail {
  const { property } = rows
  const furnishing = FURNISHING_VALUES.find((f): f is Furnishing => f === property.furnishing) ?? null
  return {
    ...toCard(property, rows.medias, media),
    description: property.description,
    features: property.features,
    floor_plans: rows.floorPlans.map((plan) => ({ image: media.url(plan.media_key, 'full') })),
    epcs: rows.epcs.map((epc) => ({
      image: media.url(epc.media_key, 'medium'),
      isPDF: epc.pdf_file !== null,
      fileURL: media.url(epc.media_key, epc.pdf_file !== null ? 'pdf' : 'full'),
    })),
    documents: rows.documents.map((doc) => ({
      url: media.url(doc.media_key, 'pdf'),
      caption: doc.caption,
      file_type: 'PDF' as const,
      size_bytes: doc.size_bytes,
    })),
    branch: rows.branch ? toBranch(rows.branch) : null,
    property_type: rows.type,
    property_style: rows.style,
    postcode: property.postcode,
    material_information: {
      tenure: property.tenure,
      council_tax_band: property.council_tax_band,
      epc_rating: property.epc_rating,
      furnishing,
      available_from: property.available_from,
      deposit: property.deposit,
      epc_potential_rating: isEpcRating(property.epc_potential_rating) ? property.epc_potential_rating : null,
      epc_current_score: property.epc_current_score,
      epc_potential_score: property.epc_potential_score,
      lease_years_remaining: property.lease_years_remaining,
      ground_rent: property.ground_rent,
      service_charge: property.service_charge,
      construction: property.construction,
      electricity_supply: property.electricity_supply,
      water_supply: property.water_supply,
      sewerage: property.sewerage,
      heating: property.heating,
      broadband: property.broadband,
      mobile_signal: property.mobile_signal,
      parking: property.parking,
      building_safety: property.building_safety,
      restrictions: property.restrictions,
      rights_and_easements: property.rights_and_easements,
      flood_risk: property.flood_risk,
      accessibility: property.accessibility,
    },
    price_history: rows.priceHistory.map((entry) => ({ price: entry.price, changed_at: entry.changed_at.toISOString() })),
    updated_at: property.updated_at.toISOString(),
  }
}

/**
 * What a caller who may not see a locked property learns of it beyond its status and dates: the
 * blurred picture, a heading that names neither rooms nor type, the town rather than the street, and
 * the position rounded to about a kilometre (the same `public_lat`/`public_lng` searches filter on).
 */
export interface LockedFacts {
  image: string | null
  advert_heading: string
  display_address: string
  lat: number
  lng: number
}

/** A property row's locked facts, with its blurred picture. */
export function toLockedFacts(
  row: Pick<PropertyCardRow, 'transaction_type_id' | 'town' | 'public_lat' | 'public_lng' | 'lat' | 'lng'>,
  blurredImage: string | null,
): LockedFacts {
  return {
    image: blurredImage,
    advert_heading: toLockedHeading(toSearchType(row.transaction_type_id as TransactionTypeId)),
    display_address: row.town,
    // The generated columns are set on every row PostgreSQL writes; rounding here too costs nothing.
    lat: roundTo(row.public_lat ?? row.lat, 2),
    lng: roundTo(row.public_lng ?? row.lng, 2),
  }
}

/**
 * The one place a property is shaped for its caller. A locked (pre-market) property shown to a caller
 * who may not see it (SPEC §2 locked card, §6) keeps only its locked facts, status, dates and branch:
 * no price, rooms, summary, type, gallery, documents or address. `is_locked` answers "locked for this
 * caller".
 */
export function toCallerView(full: PropertyDetail, locked: LockedFacts, canSee: boolean): ApiPropertyDetail
export function toCallerView(full: PropertyCard, locked: LockedFacts, canSee: boolean): ApiPropertyCard
export function toCallerView(full: PropertyCard | PropertyDetail, locked: LockedFacts, canSee: boolean): ApiPropertyCard | ApiPropertyDetail {
  if (!full.is_locked || canSee) {
    // A pre-market property an applicant may see is not locked for them, and stays marked pre-market.
    return { ...full, is_locked: false as const, is_pre_market: full.is_locked }
  }
  const card = {
    property_profile_id: full.property_profile_id,
    image: locked.image,
    is_locked: true as const,
    is_pre_market: true,
    custom_property_status_title: full.custom_property_status_title,
    advert_heading: locked.advert_heading,
    display_address: locked.display_address,
    full_address: null,
    price: null,
    bedroom: null,
    bathroom: null,
    reception: null,
    summary: null,
    detail_page_url: full.detail_page_url,
    match_percentage: null,
    medias: [],
    photo_count: null,
    transaction_type_id: full.transaction_type_id,
    branch_id: full.branch_id,
    lat: locked.lat,
    lng: locked.lng,
    location_precision: full.location_precision,
    distance: full.distance === null || full.distance === undefined ? null : roundTo(full.distance, 1),
    created_at: full.created_at,
  }
  if (!('description' in full)) return card
  return {
    ...card,
    description: null,
    features: [],
    floor_plans: [],
    epcs: [],
    documents: [],
    branch: full.branch,
    property_type: null,
    property_style: null,
    postcode: null,
    material_information: null,
    price_history: [],
    updated_at: full.updated_at,
  }
}

/** A search row and its medias as the caller may see them; `picture`, the card picture's key, is the medias' own. */
export function presentCard(
  row: PropertyCardRow & { distance?: number | null; reduced_at?: Date | null },
  medias: readonly PropertyMediaRow[],
  context: PresentContext,
  picture = cardPicture(medias),
  photoCount?: number,
): ApiPropertyCard {
  const blurred = picture ? context.media.url(picture, 'blurred') : null
  return toCallerView(toCard(row, medias, context.media, picture, photoCount), toLockedFacts(row, blurred), context.canSeeLocked)
}

/**
 * A search row as the caller may see it without its photo list (a search with `include_medias=false`),
 * from its card picture's key alone (read by the search as `cardPicture` picks it from a gallery): the
 * same card as `presentCard`'s, less `medias` (`photoCount`, the number of its photos, read beside it).
 */
export function presentCardWithoutMedias(
  row: PropertyCardRow & { distance?: number | null; reduced_at?: Date | null },
  picture: string | null,
  context: PresentContext,
  photoCount = 0,
): ApiSearchCard {
  const { medias: _medias, ...card } = presentCard(row, [], context, picture, photoCount)
  return card
}

/** A property's detail as the caller may see it. */
export function presentDetail(rows: PropertyDetailRows, context: PresentContext): ApiPropertyDetail {
  const picture = cardPicture(rows.medias)
  const blurred = picture ? context.media.url(picture, 'blurred') : null
  return toCallerView(toDetail(rows, context.media), toLockedFacts(rows.property, blurred), context.canSeeLocked)
}

/**
 * A map marker as the caller may see it: a locked property shown to a visitor stands at its rounded
 * position with its locked facts (blurred picture, locked heading, town), no price and no rooms, as its
 * card in the list does.
 */
export function presentMarker(row: PropertyMarkerRow, context: PresentContext): ApiPropertyMarker {
  const searchType = toSearchType(row.transaction_type_id as TransactionTypeId)
  const status = AVAILABILITY_TITLES[row.availability as Availability] ?? null
  if (row.is_locked && !context.canSeeLocked) {
    const locked = toLockedFacts(row, row.picture ? context.media.url(row.picture, 'blurred') : null)
    return {
      property_profile_id: row.property_profile_id,
      lat: locked.lat,
      lng: locked.lng,
      is_locked: true,
      image: locked.image,
      advert_heading: toLockedHeading(searchType),
      display_address: locked.display_address,
      custom_property_status_title: status,
      price: null,
      pin_price: null,
      bedroom: null,
      detail_page_url: toDetailPageUrl(row.property_profile_id, toLockedSlug(searchType, row.town)),
    }
  }
  return {
    property_profile_id: row.property_profile_id,
    lat: row.lat,
    lng: row.lng,
    is_locked: false,
    image: row.picture ? context.media.url(row.picture, 'card') : null,
    advert_heading: row.advert_heading,
    display_address: row.display_address,
    custom_property_status_title: status,
    price: toPriceLabel(row.price, searchType),
    pin_price: toPinPriceLabel(row.price, searchType),
    bedroom: toRoomCountsOfType(row).bedroom,
    detail_page_url: toDetailPageUrl(row.property_profile_id, row.slug),
  }
}
