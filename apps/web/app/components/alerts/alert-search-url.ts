import { toLocationFilter, toSearchTypeOfProfile } from '@agency/domain'
import type { AlertCriteria, AlertProfileId } from '@agency/domain'
import { toSearchUrl } from '#app/components/search/search-url.ts'

/** SPEC §4: the search an alert runs: its list (buyer sales, tenant lettings) with its criteria. */
export function toAlertSearchUrl(alert: { profile_id: AlertProfileId; criteria: AlertCriteria }): string {
  const { locations, ...filters } = alert.criteria
  return toSearchUrl(
    toSearchTypeOfProfile(alert.profile_id),
    { ...filters, locations: locations.map(toLocationFilter) },
    locations.map((l) => l.location),
  )
}
