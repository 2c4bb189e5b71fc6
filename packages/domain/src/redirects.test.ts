import { describe, expect, it } from 'vitest'
import { RedirectTargetsSchema, findRedirectTarget, parseRedirectTargets } from './redirects.ts'

const STORED = {
  'stamp-duty': 'https://www.gov.uk/stamp-duty-land-tax',
  reviews: 'https://uk.trustpilot.com/review/hartwell.example',
}

describe('redirect targets (SPEC §2 Redirect screen, company setting 107)', () => {
  it('finds the configured URL of a slug', () => {
    expect(findRedirectTarget(STORED, 'stamp-duty')).toBe('https://www.gov.uk/stamp-duty-land-tax')
    expect(findRedirectTarget(STORED, 'reviews')).toBe('https://uk.trustpilot.com/review/hartwell.example')
  })

  it.each([['unknown'], ['Stamp-Duty'], ['constructor'], ['__proto__'], ['toString'], ['']])('finds nothing for %j', (slug) => {
    expect(findRedirectTarget(STORED, slug)).toBeNull()
  })

  it.each([
    ['http', 'http://www.gov.uk/'],
    ['relative', '/sales/property-for-sale'],
    ['protocol-relative', '//evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['credentials', 'https://user:secret@www.gov.uk/'],
    ['not a URL', 'gov.uk'],
  ])('leaves out a %s target and keeps the others', (_, url) => {
    const targets = parseRedirectTargets({ ...STORED, bad: url })
    expect(targets.has('bad')).toBe(false)
    expect(targets.size).toBe(2)
    expect(RedirectTargetsSchema.safeParse({ bad: url }).success).toBe(false)
  })

  it('leaves out a slug that could not appear in /go/:slug', () => {
    expect([...parseRedirectTargets({ 'Has Space': 'https://a.example/', 'a/b': 'https://a.example/', ok: 'https://a.example/' }).keys()]).toEqual(['ok'])
    expect(RedirectTargetsSchema.safeParse(STORED).success).toBe(true)
  })

  it('reads a setting that is missing or not an object as no redirects', () => {
    for (const value of [null, undefined, 'https://www.gov.uk/', ['https://www.gov.uk/'], 42]) {
      expect(parseRedirectTargets(value).size).toBe(0)
    }
  })
})
