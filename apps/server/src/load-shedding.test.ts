import { createDiskMediaStore } from '@agency/db'
import { buildApp } from '@agency/api'
import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUSY_MESSAGE, isMeasuredOverload, registerLoadShedding, type LoadSheddingOptions } from './load-shedding.ts'

describe('load shedding', () => {
  let database: TestDatabase
  const apps: FastifyInstance[] = []

  /** The API with one page beside it, as the server composes them, under the given limits. */
  async function site(limits: Omit<LoadSheddingOptions, 'retryAfterSeconds'>): Promise<FastifyInstance> {
    const app = await buildApp({
      database,
      mediaStore: createDiskMediaStore('/nonexistent'),
      cacheDir: '/nonexistent',
      publicUrl: 'http://localhost:3000',
      beforeApi: (root) => registerLoadShedding(root, { ...limits, retryAfterSeconds: 5 }),
    })
    app.get('/sales/property-for-sale', async () => 'a page')
    app.get('/assets/entry.client-abc123.js', async () => 'a script')
    await app.ready()
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  }, 120_000)
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.close()
  })

  it('answers 503 with Retry-After to pages and API alike while the heap is past its limit', async () => {
    const app = await site({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1 })
    // The pressure is sampled once a second; wait for the first reading.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const api = await app.inject('/api/health')
    expect(api.statusCode, api.body).toBe(503)
    expect(api.headers['retry-after']).toBe('5')
    expect(api.json()).toEqual({ message: BUSY_MESSAGE })
    const page = await app.inject('/sales/property-for-sale')
    expect(page.statusCode).toBe(503)
    expect(page.headers['retry-after']).toBe('5')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('<h1>The site is busy. Please try again in a moment.</h1>')
    // The script of a page already sent is served, or that page would never start.
    const script = await app.inject('/assets/entry.client-abc123.js')
    expect(script.statusCode).toBe(200)
    expect(script.body).toBe('a script')
    expect((await app.inject({ method: 'POST', url: '/assets/entry.client-abc123.js' })).statusCode).toBe(503)
  })

  it('takes a second with no event-loop sample (a stall longer than the sampling) as no reading, and a measured delay or a full heap as overload', () => {
    expect(isMeasuredOverload('eventLoopDelay', Infinity)).toBe(false)
    expect(isMeasuredOverload('eventLoopDelay', undefined)).toBe(false)
    expect(isMeasuredOverload('eventLoopDelay', 1500)).toBe(true)
    expect(isMeasuredOverload('heapUsedBytes', 2e9)).toBe(true)
  })

  it('lets every request through when both checks are off', async () => {
    const app = await site({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const page = await app.inject('/sales/property-for-sale')
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe('a page')
  })
})
