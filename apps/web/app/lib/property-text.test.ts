import { describe, expect, it } from 'vitest'
import { toResultsCountText, toRoomCounts, toRoomPhrase } from './property-text.ts'

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

describe('toRoomCounts', () => {
  it('leaves out a count the feed did not give (null), so no card or page shows a bathroom it does not know of', () => {
    expect(toRoomCounts({ bedroom: 2, bathroom: null, reception: null }).map(toRoomPhrase)).toEqual(['2 bedrooms'])
  })

  it('keeps a count of 0, which is known', () => {
    expect(toRoomCounts({ bedroom: 0, bathroom: 1, reception: 0 }).map(toRoomPhrase)).toEqual(['0 bedrooms', '1 bathroom', '0 receptions'])
  })
})
