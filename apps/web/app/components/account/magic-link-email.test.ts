import { parseMagicLinkEmail } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { toMagicLinkEmailMessage } from './magic-link-email.ts'

describe('toMagicLinkEmailMessage', () => {
  it.each([
    ['', 'Please enter email address'],
    ['   ', 'Please enter email address'],
    [null, 'Please enter email address'],
    ['james', 'Please enter valid email address'],
    ['james@example', 'Please enter valid email address'],
    [`${'a'.repeat(65)}@example.com`, 'Please enter valid email address'],
    ['james@example.com', null],
    ['  James.Whitaker+alerts@example.co.uk ', null],
  ])('answers %j with %j, as the server-side parse does', (value, expected) => {
    expect(toMagicLinkEmailMessage(value)).toBe(expected)
    const parsed = parseMagicLinkEmail({ email: value })
    expect(parsed.success ? null : parsed.message).toBe(expected)
  })
})
