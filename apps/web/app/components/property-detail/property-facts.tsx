import { AVAILABILITY_TITLES, LABELS } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { toRoomCounts, toRoomPhrase } from '#app/lib/property-text.ts'
import { SaveButton } from '#app/components/saved/save-button.tsx'
import { WeeklyRent } from './extras/weekly-rent.tsx'
import { TenancyDeposits } from './tenancy-deposits.tsx'

/** The top of the detail page: heading, address, status, price with its qualifier, and the rooms. */
export function PropertyFacts({ property }: { property: PropertyDetail }) {
  const status = property.is_locked ? LABELS.PRE_MARKET : property.custom_property_status_title
  const rooms = toRoomCounts(property)
  return (
    <div className="detail-facts">
      {status && status !== AVAILABILITY_TITLES.available && (
        <p className={property.is_locked ? 'badge badge--pre-market' : 'badge'}>{status}</p>
      )}
      {property.is_pre_market && !property.is_locked && <p className="badge badge--pre-market">{LABELS.PRE_MARKET_EARLY_ACCESS}</p>}
      <div className="detail-facts__title">
        <h1 id="detail-heading" className="detail-facts__heading">{property.advert_heading}</h1>
        <SaveButton
          propertyId={property.property_profile_id}
          price={property.price?.numberPrice ?? null}
          describedBy="detail-heading"
        />
      </div>
      <p className="detail-facts__address">{property.display_address}</p>
      {property.price && (
        <p className="detail-facts__price">
          <span className="detail-facts__price-type">{property.price.type.name}</span>{' '}
          <span className="detail-facts__price-value">{property.price.price}</span>
          <WeeklyRent property={property} />
        </p>
      )}
      <TenancyDeposits property={property} />
      {rooms.length > 0 && (
        <ul className="detail-facts__rooms" role="list">
          {rooms.map((room) => (
            // '3 bedrooms', '1 bathroom', '2 receptions', each with its icon.
            <li key={room.label} className={`detail-facts__room card__room--${room.kind}`}>
              {toRoomPhrase(room)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
