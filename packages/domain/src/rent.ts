import { toPounds } from './format.ts'
import type { UkCountry } from './uk-country.ts'

/**
 * A rent per calendar month as a weekly figure: pcm × 12 ÷ 52, rounded to the pound (the convention
 * UK letting agents and portals use).
 */
export function toWeeklyRent(pcm: number): number {
  return Math.round((pcm * 12) / 52)
}

/**
 * Tenant Fees Act 2019, Schedule 1: a tenancy deposit is capped at five weeks' rent, or six weeks'
 * where the annual rent is £50,000 or more; a holding deposit at one week's rent.
 */
export const TENANT_FEES_ACT = {
  DEPOSIT_WEEKS: 5,
  DEPOSIT_WEEKS_HIGH_RENT: 6,
  HIGH_RENT_ANNUAL_THRESHOLD: 50_000,
  HOLDING_DEPOSIT_WEEKS: 1,
} as const

/** The most a tenant may be asked for as deposits on a rent, in pounds to the penny (rounded down). */
export interface DepositCaps {
  /** The weeks of rent the tenancy deposit may hold: 5, or 6 at an annual rent of £50,000 or more. */
  deposit_weeks: number
  /** The tenancy deposit cap. */
  deposit: number
  /** The holding deposit cap: one week's rent. */
  holding_deposit: number
}

/**
 * The Tenant Fees Act 2019 caps for a rent per calendar month. The week's rent is the annual rent
 * ÷ 52 (the Act's own method, gov.uk guidance on the Act), taken to the penny and never rounded up,
 * so the figure shown is never above the cap: £4,200 pcm → £5,815.38 deposit (6 weeks), £969.23
 * holding deposit.
 */
export function toDepositCaps(pcm: number): DepositCaps {
  const annualPence = Math.round(pcm * 100) * 12
  const weeks = annualPence >= TENANT_FEES_ACT.HIGH_RENT_ANNUAL_THRESHOLD * 100 ? TENANT_FEES_ACT.DEPOSIT_WEEKS_HIGH_RENT : TENANT_FEES_ACT.DEPOSIT_WEEKS
  const capOf = (w: number) => Math.floor((annualPence * w) / 52) / 100
  return { deposit_weeks: weeks, deposit: capOf(weeks), holding_deposit: capOf(TENANT_FEES_ACT.HOLDING_DEPOSIT_WEEKS) }
}

const GBP_PENCE = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Pounds and pence as '£5,815.38', always with the pence: a calculator's figures, which line up. */
export function toPoundsAndPence(amount: number): string {
  return GBP_PENCE.format(amount)
}

/**
 * A sum stated on its own, as an agent writes it: '£1,000' when it is whole pounds, '£276.92' when
 * it has pence (a deposit, a holding deposit, a fee); never '£1,000.00'.
 */
export function toSumOfMoney(amount: number): string {
  return Number.isInteger(amount) ? toPounds(amount) : GBP_PENCE.format(amount)
}

/**
 * Scottish law caps a tenancy deposit at two months' rent (Rent (Scotland) Act 1984, on premiums) and
 * forbids a letting agent to charge a tenant any other premium: no holding deposit is asked for.
 */
export const SCOTTISH_DEPOSIT_MONTHS = 2

/** The deposits a lettings page states beside the rent, by the law of the nation the home is in. */
export interface TenancyDeposits {
  /**
   * The tenancy deposit: the agent's stated one (the feed's LET_BOND) when it is within the law's cap,
   * else the cap; null where the law sets no cap and the agent states none.
   */
  deposit: number | null
  /** Whether `deposit` is the agent's own stated deposit rather than the cap. */
  deposit_is_stated: boolean
  /** The cap in words ('5 weeks’ rent', '2 months’ rent'), where the law sets one. */
  deposit_cap: string | null
  /** The most a holding deposit may be (one week's rent), where the law allows one: England and Wales. */
  holding_deposit: number | null
}

/**
 * The deposit and holding deposit a lettings page shows for a rent per calendar month, by the law of
 * the home's nation (its postcode's, uk-country.ts; England when unknown):
 * - England: the Tenant Fees Act 2019 caps (toDepositCaps), the holding deposit one week's rent;
 * - Wales: the Renting Homes (Fees etc.) (Wales) Act 2019 caps the holding deposit at one week's rent
 *   and sets no cap on the security deposit: only a stated one is shown;
 * - Scotland: at most two months' rent (SCOTTISH_DEPOSIT_MONTHS), no holding deposit;
 * - Northern Ireland: no cap and no holding deposit: only a stated deposit is shown.
 */
export function toTenancyDeposits(pcm: number, statedDeposit: number | null, country: UkCountry | null = 'england'): TenancyDeposits {
  const given = statedDeposit !== null && statedDeposit > 0 ? statedDeposit : null
  const capped = (cap: number, words: string, holding: number | null): TenancyDeposits => {
    const stated = given !== null && given <= cap
    return { deposit: stated ? given : cap, deposit_is_stated: stated, deposit_cap: words, holding_deposit: holding }
  }
  switch (country) {
    case 'scotland':
      return capped(Math.round(pcm * 100) * SCOTTISH_DEPOSIT_MONTHS / 100, `${SCOTTISH_DEPOSIT_MONTHS} months’ rent`, null)
    case 'wales':
      return { deposit: given, deposit_is_stated: given !== null, deposit_cap: null, holding_deposit: toDepositCaps(pcm).holding_deposit }
    case 'northern_ireland':
      return { deposit: given, deposit_is_stated: given !== null, deposit_cap: null, holding_deposit: null }
    case 'england':
    case null: {
      const caps = toDepositCaps(pcm)
      return capped(caps.deposit, `${caps.deposit_weeks} weeks’ rent`, caps.holding_deposit)
    }
  }
}
