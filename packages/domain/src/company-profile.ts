/**
 * The company profile's plain helpers (no schema, so the pages' bundle carries none): the footer's
 * part of it and the fees tables' amounts. The schema is company-profile.schema.ts.
 */
import type { CompanyProfile, Fee } from './company-profile.schema.ts'
import { toSumOfMoney } from './rent.ts'

/**
 * What every page shows of the company: the footer's details, and the brand colour of the browser's
 * bar (the rest travels only with the pages that need it).
 */
export type FooterCompany = Pick<
  CompanyProfile,
  'legal_name' | 'company_number' | 'registered_office' | 'registered_in' | 'vat_number' | 'redress_scheme' | 'client_money_protection' | 'professional_bodies' | 'brand_colours'
>

/** The footer's part of a company profile. */
export function toFooterCompany(profile: CompanyProfile): FooterCompany {
  const { legal_name, company_number, registered_office, registered_in, vat_number, redress_scheme, client_money_protection, professional_bodies, brand_colours } = profile
  return { legal_name, company_number, registered_office, registered_in, vat_number, redress_scheme, client_money_protection, professional_bodies, brand_colours }
}

/** A fee's amount as the fees tables show it: '£50 inc. VAT', '£37.50', '12% of the rent inc. VAT'. */
export function toFeeAmountText(fee: Pick<Fee, 'amount' | 'inc_vat'>): string {
  const vat = fee.inc_vat ? ' inc. VAT' : ''
  switch (fee.amount.kind) {
    case 'fixed':
      return `${toSumOfMoney(fee.amount.pounds)}${vat}`
    case 'percent_of_rent':
      return `${fee.amount.percent}% of the rent${vat}`
    case 'described':
      return `${fee.amount.text}${vat}`
  }
}

/** Where the site serves the client money protection certificate kept in its media store (GET in the API). */
export const CMP_CERTIFICATE_PATH = '/api/company/cmp-certificate.pdf'
