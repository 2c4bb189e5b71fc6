import { LABELS } from '@agency/domain'
import { Link } from 'react-router'
import { COPY } from '#app/copy.ts'
import { REGISTER_PATH, toLoginUrl } from '#app/lib/urls.ts'

/** SPEC §2: a locked property offers only Register and Login; `#login` is the anchor links point at. */
export function LockedPanel({ returnTo }: { returnTo: string }) {
  return (
    <section id="login" className="locked-panel" aria-labelledby="locked-heading">
      <h2 id="locked-heading" className="locked-panel__heading">
        {LABELS.PRE_MARKET}
      </h2>
      <p>{COPY.PRE_MARKET_NOTE}</p>
      <div className="locked-panel__actions">
        <Link to={REGISTER_PATH} className="button">
          {LABELS.REGISTER}
        </Link>
        <Link to={toLoginUrl(returnTo)} className="button button--secondary">
          {LABELS.LOGIN}
        </Link>
      </div>
    </section>
  )
}
