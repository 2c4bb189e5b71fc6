import { describe, expect, it } from 'vitest'
import { renderHeadsUpMail, toHeadsUpSubject, type HeadsUpItem } from './heads-up.ts'

const HOSTILE = '<script>alert(1)</script>" onmouseover="x"'

const item = (overrides: Partial<HeadsUpItem> = {}): HeadsUpItem => ({
  kind: 'published',
  heading: '3 bedroom semi-detached house for sale',
  address: 'Park Row, Leeds',
  price: '£350,000',
  oldPrice: null,
  matchPercentage: 92,
  link: 'https://agency.example/property/7/a-house',
  imageUrl: 'https://agency.example/api/media/7/card',
  ...overrides,
})

describe('Heads Up e-mails', () => {
  it('says Heads Up once in the subject of a property before the open market', () => {
    expect(toHeadsUpSubject([item({ kind: 'pre_market', isPreMarket: true })])).toBe(
      'Heads Up: before it goes on the open market: 3 bedroom semi-detached house for sale',
    )
    expect(toHeadsUpSubject([item()])).toBe('Heads Up: New to the market: 3 bedroom semi-detached house for sale')
    expect(toHeadsUpSubject([item({ kind: 'price_reduced', oldPrice: '£375,000' })])).toBe('Heads Up: Price reduced: 3 bedroom semi-detached house for sale, now £350,000')
  })

  it("escapes the person's name and every property text in the HTML part", () => {
    const mail = renderHeadsUpMail({
      agencyName: 'Hartwell & Co',
      name: `Ann${HOSTILE}`,
      looking: 'buying',
      items: [item({ heading: `House${HOSTILE}`, address: `Street${HOSTILE}`, matchSummary: `In Leeds${HOSTILE}` })],
      updateLink: 'https://agency.example/heads-up-alerts/profiles/key',
      unsubscribeLink: 'https://agency.example/heads-up-alerts/unsubscribe?token=t',
    })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('" onmouseover=')
    expect(mail.html).toContain('Hello Ann&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x&quot;,')
    expect(mail.html).toContain('alt="House&lt;script&gt;')
    expect(mail.html).toContain('Hartwell &amp; Co')
  })
})
