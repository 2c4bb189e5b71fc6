import { describe, expect, it } from 'vitest'
import { parseMagicLinkEmail, parseMagicLinkRequest } from './magic-link.ts'

describe('parseMagicLinkEmail (SPEC §5)', () => {
  it.each([
    [{ email: '' }, 'Please enter email address'],
    [{ email: '   ' }, 'Please enter email address'],
    [{}, 'Please enter email address'],
    [{ email: null }, 'Please enter email address'],
    [{ email: 'jane@' }, 'Please enter valid email address'],
    [{ email: `${'l'.repeat(65)}@example.com` }, 'Please enter valid email address'],
  ])('%j → %s', (input, message) => {
    expect(parseMagicLinkEmail(input)).toEqual({ success: false, message, field: 'email', errors: { email: [message] } })
  })
  it('accepts and trims a valid e-mail', () => {
    expect(parseMagicLinkEmail({ email: ' jane@example.co.uk ' })).toEqual({ success: true, data: { email: 'jane@example.co.uk' } })
  })
})

describe('parseMagicLinkRequest (SPEC §7 body)', () => {
  it('takes email, request_page_url and recaptcha_token', () => {
    expect(parseMagicLinkRequest({ email: 'jane@example.com', request_page_url: '/property/12', recaptcha_token: 'tok' })).toEqual({
      success: true,
      data: { email: 'jane@example.com', request_page_url: '/property/12', recaptcha_token: 'tok' },
    })
  })
  it('defaults a missing recaptcha token to empty and checks the e-mail first', () => {
    expect(parseMagicLinkRequest({ email: 'jane@example.com', request_page_url: '/' })).toMatchObject({ success: true, data: { recaptcha_token: '' } })
    expect(parseMagicLinkRequest({ email: 'bad', request_page_url: 5 })).toMatchObject({
      success: false,
      message: 'Please enter valid email address',
      field: 'email',
    })
  })
})
