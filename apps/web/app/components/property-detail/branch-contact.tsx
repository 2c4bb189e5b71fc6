import type { Branch } from '@agency/domain'
import { COPY } from '#app/copy.ts'
import { toTelHref } from '#app/lib/property-text.ts'

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
