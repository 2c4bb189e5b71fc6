import {
  PENDING_ALERT_COOKIE_NAMES,
  PENDING_LEAD_COOKIE_MAX_AGE_S,
  PENDING_LEAD_COOKIE_NAMES,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_COOKIE_NAMES,
  SESSION_IDLE_TIMEOUT_MS,
  VISITOR_SAVES_COOKIE_MAX_AGE_S,
  toDays,
} from '@agency/domain'
import { Link } from 'react-router'
import { loadLegalPage } from '#app/components/legal/legal-page.server.ts'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'
import { toTileHost } from '#app/components/legal/tile-host.ts'
import { MAP_TILES_STATE_KEY } from '#app/components/map/map-types.ts'
import { LIST_VIEWS_KEY } from '#app/components/property-list/list-view-history.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { SCROLL_POSITIONS_KEY } from '#app/lib/boot-script.ts'
import { BROWSER_SAVES_KEY } from '#app/lib/hydration-flag.ts'
import { VISITOR_SAVES_COOKIE } from '#app/lib/saved-cookie.ts'
import type { Route } from './+types/cookies'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLegalPage(request, context, LEGAL_PATHS.cookies)
}

export const headers = cataloguePageHeaders

const TITLE = 'Cookies'

const names = (pair: { HTTPS: string; HTTP: string }) => `${pair.HTTPS} (${pair.HTTP} without https)`

/**
 * What the site really stores in a browser: each cookie its code sets, with the name, purpose and
 * lifetime the code gives it (domain session.ts and retention.ts, lib/saved-cookie.ts), and the
 * browser storage its scripts use. All strictly necessary (PECR regulation 6(4)), so no consent banner.
 */
const STORED = [
  {
    name: names(SESSION_COOKIE_NAMES),
    kind: 'Cookie',
    purpose: 'Keeps you logged in after you open a login link. Set only when you log in.',
    lasts: `Until you log out, after ${toDays(SESSION_IDLE_TIMEOUT_MS)} days without a visit, or ${toDays(SESSION_ABSOLUTE_TIMEOUT_MS)} days after you logged in.`,
  },
  {
    name: names(PENDING_LEAD_COOKIE_NAMES),
    kind: 'Cookie',
    purpose: 'Remembers, in this browser only, the enquiry you just sent, so that the page can show it was sent. It gives no access to anything.',
    lasts: `${PENDING_LEAD_COOKIE_MAX_AGE_S / 3600} hours.`,
  },
  {
    name: names(PENDING_ALERT_COOKIE_NAMES),
    kind: 'Cookie',
    purpose: 'Remembers, in this browser only, the alert you registered until you confirm it from the e-mail we send.',
    lasts: 'Until you close your browser.',
  },
  {
    name: VISITOR_SAVES_COOKIE,
    kind: 'Cookie',
    purpose: 'The numbers of the properties you saved before the page had finished loading; nothing else. The page then moves them into browser storage.',
    lasts: `${Math.round(toDays(VISITOR_SAVES_COOKIE_MAX_AGE_S * 1000) / 365)} year, or until the page has moved them.`,
  },
  {
    name: BROWSER_SAVES_KEY,
    kind: 'Browser storage (local storage)',
    purpose: 'The properties you saved before logging in, kept in your browser only. Logging in moves them into your account.',
    lasts: 'Until you remove them, log in, or clear your browser’s data.',
  },
  {
    name: MAP_TILES_STATE_KEY,
    kind: 'Browser storage (session storage)',
    purpose: 'Whether the map’s tiles could be loaded, so that a map that cannot reach them does not keep trying.',
    lasts: 'Until you close the tab.',
  },
  {
    name: LIST_VIEWS_KEY,
    kind: 'Browser storage (session storage)',
    purpose: 'Whether each search results page you visited in this tab showed the map or the list, so that going back to one shows it as you left it.',
    lasts: 'Until you close the tab.',
  },
  {
    name: SCROLL_POSITIONS_KEY,
    kind: 'Browser storage (session storage)',
    purpose: 'How far down each page you visited in this tab you had scrolled, so that going back to one returns you to the same place.',
    lasts: 'Until you close the tab.',
  },
] as const

/** The cookie policy: what the site sets, why, and for how long; no tracking, no advertising. */
export default function CookiesRoute({ loaderData }: Route.ComponentProps) {
  const tileHost = toTileHost(loaderData.mapTileUrl)
  return (
    <div className="container page legal-page">
      <h1>{TITLE}</h1>
      <p>
        We use only the cookies and browser storage this site needs to work: no analytics, no advertising and no tracking. The law (regulation 6 of
        the Privacy and Electronic Communications Regulations) lets a site use strictly necessary storage without asking, so we show no cookie banner.
      </p>
      <div className="legal-table">
        <table>
          <caption>What this site stores in your browser</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">What it is for</th>
              <th scope="col">How long it lasts</th>
            </tr>
          </thead>
          <tbody>
            {STORED.map((item) => (
              <tr key={item.name}>
                <th scope="row">
                  <code>{item.name}</code>
                </th>
                <td data-label="Kind">{item.kind}</td>
                <td data-label="What it is for">{item.purpose}</td>
                <td data-label="How long it lasts">{item.lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 id="third-parties">Third parties</h2>
      {tileHost && (
        <p>
          The maps on our pages show tiles from {tileHost}. Your browser fetches them from that server, which sees your IP address; it is a third
          party with its own privacy policy. Our pages send it no cookie of ours.
        </p>
      )}
      {loaderData.usesRecaptcha && (
        <p>
          Our forms are protected from automated abuse by Google reCAPTCHA, which sets its own cookies to tell people from programs; Google’s privacy
          policy applies to them.
        </p>
      )}
      {!tileHost && !loaderData.usesRecaptcha && <p>No third party stores anything in your browser from our pages.</p>}
      <p>
        You can delete cookies and browser storage in your browser’s settings at any time; you will then need to log in again. More about your
        personal data is in our <Link to={LEGAL_PATHS.privacy}>privacy notice</Link>.
      </p>
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: toTitle(TITLE, getAgencyName(matches)) }, { name: 'description', content: 'The cookies and browser storage this site uses: strictly necessary only.' }, ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : [])]
}
