import type { PropertyCard } from '@agency/domain'
import { Link } from 'react-router'
import { PropertyImage } from '#app/components/property-card/property-image.tsx'
import { EXTRAS_COPY } from './copy.ts'

/** A similar property as the page shows it: what its small card needs, and no more in the page's data. */
export type SimilarCard = Pick<PropertyCard, 'property_profile_id' | 'image' | 'advert_heading' | 'display_address' | 'price' | 'detail_page_url'>

/** Cuts an API card to a SimilarCard. */
export function toSimilarCard(card: PropertyCard): SimilarCard {
  return {
    property_profile_id: card.property_profile_id,
    image: card.image,
    advert_heading: card.advert_heading,
    display_address: card.display_address,
    price: card.price,
    detail_page_url: card.detail_page_url,
  }
}

/**
 * Up to four properties like this one (the API chooses: same transaction and property type, price
 * within ±20%, same branch area), at the foot of the page.
 */
export function SimilarProperties({ cards }: { cards: SimilarCard[] }) {
  if (cards.length === 0) return null
  return (
    <section className="detail-section extras-similar" aria-labelledby="similar-heading">
      <h2 id="similar-heading">{EXTRAS_COPY.SIMILAR_HEADING}</h2>
      <ul className="extras-similar__list" role="list">
        {cards.map((card) => (
          <li key={card.property_profile_id} className="extras-similar__item">
            <PropertyImage src={card.image} alt="" priority="lazy" className="extras-similar__image" />
            <h3 className="extras-similar__heading">
              <Link to={card.detail_page_url}>{card.advert_heading}</Link>
            </h3>
            <p className="extras-similar__address">{card.display_address}</p>
            {card.price && <p className="extras-similar__price">{card.price.price}</p>}
          </li>
        ))}
      </ul>
    </section>
  )
}
