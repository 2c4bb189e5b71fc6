import { SAVED_PROPERTIES_MAX, VISITOR_SAVES_COOKIE_MAX_AGE_S, parseIdSegment } from '@agency/domain'
import { parse as parseCookies } from 'cookie'

/**
 * A visitor's hearts pressed without JavaScript (or before the page's script ran): kept for that
 * browser in a cookie of property ids only, newest first, at most SAVED_PROPERTIES_MAX. The page's
 * script moves them into the browser-kept list (saved-browser.ts) and clears the cookie; a visitor who
 * logs in with them still in the cookie has them merged into their shortlist (routes/saved-properties).
 */
export const VISITOR_SAVES_COOKIE = 'agency_saved'

/** A year (retention.ts): as long as the browser-kept list lasts, near enough. */
const MAX_AGE_SECONDS = VISITOR_SAVES_COOKIE_MAX_AGE_S

/** The property ids a cookie header keeps; none when absent or odd. */
export function parseVisitorSaves(cookieHeader: string | null | undefined): number[] {
  if (!cookieHeader) return []
  const value = parseCookies(cookieHeader)[VISITOR_SAVES_COOKIE]
  if (!value) return []
  const ids: number[] = []
  for (const part of value.split('.')) {
    const id = parseIdSegment(part)
    if (id !== null && !ids.includes(id)) ids.push(id)
    if (ids.length === SAVED_PROPERTIES_MAX) break
  }
  return ids
}

/** The ids after saving or removing one: null when the list is full and nothing changed. */
export function toggleVisitorSave(ids: readonly number[], id: number, action: 'save' | 'remove'): number[] | null {
  const others = ids.filter((saved) => saved !== id)
  if (action === 'remove') return others
  if (ids.includes(id)) return [...ids]
  if (ids.length >= SAVED_PROPERTIES_MAX) return null
  return [id, ...others]
}

/** The Set-Cookie value that keeps `ids` (or clears the cookie when there are none). */
export function toVisitorSavesCookie(ids: readonly number[], secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return ids.length ? `${VISITOR_SAVES_COOKIE}=${ids.join('.')}; Max-Age=${MAX_AGE_SECONDS}; ${attributes}` : `${VISITOR_SAVES_COOKIE}=; Max-Age=0; ${attributes}`
}
