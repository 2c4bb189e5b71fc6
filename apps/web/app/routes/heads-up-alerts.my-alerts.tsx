import { APPLICANT_STATUS, MESSAGES, toAlertUpdatePath } from '@agency/domain'
import type { ApplicantView } from '@agency/domain'
import { Form, Link, data, redirect } from 'react-router'
import { FormToaster } from '#app/components/ui/form-toast.tsx'
import { AlertCard, toAlertName } from '#app/components/alerts/alert-card.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { AlertSwitch, ALERT_STATUS_ACTION } from '#app/components/alerts/alert-switch.tsx'
import type { AlertStatusAnswer } from '#app/components/alerts/alert-switch.tsx'
import { toAlertSearchUrl } from '#app/components/alerts/alert-search-url.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { getCurrentContact } from '#app/lib/session.server.ts'
import { REGISTER_PATH, toLoginUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/heads-up-alerts.my-alerts'

const PATH = ALERT_STATUS_ACTION

export async function loader({ request, context }: Route.LoaderArgs) {
  const contact = await getCurrentContact(request, context)
  if (!contact) throw redirect(toLoginUrl(PATH))
  const applicants = await context.services
    .getMyApplicants()
    .then((mine) => mine ?? [])
    .catch((error: unknown) => {
      console.warn('could not list the contact’s alerts', error instanceof Error ? error.message : error)
      return [] as ApplicantView[]
    })
  return { applicants, activeApplicantId: contact.active_contact_applicant_id }
}

/**
 * SPEC §4: the switch sends the status update ('Alert has been updated'); the API makes the first ON
 * alert of the same profile active when the active one is switched off. Choosing an alert re-enables a
 * disabled one, makes it active and runs its search.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const id = Number(form.get('contact_applicant_id'))
  const contact = await getCurrentContact(request, context)
  if (!contact) throw redirect(toLoginUrl(PATH))
  const applicants = (await context.services.getMyApplicants()) ?? []
  const alert = applicants.find((a) => a.contact_applicant_id === id)
  if (!alert) throw data(MESSAGES.APPLICANT_NOT_FOUND, { status: 404 })
  const intent = form.get('intent') === 'select' ? 'select' : 'switch'
  // Switching an alert ON makes it the session's active one (API); an ON alert is switched ON again for the same effect.
  const status = intent === 'select' || form.get('status') === String(APPLICANT_STATUS.ON) ? APPLICANT_STATUS.ON : APPLICANT_STATUS.OFF
  const answer = await context.services.setAlertStatus(id, status)
  if (!answer.ok) return data<AlertStatusAnswer>({ message: answer.error.message, changed: null }, { status: answer.status })
  if (intent === 'select') throw redirect(toAlertSearchUrl(alert))
  return { message: MESSAGES.ALERT_UPDATED, changed: answer.data.data.contact_applicant_id } satisfies AlertStatusAnswer
}

export default function MyAlertsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { applicants, activeApplicantId } = loaderData
  return (
    <div className="container page alert-page">
      <h1>{ALERT_COPY.MY_ALERTS_TITLE}</h1>
      <p>{ALERT_COPY.MY_ALERTS_INTRO}</p>
      {actionData?.message && <p role="status">{actionData.message}</p>}
      {applicants.length === 0 ? (
        <p>
          {ALERT_COPY.MY_ALERTS_EMPTY} <Link to={REGISTER_PATH}>{ALERT_COPY.REGISTER_TITLE}</Link>
        </p>
      ) : (
        <ul className="alert-list" aria-label={ALERT_COPY.ALERTS_LABEL}>
          {applicants.map((alert) => (
            <li key={alert.contact_applicant_id}>
              <AlertCard alert={alert} active={alert.contact_applicant_id === activeApplicantId} toggle={<AlertSwitch alert={alert} />}>
                <Link to={toAlertUpdatePath(alert.applicant_key)} className="button button--small button--secondary" aria-label={`${ALERT_COPY.ALERT_EDIT}: ${toAlertName(alert)}`}>
                  {ALERT_COPY.ALERT_EDIT}
                </Link>
                <Form method="post">
                  <input type="hidden" name="contact_applicant_id" value={alert.contact_applicant_id} />
                  <button type="submit" name="intent" value="select" className="button button--small" aria-label={`${ALERT_COPY.ALERT_SEARCH}: ${toAlertName(alert)}`}>
                    {ALERT_COPY.ALERT_SEARCH}
                  </button>
                </Form>
              </AlertCard>
            </li>
          ))}
        </ul>
      )}
      <FormToaster />
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(ALERT_COPY.MY_ALERTS_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
