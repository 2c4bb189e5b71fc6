import { LABELS, LIST_PATHS, SAVED_COPY } from '@agency/domain'
import { useEffect, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { AccountMenu } from '#app/components/account/account-menu.tsx'
import { LOGO_PATH } from '#app/components/legal/legal-paths.ts'
import { LEAD_COPY } from '#app/components/lead/lead-copy.ts'
import { VALUATION_PATH } from '#app/components/lead/lead-paths.ts'
import { COPY } from '#app/copy.ts'
import { SAVED_PATH } from '#app/lib/saved.ts'
import { REGISTER_PATH } from '#app/lib/urls.ts'

const NAV_ITEMS = [
  { to: LIST_PATHS.sales, label: LABELS.FOR_SALE },
  { to: LIST_PATHS.lettings, label: COPY.NAV_TO_RENT },
] as const

/**
 * The site header: the agency's logo (or its name while none is set) home, the two lists, the alerts sign-up and the account corner.
 * On a phone the links are behind a Menu button, a `<details>` disclosure that opens without
 * JavaScript, on a bar of one line; from 900px the stylesheet shows them beside the name and the
 * button is not there (`::details-content`, global.css).
 */
export function SiteHeader({ agencyName, hasLogo }: { agencyName: string; hasLogo: boolean }) {
  const menu = useRef<HTMLDetailsElement>(null)
  const { pathname, search } = useLocation()
  // A page reached from the menu closes it, as a new page without JavaScript would (not the page it
  // was opened on, perhaps before the script ran).
  const shown = useRef(`${pathname}${search}`)
  useEffect(() => {
    if (shown.current === `${pathname}${search}`) return
    shown.current = `${pathname}${search}`
    if (menu.current) menu.current.open = false
  }, [pathname, search])
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand">
          {hasLogo ? (
            // The logo of the company details (GET /api/company/logo.svg), its name as its text. Low
            // priority: the page's largest picture is the one preloaded, not the logo (page-weight.test.ts).
            <img src={LOGO_PATH} alt={agencyName} className="site-header__logo" width={174} height={38} fetchPriority="low" />
          ) : (
            agencyName
          )}
        </Link>
        <details className="site-menu" ref={menu}>
          <summary className="site-menu__button">
            <span className="site-menu__icon" aria-hidden="true" />
            {COPY.MENU}
          </summary>
          <div className="site-menu__panel">
            <nav aria-label={COPY.NAV_LABEL} className="site-nav">
              <ul className="site-nav__list" role="list">
                {NAV_ITEMS.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className="site-nav__link">
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <NavLink to={REGISTER_PATH} className="site-nav__link site-nav__link--alerts">
                    {LABELS.HEADS_UP_PROPERTY_ALERTS}
                  </NavLink>
                </li>
                <li>
                  <NavLink to={VALUATION_PATH} className="site-nav__link">
                    {LEAD_COPY.NAV_VALUATION}
                  </NavLink>
                </li>
                <li>
                  <NavLink to={SAVED_PATH} className="site-nav__link">
                    {SAVED_COPY.TITLE}
                  </NavLink>
                </li>
              </ul>
            </nav>
            <AccountMenu />
          </div>
        </details>
      </div>
    </header>
  )
}
