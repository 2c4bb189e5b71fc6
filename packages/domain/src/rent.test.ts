import { describe, expect, it } from 'vitest'
import { TENANT_FEES_ACT, toDepositCaps, toPoundsAndPence, toSumOfMoney, toTenancyDeposits, toWeeklyRent } from './rent.ts'

describe('toWeeklyRent', () => {
  it('turns a monthly rent into a weekly one, to the pound', () => {
    expect(toWeeklyRent(1200)).toBe(277)
  })
})

describe('toDepositCaps (Tenant Fees Act 2019)', () => {
  it.each([
    // pcm, weeks, deposit, holding deposit
    [4200, 6, 5815.38, 969.23], // £50,400 a year: six weeks
    [1200, 5, 1384.61, 276.92], // five weeks' rent
    [4166, 5, 4806.92, 961.38], // £49,992 a year: still five weeks
    [4167, 6, 5769.69, 961.61], // £50,004 a year: six weeks
  ])('caps the deposits on a rent of £%i pcm at %i weeks: £%f and a holding deposit of £%f', (pcm, weeks, deposit, holding) => {
    expect(toDepositCaps(pcm)).toEqual({ deposit_weeks: weeks, deposit, holding_deposit: holding })
  })

  it('switches to six weeks at an annual rent of exactly £50,000', () => {
    expect(toDepositCaps(TENANT_FEES_ACT.HIGH_RENT_ANNUAL_THRESHOLD / 12).deposit_weeks).toBe(6)
    expect(toDepositCaps(TENANT_FEES_ACT.HIGH_RENT_ANNUAL_THRESHOLD / 12 - 0.01).deposit_weeks).toBe(5)
  })
})

describe('toPoundsAndPence', () => {
  it('shows pounds with pence', () => {
    expect(toPoundsAndPence(5815.38)).toBe('£5,815.38')
    expect(toPoundsAndPence(60)).toBe('£60.00')
  })
})

describe('toSumOfMoney', () => {
  it('leaves the pence off a whole sum and keeps them otherwise', () => {
    expect(toSumOfMoney(923)).toBe('£923')
    expect(toSumOfMoney(1000)).toBe('£1,000')
    expect(toSumOfMoney(1384.61)).toBe('£1,384.61')
    expect(toSumOfMoney(276.9)).toBe('£276.90')
  })
})

describe('toTenancyDeposits', () => {
  it('states the cap when the agent states no deposit', () => {
    expect(toTenancyDeposits(4200, null)).toEqual({ deposit: 5815.38, deposit_cap: '6 weeks’ rent', holding_deposit: 969.23, deposit_is_stated: false })
  })
  it("states the agent's own deposit when it is within the cap", () => {
    expect(toTenancyDeposits(1200, 1000)).toEqual({ deposit: 1000, deposit_cap: '5 weeks’ rent', holding_deposit: 276.92, deposit_is_stated: true })
  })
  it('never states a deposit above the cap', () => {
    expect(toTenancyDeposits(1200, 2000)).toMatchObject({ deposit: 1384.61, deposit_is_stated: false })
    expect(toTenancyDeposits(1200, 2000, 'england')).toMatchObject({ deposit: 1384.61, deposit_is_stated: false })
  })
  it("in Scotland: at most two months' rent, and no holding deposit", () => {
    expect(toTenancyDeposits(1200, null, 'scotland')).toEqual({ deposit: 2400, deposit_cap: '2 months’ rent', holding_deposit: null, deposit_is_stated: false })
    expect(toTenancyDeposits(1200, 1500, 'scotland')).toEqual({ deposit: 1500, deposit_cap: '2 months’ rent', holding_deposit: null, deposit_is_stated: true })
    expect(toTenancyDeposits(1200, 3000, 'scotland')).toMatchObject({ deposit: 2400, deposit_is_stated: false })
    expect(toTenancyDeposits(1234.56, null, 'scotland')).toMatchObject({ deposit: 2469.12 })
  })
  it("in Wales: a holding deposit of at most one week's rent, and only a stated security deposit", () => {
    expect(toTenancyDeposits(1200, null, 'wales')).toEqual({ deposit: null, deposit_cap: null, holding_deposit: 276.92, deposit_is_stated: false })
    expect(toTenancyDeposits(1200, 1800, 'wales')).toEqual({ deposit: 1800, deposit_cap: null, holding_deposit: 276.92, deposit_is_stated: true })
  })
  it('in Northern Ireland: only a stated deposit, and no holding deposit', () => {
    expect(toTenancyDeposits(1200, null, 'northern_ireland')).toEqual({ deposit: null, deposit_cap: null, holding_deposit: null, deposit_is_stated: false })
  })
})
