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

/** Pounds and pence as '£5,815.38' (a deposit or a fee; prices stay whole pounds, format.ts). */
export function toPoundsAndPence(amount: number): string {
  return GBP_PENCE.format(amount)
}

/** The deposits a lettings page states beside the rent. */
export interface TenancyDeposits extends DepositCaps {
  /** Whether `deposit` is the agent's own stated deposit (lower than the cap) rather than the cap. */
  deposit_is_stated: boolean
}

/**
 * The deposit and holding deposit a lettings page shows for a rent per calendar month: the agent's
 * stated deposit (the feed's LET_BOND) when it is within the Tenant Fees Act cap, else the cap; the
 * holding deposit is always the cap of one week's rent.
 */
export function toTenancyDeposits(pcm: number, statedDeposit: number | null): TenancyDeposits {
  const caps = toDepositCaps(pcm)
  const stated = statedDeposit !== null && statedDeposit > 0 && statedDeposit <= caps.deposit
  return { ...caps, deposit: stated ? statedDeposit : caps.deposit, deposit_is_stated: stated }
}
