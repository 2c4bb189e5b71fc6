// First: zod in the browser must not try `new Function` under the Content-Security-Policy.
import '#app/lib/zod-jitless.client.ts'
import { useEffect, type ReactNode } from 'react'
import { LIST_PATHS, toFooterCompany } from '@agency/domain'
import { Link, Links, Meta, Outlet, data, isRouteErrorResponse } from 'react-router'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { LoggedInNotice, LoggedOutNotice } from '#app/components/account/logged-in-notice.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { BrowserSavesMerge } from '#app/components/saved/browser-saves-merge.tsx'
import { SaveForm } from '#app/components/saved/save-form.tsx'
import { COPY } from '#app/copy.ts'
import { toBrandStyle } from '#app/lib/brand-style.ts'
import { getFooterBranches } from '#app/lib/branches.server.ts'
import { getCompanyProfile } from '#app/lib/company.server.ts'
import { useHydration } from '#app/lib/hydration.ts'
import { hasLoggedInCookie, hasNoticeCookie, toLoggedInCookieCleared, toNoticeCookieCleared } from '#app/lib/logged-in-notice.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { PageScripts } from '#app/lib/page-scripts.tsx'
import { getSavedPropertyIds } from '#app/lib/saved.server.ts'
import { parseVisitorSaves } from '#app/lib/saved-cookie.ts'
import { getSignedInContact } from '#app/lib/session.server.ts'
import { getPageSettings } from '#app/lib/site-settings.server.ts'
import { useBranches, useFooterCompany, useSiteSettings } from '#app/lib/use-root-data.ts'
import type { Route } from './+types/root'
import stylesheetHref from './styles/site.css?url'

export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, branches, contact, savedIds, profile] = await Promise.all([
    getPageSettings(context),
    getFooterBranches(context),
    getSignedInContact(request, context),
    getSavedPropertyIds(request, context),
    getCompanyProfile(context),
  ])
  // A visitor's hearts pressed without the page's script (lib/saved-cookie.ts): shown pressed.
  const visitorSavedIds = contact ? [] : parseVisitorSaves(request.headers.get('cookie'))
  // The first page after a login link says the login worked, once: the mark is cleared as it is read.
  // Only a logged-in person's page (never one a shared cache keeps) reads or clears it.
  const justLoggedIn = contact !== null && hasLoggedInCookie(request)
  // The same for the page a log out lands on, where nobody is logged in any more.
  const justLoggedOut = contact === null && hasNoticeCookie(request, 'logged_out')
  const cleared = justLoggedIn ? toLoggedInCookieCleared(request) : justLoggedOut ? toNoticeCookieCleared(request, 'logged_out') : null
  // The maps' tile server reaches the browser with the root data (no page needs it before a map loads).
  return data(
    { settings, branches, contact, savedIds, visitorSavedIds, mapTiles: context.mapTiles, company: profile ? toFooterCompany(profile) : null, justLoggedIn, justLoggedOut },
    cleared ? { headers: { 'Set-Cookie': cleared } } : undefined,
  )
}

// Settings and branches do not change between pages; only a form post (a login, a log out) can
// change what the root shows.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false
}

/** The one stylesheet of every page (styles/site.css says why one). */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheetHref, precedence: 'default' }]

export function Layout({ children }: { children: ReactNode }) {
  const { agency_name: agencyName } = useSiteSettings()
  const branches = useBranches()
  const company = useFooterCompany()
  const hydrate = useHydration()
  // The page's scripts start after its first paint (lib/boot-script.ts); this marks when
  // React has taken the page over, for the end-to-end tests and for anything else that must know.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="en-GB" style={toBrandStyle(company)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={company?.brand_colours.primary ?? '#0b2545'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {COPY.SKIP_TO_CONTENT}
        </a>
        <SiteHeader agencyName={agencyName} hasLogo={company !== null} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SaveForm />
        <SiteFooter agencyName={agencyName} branches={branches} company={company} />
        {/* React Router's scripts and scroll restoration, as data for the boot script (no inline script). */}
        {hydrate && <PageScripts />}
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LoggedInNotice show={loaderData.justLoggedIn} />
      <LoggedOutNotice show={loaderData.justLoggedOut} />
      <Outlet />
      <BrowserSavesMerge />
    </>
  )
}

export function meta({ error, matches }: Route.MetaArgs) {
  const agencyName = getAgencyName(matches)
  if (!error) return [{ title: agencyName }]
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return [{ title: toTitle(notFound ? COPY.NOT_FOUND_TITLE : COPY.ERROR_TITLE, agencyName) }, { name: 'robots', content: 'noindex' }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  // A refusal a page action passed on (page-action.server.ts) says why, in the API's words.
  const refusal = isRouteErrorResponse(error) && !notFound && error.status >= 400 && error.status < 500 && typeof error.data === 'string' ? error.data : null
  return (
    <div className="container page error-page">
      <h1>{notFound ? COPY.NOT_FOUND_TITLE : COPY.ERROR_TITLE}</h1>
      <p>{notFound ? COPY.NOT_FOUND_TEXT : (refusal ?? COPY.ERROR_TEXT)}</p>
      <ul className="error-page__links" role="list">
        <li>
          <Link to="/" className="button">
            {COPY.GO_HOME}
          </Link>
        </li>
        <li>
          <Link to={LIST_PATHS.sales} className="button button--secondary">
            {COPY.LIST_TITLE.sales}
          </Link>
        </li>
        <li>
          <Link to={LIST_PATHS.lettings} className="button button--secondary">
            {COPY.LIST_TITLE.lettings}
          </Link>
        </li>
      </ul>
    </div>
  )
}
