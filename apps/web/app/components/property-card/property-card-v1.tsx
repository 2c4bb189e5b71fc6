import { useId } from 'react'
import { LABELS } from '@agency/domain'
import { Link } from 'react-router'
import { CardPriceRow } from '#app/components/property-card/card-price-row.tsx'
import { CardPhotoCount } from '#app/components/property-card/card-photo-count.tsx'
import { PropertyImage } from '#app/components/property-card/property-image.tsx'
import type { CardProps } from '#app/components/property-card/types.ts'
import { useFromListState } from '#app/components/property-card/from-list.tsx'
import { SaveButton } from '#app/components/saved/save-button.tsx'
import { CardDistance } from '#app/components/property-card/card-distance.tsx'
import { toImageAlt } from '#app/lib/property-text.ts'

/** SPEC §2 card grid v1: price type, price, match, heading, address, summary and 'View This Property'. */
export function PropertyCardV1({ property, imagePriority, headingLevel }: CardProps) {
  const headingId = useId()
  const fromList = useFromListState()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="card card--v1" aria-labelledby={headingId}>
      <div className="card__media">
        <PropertyImage src={property.image} alt={toImageAlt(property)} priority={imagePriority} />
        <SaveButton propertyId={property.property_profile_id} price={property.price?.numberPrice ?? null} describedBy={headingId} className="card__save" />
        <CardPhotoCount property={property} />
      </div>
      <div className="card__body">
        <CardPriceRow property={property} />
        <Heading id={headingId} className="card__heading">
          {property.advert_heading}
        </Heading>
        <p className="card__address">{property.display_address}</p>
        <CardDistance property={property} />
        {/* SPEC §9: the summary as toListCard cut it, at 120 characters. */}
        {property.summary && <p className="card__summary">{property.summary}</p>}
        {/* Its tap area covers the whole card (picture and heading too), so a card is one link; the heart stays its own button. */}
        <Link to={property.detail_page_url} state={fromList} className="button card__action card__link-whole" aria-describedby={headingId}>
          {LABELS.VIEW_THIS_PROPERTY}
        </Link>
      </div>
    </article>
  )
}
