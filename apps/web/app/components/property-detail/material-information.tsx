import {
  FURNISHING_LABELS,
  hasLeaseTerms,
  isAvailableBy,
  toLocalTax,
  toLongDate,
  toPounds,
  toSumOfMoney,
  toSearchType,
  toTenureWording,
  toUkCountry,
} from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { COPY } from '#app/copy.ts'
import { EXTRAS_COPY } from './extras/copy.ts'

/** A row: its term and value; a null value reads 'Ask the agent', an undefined one leaves the row out. */
type Row = [term: string, value: string | null | undefined]

const orAsk = (value: string | null | undefined) => value ?? COPY.DETAIL_NOT_KNOWN

function Part({ id, heading, rows }: { id: string; heading: string; rows: Row[] }) {
  const shown = rows.filter((row): row is [string, string | null] => row[1] !== undefined)
  if (shown.length === 0) return null
  return (
    <div className="extras-material__part">
      <h3 id={id}>{heading}</h3>
      <dl className="facts-list" aria-labelledby={id}>
        {shown.map(([term, value]) => (
          <div key={term} className="facts-list__row">
            <dt>{term}</dt>
            <dd className={value === null ? 'extras-material__unknown' : undefined}>{orAsk(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/**
 * UK material information, parts A–C as National Trading Standards describe them: A the price or
 * rent and deposit, tenure and lease, council tax (domestic rates in Northern Ireland, business rates
 * for a commercial property) and EPC; B the property type, construction,
 * utilities, heating, broadband, mobile signal and parking; C building safety, restrictions, rights
 * and easements, flood risk and accessibility. What the data does not hold reads 'Ask the agent'.
 * `today` is the agency's date ('YYYY-MM-DD'), from the loader: a let available by then reads 'Now'.
 */
export function MaterialInformation({ property, today }: { property: PropertyDetail; today: string }) {
  const info = property.material_information
  if (!info) return null
  const lettings = toSearchType(property.transaction_type_id) === 'lettings'
  const yearly = (amount: number | null) => (amount === null ? null : EXTRAS_COPY.MATERIAL_A_YEAR(toPounds(amount)))
  // Scotland has no freehold: its ownership is worded as such, whatever the data says (toTenureWording).
  const country = property.postcode ? toUkCountry(property.postcode) : null
  const tenure = toTenureWording(info.tenure, country)
  // Leases matter for sales held on one (a freehold's lease rows would be noise).
  const leasehold = !lettings && hasLeaseTerms(tenure)
  // Council tax is a home's (domestic rates in Northern Ireland, with no band); a commercial property
  // pays business rates, bare land neither (toLocalTax).
  const typeId = property.property_type?.property_type_id ?? null
  const localTaxName = toLocalTax(typeId, country)
  const localTax: Row =
    localTaxName === 'council tax'
      ? [COPY.DETAIL_COUNCIL_TAX, info.council_tax_band]
      : localTaxName === 'domestic rates'
        ? [EXTRAS_COPY.MATERIAL_DOMESTIC_RATES, null]
        : [EXTRAS_COPY.MATERIAL_BUSINESS_RATES, localTaxName === 'business rates' ? null : undefined]
  const partAHeading = EXTRAS_COPY.MATERIAL_PART_A(localTaxName, lettings)
  const epc = info.epc_rating && info.epc_potential_rating ? EXTRAS_COPY.MATERIAL_EPC_POTENTIAL(info.epc_rating, info.epc_potential_rating) : info.epc_rating
  // Style names already say the type ('Semi-Detached House'); a type alone is the fallback.
  const type = property.property_style?.name ?? property.property_type?.name ?? null
  const partA: Row[] = lettings
    ? [
        [EXTRAS_COPY.MATERIAL_RENT, property.price?.price ?? null],
        [COPY.DETAIL_DEPOSIT, info.deposit === null ? null : toSumOfMoney(info.deposit)],
        localTax,
        [COPY.DETAIL_EPC_RATING, epc],
        [COPY.DETAIL_FURNISHING, info.furnishing ? FURNISHING_LABELS[info.furnishing] : undefined],
        [
          COPY.DETAIL_AVAILABLE_FROM,
          info.available_from ? (isAvailableBy(info.available_from, today) ? COPY.DETAIL_AVAILABLE_NOW : toLongDate(info.available_from)) : undefined,
        ],
      ]
    : [
        [EXTRAS_COPY.MATERIAL_PRICE, property.price ? `${property.price.type.name} ${property.price.price}` : null],
        [COPY.DETAIL_TENURE, tenure],
        [EXTRAS_COPY.MATERIAL_LEASE, leasehold ? (info.lease_years_remaining === null ? null : EXTRAS_COPY.MATERIAL_LEASE_YEARS(info.lease_years_remaining)) : undefined],
        [EXTRAS_COPY.MATERIAL_GROUND_RENT, leasehold ? yearly(info.ground_rent) : undefined],
        [EXTRAS_COPY.MATERIAL_SERVICE_CHARGE, leasehold ? yearly(info.service_charge) : undefined],
        localTax,
        [COPY.DETAIL_EPC_RATING, epc],
      ]
  const partB: Row[] = [
    [EXTRAS_COPY.MATERIAL_PROPERTY_TYPE, type],
    [EXTRAS_COPY.MATERIAL_CONSTRUCTION, info.construction],
    [EXTRAS_COPY.MATERIAL_ELECTRICITY, info.electricity_supply],
    [EXTRAS_COPY.MATERIAL_WATER, info.water_supply],
    [EXTRAS_COPY.MATERIAL_SEWERAGE, info.sewerage],
    [EXTRAS_COPY.MATERIAL_HEATING, info.heating],
    [EXTRAS_COPY.MATERIAL_BROADBAND, info.broadband],
    [EXTRAS_COPY.MATERIAL_MOBILE, info.mobile_signal],
    [EXTRAS_COPY.MATERIAL_PARKING, info.parking],
  ]
  const partC: Row[] = [
    [EXTRAS_COPY.MATERIAL_BUILDING_SAFETY, info.building_safety],
    [EXTRAS_COPY.MATERIAL_RESTRICTIONS, info.restrictions],
    [EXTRAS_COPY.MATERIAL_RIGHTS, info.rights_and_easements],
    [EXTRAS_COPY.MATERIAL_FLOOD_RISK, info.flood_risk],
    [EXTRAS_COPY.MATERIAL_ACCESSIBILITY, info.accessibility],
  ]
  return (
    <section id="material-information" className="detail-section" aria-labelledby="material-heading">
      <h2 id="material-heading">{COPY.DETAIL_MATERIAL}</h2>
      <Part id="material-part-a" heading={partAHeading} rows={partA} />
      <Part id="material-part-b" heading={EXTRAS_COPY.MATERIAL_PART_B} rows={partB} />
      <Part id="material-part-c" heading={EXTRAS_COPY.MATERIAL_PART_C} rows={partC} />
    </section>
  )
}
