import { describe, expect, it } from 'vitest'
import { TEST_BRAND, hostile } from '../mail-fixtures.ts'
import { expectNeutralised } from './expect-neutralised.ts'
import { renderMagicLinkMail } from './magic-link.tsx'

const LINK = 'https://agency.example/login/verify?token=abc_DEF-123'

describe('the login link e-mail', () => {
  it('names the agency, gives the link and its expiry, and says what to do if unasked', async () => {
    const mail = await renderMagicLinkMail({ brand: TEST_BRAND, link: LINK, expiresInMinutes: 15, name: 'Amelia' })
    expect(mail.subject).toBe('Your login link for Hartwell & Co')
    expect(mail.text).toBe(
      [
        'Hello Amelia,',
        '',
        'Use the link below to log in to Hartwell & Co:',
        '',
        LINK,
        '',
        'This link expires in 15 minutes and can be used once.',
        '',
        "If you didn't ask for this, you can ignore this e-mail: nobody can log in without the link.",
        '',
        '--',
        'Hartwell & Co',
        "You're receiving this because a login link was asked for with this e-mail address on agency.example.",
        ...TEST_BRAND.companyLines,
        '',
      ].join('\n'),
    )
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">')
    expect(mail.html).toContain('alt="Hartwell &amp; Co"')
    expect(mail.html).toContain('src="https://agency.example/api/company/logo.png"')
    expect(mail.html.match(new RegExp(`href="${LINK.replace(/[?]/g, '\\?')}"`, 'g'))).toHaveLength(2)
    expect(mail.html).toContain('This link expires in 15 minutes and can be used once.')
    expect(mail.html).toContain('If you didn&#x27;t ask for this, you can ignore this e-mail')
    expect(mail.html).toContain('Registered in England and Wales, company number 03574219')
  })

  it('greets without a name; escapes the name a contact gave and every setting it shows', async () => {
    const plain = await renderMagicLinkMail({ brand: TEST_BRAND, link: LINK, expiresInMinutes: 15, name: null })
    expect(plain.text.startsWith('Hello,\n')).toBe(true)
    const mail = await renderMagicLinkMail({ brand: { ...TEST_BRAND, agencyName: '<Agency>' }, link: 'https://a.example/?a=1&b="2"', expiresInMinutes: 15, name: hostile('name') })
    expectNeutralised(mail.html, ['Hello name'])
    expect(mail.html).toContain('&lt;Agency&gt;')
    expect(mail.html).not.toContain('<Agency>')
    expect(mail.html).toContain('href="https://a.example/?a=1&amp;b=&quot;2&quot;"')
  })
})
