import { describe, expect, it } from 'vitest'
import { escapeHtml, renderMagicLinkMail } from './magic-link.ts'

const LINK = 'https://agency.example/login/verify?token=abc_DEF-123'

describe('the login link e-mail', () => {
  it('names the agency, gives the link and its expiry, and says what to do if unasked', () => {
    const mail = renderMagicLinkMail({ agencyName: 'Hartwell & Co', link: LINK, expiresInMinutes: 15, name: 'Amelia' })
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
        'Hartwell & Co',
        '',
      ].join('\n'),
    )
    expect(mail.html).toContain('<p style="margin:0 0 16px;font-size:18px;font-weight:bold">Hartwell &amp; Co</p>')
    expect(mail.html.match(new RegExp(`href="${LINK.replace(/[?]/g, '\\?')}"`, 'g'))).toHaveLength(2)
    expect(mail.html).toContain('This link expires in 15 minutes and can be used once.')
    expect(mail.html).toContain('If you didn&#39;t ask for this, you can ignore this e-mail')
    expect(mail.html).toContain('<html lang="en-GB">')
  })

  it('greets without a name, and escapes what it is given', () => {
    const mail = renderMagicLinkMail({ agencyName: '<Agency>', link: 'https://a.example/?a=1&b="2"', expiresInMinutes: 15, name: null })
    expect(mail.text.startsWith('Hello,\n')).toBe(true)
    expect(mail.html).toContain('&lt;Agency&gt;')
    expect(mail.html).not.toContain('<Agency>')
    expect(mail.html).toContain('href="https://a.example/?a=1&amp;b=&quot;2&quot;"')
  })

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})
