import { Suspense, lazy, useEffect, useState } from 'react'
import { ALERT_PATHS, getUpdateAlertEntry, toAlertUpdatePath } from '@agency/domain'
import type { ApplicantView } from '@agency/domain'
import { Link, redirect, useNavigate } from 'react-router'
import { FormToaster } from '#app/components/ui/form-toast.tsx'
import { AlertCard, toAlertName } from '#app/components/alerts/alert-card.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { AlertSwitch } from '#app/components/alerts/alert-switch.tsx'
import { useHydrated } from '#app/components/search/use-hydrated.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { getCurrentContact } from '#app/lib/session.server.ts'
import type { Route } from './+types/heads-up-alerts.update'

const Modal = lazy(() => import('#app/components/ui/modal.tsx').then((m) => ({ default: m.Modal })))

/**
 * SPEC §2 update-alert entry: a visitor goes to register; a contact with no alert too, with one alert
 * straight to its update page, with several to the choice below.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const contact = await getCurrentContact(request, context)
  const applicants = contact
    ? await context.services
        .getMyApplicants()
        .then((mine) => mine ?? [])
        .catch((error: unknown) => {
          // SPEC §8: a failed applicant list load is only logged.
          console.warn('could not list the contact’s alerts', error instanceof Error ? error.message : error)
          return [] as ApplicantView[]
        })
    : []
  const entry = getUpdateAlertEntry({ isLoggedIn: contact !== null, applicants })
  if (entry.kind !== 'choose') throw redirect(entry.path)
  return { title: entry.title, createLabel: entry.createLabel, registerPath: entry.registerPath, applicants: entry.applicants }
}

function AlertChoices({ applicants, createLabel, registerPath }: Pick<Route.ComponentProps['loaderData'], 'applicants' | 'createLabel' | 'registerPath'>) {
  return (
    <>
      <ul className="alert-list" aria-label={ALERT_COPY.ALERTS_LABEL}>
        {applicants.map((alert) => (
          <li key={alert.contact_applicant_id}>
            <AlertCard alert={alert} headingLevel="h3" toggle={<AlertSwitch alert={alert} />}>
              <Link to={toAlertUpdatePath(alert.applicant_key)} className="button button--small" aria-label={`${ALERT_COPY.ALERT_EDIT}: ${toAlertName(alert)}`}>
                {ALERT_COPY.ALERT_EDIT}
              </Link>
            </AlertCard>
          </li>
        ))}
      </ul>
      <p className="alert-entry__choices">
        <Link to={registerPath} className="button button--secondary">
          {createLabel}
        </Link>
      </p>
    </>
  )
}

/**
 * SPEC §2: the popup 'Please select the alert you want to update', one card per alert and 'Create new
 * alert'; closing it goes to register. Without JavaScript the same list is the page.
 */
export default function UpdateAlertEntryRoute({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  useEffect(() => setOpen(true), [])
  return (
    <div className="container page alert-page">
      <h1>{ALERT_COPY.UPDATE_ENTRY_TITLE}</h1>
      {hydrated && open ? (
        <Suspense fallback={null}>
          <Modal
            open
            onOpenChange={(next) => {
              if (next) return
              setOpen(false)
              void navigate(ALERT_PATHS.REGISTER)
            }}
            title={loaderData.title}
          >
            <AlertChoices {...loaderData} />
          </Modal>
        </Suspense>
      ) : (
        <section aria-labelledby="alert-choose-heading">
          <h2 id="alert-choose-heading">{loaderData.title}</h2>
          <AlertChoices {...loaderData} />
        </section>
      )}
      <FormToaster />
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(ALERT_COPY.UPDATE_ENTRY_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
