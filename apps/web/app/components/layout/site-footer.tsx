import type { FooterCompany } from '@agency/domain'
import { Link } from 'react-router'
import { LEGAL_LINKS, LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'
import { LEAD_COPY } from '#app/components/lead/lead-copy.ts'
import { VALUATION_PATH } from '#app/components/lead/lead-paths.ts'
import { COPY } from '#app/copy.ts'
import type { FooterBranch } from '#app/lib/use-root-data.ts'

/**
 * The site footer: the agency's pages, the legal pages, the memberships a letting agent must publish
 * (Consumer Rights Act 2015 s.83: redress scheme and client money protection) and the company's
 * details (Companies Act trading disclosures). The branches, with addresses, phones and e-mail, are
 * on /branches.
 */
export function SiteFooter({ agencyName, branches, company }: { agencyName: string; branches: FooterBranch[]; company: FooterCompany | null }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__columns">
          <nav aria-labelledby="footer-agency">
            <h2 id="footer-agency" className="site-footer__heading">
              {agencyName}
            </h2>
            <ul role="list" className="site-footer__links">
              <li>
                <Link to={LEGAL_PATHS.about}>{COPY.FOOTER_ABOUT}</Link>
              </li>
              {branches.length > 0 && (
                <li>
                  <Link to="/branches">
                    {COPY.FOOTER_BRANCHES_MAP}
                  </Link>
                </li>
              )}
              <li>
                <Link to={VALUATION_PATH}>{LEAD_COPY.NAV_VALUATION}</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="site-footer__heading">
              {COPY.FOOTER_LEGAL}
            </h2>
            <ul role="list" className="site-footer__links">
              {LEGAL_LINKS.filter((link) => link.page !== 'about').map((link) => (
                <li key={link.page}>
                  <Link to={LEGAL_PATHS[link.page]}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          {company && (
            <section aria-labelledby="footer-memberships">
              <h2 id="footer-memberships" className="site-footer__heading">
                {COPY.FOOTER_MEMBERSHIPS}
              </h2>
              {/* Plain text but for the certificate: the schemes' and bodies' own links are on About us. */}
              <ul role="list" className="site-footer__links site-footer__memberships">
                <li>{`${COPY.FOOTER_REDRESS} ${company.redress_scheme.name} (${COPY.MEMBERSHIP_NUMBER} ${company.redress_scheme.membership_number})`}</li>
                <li>
                  {`${COPY.FOOTER_CMP} ${company.client_money_protection.scheme} (${COPY.MEMBERSHIP_NUMBER} ${company.client_money_protection.membership_number}); `}
                  <a href={company.client_money_protection.certificate_url} rel="noopener">
                    {COPY.FOOTER_CMP_CERTIFICATE}
                  </a>
                </li>
                {company.professional_bodies.map((body) => (
                  <li key={body.name}>{`${COPY.FOOTER_MEMBER_OF} ${body.name}${body.membership_number ? ` (${COPY.MEMBERSHIP_NUMBER} ${body.membership_number})` : ''}`}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <p className="site-footer__legal">
          {`© ${new Date().getFullYear()} ${company ? `${company.legal_name}. ${COPY.FOOTER_COMPANY(company)}` : agencyName}`}
        </p>
      </div>
    </footer>
  )
}
