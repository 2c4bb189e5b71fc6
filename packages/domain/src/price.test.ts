import { describe, expect, it } from 'vitest'
import { LETTINGS_PRICE_STEPS, PRICE_STEPS, PRICE_UNSET, SALES_PRICE_STEPS, getPriceOptions } from './price.ts'

describe('sales price steps (SPEC §9)', () => {
  it('runs from £50,000 to £20,000,000 in 58 rising steps', () => {
    expect(SALES_PRICE_STEPS).toHaveLength(58)
    expect(SALES_PRICE_STEPS[0]).toBe(50_000)
    expect(SALES_PRICE_STEPS.at(-1)).toBe(20_000_000)
    expect(SALES_PRICE_STEPS.every((v, i, all) => i === 0 || v > all[i - 1]!)).toBe(true)
  })
  it('follows the portal ladder around the popular bands', () => {
    expect(SALES_PRICE_STEPS.slice(6, 16)).toEqual([110_000, 120_000, 125_000, 130_000, 140_000, 150_000, 160_000, 170_000, 175_000, 180_000])
    expect(SALES_PRICE_STEPS.slice(27, 37)).toEqual([300_000, 325_000, 350_000, 375_000, 400_000, 425_000, 450_000, 475_000, 500_000, 550_000])
    expect(SALES_PRICE_STEPS.slice(45)).toEqual([
      1_000_000, 1_250_000, 1_500_000, 1_750_000, 2_000_000, 2_500_000, 3_000_000, 4_000_000, 5_000_000, 7_500_000, 10_000_000,
      15_000_000, 20_000_000,
    ])
  })
})

describe('lettings price steps (SPEC §9)', () => {
  it('runs from £100 to £40,000 per month in rising steps', () => {
    expect(LETTINGS_PRICE_STEPS).toHaveLength(54)
    expect(LETTINGS_PRICE_STEPS[0]).toBe(100)
    expect(LETTINGS_PRICE_STEPS.at(-1)).toBe(40_000)
    expect(LETTINGS_PRICE_STEPS.every((v, i, all) => i === 0 || v > all[i - 1]!)).toBe(true)
    expect(LETTINGS_PRICE_STEPS.slice(17, 23)).toEqual([950, 1000, 1100, 1200, 1250, 1300])
  })
  it('is keyed by search type', () => {
    expect(PRICE_STEPS.sales).toBe(SALES_PRICE_STEPS)
    expect(PRICE_STEPS.lettings).toBe(LETTINGS_PRICE_STEPS)
  })
})

describe('getPriceOptions', () => {
  it('starts with No min (0) and labels sales steps in pounds', () => {
    const options = getPriceOptions('sales', 'min')
    expect(PRICE_UNSET).toBe(0)
    expect(options.slice(0, 3)).toEqual([
      { value: 0, label: 'No min' },
      { value: 50_000, label: '£50,000' },
      { value: 60_000, label: '£60,000' },
    ])
    expect(options).toHaveLength(59)
  })
  it('starts with No max (0) and labels lettings steps with PCM', () => {
    const options = getPriceOptions('lettings', 'max')
    expect(options[0]).toEqual({ value: 0, label: 'No max' })
    expect(options[1]).toEqual({ value: 100, label: '£100 PCM' })
    expect(options.at(-1)).toEqual({ value: 40_000, label: '£40,000 PCM' })
  })
})
