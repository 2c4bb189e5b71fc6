import { Link } from 'react-router'
import { LEAD_COPY } from '#app/components/lead/lead-copy.ts'
import { VALUATION_PATH } from '#app/components/lead/lead-paths.ts'
import { COPY } from '#app/copy.ts'
import { toTelHref } from '#app/lib/property-text.ts'
import type { FooterBranch } from '#app/lib/use-root-data.ts'

/** The site footer: every branch with its telephone number, and the way to their addresses and the map. */
export function SiteFooter({ agencyName, branches }: { agencyName: string; branches: FooterBranch[] }) {
  return (
    <footer className="site-footer">
      <div className="container">
        {branches.length > 0 && (
          <section aria-labelledby="footer-branches">
            <h2 id="footer-branches" className="site-footer__heading">
              {COPY.FOOTER_BRANCHES}
            </h2>
            <p>
              <Link to="/branches" className="site-footer__map-link">
                {COPY.FOOTER_BRANCHES_MAP}
              </Link>
            </p>
            <ul className="site-footer__branches" role="list">
              {branches.map((branch) => (
                // One line a branch, its telephone number to tap; addresses and e-mail are on /branches.
                <li key={branch.id}>
                  {`${branch.branchName} `}
                  <a href={toTelHref(branch.phone)}>{branch.phone}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="site-footer__valuation">
          <Link to={VALUATION_PATH}>{LEAD_COPY.NAV_VALUATION}</Link>
        </p>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} {agencyName}
        </p>
      </div>
    </footer>
  )
}
