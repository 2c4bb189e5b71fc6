import { describe, expect, it } from 'vitest'
import { VISITOR_PAGE_SHARED_SECONDS, toCataloguePageHeaders } from './page-headers.server.ts'

const request = (cookie?: string) => new Request('https://agency.example/sales/property-for-sale', { headers: cookie ? { cookie } : {} })

describe('toCataloguePageHeaders', () => {
  it("lets a shared cache keep a visitor's page briefly, apart from pages for cookies", () => {
    const headers = toCataloguePageHeaders(request())
    expect(headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${VISITOR_PAGE_SHARED_SECONDS}`)
    expect(headers.get('vary')).toBe('Cookie')
    expect(toCataloguePageHeaders(request('theme=dark')).get('cache-control')).toMatch(/^public/)
  })

  it('keeps the page of anyone with a session cookie private', () => {
    for (const cookie of ['session=abc', '__Host-session=abc', 'theme=dark; session=abc']) {
      expect(toCataloguePageHeaders(request(cookie)).get('cache-control')).toBe('private, no-cache')
    }
  })
})
