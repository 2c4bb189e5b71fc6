import type { ReactNode } from 'react'
import { toAlertName, toAlertSummary, toLongDate } from '@agency/domain'
import type { ApplicantView } from '@agency/domain'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'

/** An alert's name: its profile and where it looks ('Buying: Leeds, Otley'), as the domain words it. */
export { toAlertName }

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
  // The one wording of an alert, shared with its e-mails (@agency/domain alert-summary.ts).
  const summary = toAlertSummary(alert)
  return (
    <article className="alert-card" data-off={alert.contact_applicant_status_id === 2 || undefined} aria-label={summary.name}>
      <div className="alert-card__top">
        <Heading className="alert-card__title">{summary.name}</Heading>
        {active && <span className="alert-card__badge">{ALERT_COPY.ALERT_ACTIVE}</span>}
        {toggle}
      </div>
      <ul className="alert-card__facts">
        {summary.places.map((place, index) => (
          <li key={alert.criteria.locations[index]?.place_id ?? index}>{place}</li>
        ))}
      </ul>
      <ul className="alert-card__facts">
        <li className="alert-card__price">{summary.price}</li>
        <li>{summary.bedrooms}</li>
        <li>{summary.bathrooms}</li>
        <li>{summary.receptions}</li>
        <li>{ALERT_COPY.ALERT_FREQUENCY(ALERT_COPY.FREQUENCY_OPTIONS[alert.alert_frequency])}</li>
        <li>{ALERT_COPY.ALERT_CREATED(toLongDate(alert.created_at))}</li>
      </ul>
      {children && <div className="alert-card__actions">{children}</div>}
    </article>
  )
}
