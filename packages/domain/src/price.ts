/**
 * SPEC §9 price steps and options. Prices are whole pounds; lettings prices are per calendar month.
 */
import type { SearchType } from './catalogue.ts'
import type { Option } from './constants.ts'
import { toPriceLabel } from './format.ts'
import { LABELS } from './messages.ts'

const range = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step)

/**
 * SPEC §9 sales price steps, £50,000 to £20,000,000 (58 steps). The ladder a UK portal uses: £10,000
 * steps to £300,000 with the popular £125,000 and £175,000 added, £25,000 steps to £500,000, £50,000
 * steps to £1,000,000, £250,000 steps to £2,000,000, then £2.5m, £3m, £4m, £5m, £7.5m, £10m, £15m, £20m.
 */
export const SALES_PRICE_STEPS: readonly number[] = [
  ...range(50_000, 120_000, 10_000),
  125_000,
  ...range(130_000, 170_000, 10_000),
  175_000,
  ...range(180_000, 300_000, 10_000),
  ...range(325_000, 500_000, 25_000),
  ...range(550_000, 1_000_000, 50_000),
  ...range(1_250_000, 2_000_000, 250_000),
  2_500_000,
  3_000_000,
  4_000_000,
  5_000_000,
  7_500_000,
  10_000_000,
  15_000_000,
  20_000_000,
]

/**
 * SPEC §9 lettings price steps per calendar month, £100 to £40,000 (54 steps): £50 steps to £1,000,
 * £100 steps to £2,000 with £1,250 and £1,750 added, £250 steps to £3,000, £500 steps to £7,000, £1,000
 * steps to £10,000, £2,500 steps to £20,000, then £5,000 steps to £40,000.
 */
export const LETTINGS_PRICE_STEPS: readonly number[] = [
  ...range(100, 1_000, 50),
  1_100,
  1_200,
  1_250,
  1_300,
  1_400,
  1_500,
  1_600,
  1_700,
  1_750,
  1_800,
  1_900,
  2_000,
  ...range(2_250, 3_000, 250),
  ...range(3_500, 7_000, 500),
  ...range(8_000, 10_000, 1_000),
  ...range(12_500, 20_000, 2_500),
  ...range(25_000, 40_000, 5_000),
]

/** The price steps of each search type. */
export const PRICE_STEPS: Record<SearchType, readonly number[]> = {
  sales: SALES_PRICE_STEPS,
  lettings: LETTINGS_PRICE_STEPS,
}

/** SPEC §3/§9: a min or max price of 0 is unset ('No min' / 'No max'), and both default to it. */
export const PRICE_UNSET = 0

/**
 * The ends of the steps on an alert mean no limit there. SPEC §5 makes an alert name a min and a max
 * price, so an alert open at an end holds the first or the last step (a search saved with no price:
 * toSavedSearchPrices); its matches and its list are searched without that limit.
 */
export function toSearchPriceBounds(bounds: { min_price: number; max_price: number }, searchType: SearchType): { min_price: number; max_price: number } {
  const steps = PRICE_STEPS[searchType]
  return {
    min_price: bounds.min_price === steps[0] ? PRICE_UNSET : bounds.min_price,
    max_price: bounds.max_price === steps[steps.length - 1] ? PRICE_UNSET : bounds.max_price,
  }
}

/** What an alert or a search open at both price ends says of its price. */
export const ANY_PRICE_LABEL = 'Any price'

/** Which end of a price range a dropdown sets. */
export type PriceBound = 'min' | 'max'

/**
 * The options of a min or max price dropdown: first 'No min' / 'No max' (value 0, SPEC §9), then each
 * step labelled by toPriceLabel ('£250,000', '£1,200 PCM').
 */
export function getPriceOptions(searchType: SearchType, bound: PriceBound): Option<number>[] {
  return [
    { value: PRICE_UNSET, label: bound === 'min' ? LABELS.NO_MIN_PRICE : LABELS.NO_MAX_PRICE },
    ...PRICE_STEPS[searchType].map((value) => ({ value, label: toPriceLabel(value, searchType) })),
  ]
}
