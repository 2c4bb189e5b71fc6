import { useId } from 'react'
import { LABELS } from '@agency/domain'
import { Link } from 'react-router'
import { PropertyImage } from '#app/components/property-card/property-image.tsx'
import type { CardProps } from '#app/components/property-card/types.ts'
import { SaveButton } from '#app/components/saved/save-button.tsx'
import { CardDistance } from '#app/components/property-card/card-distance.tsx'
import { COPY } from '#app/copy.ts'
import { toImageAlt } from '#app/lib/property-text.ts'
import { REGISTER_PATH, toLoginUrl } from '#app/lib/urls.ts'

/** SPEC §2 locked card: blurred image, no price or rooms, and only Register and Login. */
export function LockedCard({ property, imagePriority, headingLevel, returnTo, variant }: CardProps) {
  const headingId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={`card card--${variant} card--locked`} aria-labelledby={headingId}>
      <div className="card__media">
        <PropertyImage src={property.image} alt={toImageAlt(property)} priority={imagePriority} locked />
        <SaveButton propertyId={property.property_profile_id} price={property.price?.numberPrice ?? null} describedBy={headingId} className="card__save" />
        <p className="badge badge--pre-market card__badge">{LABELS.PRE_MARKET}</p>
      </div>
      <div className="card__body">
        <Heading id={headingId} className="card__heading">
          {property.advert_heading}
        </Heading>
        <p className="card__address">{property.display_address}</p>
        <CardDistance property={property} />
        <p className="card__note">{COPY.PRE_MARKET_NOTE}</p>
        <div className="card__actions">
          <Link to={REGISTER_PATH} className="button" aria-describedby={headingId}>
            {LABELS.REGISTER}
          </Link>
          <Link to={toLoginUrl(returnTo)} className="button button--secondary" aria-describedby={headingId}>
            {LABELS.LOGIN}
          </Link>
        </div>
      </div>
    </article>
  )
}
