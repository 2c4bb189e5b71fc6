import type { CardVariant, PromoCard as PromoCardData } from '@agency/domain'
import { LockedCard } from '#app/components/property-card/locked-card.tsx'
import { PromoCard } from '#app/components/property-card/promo-card.tsx'
import { PropertyCardV1 } from '#app/components/property-card/property-card-v1.tsx'
import { PropertyCardV2 } from '#app/components/property-card/property-card-v2.tsx'
import type { ImagePriority } from '#app/components/property-card/property-image.tsx'
import type { ListCard } from '#app/components/property-card/types.ts'
import { insertPromoCards } from '#app/lib/promo-cards.ts'

interface PropertyGridProps {
  properties: ListCard[]
  variant: CardVariant
  /** Grid v2 only (SPEC §2). */
  promoCards?: PromoCardData[]
  headingLevel: 2 | 3
  returnTo: string
  /** The grid is the page's first content: its first row's images load at once. */
  aboveTheFold?: boolean
  /** Short notes shown above a property's card (the saved list's 'Price reduced from …'), by property id. */
  notes?: ReadonlyMap<number, readonly string[]>
}

// The widest layout shows three cards a row (SPEC §2/§9 v1); those are the images seen first.
const FIRST_ROW = 3

function toImagePriority(index: number, aboveTheFold: boolean): ImagePriority {
  if (!aboveTheFold || index >= FIRST_ROW) return 'lazy'
  return index === 0 ? 'high' : 'eager'
}

/** The property cards as a list, in the company's chosen grid variant (setting 102). */
export function PropertyGrid({ properties, variant, promoCards = [], headingLevel, returnTo, aboveTheFold = false, notes }: PropertyGridProps) {
  const items = insertPromoCards(properties, variant === 'v2' ? promoCards : [])
  let propertyIndex = 0
  return (
    // role="list" keeps list semantics in Safari, which drops them when list-style is none.
    <ul className={`property-grid property-grid--${variant}`} role="list">
      {items.map((item) => {
        if (item.kind === 'promo') {
          return (
            <li key={`promo-${item.promo.position}-${item.promo.title}`}>
              <PromoCard promo={item.promo} headingLevel={headingLevel} />
            </li>
          )
        }
        const props = {
          property: item.property,
          imagePriority: toImagePriority(propertyIndex++, aboveTheFold),
          headingLevel,
          returnTo,
          variant,
        }
        const Card = item.property.is_locked ? LockedCard : variant === 'v2' ? PropertyCardV2 : PropertyCardV1
        return (
          <li key={item.property.property_profile_id} id={toCardAnchor(item.property.property_profile_id)} data-property-id={item.property.property_profile_id}>
            {notes?.get(item.property.property_profile_id)?.map((note) => (
              <p key={note} className="badge property-grid__note">
                {note}
              </p>
            ))}
            <Card {...props} />
          </li>
        )
      })}
    </ul>
  )
}

/**
 * A card's anchor in a list: a heart pressed without JavaScript comes back to the list at its card
 * (routes/saved-properties), not at the page's top.
 */
export function toCardAnchor(propertyId: number): string {
  return `property-${propertyId}`
}
