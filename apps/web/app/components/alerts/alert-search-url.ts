import { toLocationFilter, toSearchPriceBounds, toSearchTypeOfProfile } from '@agency/domain'
import type { AlertCriteria, AlertProfileId } from '@agency/domain'
import { toSearchUrl } from '#app/components/search/search-url.ts'

/** SPEC §4: the search an alert runs: its list (buyer sales, tenant lettings) with its criteria. */
export function toAlertSearchUrl(alert: { profile_id: AlertProfileId; criteria: AlertCriteria }): string {
  const { locations, ...filters } = alert.criteria
  const searchType = toSearchTypeOfProfile(alert.profile_id)
  return toSearchUrl(
    searchType,
    // The ends of the price steps are no limit (price.ts): the list says 'Any price' as the search did.
    { ...filters, ...toSearchPriceBounds(filters, searchType), locations: locations.map(toLocationFilter) },
    locations.map((l) => l.location),
  )
}
