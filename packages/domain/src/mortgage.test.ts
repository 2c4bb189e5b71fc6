import { describe, expect, it } from 'vitest'
import { MORTGAGE_MESSAGES, calculateMortgage, toRepaymentMonthly } from './mortgage.ts'
import { toWeeklyRent } from './rent.ts'

describe('calculateMortgage (annuity formula M = P·r / (1 − (1 + r)^−n))', () => {
  it('repays £200,000 at 5% over 25 years at £1,169.18 a month, or £833.33 interest only', () => {
    // P = 250,000 − 50,000; r = 0.05 / 12; n = 300. Interest only: 200,000 × 0.05 / 12 = 833.33.
    const result = calculateMortgage({ price: 250_000, deposit: 50_000, annualRate: 5, termYears: 25 })
    expect(result).toEqual({
      success: true,
      data: {
        loan: 200_000,
        repaymentMonthly: 1169.18,
        interestOnlyMonthly: 833.33,
        // 1,169.18008… × 300 = 350,754.02; less the loan.
        repaymentTotal: 350_754.02,
        repaymentInterest: 150_754.02,
        depositPercent: 20,
      },
    })
  })

  it('repays £100,000 at 6% over 30 years at £599.55 a month', () => {
    const result = calculateMortgage({ price: 100_000, deposit: 0, annualRate: 6, termYears: 30 })
    expect(result.success && result.data.repaymentMonthly).toBe(599.55)
    // 100,000 × 0.06 / 12 = 500.
    expect(result.success && result.data.interestOnlyMonthly).toBe(500)
  })

  it('divides the loan evenly at 0%: £120,000 over 10 years is £1,000 a month and no interest', () => {
    expect(calculateMortgage({ price: 150_000, deposit: 30_000, annualRate: 0, termYears: 10 })).toMatchObject({
      success: true,
      data: { loan: 120_000, repaymentMonthly: 1000, interestOnlyMonthly: 0, repaymentInterest: 0 },
    })
  })

  it('owes nothing when the deposit covers the price', () => {
    expect(calculateMortgage({ price: 100_000, deposit: 100_000, annualRate: 4, termYears: 25 })).toMatchObject({
      success: true,
      data: { loan: 0, repaymentMonthly: 0, interestOnlyMonthly: 0, depositPercent: 100 },
    })
  })

  it('takes the limits themselves: a 1 and a 40 year term, 25%', () => {
    expect(calculateMortgage({ price: 12_000, deposit: 0, annualRate: 0, termYears: 1 })).toMatchObject({ success: true, data: { repaymentMonthly: 1000 } })
    expect(calculateMortgage({ price: 100_000, deposit: 0, annualRate: 25, termYears: 40 }).success).toBe(true)
  })

  it.each([
    [{ price: 0, deposit: 0, annualRate: 4, termYears: 25 }, 'price', MORTGAGE_MESSAGES.PRICE],
    [{ price: -1, deposit: 0, annualRate: 4, termYears: 25 }, 'price', MORTGAGE_MESSAGES.PRICE],
    [{ price: 100_000.5, deposit: 0, annualRate: 4, termYears: 25 }, 'price', MORTGAGE_MESSAGES.PRICE],
    [{ price: 100_000, deposit: 100_001, annualRate: 4, termYears: 25 }, 'deposit', MORTGAGE_MESSAGES.DEPOSIT],
    [{ price: 100_000, deposit: -1, annualRate: 4, termYears: 25 }, 'deposit', MORTGAGE_MESSAGES.DEPOSIT],
    [{ price: 100_000, deposit: 0, annualRate: -0.1, termYears: 25 }, 'annualRate', MORTGAGE_MESSAGES.RATE],
    [{ price: 100_000, deposit: 0, annualRate: 25.1, termYears: 25 }, 'annualRate', MORTGAGE_MESSAGES.RATE],
    [{ price: 100_000, deposit: 0, annualRate: Number.NaN, termYears: 25 }, 'annualRate', MORTGAGE_MESSAGES.RATE],
    [{ price: 100_000, deposit: 0, annualRate: 4, termYears: 0 }, 'termYears', MORTGAGE_MESSAGES.TERM],
    [{ price: 100_000, deposit: 0, annualRate: 4, termYears: 41 }, 'termYears', MORTGAGE_MESSAGES.TERM],
    [{ price: 100_000, deposit: 0, annualRate: 4, termYears: 2.5 }, 'termYears', MORTGAGE_MESSAGES.TERM],
  ])('refuses %j on %s', (input, field, message) => {
    expect(calculateMortgage(input)).toEqual({ success: false, field, message })
  })

  it('computes the unrounded monthly repayment', () => {
    expect(toRepaymentMonthly(200_000, 5, 300)).toBeCloseTo(1169.1801, 4)
  })
})

describe('toWeeklyRent (pcm × 12 ÷ 52, to the pound)', () => {
  it.each([
    [1_300, 300, '1,300 × 12 ÷ 52 = 300'],
    [1_200, 277, '1,200 × 12 ÷ 52 = 276.92'],
    [950, 219, '950 × 12 ÷ 52 = 219.23'],
    [2_167, 500, '2,167 × 12 ÷ 52 = 500.08'],
  ])('£%i pcm is £%i pw (%s)', (pcm, pw) => {
    expect(toWeeklyRent(pcm)).toBe(pw)
  })
})
