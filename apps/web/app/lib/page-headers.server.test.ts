import { describe, expect, it } from 'vitest'
import { VISITOR_SHARED_SECONDS, VISITOR_STALE_SECONDS } from '@agency/domain'
import { catalogueFormPageHeaders, toCataloguePageHeaders } from './page-headers.server.ts'

const request = (cookie?: string) => new Request('https://agency.example/sales/property-for-sale', { headers: cookie ? { cookie } : {} })

describe('toCataloguePageHeaders', () => {
  it("lets a shared cache keep a visitor's page briefly, apart from pages for cookies", () => {
    const headers = toCataloguePageHeaders(request())
    expect(headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${VISITOR_SHARED_SECONDS}, stale-while-revalidate=${VISITOR_STALE_SECONDS}`)
    expect(headers.get('vary')).toBe('Cookie')
    expect(toCataloguePageHeaders(request('theme=dark')).get('cache-control')).toMatch(/^public/)
  })

  it('keeps the page of anyone with a session cookie private', () => {
    for (const cookie of ['session=abc', '__Host-session=abc', 'theme=dark; session=abc']) {
      expect(toCataloguePageHeaders(request(cookie)).get('cache-control')).toBe('private, no-cache')
    }
  })
})

describe('catalogueFormPageHeaders', () => {
  it("keeps the loader's headers when the action set no cookie", () => {
    const loaderHeaders = toCataloguePageHeaders(request())
    expect(catalogueFormPageHeaders({ loaderHeaders, actionHeaders: new Headers() })).toBe(loaderHeaders)
  })

  it("passes on the cookies an action set, on a page no shared cache keeps", () => {
    const actionHeaders = new Headers()
    actionHeaders.append('set-cookie', 'pending_lead=abc; Path=/; HttpOnly')
    const headers = catalogueFormPageHeaders({ loaderHeaders: toCataloguePageHeaders(request()), actionHeaders })
    expect(headers.getSetCookie()).toEqual(['pending_lead=abc; Path=/; HttpOnly'])
    expect(headers.get('cache-control')).toBe('private, no-cache')
  })
})
