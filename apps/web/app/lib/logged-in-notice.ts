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
  return toNoticeCookie(request, 'logged_in')
}

/** The Set-Cookie value that clears the mark once a page has said so. */
export function toLoggedInCookieCleared(request: Request): string {
  return toNoticeCookieCleared(request, 'logged_in')
}

/** Whether the request carries the mark. */
export function hasLoggedInCookie(request: Request): boolean {
  return hasNoticeCookie(request, 'logged_in')
}

/**
 * The same one-time mark for the page after logging out: set with the session's end by the header's
 * Log out (routes/logout.tsx), read and cleared by the root loader on the page it lands on, where no
 * one is logged in. Like the login's, it holds nothing but '1'.
 */
export const LOGGED_OUT_COOKIE = 'agency_logged_out'

/** The one-time marks of the account's notices, each the cookie that carries it. */
export const ACCOUNT_NOTICE_COOKIES = { logged_in: LOGGED_IN_COOKIE, logged_out: LOGGED_OUT_COOKIE } as const

/** Which notice the next page shows after an account action: 'logged_in' or 'logged_out'. */
export type AccountNotice = keyof typeof ACCOUNT_NOTICE_COOKIES

/** The Set-Cookie value that marks the next page to show `notice`. */
export function toNoticeCookie(request: Request, notice: AccountNotice): string {
  return `${ACCOUNT_NOTICE_COOKIES[notice]}=1; Max-Age=${MAX_AGE_SECONDS}; ${attributes(request)}`
}

/** The Set-Cookie value that clears the mark of `notice` once a page has shown it. */
export function toNoticeCookieCleared(request: Request, notice: AccountNotice): string {
  return `${ACCOUNT_NOTICE_COOKIES[notice]}=; Max-Age=0; ${attributes(request)}`
}

/** Whether the request carries the mark of `notice`. */
export function hasNoticeCookie(request: Request, notice: AccountNotice): boolean {
  const header = request.headers.get('cookie')
  return header !== null && parseCookies(header)[ACCOUNT_NOTICE_COOKIES[notice]] === '1'
}
