import { scoreMatch, toMatchCriteria, type MatchCriteria } from '@agency/domain'
import type { ActiveApplicant } from '#app/auth/session.ts'
import type { PropertySearchRow } from '#app/queries/properties.ts'

/** The active applicant's criteria as match scoring reads them, or null for a caller without one. */
export function toApplicantMatchCriteria(applicant: ActiveApplicant | null): MatchCriteria | null {
  return applicant ? toMatchCriteria(applicant.criteria, applicant.profile_id) : null
}

/** SPEC §2: the match percentage of a card and the reasons its tooltip lists (none outside the criteria's locations). */
export function toCardMatch(criteria: MatchCriteria, row: PropertySearchRow) {
  const { score, reasons } = scoreMatch(criteria, {
    lat: row.lat,
    lng: row.lng,
    price: row.price,
    bedroom: row.bedroom,
    property_type_id: row.property_type_id,
    property_style_id: row.property_style_id,
    has_garden: row.has_garden,
    has_parking: row.has_parking,
    transaction_type_id: row.transaction_type_id === 2 ? 2 : 1,
  })
  // Outside every location of the criteria, or of the other search type: no percentage, so no badge.
  return score === null ? { match_percentage: null } : { match_percentage: score, match_reasons: reasons }
}
