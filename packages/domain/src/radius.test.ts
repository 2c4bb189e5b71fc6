import { describe, expect, it } from 'vitest'
import { RADIUS_DEFAULT_MILES, RADIUS_OPTIONS, RADIUS_OPTIONS_MILES, isRadiusOption, toRadiusLabel } from './radius.ts'
import { RadiusSchema } from './radius.schema.ts'

describe('radius options (SPEC §9)', () => {
  it('has the SPEC options with default 0.25', () => {
    expect(RADIUS_OPTIONS_MILES).toEqual([0, 0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40])
    expect(RADIUS_DEFAULT_MILES).toBe(0.25)
  })
  it('labels them singular up to 1 mile, plural above, 0 as this area only', () => {
    expect(RADIUS_OPTIONS.map((o) => o.label)).toEqual([
      'This area only',
      '0.25 mile',
      '0.5 mile',
      '1 mile',
      '3 miles',
      '5 miles',
      '10 miles',
      '15 miles',
      '20 miles',
      '30 miles',
      '40 miles',
    ])
    expect(toRadiusLabel(0)).toBe('This area only')
  })
  it.each([
    [0.25, true],
    [40, true],
    [2, false],
    [-1, false],
  ])('accepts %f as an option: %s', (miles, ok) => {
    expect(isRadiusOption(miles)).toBe(ok)
    expect(RadiusSchema.safeParse(miles).success).toBe(ok)
  })
  it('refuses another radius with its message', () => {
    expect(RadiusSchema.safeParse(2).error?.issues[0]?.message).toBe('The radius must be one of the offered options.')
  })
})
