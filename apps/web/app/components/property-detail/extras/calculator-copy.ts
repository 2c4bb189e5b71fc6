/** Texts of the interactive calculator, kept apart so they travel in its own chunk. */
export const CALCULATOR_COPY = {
  FORM: 'Calculator',
  PRICE: 'Price (£)',
  BUYER: 'Who is buying',
  DEPOSIT: 'Deposit (£)',
  RATE: 'Interest rate (% a year)',
  TERM: 'Term (years)',
  RESULTS: 'Results',
  EFFECTIVE_RATE: 'Effective rate',
  SUPPLEMENT: 'of which Additional Dwelling Supplement',
  FIRST_TIME_RELIEF: 'First-time buyer relief applied',
  LOAN: 'Mortgage',
  REPAYMENT: 'Monthly repayment (capital and interest)',
  INTEREST_ONLY: 'Monthly interest only',
  TOTAL_INTEREST: 'Total interest over the term',
} as const
