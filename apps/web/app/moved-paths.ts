import { LIST_PATHS, VALUATION_PATH } from '@agency/domain'
import { LEGAL_PATHS } from './components/legal/legal-paths.ts'

/**
 * Addresses people type or old links carry for pages that have another address here: each moves
 * permanently to its page (routes/moved.tsx), with its query, instead of 'Page not found'. The names
 * other agencies' sites and the big portals use for the same pages.
 */
export const MOVED_PATHS: Readonly<Record<string, string>> = {
  '/sales': LIST_PATHS.sales,
  '/lettings': LIST_PATHS.lettings,
  '/about': LEGAL_PATHS.about,
  '/privacy': LEGAL_PATHS.privacy,
  '/privacy-policy': LEGAL_PATHS.privacy,
  '/cookie-policy': LEGAL_PATHS.cookies,
  '/terms-and-conditions': LEGAL_PATHS.terms,
  '/complaints-procedure': LEGAL_PATHS.complaints,
  // The branches' page has each office's address, telephone and e-mail, and its map.
  '/contact': '/branches',
  '/contact-us': '/branches',
  '/book-a-valuation': VALUATION_PATH,
  '/sign-in': '/login',
}

/** Where a moved address goes (its trailing slash ignored), or null when it is not one. */
export function toMovedPath(pathname: string): string | null {
  return MOVED_PATHS[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname] ?? null
}
