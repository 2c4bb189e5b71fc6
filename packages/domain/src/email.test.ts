import { describe, expect, it } from 'vitest'
import { isValidEmail } from './email.ts'

const label63 = 'a'.repeat(63)

describe('isValidEmail (SPEC §5)', () => {
  it.each([
    ['jane.smith@example.co.uk', true],
    ["o'brien+alerts@mail.example.com", true],
    ['a@b.io', true],
    [`${'l'.repeat(64)}@example.com`, true],
    [`${'l'.repeat(65)}@example.com`, false],
    [`x@${label63}.com`, true],
    [`x@${'a'.repeat(64)}.com`, false],
    ['plainaddress', false],
    ['@example.com', false],
    ['jane@', false],
    ['jane@@example.com', false],
    ['jane@exa mple.com', false],
    ['jane..smith@example.com', false],
    ['.jane@example.com', false],
    ['jane@localhost', false],
    ['jane@-example.com', false],
    ['jane@example-.com', false],
    ['jane@example.c', false],
    ['jane@1.2.3.4', false],
    ['jane@example..com', false],
  ])('%s → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid)
  })
  it('counts the domain limit of 255 characters exactly', () => {
    const domain255 = [label63, label63, label63, 'a'.repeat(60), 'uk'].join('.')
    const domain256 = [label63, label63, label63, 'a'.repeat(61), 'uk'].join('.')
    expect(domain255).toHaveLength(255)
    expect(isValidEmail(`x@${domain255}`)).toBe(true)
    expect(isValidEmail(`x@${domain256}`)).toBe(false)
  })
})
