import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
// The production build of the pages (npm run build, also run at install), as the server serves it.
import * as build from '@agency/web/build/server'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestSite } from './testing.ts'

const PUBLIC_URL = 'http://localhost:3000'
const TEST_PAGES = ['/test/dialogs', '/test/slider-arrows', '/test/register-variants?desktop=v2&mobile=v4']

describe('the production build', () => {
  it('has no test page among its routes', () => {
    const paths = Object.values(build.routes).map((route) => route?.path ?? '')
    expect(paths).toContain('branches')
    expect(paths.filter((path) => path === 'test' || path.startsWith('test/'))).toEqual([])
  })

  describe('served', () => {
    let database: TestDatabase
    let app: FastifyInstance

    beforeAll(async () => {
      database = await createTestDatabase('pglite')
      app = await buildTestSite({ database, publicUrl: PUBLIC_URL })
    }, 120_000)
    afterAll(async () => {
      await app?.close()
      await database?.close()
    })

    it.each(TEST_PAGES)('answers %s with the page not found', async (url) => {
      const page = await app.inject({ url, headers: { host: 'localhost:3000' } })
      expect(page.statusCode).toBe(404)
      expect(page.body).not.toMatch(/Slider arrows|Register screen variants|<h1>Dialogs<\/h1>/)
    })
  })
})
