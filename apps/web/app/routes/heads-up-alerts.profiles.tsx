import { MESSAGES, toSearchTypeOfProfile } from '@agency/domain'
import type { Contact } from '@agency/domain'
import { Link, data } from 'react-router'
import { FormToaster } from '#app/components/ui/form-toast.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { RegisterScreen } from '#app/components/alerts/register-screen.tsx'
import { initRegisterState } from '#app/components/alerts/register-state.ts'
import { getRegisterPageData, handleRegisterAction, toContact } from '#app/components/alerts/register.server.ts'
import { getCaptchaConfig } from '#app/lib/captcha-config.server.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { REGISTER_PATH } from '#app/lib/urls.ts'
import type { Route } from './+types/heads-up-alerts.profiles'

export async function loader({ context, params }: Route.LoaderArgs) {
  // SPEC §7: on server render of the update page, the applicant to update is fetched by its key.
  const applicant = await context.services.getAlertByKey(params.applicantKey)
  // SPEC §4/§8: a key in the route that loads nothing shows 'Applicant not found'.
  if (!applicant) return data({ found: false as const }, { status: 404 })
  const searchType = toSearchTypeOfProfile(applicant.profile_id)
  const [page, captcha] = await Promise.all([getRegisterPageData(context, searchType), getCaptchaConfig(context)])
  const contacts = applicant.contacts.map(toContact).filter((c): c is Contact => c !== null)
  // Opened by its key or e-mail link without the owner's session: no people, and the captcha on update.
  return { found: true as const, ...page, searchType, applicant: { ...applicant, contacts }, captcha: applicant.contacts_withheld ? captcha : null }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const applicant = await context.services.getAlertByKey(params.applicantKey)
  if (!applicant) throw data(MESSAGES.APPLICANT_NOT_FOUND, { status: 404 })
  return handleRegisterAction(request, context, toSearchTypeOfProfile(applicant.profile_id), {
    mode: 'update',
    applicant: { contact_applicant_id: applicant.contact_applicant_id, applicant_key: params.applicantKey, contacts_withheld: applicant.contacts_withheld },
    captcha: applicant.contacts_withheld,
  })
}

export default function UpdateAlertRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="container page alert-page">
        <h1>{ALERT_COPY.UPDATE_HEADING}</h1>
        <p className="warning" role="alert">
          {MESSAGES.APPLICANT_NOT_FOUND}
        </p>
        <Link to={REGISTER_PATH} className="button">
          {ALERT_COPY.REGISTER_TITLE}
        </Link>
      </div>
    )
  }
  const { searchType, questions, subscriptionTypeIds, variants, applicant, captcha } = loaderData
  return (
    <div className="container page alert-page">
      <RegisterScreen
        mode="update"
        searchType={searchType}
        profileId={applicant.profile_id}
        questions={questions}
        subscriptionTypeIds={subscriptionTypeIds}
        initialState={initRegisterState('update', [], applicant)}
        variants={variants}
        heading={ALERT_COPY.UPDATE_HEADING}
        actionResult={actionData}
        captcha={captcha}
        contactsWithheld={applicant.contacts_withheld}
      />
      <FormToaster />
    </div>
  )
}

// The key in the address is a capability: it must not leave the site in a Referer.
export function headers() {
  return { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(ALERT_COPY.UPDATE_HEADING, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
