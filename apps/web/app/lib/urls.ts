import { ALERT_PATHS } from '@agency/domain'

/** A path with its query parameters, without a `?` when there are none. */
export function toUrlWithParams(path: string, params: URLSearchParams = new URLSearchParams()): string {
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/** An absolute URL on the public site, for canonical links. */
export function toPublicUrl(publicUrl: string, path: string, params?: URLSearchParams): string {
  return `${publicUrl.replace(/\/+$/, '')}${toUrlWithParams(path, params)}`
}

/** SPEC §2: the register page of Heads Up Property Alerts. */
export const REGISTER_PATH = ALERT_PATHS.REGISTER

/** The login page, sending the visitor back to `returnTo` afterwards (the login page comes with magic links). */
export function toLoginUrl(returnTo: string): string {
  return `/login?${new URLSearchParams({ redirect: returnTo }).toString()}`
}

/** The account menu's alert pages: SPEC §2 update-alert entry, and the contact's alert list. */
export const ALERT_ACCOUNT_PATHS = {
  UPDATE: ALERT_PATHS.UPDATE,
  MY_ALERTS: ALERT_PATHS.MY_ALERTS,
} as const
