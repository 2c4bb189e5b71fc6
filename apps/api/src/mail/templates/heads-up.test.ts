import { describe, expect, it } from 'vitest'
import { TEST_BRAND, TEST_BRANCH, hostile } from '../mail-fixtures.ts'
import { expectNeutralised } from './expect-neutralised.ts'
import { renderHeadsUpMail, toHeadsUpSubject, type HeadsUpItem } from './heads-up.tsx'

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

const links = {
  updateLink: 'https://agency.example/heads-up-alerts/profiles/key',
  unsubscribeLink: 'https://agency.example/alerts/unsubscribe?token=t',
}

describe('Heads Up e-mails', () => {
  it('says Heads Up once in the subject of a property before the open market', () => {
    expect(toHeadsUpSubject([item({ kind: 'pre_market', isPreMarket: true })])).toBe(
      'Heads Up: before it goes on the open market: 3 bedroom semi-detached house for sale',
    )
    expect(toHeadsUpSubject([item()])).toBe('Heads Up: New to the market: 3 bedroom semi-detached house for sale')
    expect(toHeadsUpSubject([item({ kind: 'price_reduced', oldPrice: '£375,000' })])).toBe('Heads Up: Price reduced: 3 bedroom semi-detached house for sale, now £350,000')
  })

  it('shows each property with its picture, price and link, the branch in the footer, and the switch-off link', async () => {
    const mail = await renderHeadsUpMail({
      brand: TEST_BRAND,
      branch: TEST_BRANCH,
      name: 'Ann',
      looking: 'buying',
      items: [item({ kind: 'price_reduced', oldPrice: '£375,000', matchSummary: 'In Leeds · price within range' })],
      ...links,
    })
    expect(mail.html).toContain('src="https://agency.example/api/media/7/card"')
    expect(mail.html).toContain('alt="3 bedroom semi-detached house for sale"')
    expect(mail.html).toContain('Reduced from £375,000')
    expect(mail.html).toContain('92% match: In Leeds · price within range')
    expect(mail.html).toContain('href="https://agency.example/alerts/unsubscribe?token=t"')
    expect(mail.html).toContain('Leeds branch · 1 Park Row, Leeds LS1 5AB · ')
    expect(mail.text).toContain('£350,000 (was £375,000)')
    expect(mail.text).toContain('Switch this alert off: https://agency.example/alerts/unsubscribe?token=t')
    expect(mail.text).toContain('Leeds branch, 1 Park Row, Leeds LS1 5AB, 0113 496 0000')
  })

  it("escapes the person's name and every property text in the HTML part", async () => {
    const mail = await renderHeadsUpMail({
      brand: TEST_BRAND,
      branch: TEST_BRANCH,
      name: hostile('name'),
      looking: 'buying',
      items: [item({ heading: hostile('heading'), address: hostile('address'), matchSummary: hostile('summary'), link: 'javascript:alert(1)' })],
      ...links,
    })
    expectNeutralised(mail.html, ['name', 'heading', 'address', 'summary'])
    expect(mail.html).toContain('Hartwell &amp; Co')
  })
})
