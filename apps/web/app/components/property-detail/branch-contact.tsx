import type { Branch } from '@agency/domain'
import { COPY } from '#app/copy.ts'
import { toTelHref } from '#app/lib/property-text.ts'

/**
 * A phone's bar fixed at the foot of a property page: call the branch, e-mail it, or arrange a
 * viewing (the enquiry form). Links all, so they work before the page's script and without it; the
 * stylesheet shows the bar only on narrow screens (property-detail.css).
 */
export function ContactBar({ branch }: { branch: Branch }) {
  return (
    <nav className="contact-bar" aria-label={COPY.DETAIL_CONTACT_BAR}>
      <a href={toTelHref(branch.phone)} className="contact-bar__link contact-bar__link--call">
        {COPY.DETAIL_CALL}
      </a>
      <a href={`mailto:${branch.email}`} className="contact-bar__link contact-bar__link--email">
        {COPY.DETAIL_EMAIL_AGENT}
      </a>
      <a href="#enquiry" className="contact-bar__link contact-bar__link--viewing">
        {COPY.DETAIL_ARRANGE_VIEWING}
      </a>
    </nav>
  )
}

/** The branch that markets the property, with its phone and e-mail as links. */
export function BranchContact({ branch }: { branch: Branch }) {
  return (
    <section className="branch-card" aria-labelledby="branch-heading">
      <h2 id="branch-heading" className="branch-card__heading">
        {COPY.DETAIL_CONTACT}
      </h2>
      <p className="branch-card__name">{branch.name}</p>
      <address className="branch-card__address">{branch.address}</address>
      <dl className="branch-card__contacts">
        <div>
          <dt>{COPY.DETAIL_PHONE}</dt>
          <dd>
            <a href={toTelHref(branch.phone)}>{branch.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{COPY.DETAIL_EMAIL}</dt>
          <dd>
            <a href={`mailto:${branch.email}`}>{branch.email}</a>
          </dd>
        </div>
      </dl>
    </section>
  )
}
