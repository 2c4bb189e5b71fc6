import type { ContactView } from '@agency/domain'
import { isSessionCookieName, toSafeReturnPath } from '@agency/domain'
import { parse as parseCookies } from 'cookie'
import type { AppLoadContext } from 'react-router'
import { isLoginPath } from '#app/lib/session.ts'
import type { SignedInContact } from '#app/lib/session.ts'

/**
 * Whether the request carries a session cookie, under either of its names (the API picks one from
 * PUBLIC_URL): without one there is nobody to ask the API about.
 */
export function hasSessionCookie(request: Request): boolean {
  const header = request.headers.get('cookie')
  if (!header) return false
  return Object.keys(parseCookies(header)).some(isSessionCookieName)
}

// One read per request: the root loader and a page's loader (the /properties redirect, the login
// page) run side by side on the same load context. Only loaders share it: an action may change the
// contact (an alert switched off hands the active one over), and the loaders that render the page
// after it, on the same load context, must read the contact as the action left it.
const contactByContext = new WeakMap<AppLoadContext, Promise<ContactView | null>>()

const readCurrentContact = (request: Request, context: AppLoadContext): Promise<ContactView | null> =>
  hasSessionCookie(request)
    ? context.services.getCurrentContact().catch((error: unknown) => {
        console.warn('could not read the logged-in contact', error instanceof Error ? error.message : error)
        return null
      })
    : Promise.resolve(null)

/**
 * The logged-in contact, or null for a visitor. Asks the site's services only when the request has a
 * session cookie; an ended session is a visitor. Any other failure also counts as logged out: the
 * header is not worth an error page, and the services still refuse what a visitor may not see (a
 * database too busy to answer still makes the page a 503, through the services' hook).
 */
export function getCurrentContact(request: Request, context: AppLoadContext): Promise<ContactView | null> {
  // An action's request is a post; the loaders after it get a GET of their own (React Router's).
  if (request.method !== 'GET' && request.method !== 'HEAD') return readCurrentContact(request, context)
  let contact = contactByContext.get(context)
  if (!contact) {
    contact = readCurrentContact(request, context)
    contactByContext.set(context, contact)
  }
  return contact
}

/** What the header shows of the logged-in contact (only that reaches the browser). */
export async function getSignedInContact(request: Request, context: AppLoadContext): Promise<SignedInContact | null> {
  const contact = await getCurrentContact(request, context)
  return contact ? { name: contact.name, surname: contact.surname, avatar: contact.avatar } : null
}

/** The API's Set-Cookie values as headers of the page's own answer, so the browser stores them. */
export function toSetCookieHeaders(setCookie: readonly string[]): Headers {
  const headers = new Headers()
  for (const cookie of setCookie) headers.append('set-cookie', cookie)
  return headers
}

/**
 * The page the login page returns to: its `redirect` query parameter (login links of locked cards
 * carry one), else the page the visitor came from when it is a page of this site.
 */
export function getLoginReturnPath(request: Request, publicUrl: string): string | null {
  const url = new URL(request.url)
  const fromQuery = toSafeReturnPath(url.searchParams.get('redirect'))
  if (fromQuery) return isLoginPath(fromQuery) ? null : fromQuery
  const fromReferer = toSafeReturnPath(request.headers.get('referer'), publicUrl)
  return fromReferer && !isLoginPath(fromReferer) ? fromReferer : null
}
