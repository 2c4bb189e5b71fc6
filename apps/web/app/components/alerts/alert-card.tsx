import type { ReactNode } from 'react'
import { ANY_PRICE_LABEL, toAlertPriceLabel, toLongDate, toRadiusLabel, toRoomRangeLabel, toSearchPriceBounds, toSearchTypeOfProfile } from '@agency/domain'
import type { ApplicantView } from '@agency/domain'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'

/** An alert's name: its profile and where it looks ('Buying in Leeds, Otley'). */
export function toAlertName(alert: Pick<ApplicantView, 'profile_id' | 'criteria'>): string {
  const places = alert.criteria.locations.map((l) => l.location)
  return `${ALERT_COPY.ALERT_PROFILE[toSearchTypeOfProfile(alert.profile_id)]}: ${places.length ? places.join(', ') : ALERT_COPY.ALERT_ANYWHERE}`
}

interface AlertCardProps {
  alert: ApplicantView
  active?: boolean
  /** The on/off switch, when the card has one. */
  toggle?: ReactNode
  children?: ReactNode
  headingLevel?: 'h2' | 'h3'
}

/**
 * SPEC §2 alert card: where it looks (with each radius), the price as 'from', 'to' or a range, and the
 * bedroom, bathroom and reception ranges; the switch and the actions come from the page.
 */
export function AlertCard({ alert, active = false, toggle, children, headingLevel: Heading = 'h2' }: AlertCardProps) {
  const { criteria } = alert
  const searchType = toSearchTypeOfProfile(alert.profile_id)
  // The ends of the price steps are no limit (price.ts).
  const bounds = toSearchPriceBounds(criteria, searchType)
  const price = toAlertPriceLabel(bounds.min_price, bounds.max_price, searchType) ?? ANY_PRICE_LABEL
  return (
    <article className="alert-card" data-off={alert.contact_applicant_status_id === 2 || undefined} aria-label={toAlertName(alert)}>
      <div className="alert-card__top">
        <Heading className="alert-card__title">{toAlertName(alert)}</Heading>
        {active && <span className="alert-card__badge">{ALERT_COPY.ALERT_ACTIVE}</span>}
        {toggle}
      </div>
      <ul className="alert-card__facts">
        {criteria.locations.map((l) => (
          <li key={l.place_id}>
            {l.location} ({toRadiusLabel(l.distance)})
          </li>
        ))}
      </ul>
      <ul className="alert-card__facts">
        <li className="alert-card__price">{price}</li>
        <li>{toRoomRangeLabel('bedroom', criteria.min_bedroom, criteria.max_bedroom)}</li>
        <li>{toRoomRangeLabel('bathroom', criteria.min_bathroom, criteria.max_bathroom)}</li>
        <li>{toRoomRangeLabel('reception', criteria.min_reception, criteria.max_reception)}</li>
        <li>{ALERT_COPY.ALERT_FREQUENCY(ALERT_COPY.FREQUENCY_OPTIONS[alert.alert_frequency])}</li>
        <li>{ALERT_COPY.ALERT_CREATED(toLongDate(alert.created_at))}</li>
      </ul>
      {children && <div className="alert-card__actions">{children}</div>}
    </article>
  )
}
