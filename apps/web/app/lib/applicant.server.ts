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

/**
 * SPEC §2 PROPERTIES: a logged-in applicant's profile picks the list (buyer → sales, tenant →
 * lettings); null for a visitor or a contact with neither, so the company default decides.
 */
export async function getApplicantSearchType(request: Request, context: AppLoadContext): Promise<SearchType | null> {
  const contact = await getCurrentContact(request, context)
  if (!contact) return null
  const profile = toApplicantProfile(contact)
  return profile === null ? null : toSearchTypeOfProfile(profile)
}
