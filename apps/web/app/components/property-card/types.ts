import { truncateSummary } from '@agency/domain'
import type { CardVariant, PropertyCard, PropertyCardWithoutMedias } from '@agency/domain'
import type { ImagePriority } from '#app/components/property-card/property-image.tsx'

/** A property as a card shows it (SPEC §3 Property card, less what no card shows, e.g. the photo list), made by toListCard: its summary already cut at 120 characters (SPEC §9). */
export type ListCard = Pick<
  PropertyCard,
  | 'property_profile_id'
  | 'image'
  | 'is_locked'
  | 'is_pre_market'
  | 'custom_property_status_title'
  | 'advert_heading'
  | 'display_address'
  | 'price'
  | 'bedroom'
  | 'bathroom'
  | 'reception'
  | 'summary'
  | 'detail_page_url'
  | 'match_percentage'
  | 'match_reasons'
  | 'reduced_at'
  | 'distance'
  | 'photo_count'
>

// The API names its pictures by absolute URL; the site's own are written as paths (the card's
// picture is a media route's, which toPictureSet reads either way).
const OWN_MEDIA = /^https?:\/\/[^/]+(?=\/api\/media\/)/

/**
 * A property card of the API cut down to what the cards show. Loaders hand it to the page, and the
 * page's data travels in the HTML for hydration: the photo list alone is most of an API card, and
 * a card shows its summary cut at 120 characters.
 */
export function toListCard(card: PropertyCardWithoutMedias): ListCard {
  const listCard: ListCard = {
    property_profile_id: card.property_profile_id,
    image: card.image === null ? null : card.image.replace(OWN_MEDIA, ''),
    is_locked: card.is_locked,
    custom_property_status_title: card.custom_property_status_title,
    advert_heading: card.advert_heading,
    display_address: card.display_address,
    price: card.price,
    bedroom: card.bedroom,
    bathroom: card.bathroom,
    reception: card.reception,
    // SPEC §9: a card shows the summary cut at 120 characters (cutting again changes nothing).
    summary: card.summary === null ? null : truncateSummary(card.summary),
    detail_page_url: card.detail_page_url,
    match_percentage: card.match_percentage,
  }
  if (card.match_reasons !== undefined) listCard.match_reasons = card.match_reasons
  // A pre-market property an applicant may see in full (a locked card says so itself).
  if (card.is_pre_market && !card.is_locked) listCard.is_pre_market = true
  if (card.reduced_at) listCard.reduced_at = card.reduced_at
  if (card.photo_count) listCard.photo_count = card.photo_count
  // Only a location search measures one.
  if (card.distance !== null && card.distance !== undefined) listCard.distance = card.distance
  return listCard
}

/** What every card component takes. */
export interface CardProps {
  property: ListCard
  imagePriority: ImagePriority
  /** 2 on list pages (under the page's h1), 3 under a section heading. */
  headingLevel: 2 | 3
  /** The grid the card sits in (company setting 102). */
  variant: CardVariant
  /** Where a locked card's Login link returns to. */
  returnTo: string
}
