import { LINK_MESSAGES, PROPERTIES_PATH, isTokenShaped, toSafeReturnPath, type LoginLinkState } from '@agency/domain'
import { Link, data, redirect } from 'react-router'
import { LinkTokenForm } from '#app/components/account/link-token-form.tsx'
import { COPY } from '#app/copy.ts'
import { SERVE_WITHOUT_HYDRATION } from '#app/lib/hydration.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { isLoginPath } from '#app/lib/session.ts'
import { toLoggedInCookie } from '#app/lib/logged-in-notice.ts'
import { toSetCookieHeaders } from '#app/lib/session.server.ts'
import type { Route } from './+types/login.verify'

// One button and a form post: nothing here needs React in the browser.
export const handle = SERVE_WITHOUT_HYDRATION

/** The token if it has the shape of one (the domain's one rule); the API decides whether it is valid. */
function toToken(value: unknown): string | null {
  return isTokenShaped(value) ? value : null
}

/**
 * Opening the link shows the Log in button only while the link can log in: mail scanners open links
 * before people do, and a GET that spent the token would leave the visitor with a dead link. What
 * the API reads of the token (without spending it) says whether it has been used or has expired.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = toToken(new URL(request.url).searchParams.get('token'))
  const state: LoginLinkState = token ? await context.services.checkLoginLink(token) : 'invalid'
  return { token: state === 'usable' ? token : null, state }
}

/** The Log in button: spends the token, passes the API's session cookie on, and goes where the link asked. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = toToken((await request.formData()).get('token'))
  if (!token) return data({ invalid: true }, { status: 400 })
  const session = await context.services.logInWithLink(token)
  // A spent or unknown token (400), or a post refused (403 from another origin): the link page says
  // it did not work, with that status, rather than failing as the site's own error; the loader that
  // renders it reads again what became of the link (used meanwhile, say).
  if (!session.ok) return data({ invalid: true }, { status: session.status })
  const to = toSafeReturnPath(session.data.redirect_to)
  // The next page says, once, that the login worked.
  const headers = toSetCookieHeaders(session.setCookie)
  headers.append('set-cookie', toLoggedInCookie(request))
  return redirect(to && !isLoginPath(to) ? to : PROPERTIES_PATH, { headers })
}

/** Why the link cannot log in, as the page says it: used, expired, or anything else. */
const REFUSAL: Record<Exclude<LoginLinkState, 'usable'>, { message: string; help: string }> = {
  used: { message: LINK_MESSAGES.LOGIN_LINK_USED, help: LINK_MESSAGES.LOGIN_LINK_USED_HELP },
  expired: { message: LINK_MESSAGES.LOGIN_LINK_EXPIRED, help: COPY.VERIFY_INVALID_HELP },
  invalid: { message: LINK_MESSAGES.LOGIN_LINK_INVALID, help: COPY.VERIFY_INVALID_HELP },
}

export default function LoginVerifyRoute({ loaderData, actionData }: Route.ComponentProps) {
  // A link usable when the page was drawn but refused on the press (another origin's post) is invalid.
  const state: LoginLinkState = loaderData.state === 'usable' && actionData?.invalid === true ? 'invalid' : loaderData.state
  return (
    <div className="container page login-page">
      <section className="login-card" aria-labelledby="verify-heading">
        {state !== 'usable' ? (
          <>
            <h1 id="verify-heading">{COPY.VERIFY_INVALID_HEADING}</h1>
            <p className="login-card__alert" role="alert">
              {REFUSAL[state].message}
            </p>
            <p>{REFUSAL[state].help}</p>
            <p>
              <Link to="/login" className="button">
                {COPY.VERIFY_REQUEST_NEW}
              </Link>
            </p>
          </>
        ) : (
          <>
            <h1 id="verify-heading">{COPY.VERIFY_TITLE}</h1>
            <p className="login-card__intro">{COPY.VERIFY_TEXT}</p>
            <LinkTokenForm token={loaderData.token ?? ''} label={COPY.VERIFY_BUTTON} />
          </>
        )}
      </section>
    </div>
  )
}

// The token is in the address: it must not travel to another site in a Referer, and the page is
// nobody's to cache. Not 'no-referrer': browsers then send `Origin: null` with the Log in post, which
// the Origin checks rightly refuse.
export function headers() {
  return { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(COPY.VERIFY_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
