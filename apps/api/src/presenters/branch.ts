import { OpeningHoursSchema, TeamMemberSchema, type Branch, type BranchDetails } from '@agency/domain'
import type { branches } from '@agency/db'

/** A branch row as a SPEC §3 map marker. */
export function toBranch(row: typeof branches.$inferSelect): Branch {
  return {
    id: row.branch_id,
    name: row.name,
    branchName: row.branch_name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    button: row.show_button,
    buttonLabel: row.button_label,
    businessLink: row.business_link,
    markerImage: row.marker_image,
    color: row.color,
    version: row.version,
  }
}

/**
 * A branch row as its page shows it. Hours or people that do not read as the domain's (written by
 * hand into the database) are left out rather than failing the page.
 */
export function toBranchDetails(row: typeof branches.$inferSelect): BranchDetails {
  const hours = OpeningHoursSchema.array().max(7).safeParse(row.opening_hours)
  const team = TeamMemberSchema.array().max(50).safeParse(row.team)
  return { ...toBranch(row), openingHours: hours.success ? hours.data : [], team: team.success ? team.data : [] }
}
