import { SCOTTISH_DEPOSIT_MONTHS, TENANT_FEES_ACT, toPounds } from '@agency/domain'
import { Link } from 'react-router'
import { FeesTable } from '#app/components/legal/fees-table.tsx'
import { loadLegalPage } from '#app/components/legal/legal-page.server.ts'
import { LEGAL_PATHS, TENANT_FEES_ANCHORS } from '#app/components/legal/legal-paths.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import type { Route } from './+types/fees'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLegalPage(request, context, LEGAL_PATHS.fees)
}

export const headers = cataloguePageHeaders

const TITLE = 'Fees for tenants and landlords'

/**
 * The letting agent's fees, as the Consumer Rights Act 2015 s.83 asks them published: every fee to
 * tenants and to landlords with VAT, the redress scheme and the client money protection, and the
 * deposits the Tenant Fees Act 2019 caps.
 */
export default function FeesRoute({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData
  const { redress_scheme: redress, client_money_protection: cmp } = company
  return (
    <div className="container page legal-page">
      <h1>{TITLE}</h1>
      <p>Every fee we charge is listed here. Amounts include VAT at 20% where VAT applies.</p>

      <h2 id={TENANT_FEES_ANCHORS.england}>Fees to tenants</h2>
      <p>What a tenant may be asked to pay depends on the law of the nation the home is in. We never charge for viewings, references, inventories or drawing up the tenancy agreement anywhere.</p>
      <h3>Homes in England</h3>
      <p>
        Under the Tenant Fees Act 2019 a tenant in England pays only the rent, a refundable tenancy deposit, a refundable holding deposit, and the
        fees below.
      </p>
      <ul>
        <li>
          The tenancy deposit is at most {TENANT_FEES_ACT.DEPOSIT_WEEKS} weeks’ rent, or {TENANT_FEES_ACT.DEPOSIT_WEEKS_HIGH_RENT} weeks’ rent where the annual rent is{' '}
          {toPounds(TENANT_FEES_ACT.HIGH_RENT_ANNUAL_THRESHOLD)} or more.
        </li>
        <li>The holding deposit is at most {TENANT_FEES_ACT.HOLDING_DEPOSIT_WEEKS} week’s rent.</li>
        <li>Each property to rent shows its own deposit and holding deposit beside its rent.</li>
      </ul>
      <FeesTable caption="Fees to tenants in England" fees={company.fees.tenants} />

      <h3 id={TENANT_FEES_ANCHORS.wales}>Homes in Wales</h3>
      <p>
        Under the Renting Homes (Fees etc.) (Wales) Act 2019 a contract-holder in Wales pays only the rent, a refundable security deposit, a
        refundable holding deposit of at most {TENANT_FEES_ACT.HOLDING_DEPOSIT_WEEKS} week’s rent, and payments for a breach of the contract
        (such as a late rent or a lost key), which are no more than our loss. Each home to rent in Wales shows its own deposit beside its rent.
      </p>

      <h3 id={TENANT_FEES_ANCHORS.scotland}>Homes in Scotland</h3>
      <p>
        In Scotland a letting agent may not charge a tenant any fee. A tenant pays only the rent and a refundable deposit of at most{' '}
        {SCOTTISH_DEPOSIT_MONTHS} months’ rent, which is lodged with an approved tenancy deposit scheme within 30 working days of the tenancy
        starting. We take no holding deposit.
      </p>

      <h2 id="landlords">Fees to landlords</h2>
      <FeesTable caption="Fees to landlords" fees={company.fees.landlords} />

      <h2 id="protection">Redress and client money protection</h2>
      <p>
        We are members of {redress.name}, membership number {redress.membership_number}, a redress scheme approved for letting and estate agents.
        If we cannot settle a complaint, you may take it to them: see our <Link to={LEGAL_PATHS.complaints}>complaints procedure</Link>.{' '}
        <a href={redress.url} rel="noopener">
          {redress.name}’s website
        </a>
        .
      </p>
      <p>
        Money we hold for landlords and tenants is protected by {cmp.scheme}, membership number {cmp.membership_number}.{' '}
        <a href={cmp.certificate_url} rel="noopener">
          Our client money protection certificate
        </a>
        .
      </p>
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: toTitle(TITLE, getAgencyName(matches)) }, { name: 'description', content: 'Our fees to tenants and to landlords, with VAT, and our redress scheme and client money protection.' }, ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : [])]
}
