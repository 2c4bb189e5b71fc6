import { VISITOR_CACHE_CONTROL } from '@agency/domain'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('buildApp on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind, { register: (app) => app.get('/sales/property-for-sale', async () => 'page') })
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nothing', '/api/properties/1/extra', '/api']) {
      const response = await api.app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found.' })
    }
  })

  it('leaves paths outside /api to routes the composition root adds', async () => {
    const page = await api.app.inject('/sales/property-for-sale')
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe('page')
    expect(page.headers['content-security-policy']).toBeUndefined()
    const missing = await api.app.inject('/no-such-page')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).not.toEqual({ message: 'Not found.' })
  })

  it('sends security headers on API answers', async () => {
    const response = await api.app.inject('/api/properties?page_size=1')
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    // The test API's public address is https; over http (the pages' test) no HSTS is sent.
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })

  it('keeps answers out of shared caches unless a route says otherwise', async () => {
    for (const url of ['/api/branches', '/api/nothing']) {
      expect((await api.app.inject(url)).headers['cache-control'], url).toBe('private, no-cache')
    }
    // The search says otherwise for a visitor (http-cache.ts), and not for a caller with a cookie.
    expect((await api.app.inject('/api/properties?page_size=1')).headers['cache-control']).toBe(VISITOR_CACHE_CONTROL)
    expect((await api.app.inject({ url: '/api/properties?page_size=1', headers: { cookie: 'a=b' } })).headers['cache-control']).toBe('private, no-cache')
    expect((await api.app.inject('/api/health')).headers['cache-control']).toBe('no-store')
    // The pages beside the API are the composition root's to decide.
    expect((await api.app.inject('/sales/property-for-sale')).headers['cache-control']).toBeUndefined()
  })
})
