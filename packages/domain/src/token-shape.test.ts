import { describe, expect, it } from 'vitest'
import { isTokenShaped } from './token-shape.ts'

describe('isTokenShaped', () => {
  it('accepts 256 bits in base64url (43 characters) or hex (64)', () => {
    expect(isTokenShaped('A'.repeat(21) + '-_' + 'z9'.repeat(10))).toBe(true)
    expect(isTokenShaped('0123456789abcdef'.repeat(4))).toBe(true)
  })

  it('refuses anything else', () => {
    for (const value of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, 'A'.repeat(64), `${'0'.repeat(63)}g`, null, 43, undefined]) {
      expect(isTokenShaped(value), String(value)).toBe(false)
    }
  })
})
