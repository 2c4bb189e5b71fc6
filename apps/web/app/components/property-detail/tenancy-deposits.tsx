import { TENANT_FEES_ACT, TRANSACTION_TYPE, isResidentialPropertyType, toSumOfMoney, toTenancyDeposits, toUkCountry } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { Link } from 'react-router'
import { LEGAL_PATHS, TENANT_FEES_ANCHORS } from '#app/components/legal/legal-paths.ts'

/**
 * Beside a lettings rent: the deposit and holding deposit the law of the home's nation allows
 * (toTenancyDeposits: the Tenant Fees Act 2019 caps in England, two months' rent and no holding
 * deposit in Scotland, Wales's own Act), and the link to the fees a tenant there may be charged
 * (Consumer Rights Act 2015 s.83 asks the fees to be shown where a property's rent is). None for a
 * property that is not a home: a commercial lease is outside those laws.
 */
export function TenancyDeposits({ property }: { property: PropertyDetail }) {
  if (property.transaction_type_id !== TRANSACTION_TYPE.LETTINGS || !property.price) return null
  if (!isResidentialPropertyType(property.property_type?.property_type_id)) return null
  const country = property.postcode ? toUkCountry(property.postcode) : null
  const deposits = toTenancyDeposits(property.price.numberPrice, property.material_information?.deposit ?? null, country)
  return (
    <dl className="detail-deposits">
      {deposits.deposit !== null && (
        <div>
          <dt>Deposit</dt>
          <dd>
            {toSumOfMoney(deposits.deposit)}
            {!deposits.deposit_is_stated && deposits.deposit_cap && <span className="detail-deposits__note"> ({deposits.deposit_cap})</span>}
          </dd>
        </div>
      )}
      {deposits.holding_deposit !== null && (
        <div>
          <dt>Holding deposit</dt>
          <dd>
            {toSumOfMoney(deposits.holding_deposit)}
            <span className="detail-deposits__note"> ({TENANT_FEES_ACT.HOLDING_DEPOSIT_WEEKS} week’s rent)</span>
          </dd>
        </div>
      )}
      <div>
        <dt>Fees</dt>
        <dd>
          <Link to={`${LEGAL_PATHS.fees}#${TENANT_FEES_ANCHORS[country ?? 'england']}`}>Tenant fees</Link>
        </dd>
      </div>
    </dl>
  )
}
