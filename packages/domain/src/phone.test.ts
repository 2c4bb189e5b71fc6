import { describe, expect, it } from 'vitest'
import { MOBILE_PHONE_MIN_LENGTH, isValidUkMobile, toE164Mobile, toNationalMobile } from './phone.ts'

describe('isValidUkMobile (SPEC §5)', () => {
  it.each([
    ['07400 123456', true],
    ['07400123456', true],
    ['+44 7400 123456', true],
    ['+447400123456', true],
    ['07797 123456', true],
    // Ofcom's drama range, used by the demo contacts.
    ['07700 900101', true],
    ['+44 7700 900999', true],
    ['07700 9001011', false],
    ['07700 901000', false],
    ['0113 496 0000', false],
    ['020 7946 0018', false],
    ['0740012345', false],
    ['+33 6 12 34 56 78', false],
    ['not a number', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidUkMobile(value)).toBe(valid)
  })
  it('needs at least 9 characters', () => {
    expect(MOBILE_PHONE_MIN_LENGTH).toBe(9)
  })
  it('writes a mobile in E.164, and nothing for a landline', () => {
    expect(toE164Mobile('07400 123456')).toBe('+447400123456')
    expect(toE164Mobile('0113 496 0000')).toBeNull()
  })
  it('writes a mobile as people do, and leaves anything else as given', () => {
    expect(toNationalMobile('+447400123456')).toBe('07400 123456')
    expect(toNationalMobile('07700900123')).toBe('07700 900123')
    expect(toNationalMobile('0113 496 0000')).toBe('0113 496 0000')
  })
})
