import { ALERT_LINK_TOKEN_SHAPE } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { ALERT_LINK_TTL_MS, createAlertLinks } from './alert-links.ts'

const NOW = new Date('2026-11-29T09:00:00Z')

describe('alert links', () => {
  const links = createAlertLinks('the-site-key-of-these-tests-0123456789')

  it('signs a link of one alert and purpose, valid for 30 days', () => {
    const link = links.sign(42, 'update', NOW)
    expect(link).toMatch(ALERT_LINK_TOKEN_SHAPE)
    expect(links.verify(link, 'update', NOW)).toBe(42)
    expect(links.verify(link, 'update', new Date(NOW.getTime() + ALERT_LINK_TTL_MS - 1000))).toBe(42)
    expect(links.verify(link, 'update', new Date(NOW.getTime() + ALERT_LINK_TTL_MS))).toBeNull()
    expect(links.verify(link, 'off', NOW)).toBeNull()
  })

  it('refuses every changed character, another key, and other shapes', () => {
    const link = links.sign(42, 'off', NOW)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    for (let i = 0; i < link.length; i++) {
      if (link[i] === '.') continue
      const other = alphabet[(alphabet.indexOf(link[i]!) + 1) % alphabet.length]!
      expect(links.verify(`${link.slice(0, i)}${other}${link.slice(i + 1)}`, 'off', NOW), `character ${i}`).toBeNull()
    }
    expect(createAlertLinks('another-site-key-0123456789abcdef').verify(link, 'off', NOW)).toBeNull()
    for (const token of ['', 'a1.42', `${link}.x`, link.replace('a1.', 'a2.'), 'a'.repeat(43)]) expect(links.verify(token, 'off', NOW)).toBeNull()
  })

  it('refuses a short site key', () => {
    expect(() => createAlertLinks('short')).toThrow('at least 16 characters')
  })
})
