import { parseVisitorSaves } from '#app/lib/saved-cookie.ts'
import { hasSessionCookie } from '#app/lib/session.server.ts'

/**
 * How long a shared cache (the server's own page cache, or a CDN in front of it) may keep a
 * catalogue page rendered for a visitor: a new or changed property shows within this time.
 */
export const VISITOR_PAGE_SHARED_SECONDS = 10

/**
 * Cache headers of a catalogue page (home, lists, property pages). A visitor's page is the same for
 * every visitor, so a shared cache may keep it briefly, as a different page from anyone's with a
 * cookie (Vary); the browser still checks before reusing it. A page for someone who may be logged in
 * shows what only they may see, so no shared cache keeps it.
 */
export function toCataloguePageHeaders(request: Request): Headers {
  // A visitor's hearts pressed without JavaScript (lib/saved-cookie.ts) show on the page: theirs alone.
  if (hasSessionCookie(request) || parseVisitorSaves(request.headers.get('cookie')).length) return new Headers({ 'Cache-Control': 'private, no-cache' })
  return new Headers({
    'Cache-Control': `public, max-age=0, s-maxage=${VISITOR_PAGE_SHARED_SECONDS}`,
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
