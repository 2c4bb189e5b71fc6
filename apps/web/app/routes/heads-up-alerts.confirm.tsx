import { LINK_MESSAGES, PROPERTIES_PATH, isTokenShaped, toSafeReturnPath, type AlertConfirmationLinkState } from '@agency/domain'
import { Link, data, redirect } from 'react-router'
import { LinkTokenForm } from '#app/components/account/link-token-form.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { withAlertOn } from '#app/components/alerts/alert-on-notice.tsx'
import { toAlertSearchUrl } from '#app/components/alerts/alert-search-url.ts'
import { SERVE_WITHOUT_HYDRATION } from '#app/lib/hydration.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { isLoginPath } from '#app/lib/session.ts'
import { toLoggedInCookie } from '#app/lib/logged-in-notice.ts'
import { getCurrentContact, toSetCookieHeaders } from '#app/lib/session.server.ts'
import { ALERT_ACCOUNT_PATHS, REGISTER_PATH } from '#app/lib/urls.ts'
import type { Route } from './+types/heads-up-alerts.confirm'

// One button and a form post, like the login link's page: nothing here needs React in the browser.
export const handle = SERVE_WITHOUT_HYDRATION

/** The token if it has the shape of one (the domain's one rule); the API decides whether it is valid. */
function toToken(value: unknown): string | null {
  return isTokenShaped(value) ? value : null
}

/**
 * Opening the e-mail's link shows the button only while the alert awaits it: mail scanners open links
 * before people do, so nothing is spent here. What the API reads of the token (without spending it)
 * says whether the alert is confirmed already, or the link expired before it was.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = toToken(new URL(request.url).searchParams.get('token'))
  const state: AlertConfirmationLinkState = token ? await context.services.checkAlertConfirmationLink(token) : 'invalid'
  return { token: state === 'usable' ? token : null, state }
}

/**
 * The button: confirms the alert, passes the session cookie on (the visitor is logged in, and the next
 * page says so when they were not before), and goes on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = toToken((await request.formData()).get('token'))
  if (!token) return data({ invalid: true }, { status: 400 })
  const wasLoggedIn = (await getCurrentContact(request, context)) !== null
  const confirmed = await context.services.confirmAlert(token)
  // A spent, expired or unknown token (400), or a post refused (403 from another origin): the page
  // says the link did not work, with that status; the loader that renders it reads again what became
  // of the link (confirmed meanwhile, say).
  if (!confirmed.ok) return data({ invalid: true }, { status: confirmed.status })
  // The alert's own matches, told that it is on; the API's way on should its alert not be read.
  const alert = await context.services.getAlertByKey(confirmed.data.applicant_key).catch(() => null)
  const to = toSafeReturnPath(confirmed.data.redirect_to)
  const next = alert ? withAlertOn(toAlertSearchUrl(alert)) : to && !isLoginPath(to) ? to : PROPERTIES_PATH
  const headers = toSetCookieHeaders(confirmed.setCookie)
  // Confirming logs the person in: the next page says so, once, as a login link's does.
  if (!wasLoggedIn) headers.append('set-cookie', toLoggedInCookie(request))
  return redirect(next, { headers })
}

export default function ConfirmAlertRoute({ loaderData, actionData }: Route.ComponentProps) {
  // A link usable when the page was drawn but refused on the press (another origin's post) is invalid.
  const state: AlertConfirmationLinkState = loaderData.state === 'usable' && actionData?.invalid === true ? 'invalid' : loaderData.state
  return (
    <div className="container page login-page">
      <section className="login-card" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading">{ALERT_COPY.CONFIRM_TITLE}</h1>
        {state === 'usable' ? (
          <>
            <p className="login-card__intro">{ALERT_COPY.CONFIRM_TEXT}</p>
            <LinkTokenForm token={loaderData.token ?? ''} label={ALERT_COPY.CONFIRM_BUTTON} />
          </>
        ) : state === 'confirmed' ? (
          <>
            <p className="login-card__intro" role="status">
              {LINK_MESSAGES.ALERT_ALREADY_CONFIRMED}
            </p>
            <p>{LINK_MESSAGES.ALERT_ALREADY_CONFIRMED_HELP}</p>
            <p>
              <Link to={ALERT_ACCOUNT_PATHS.MY_ALERTS} className="button">
                {ALERT_COPY.MY_ALERTS_TITLE}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="login-card__alert" role="alert">
              {state === 'expired' ? LINK_MESSAGES.ALERT_CONFIRMATION_EXPIRED : LINK_MESSAGES.ALERT_CONFIRMATION_INVALID}
            </p>
            <p>{ALERT_COPY.CONFIRM_INVALID_HELP}</p>
            <p>
              <Link to={REGISTER_PATH} className="button">
                {ALERT_COPY.REGISTER_TITLE}
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  )
}

// The token is in the address: no Referer to other sites, and nobody's cache.
export function headers() {
  return { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(ALERT_COPY.CONFIRM_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
