import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/** The page of saved properties; the hearts' forms post to it too. */
export const SAVED_PATH = '/saved-properties'

/**
 * The ids a visitor's hearts saved without the page's script, kept in a cookie (lib/saved-cookie.ts)
 * until the script moves them into the browser's list.
 */
export function useVisitorCookieSavedIds(): readonly number[] {
  return useRouteLoaderData<typeof rootLoader>('root')?.visitorSavedIds ?? []
}

/** The logged-in contact's saved property ids, or null for a visitor (whose saves are in the browser). */
export function useSavedIds(): readonly number[] | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.savedIds ?? null
}
