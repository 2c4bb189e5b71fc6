import { ALERT_PATHS, LIST_PATHS, toSearchParams } from '@agency/domain'
import type { PropertySearchQuery, SearchType } from '@agency/domain'

/** An absolute URL on the public site, for canonical links. */
export function toPublicUrl(publicUrl: string, path: string, params?: URLSearchParams): string {
  const query = params?.toString()
  return `${publicUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`
}

/**
 * A list page URL for a search: defaults are left out (so page 1 has no `page=1`), keeping URLs short
 * and one canonical form per search.
 */
export function toListUrl(searchType: SearchType, query: Partial<PropertySearchQuery>): string {
  const params = toSearchParams(query).toString()
  return `${LIST_PATHS[searchType]}${params ? `?${params}` : ''}`
}

/** SPEC §2: the register page of Heads Up Property Alerts. */
export const REGISTER_PATH = ALERT_PATHS.REGISTER

/** The login page, sending the visitor back to `returnTo` afterwards (the login page comes with magic links). */
export function toLoginUrl(returnTo: string): string {
  return `/login?${new URLSearchParams({ redirect: returnTo }).toString()}`
}
