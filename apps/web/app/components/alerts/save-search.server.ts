import type { ContactView } from '@agency/api-client'
import { findAlertOfSearch, toAlertPayload, toSavedSearchAlert } from '@agency/domain'
import type { SearchType } from '@agency/domain'
import { redirect } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { withAlertOn } from '#app/components/alerts/alert-on-notice.tsx'
import { toAlertSearchUrl } from '#app/components/alerts/alert-search-url.ts'
import { QUESTION_TYPE, toContact } from '#app/components/alerts/register.server.ts'
import { readSavedSearch } from '#app/components/alerts/save-search.ts'
import { toSetCookieHeaders } from '#app/lib/session.server.ts'

/**
 * 'Save this search' pressed by a signed-in buyer or tenant (a form posted to the register page with
 * SAVE_SEARCH_INTENT): the alert is created at once (domain toSavedSearchAlert: the search, the
 * contact, the answers of their newest alert of the kind) and the person lands on its matches with
 * 'Your alert is on'. A search already saved lands there too and makes no second alert. Whatever cannot
 * be saved without asking (a visitor, no earlier alert of the kind, no place searched) goes to the
 * registration filled in with the search, as the link does for a visitor.
 */
export async function saveSearchAtOnce(request: Request, context: AppLoadContext, searchType: SearchType, current: ContactView | null): Promise<Response> {
  const url = new URL(request.url)
  const registration = redirect(`${url.pathname}${url.search}`, 303)
  const saved = readSavedSearch(url, searchType)
  const contact = current ? toContact(current) : null
  if (!saved || !contact?.contact_id) return registration
  const [alerts, questions] = await Promise.all([
    context.services.getMyApplicants().then((mine) => mine ?? []),
    context.services.getContactQuestions(QUESTION_TYPE[searchType]),
  ])
  const state = toSavedSearchAlert({ searchType, criteria: saved.criteria, contact, alerts, questions })
  if (!state) return registration
  const existing = findAlertOfSearch(alerts, state)
  if (existing) return redirect(withAlertOn(toAlertSearchUrl(existing)), 303)
  const created = await context.services.createAlert(toAlertPayload(state, 'create'))
  // The API's own checks refused it (its details changed since, say): the form says what is wrong.
  if (!created.ok) return registration
  return redirect(withAlertOn(toAlertSearchUrl(state)), { status: 303, headers: toSetCookieHeaders(created.setCookie) })
}
