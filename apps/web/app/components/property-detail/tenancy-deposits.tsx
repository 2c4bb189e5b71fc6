import { TENANT_FEES_ACT, TRANSACTION_TYPE, toPoundsAndPence, toTenancyDeposits } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { Link } from 'react-router'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'

/**
 * Beside a lettings rent: the deposit and holding deposit (Tenant Fees Act 2019 caps, from the rent)
 * and the link to the fees every tenant may be charged (Consumer Rights Act 2015 s.83 asks the fees
 * to be shown where a property's rent is).
 */
export function TenancyDeposits({ property }: { property: PropertyDetail }) {
  if (property.transaction_type_id !== TRANSACTION_TYPE.LETTINGS || !property.price) return null
  const deposits = toTenancyDeposits(property.price.numberPrice, property.material_information?.deposit ?? null)
  return (
    <dl className="detail-deposits">
      <div>
        <dt>Deposit</dt>
        <dd>
          {toPoundsAndPence(deposits.deposit)}
          {!deposits.deposit_is_stated && <span className="detail-deposits__note"> ({deposits.deposit_weeks} weeks’ rent)</span>}
        </dd>
      </div>
      <div>
        <dt>Holding deposit</dt>
        <dd>
          {toPoundsAndPence(deposits.holding_deposit)}
          <span className="detail-deposits__note"> ({TENANT_FEES_ACT.HOLDING_DEPOSIT_WEEKS} week’s rent)</span>
        </dd>
      </div>
      <div>
        <dt>Fees</dt>
        <dd>
          <Link to={`${LEGAL_PATHS.fees}#tenants`}>Tenant fees</Link>
        </dd>
      </div>
    </dl>
  )
}
