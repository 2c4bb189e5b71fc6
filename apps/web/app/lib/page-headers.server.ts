import { VISITOR_CACHE_CONTROL } from '@agency/domain'
import { hasNoticeCookie } from '#app/lib/logged-in-notice.ts'
import { parseVisitorSaves } from '#app/lib/saved-cookie.ts'
import { hasSessionCookie } from '#app/lib/session.server.ts'

/**
 * Cache headers of a catalogue page (home, lists, property pages). A visitor's page is the same for
 * every visitor, so a shared cache may keep it briefly (VISITOR_CACHE_CONTROL: `s-maxage`, then
 * `stale-while-revalidate`), as a different page from anyone's with a cookie (Vary); the browser
 * still checks before reusing it, with the ETag the server gives it (apps/server/src/web.ts). A page for someone who may be logged in
 * shows what only they may see, so no shared cache keeps it.
 */
export function toCataloguePageHeaders(request: Request): Headers {
  // A visitor's hearts pressed without JavaScript (lib/saved-cookie.ts) show on the page: theirs alone.
  // So does the page a log out lands on, which says so to that person once (root.tsx).
  if (hasSessionCookie(request) || parseVisitorSaves(request.headers.get('cookie')).length || hasNoticeCookie(request, 'logged_out'))
    return new Headers({ 'Cache-Control': 'private, no-cache' })
  return new Headers({
    'Cache-Control': VISITOR_CACHE_CONTROL,
    Vary: 'Cookie',
  })
}

/** A catalogue route's `headers`: the ones its loader chose. */
export function cataloguePageHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  return loaderHeaders
}

/**
 * A catalogue route with a form (the property page's lead enquiry): the loader's headers, plus the
 * cookies its action set, on a page no shared cache keeps.
 */
export function catalogueFormPageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const cookies = actionHeaders.getSetCookie()
  if (cookies.length === 0) return loaderHeaders
  const headers = new Headers(loaderHeaders)
  headers.set('Cache-Control', 'private, no-cache')
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return headers
}
