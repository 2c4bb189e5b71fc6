import { Link } from 'react-router'
import { loadLegalPage } from '#app/components/legal/legal-page.server.ts'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'
import { COPY } from '#app/copy.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'
import type { Route } from './+types/about-us'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLegalPage(request, context, LEGAL_PATHS.about)
}

export const headers = cataloguePageHeaders

const TITLE = 'About us'

/** Who the agency is: its story, its memberships and its company details. */
export default function AboutUsRoute({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData
  const { agency_name: agencyName } = useSiteSettings()
  return (
    <div className="container page legal-page">
      <h1>{TITLE}</h1>
      {company.founded !== null && <p className="legal-page__lead">{`${agencyName}, estate and letting agents since ${company.founded}.`}</p>}
      {company.about.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        <Link to="/branches">{COPY.FOOTER_BRANCHES_MAP}</Link>
      </p>
      <h2 id="memberships">Memberships and protection</h2>
      <ul>
        <li>
          Redress:{' '}
          <a href={company.redress_scheme.url} rel="noopener">
            {company.redress_scheme.name}
          </a>
          , membership number {company.redress_scheme.membership_number}.
        </li>
        <li>
          Client money protection:{' '}
          <a href={company.client_money_protection.url} rel="noopener">
            {company.client_money_protection.scheme}
          </a>
          , membership number {company.client_money_protection.membership_number} (
          <a href={company.client_money_protection.certificate_url} rel="noopener">
            certificate
          </a>
          ).
        </li>
        {company.professional_bodies.map((body) => (
          <li key={body.name}>
            {body.url ? (
              <a href={body.url} rel="noopener">
                {body.name}
              </a>
            ) : (
              body.name
            )}
            {body.membership_number && `, membership number ${body.membership_number}`}.
          </li>
        ))}
      </ul>
      <h2 id="company">Company details</h2>
      <p>
        {company.legal_name}. {COPY.FOOTER_COMPANY(company)}
      </p>
      <p>
        Our <Link to={LEGAL_PATHS.fees}>fees</Link>, <Link to={LEGAL_PATHS.complaints}>complaints procedure</Link> and{' '}
        <Link to={LEGAL_PATHS.privacy}>privacy notice</Link> are published in full.
      </p>
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const agencyName = getAgencyName(matches)
  return [{ title: toTitle(TITLE, agencyName) }, { name: 'description', content: `Who ${agencyName} are: our branches, memberships and company details.` }, ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : [])]
}
