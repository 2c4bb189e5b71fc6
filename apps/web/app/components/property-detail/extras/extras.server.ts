import {
  BUYER_TYPES,
  BUYER_TYPE_LABELS,
  MORTGAGE_DEFAULTS,
  PROPERTY_TAX_NAMES,
  PROPERTY_TAX_REGIME,
  TRANSACTION_TYPE,
  calculateMortgage,
  calculatePropertyTax,
  isResidentialPropertyType,
  toUkCountry,
  type BuyerType,
  type PropertyCard,
  type PropertyDetail,
} from '@agency/domain'
import type { SiteServices } from '@agency/api/site-services'
import type { MetaDescriptor } from 'react-router'
import type { CalculatorSummary } from './calculator-summary.ts'
import { toPropertySeoMeta } from './seo.server.ts'
import { toSimilarCard, type SimilarCard } from './similar-properties.tsx'

/**
 * The calculators' starting figures for a sales page: the tax for each buyer type in the property's
 * nation (from its postcode) and a repayment example. Null for lettings, a locked property, a
 * postcode outside the three taxes, or a property that is not a home (an office or land is bought at
 * the non-residential rates, and not with a residential mortgage).
 */
export function toCalculatorSummary(property: PropertyDetail): CalculatorSummary | null {
  if (property.transaction_type_id !== TRANSACTION_TYPE.SALES || !property.price || !property.postcode) return null
  if (!isResidentialPropertyType(property.property_type?.property_type_id)) return null
  const country = toUkCountry(property.postcode)
  if (!country) return null
  const price = property.price.numberPrice
  const taxes = {} as Record<BuyerType, number>
  for (const buyerType of BUYER_TYPES) {
    const result = calculatePropertyTax({ price, buyerType, country })
    if (!result.success) return null
    taxes[buyerType] = result.data.tax
  }
  const deposit = Math.round(price * MORTGAGE_DEFAULTS.DEPOSIT_SHARE)
  const mortgage = calculateMortgage({ price, deposit, annualRate: MORTGAGE_DEFAULTS.ANNUAL_RATE, termYears: MORTGAGE_DEFAULTS.TERM_YEARS })
  if (!mortgage.success) return null
  const regime = PROPERTY_TAX_REGIME[country]
  return {
    price,
    country,
    regime,
    taxName: PROPERTY_TAX_NAMES[regime],
    figures: BUYER_TYPES.map((buyerType) => ({ buyerType, label: BUYER_TYPE_LABELS[buyerType], tax: taxes[buyerType] })),
    taxes,
    mortgage: {
      deposit,
      annualRate: MORTGAGE_DEFAULTS.ANNUAL_RATE,
      termYears: MORTGAGE_DEFAULTS.TERM_YEARS,
      repaymentMonthly: mortgage.data.repaymentMonthly,
    },
  }
}

/** Everything the property page's extras need from the server. */
export interface PropertyExtras {
  calculator: CalculatorSummary | null
  similar: SimilarCard[]
  /** Open Graph, Twitter card and JSON-LD tags, made here so the page's script carries none of it. */
  seo: MetaDescriptor[]
}

/**
 * Starts loading what the extras need as soon as the property id is known, alongside the property
 * itself. A failure leaves the similar properties out rather than failing the page.
 */
export function startLoadingExtras(services: SiteServices, propertyId: number): Promise<PropertyCard[]> {
  return services
    .getSimilarProperties(propertyId)
    .then((cards) => cards ?? [])
    .catch(() => [])
}

/** The extras of a property page. */
export async function toPropertyExtras(
  property: PropertyDetail,
  similar: Promise<PropertyCard[]>,
  page: { canonicalUrl: string; title: string; description: string },
): Promise<PropertyExtras> {
  return {
    calculator: toCalculatorSummary(property),
    similar: (await similar).map(toSimilarCard),
    seo: toPropertySeoMeta(property, page.canonicalUrl, page.title, page.description),
  }
}
