import { SCOTTISH_DEPOSIT_MONTHS } from '@agency/domain'
import { Link } from 'react-router'
import { loadLegalPage } from '#app/components/legal/legal-page.server.ts'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'
import { COPY } from '#app/copy.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'
import type { Route } from './+types/terms'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLegalPage(request, context, LEGAL_PATHS.terms)
}

export const headers = cataloguePageHeaders

const TITLE = 'Terms of use'

/** The terms of using the website (not the terms of business of a sale or a letting, which are agreed in writing). */
export default function TermsRoute({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData
  const { agency_name: agencyName } = useSiteSettings()
  return (
    <div className="container page legal-page">
      <h1>{TITLE}</h1>
      <p>
        This website is run by {company.legal_name} (“{agencyName}”, “we”). {COPY.FOOTER_COMPANY(company)} By using it you accept these terms.
      </p>

      <h2 id="particulars">Property particulars</h2>
      <p>
        We describe each property as accurately as we can, from what its owner and our own inspection tell us. The particulars are not an offer or a
        contract; measurements, floor plans and distances are approximate; fittings and services have not been tested. Where a page says ‘Ask the
        agent’, we do not yet hold that information: please ask us before you rely on it. Prices and rents may change and a property may go under
        offer or be let before the page says so.
      </p>
      <p>
        Rents are stated as one amount, and we do not invite offers above it. Deposits are held within the law of the nation the home is in (the
        Tenant Fees Act 2019 in England, the Renting Homes (Fees etc.) (Wales) Act 2019 in Wales, and Scotland’s own limit of {SCOTTISH_DEPOSIT_MONTHS} months’ rent),
        and each home to rent shows its own beside its rent; our <Link to={LEGAL_PATHS.fees}>fees</Link> are published in full.
      </p>

      <h2 id="using-the-site">Using the site</h2>
      <ul>
        <li>You may use the site to look for a home and to contact us; you may not copy its content or photographs for another purpose.</li>
        <li>Do not send us anything unlawful, or try to get at data that is not yours or to disrupt the site.</li>
        <li>We may change or withdraw the site, or any part of it, at any time.</li>
        <li>Links to other websites are given for your information; we are not responsible for their content.</li>
      </ul>

      <h2 id="liability">Our liability</h2>
      <p>
        Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything the law does
        not allow us to limit. Otherwise we are not liable for loss from relying on the site’s content without checking it with us.
      </p>

      <h2 id="your-data">Your data, complaints and the law</h2>
      <p>
        How we use your personal data is explained in our <Link to={LEGAL_PATHS.privacy}>privacy notice</Link>, and how to complain in our{' '}
        <Link to={LEGAL_PATHS.complaints}>complaints procedure</Link>. These terms are governed by the law of England and Wales; you may also bring
        proceedings where you live in the United Kingdom.
      </p>
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: toTitle(TITLE, getAgencyName(matches)) }, { name: 'description', content: 'The terms of using our website.' }, ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : [])]
}
