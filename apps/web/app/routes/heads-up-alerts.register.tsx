import { Suspense, lazy, useEffect, useState } from 'react'
import { ALERT_PATHS, COMPANY_SETTING, LABELS } from '@agency/domain'
import { Link } from 'react-router'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { useHydrated } from '#app/components/search/use-hydrated.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import type { Route } from './+types/heads-up-alerts.register'

const Modal = lazy(() => import('#app/components/ui/modal.tsx').then((m) => ({ default: m.Modal })))

/** SPEC §1/§7: the intro text of company setting 51 (`data.value`); a failure is ignored and shows none. */
export async function loader({ context }: Route.LoaderArgs) {
  const intro = await context.services
    .getCompanySetting(COMPANY_SETTING.REGISTRATION_TEXT)
    .then((setting) => (typeof setting?.value === 'string' && setting.value.trim() !== '' ? setting.value : null))
    .catch(() => null)
  return { intro }
}

function Choices() {
  return (
    <div className="alert-entry__choices">
      <Link to={ALERT_PATHS.REGISTER_BUY} className="button button--large">
        {LABELS.LOOKING_TO_BUY}
      </Link>
      <Link to={ALERT_PATHS.REGISTER_RENT} className="button button--large">
        {LABELS.LOOKING_TO_RENT}
      </Link>
    </div>
  )
}

/**
 * SPEC §2 /heads-up-alerts/register: the entry popup offering 'looking to buy' and 'looking to rent'.
 * The page itself holds the two plain links, so it works without JavaScript; with it the popup opens
 * over the page (its module loads then), and closing it leaves the page with the same two links.
 */
export default function RegisterEntryRoute({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  useEffect(() => setOpen(true), [])
  return (
    <div className="container page alert-page">
      <section className="alert-entry" aria-labelledby="alert-entry-heading">
        <h1 id="alert-entry-heading">{LABELS.HEADS_UP_PROPERTY_ALERTS}</h1>
        {loaderData.intro && <p className="alert-register__intro">{loaderData.intro}</p>}
        <h2>{ALERT_COPY.REGISTER_CHOOSE}</h2>
        <Choices />
      </section>
      {hydrated && open && (
        <Suspense fallback={null}>
          <Modal open onOpenChange={setOpen} title={ALERT_COPY.REGISTER_CHOOSE} description={loaderData.intro ?? undefined}>
            <Choices />
          </Modal>
        </Suspense>
      )}
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(ALERT_COPY.REGISTER_TITLE, getAgencyName(matches)) }, { name: 'description', content: ALERT_COPY.REGISTER_DESCRIPTION }]
}
