import fastifyHelmet from '@fastify/helmet'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { pageSecurityHeaders } from './security-headers.ts'

async function headersFor(publicUrl: string) {
  const app = Fastify()
  await app.register(fastifyHelmet, pageSecurityHeaders(new URL(publicUrl)))
  app.get('/login', async () => 'page')
  const response = await app.inject('/login')
  await app.close()
  return response.headers
}

describe('pageSecurityHeaders', () => {
  it('forbids framing and sends HSTS only for an https site', async () => {
    const http = await headersFor('http://localhost:3000')
    expect(http['content-security-policy']).toBe("frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'")
    expect(http['x-frame-options']).toBe('DENY')
    expect(http['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(http['strict-transport-security']).toBeUndefined()
    const https = await headersFor('https://www.hartwellandco.co.uk')
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })
})
