import { describe, expect, it } from 'vitest'
import { textColourOn, toSafeHref } from './components.tsx'

describe('the e-mails’ components', () => {
  it('writes on a brand colour in white or ink, whichever reads', () => {
    expect(textColourOn('#0b2545')).toBe('#ffffff')
    expect(textColourOn('#c9a227')).toBe('#1c1917')
    expect(textColourOn('#ffffff')).toBe('#1c1917')
    expect(textColourOn('#000000')).toBe('#ffffff')
  })

  it('links only to web, mail and phone addresses', () => {
    expect(toSafeHref('https://agency.example/a')).toBe('https://agency.example/a')
    expect(toSafeHref('mailto:ann@example.com')).toBe('mailto:ann@example.com')
    expect(toSafeHref('tel:+447400123456')).toBe('tel:+447400123456')
    for (const hostile of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example']) expect(toSafeHref(hostile)).toBeNull()
  })
})
