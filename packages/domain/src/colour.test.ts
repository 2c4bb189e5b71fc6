import { describe, expect, it } from 'vitest'
import { isReadableUnderWhite, toContrastRatio, toTextColourOn } from './colour.ts'

describe('brand colours', () => {
  it("measures WCAG 2's contrast ratio", () => {
    expect(toContrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(toContrastRatio('#ffffff', '#ffffff')).toBe(1)
    expect(toContrastRatio('#0b2545', '#ffffff')).toBeGreaterThan(14)
  })

  it('takes a dark brand colour under white text, and not a light one', () => {
    expect(isReadableUnderWhite('#0b2545')).toBe(true)
    expect(isReadableUnderWhite('#c9a227')).toBe(false)
    expect(isReadableUnderWhite('#767676')).toBe(true)
    expect(isReadableUnderWhite('#777777')).toBe(false)
  })

  it('writes white or ink, whichever reads better', () => {
    expect(toTextColourOn('#0b2545', '#1c1917')).toBe('#ffffff')
    expect(toTextColourOn('#c9a227', '#1c1917')).toBe('#1c1917')
  })
})
