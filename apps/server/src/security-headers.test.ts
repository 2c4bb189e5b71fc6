import fastifyHelmet from '@fastify/helmet'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { pageContentSecurityPolicy, pageSecurityHeaders, tileSource, type PagePolicyOptions } from './security-headers.ts'

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

function options(publicUrl: string, extra: Partial<PagePolicyOptions> = {}): PagePolicyOptions {
  return { publicOrigin: new URL(publicUrl), mapTileUrl: OSM, recaptcha: false, ...extra }
}

async function headersFor(publicUrl: string) {
  const app = Fastify()
  await app.register(fastifyHelmet, pageSecurityHeaders(options(publicUrl)))
  app.get('/login', async () => 'page')
  const response = await app.inject('/login')
  await app.close()
  return response.headers
}

/** A policy's directives by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  )
}

describe('pageSecurityHeaders', () => {
  it('forbids framing and inline scripts, and sends HSTS only for an https site', async () => {
    const http = await headersFor('http://localhost:3000')
    const policy = directives(String(http['content-security-policy']))
    expect(policy['script-src']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
    expect(http['x-frame-options']).toBe('DENY')
    expect(http['x-content-type-options']).toBe('nosniff')
    expect(http['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(http['strict-transport-security']).toBeUndefined()
    const https = await headersFor('https://www.hartwellandco.co.uk')
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })
})

describe('pageContentSecurityPolicy', () => {
  it("lets a page's scripts run only from the site's files, none inline: no nonce, no hash", () => {
    const policy = directives(pageContentSecurityPolicy(options('http://localhost:3000')))
    expect(policy['script-src']).toEqual(["'self'"])
    expect(policy['default-src']).toEqual(["'self'", 'http://localhost:3000'])
    // React's style attributes and Leaflet's positioning are inline styles.
    expect(policy['style-src']).toContain("'unsafe-inline'")
    expect(policy['form-action']).toEqual(["'self'", 'http://localhost:3000'])
  })

  it("allows Google reCAPTCHA's script and frame only when reCAPTCHA is configured", () => {
    const without = directives(pageContentSecurityPolicy(options('https://example.co.uk')))
    expect(without['script-src']).toEqual(["'self'"])
    const withRecaptcha = directives(pageContentSecurityPolicy(options('https://example.co.uk', { recaptcha: true })))
    expect(withRecaptcha['script-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'])
    expect(withRecaptcha['frame-src']).toContain('https://www.google.com/recaptcha/')
  })

  it("names a plain-http tile server among the pictures' sources (https ones are allowed already)", () => {
    expect(tileSource(OSM)).toBe('https://tile.openstreetmap.org')
    expect(tileSource('http://{s}.tiles.example.test:8080/{z}/{x}/{y}.png')).toBe('http://*.tiles.example.test:8080')
    expect(tileSource('//tiles.example.test/{z}/{x}/{y}.png')).toBe('https://tiles.example.test')
    const policy = directives(pageContentSecurityPolicy(options('http://localhost:3000', { mapTileUrl: 'http://127.0.0.1:9999/{z}/{x}/{y}.png' })))
    expect(policy['img-src']).toContain('http://127.0.0.1:9999')
    expect(policy['img-src']).toContain('https:')
  })
})
