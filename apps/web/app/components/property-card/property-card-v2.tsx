import { useId } from 'react'
import { AVAILABILITY_TITLES } from '@agency/domain'
import { Link } from 'react-router'
import { CardPriceRow } from '#app/components/property-card/card-price-row.tsx'
import { CardPhotoCount } from '#app/components/property-card/card-photo-count.tsx'
import { PropertyImage } from '#app/components/property-card/property-image.tsx'
import type { CardProps } from '#app/components/property-card/types.ts'
import { useFromListState } from '#app/components/property-card/from-list.tsx'
import { SaveButton } from '#app/components/saved/save-button.tsx'
import { CardDistance } from '#app/components/property-card/card-distance.tsx'
import { toImageAlt, toRoomCounts, toRoomPhrase } from '#app/lib/property-text.ts'

/** SPEC §2 card grid v2: image, status badge, heading, address, price and room counts. */
export function PropertyCardV2({ property, imagePriority, headingLevel }: CardProps) {
  const headingId = useId()
  const fromList = useFromListState()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const status = property.custom_property_status_title
  const rooms = toRoomCounts(property)
  return (
    <article className="card card--v2" aria-labelledby={headingId}>
      <div className="card__media">
        <PropertyImage src={property.image} alt={toImageAlt(property)} priority={imagePriority} />
        <SaveButton propertyId={property.property_profile_id} price={property.price?.numberPrice ?? null} describedBy={headingId} className="card__save" />
        <CardPhotoCount property={property} />
        {status && status !== AVAILABILITY_TITLES.available && <p className="badge card__badge">{status}</p>}
      </div>
      <div className="card__body">
        <Heading id={headingId} className="card__heading">
          {/* The heading link covers the whole card, so the card is one large target. */}
          <Link to={property.detail_page_url} state={fromList} className="card__link">
            {property.advert_heading}
          </Link>
        </Heading>
        <p className="card__address">{property.display_address}</p>
        <CardDistance property={property} />
        <CardPriceRow property={property} />
        {rooms.length > 0 && (
          <ul className="card__rooms">
            {rooms.map((room) => (
              // SPEC §2's three counts, each an icon and its number ('3 bedrooms' to a screen reader).
              <li key={room.label} className={`card__room card__room--${room.kind}`} title={toRoomPhrase(room)}>
                <span className="card__room-count" aria-hidden="true">
                  {room.count}
                </span>
                <span className="visually-hidden">{toRoomPhrase(room)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}
