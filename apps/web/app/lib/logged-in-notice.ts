import { parse as parseCookies } from 'cookie'

/**
 * The one-time mark that the next page should say the login worked: set with the session by the
 * login link's Log in button (routes/login.verify.tsx) and by an alert's confirmation that logs a
 * visitor in (routes/heads-up-alerts.confirm.tsx), read and cleared by the root loader on the
 * first page a logged-in person sees after it, with or without JavaScript. It holds nothing but '1'.
 */
export const LOGGED_IN_COOKIE = 'agency_logged_in'

/** Long enough to follow the redirects to the page the link leads to, and no longer. */
const MAX_AGE_SECONDS = 60

const attributes = (request: Request) => `Path=/; HttpOnly; SameSite=Lax${new URL(request.url).protocol === 'https:' ? '; Secure' : ''}`

/** The Set-Cookie value that marks the next page to say the login worked. */
export function toLoggedInCookie(request: Request): string {
  return `${LOGGED_IN_COOKIE}=1; Max-Age=${MAX_AGE_SECONDS}; ${attributes(request)}`
}

/** The Set-Cookie value that clears the mark once a page has said so. */
export function toLoggedInCookieCleared(request: Request): string {
  return `${LOGGED_IN_COOKIE}=; Max-Age=0; ${attributes(request)}`
}

/** Whether the request carries the mark. */
export function hasLoggedInCookie(request: Request): boolean {
  const header = request.headers.get('cookie')
  return header !== null && parseCookies(header)[LOGGED_IN_COOKIE] === '1'
}
