import { describe, expect, it } from 'vitest'
import { toResultsCountText } from './property-text.ts'

describe('toResultsCountText', () => {
  it('counts the properties found, in British style', () => {
    expect(toResultsCountText(1_234, 'sales')).toBe('1,234 properties for sale')
    expect(toResultsCountText(1, 'lettings')).toBe('1 property to rent')
    expect(toResultsCountText(0, 'sales')).toBe('0 properties for sale')
  })
  it('says "over" when the count stopped at its limit', () => {
    expect(toResultsCountText(1_000, 'sales', true)).toBe('Over 1,000 properties for sale')
    expect(toResultsCountText(1_000, 'lettings', true)).toBe('Over 1,000 properties to rent')
  })
})
