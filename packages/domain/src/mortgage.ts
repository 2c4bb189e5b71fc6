/**
 * Mortgage payments by the standard annuity formula, as UK lenders quote them: monthly payments over
 * a term in years, interest charged monthly at a twelfth of the annual rate.
 *
 * Repayment (capital and interest): M = P × r / (1 − (1 + r)^−n), where P is the loan, r the monthly
 * rate (annual ÷ 12) and n the number of monthly payments; at 0% it is P ÷ n.
 * Interest-only: M = P × r; the loan itself is repaid at the end of the term.
 */

/** What the calculator takes. */
export interface MortgageInput {
  /** Whole pounds. */
  price: number
  /** Whole pounds, from 0 to the price. */
  deposit: number
  /** Per cent a year, e.g. 4.5. */
  annualRate: number
  /** Whole years. */
  termYears: number
}

/** Monthly payments and what they add up to, in pounds to the penny. */
export interface MortgagePayments {
  loan: number
  /** Capital and interest, each month. */
  repaymentMonthly: number
  /** Interest only, each month. */
  interestOnlyMonthly: number
  /** Everything paid over the term on a repayment mortgage. */
  repaymentTotal: number
  /** Interest paid over the term on a repayment mortgage. */
  repaymentInterest: number
  /** The deposit as a share of the price, per cent to one place (the loan-to-value is 100 minus it). */
  depositPercent: number
}

/** Limits of the calculator's inputs. */
export const MORTGAGE_LIMITS = {
  MAX_PRICE: 1_000_000_000,
  MAX_RATE: 25,
  MIN_TERM_YEARS: 1,
  MAX_TERM_YEARS: 40,
} as const

/** Defaults of the calculator: 10% deposit, 4.5% over 25 years. */
export const MORTGAGE_DEFAULTS = { DEPOSIT_SHARE: 0.1, ANNUAL_RATE: 4.5, TERM_YEARS: 25 } as const

/** Why an input was refused. */
export const MORTGAGE_MESSAGES = {
  PRICE: 'Please enter a price of more than £0, in whole pounds.',
  DEPOSIT: 'Please enter a deposit from £0 up to the price, in whole pounds.',
  RATE: 'Please enter an interest rate from 0% to 25%.',
  TERM: 'Please enter a term from 1 to 40 years, in whole years.',
} as const

/** The result of the calculator: the payments, or why the input was refused. */
export type MortgageResult =
  | { success: true; data: MortgagePayments }
  | { success: false; message: string; field: 'price' | 'deposit' | 'annualRate' | 'termYears' }

const toPence = (pounds: number) => Math.round(pounds * 100) / 100

/** The monthly repayment (capital and interest) of `loan` at `annualRate` per cent over `months`, unrounded. */
export function toRepaymentMonthly(loan: number, annualRate: number, months: number): number {
  const r = annualRate / 100 / 12
  if (r === 0) return loan / months
  return (loan * r) / (1 - (1 + r) ** -months)
}

/** Mortgage payments for a purchase. Never throws: bad input is refused with a message. */
export function calculateMortgage(input: MortgageInput): MortgageResult {
  const { price, deposit, annualRate, termYears } = input
  if (!Number.isSafeInteger(price) || price <= 0 || price > MORTGAGE_LIMITS.MAX_PRICE) {
    return { success: false, message: MORTGAGE_MESSAGES.PRICE, field: 'price' }
  }
  if (!Number.isSafeInteger(deposit) || deposit < 0 || deposit > price) {
    return { success: false, message: MORTGAGE_MESSAGES.DEPOSIT, field: 'deposit' }
  }
  if (!Number.isFinite(annualRate) || annualRate < 0 || annualRate > MORTGAGE_LIMITS.MAX_RATE) {
    return { success: false, message: MORTGAGE_MESSAGES.RATE, field: 'annualRate' }
  }
  if (!Number.isInteger(termYears) || termYears < MORTGAGE_LIMITS.MIN_TERM_YEARS || termYears > MORTGAGE_LIMITS.MAX_TERM_YEARS) {
    return { success: false, message: MORTGAGE_MESSAGES.TERM, field: 'termYears' }
  }
  const loan = price - deposit
  const months = termYears * 12
  const monthly = toRepaymentMonthly(loan, annualRate, months)
  const repaymentMonthly = toPence(monthly)
  const repaymentTotal = toPence(monthly * months)
  return {
    success: true,
    data: {
      loan,
      repaymentMonthly,
      interestOnlyMonthly: toPence((loan * annualRate) / 100 / 12),
      repaymentTotal,
      repaymentInterest: toPence(repaymentTotal - loan),
      depositPercent: Math.round((deposit / price) * 1000) / 10,
    },
  }
}
