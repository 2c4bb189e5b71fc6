import type { BuyerType, PropertyTaxRegime, UkCountry } from '@agency/domain'

/**
 * What the server works out for the calculators of a sales page, so the page shows the stamp duty
 * before (and without) any JavaScript; the interactive calculator starts from the same figures.
 */
export interface CalculatorSummary {
  price: number
  country: UkCountry
  regime: PropertyTaxRegime
  /** The tax's name ('Stamp Duty Land Tax'), so the page needs no tax tables of its own. */
  taxName: string
  /** What each buyer type pays, in the calculator's order, with the buyer type's label. */
  figures: Array<{ buyerType: BuyerType; label: string; tax: number }>
  /** Whole pounds for each buyer type. */
  taxes: Record<BuyerType, number>
  mortgage: { deposit: number; annualRate: number; termYears: number; repaymentMonthly: number }
}
