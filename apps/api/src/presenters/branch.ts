import type { Branch } from '@agency/domain'
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
