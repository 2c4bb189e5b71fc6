import type { ContactView } from '@agency/api-client'
import { ALERT_PROFILE_IDS, findNewestActiveApplicant, toSearchTypeOfProfile } from '@agency/domain'
import type { AlertProfileId, SearchType } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { getCurrentContact } from '#app/lib/session.server.ts'

function isAlertProfile(profileId: number): profileId is AlertProfileId {
  return ALERT_PROFILE_IDS.some((id) => id === profileId)
}

/**
 * The profile that speaks for a contact: the session's active applicant, else their newest applicant
 * that is ON (the one a new session starts with), else a buyer or tenant profile of the contact.
 */
export function toApplicantProfile(contact: ContactView): AlertProfileId | null {
  const active = contact.applicants.find((a) => a.contact_applicant_id === contact.active_contact_applicant_id)
  const candidates = [
    active?.profile_id,
    findNewestActiveApplicant(contact.applicants.filter((a) => isAlertProfile(a.profile_id)))?.profile_id,
    contact.contact_profiles.find(isAlertProfile),
  ]
  return candidates.find((id): id is AlertProfileId => id !== undefined && isAlertProfile(id)) ?? null
}

/** The cookie by which the API remembers a visitor's own unconfirmed alert (either of its names). */
const PENDING_ALERT_COOKIE = /(?:^|;\s*)(?:__Host-)?pending_alert=/

/**
 * The profile of the alert a visitor registered and has not yet confirmed: their own browser
 * remembers it until the e-mailed link is used. Asks the API only when that cookie is there.
 */
async function getPendingAlertProfile(request: Request, context: AppLoadContext): Promise<AlertProfileId | null> {
  if (!PENDING_ALERT_COOKIE.test(request.headers.get('cookie') ?? '')) return null
  const pending = await context.services.getPendingAlert().catch(() => null)
  return pending?.profile_id ?? null
}

/**
 * SPEC §2 PROPERTIES: a logged-in applicant's profile picks the list (buyer → sales, tenant →
 * lettings), and for a visitor the alert they have just registered; null for anyone else, so the
 * company default decides.
 */
export async function getApplicantSearchType(request: Request, context: AppLoadContext): Promise<SearchType | null> {
  const contact = await getCurrentContact(request, context)
  const profile = contact ? toApplicantProfile(contact) : await getPendingAlertProfile(request, context)
  return profile === null ? null : toSearchTypeOfProfile(profile)
}
