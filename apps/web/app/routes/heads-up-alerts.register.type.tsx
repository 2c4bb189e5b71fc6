import { ALERT_CRITERIA_DEFAULT, SEARCH_TYPE_PROFILE, findNewestAlertOfKind } from '@agency/domain'
import type { Contact, SearchType } from '@agency/domain'
import { data } from 'react-router'
import { FormToaster } from '#app/components/ui/form-toast.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { RegisterScreen } from '#app/components/alerts/register-screen.tsx'
import { SAVE_SEARCH_INTENT, readSavedSearch } from '#app/components/alerts/save-search.ts'
import { saveSearchAtOnce } from '#app/components/alerts/save-search.server.ts'
import { initRegisterState } from '#app/components/alerts/register-state.ts'
import { getRegisterPageData, handleRegisterAction, toContact } from '#app/components/alerts/register.server.ts'
import { getCaptchaConfig } from '#app/lib/captcha-config.server.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { getCurrentContact } from '#app/lib/session.server.ts'
import type { Route } from './+types/heads-up-alerts.register.type'

/** SPEC §2: /heads-up-alerts/register/buy registers a buyer (sales), /rent a tenant (lettings). */
function toSearchType(type: string): SearchType {
  if (type === 'buy') return 'sales'
  if (type === 'rent') return 'lettings'
  throw data('Page not found', { status: 404 })
}

/** SPEC §7: on the server the logged-in contact is fetched, and starts the alert's contact list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const searchType = toSearchType(params.type)
  const [page, current, captcha] = await Promise.all([getRegisterPageData(context, searchType), getCurrentContact(request, context), getCaptchaConfig(context)])
  const contact = current ? toContact(current) : null
  const contacts: Contact[] = contact ? [contact] : []
  // A visitor's registration takes the captcha; a logged-in contact's session is enough.
  // 'Save this search' brings a list's search in the address: the alert starts with its criteria.
  const saved = readSavedSearch(new URL(request.url), searchType)
  const criteria = saved?.criteria ?? ALERT_CRITERIA_DEFAULT
  // A contact's circumstances are theirs, not an alert's: a new alert starts with the answers and the
  // frequency of their newest alert of the kind, to change if they have moved on.
  const previous = contact?.contact_id ? findNewestAlertOfKind((await context.services.getMyApplicants().catch(() => null)) ?? [], searchType) : null
  const answers = previous ? { question_answers: previous.question_answers, alert_frequency: previous.alert_frequency } : null
  return { ...page, searchType, contacts, criteria, answers, savedSearch: saved?.summary ?? null, captcha: current ? null : captcha }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const searchType = toSearchType(params.type)
  const current = await getCurrentContact(request, context)
  if ((await request.clone().formData()).get('intent') === SAVE_SEARCH_INTENT) return saveSearchAtOnce(request, context, searchType, current)
  return handleRegisterAction(request, context, searchType, { mode: 'create', captcha: current === null })
}

export default function RegisterAlertRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { searchType, questions, subscriptionTypeIds, variants, intro, contacts, criteria, answers, captcha, savedSearch } = loaderData
  return (
    <div className="container page alert-page">
      <RegisterScreen
        mode="create"
        searchType={searchType}
        profileId={SEARCH_TYPE_PROFILE[searchType]}
        questions={questions}
        subscriptionTypeIds={subscriptionTypeIds}
        initialState={initRegisterState('create', contacts, answers ? { criteria, contacts, ...answers } : { criteria })}
        variants={variants}
        heading={ALERT_COPY.REGISTER_HEADING[searchType]}
        intro={intro}
        savedSearch={savedSearch}
        actionResult={actionData}
        captcha={captcha}
      />
      <FormToaster />
    </div>
  )
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const heading = loaderData ? ALERT_COPY.REGISTER_HEADING[loaderData.searchType] : ALERT_COPY.REGISTER_TITLE
  return [{ title: toTitle(heading, getAgencyName(matches)) }, { name: 'description', content: ALERT_COPY.REGISTER_DESCRIPTION }]
}
