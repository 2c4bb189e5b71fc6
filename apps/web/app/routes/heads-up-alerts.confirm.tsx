import { PROPERTIES_PATH, isTokenShaped, toSafeReturnPath } from '@agency/domain'
import { Form, Link, data, redirect } from 'react-router'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { withAlertOn } from '#app/components/alerts/alert-on-notice.tsx'
import { toAlertSearchUrl } from '#app/components/alerts/alert-search-url.ts'
import { SERVE_WITHOUT_HYDRATION } from '#app/lib/hydration.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { isLoginPath } from '#app/lib/session.ts'
import { toSetCookieHeaders } from '#app/lib/session.server.ts'
import { REGISTER_PATH } from '#app/lib/urls.ts'
import type { Route } from './+types/heads-up-alerts.confirm'

// One button and a form post, like the login link's page: nothing here needs React in the browser.
export const handle = SERVE_WITHOUT_HYDRATION

/** The token if it has the shape of one (the domain's one rule); the API decides whether it is valid. */
function toToken(value: unknown): string | null {
  return isTokenShaped(value) ? value : null
}

/** Opening the e-mail's link only shows the button: mail scanners open links before people do. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: toToken(new URL(request.url).searchParams.get('token')) }
}

/** The button: confirms the alert, passes the session cookie on (the visitor is logged in), and goes on. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = toToken((await request.formData()).get('token'))
  if (!token) return data({ invalid: true }, { status: 400 })
  const confirmed = await context.services.confirmAlert(token)
  // A spent, expired or unknown token (400), or a post refused (403 from another origin): the page
  // says the link did not work, with that status.
  if (!confirmed.ok) return data({ invalid: true }, { status: confirmed.status })
  // The alert's own matches, told that it is on; the API's way on should its alert not be read.
  const alert = await context.services.getAlertByKey(confirmed.data.applicant_key).catch(() => null)
  const to = toSafeReturnPath(confirmed.data.redirect_to)
  const next = alert ? withAlertOn(toAlertSearchUrl(alert)) : to && !isLoginPath(to) ? to : PROPERTIES_PATH
  return redirect(next, { headers: toSetCookieHeaders(confirmed.setCookie) })
}

export default function ConfirmAlertRoute({ loaderData, actionData }: Route.ComponentProps) {
  const invalid = loaderData.token === null || actionData?.invalid === true
  return (
    <div className="container page login-page">
      <section className="login-card" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading">{ALERT_COPY.CONFIRM_TITLE}</h1>
        {invalid ? (
          <>
            <p className="login-card__alert" role="alert">
              {ALERT_COPY.CONFIRM_INVALID}
            </p>
            <p>{ALERT_COPY.CONFIRM_INVALID_HELP}</p>
            <p>
              <Link to={REGISTER_PATH} className="button">
                {ALERT_COPY.REGISTER_TITLE}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="login-card__intro">{ALERT_COPY.CONFIRM_TEXT}</p>
            <Form method="post" className="login-form">
              <input type="hidden" name="token" value={loaderData.token ?? ''} />
              <button type="submit" className="button button--large login-form__submit">
                {ALERT_COPY.CONFIRM_BUTTON}
              </button>
            </Form>
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
