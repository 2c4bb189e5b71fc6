import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance } from 'fastify'
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestSite } from './testing.ts'

const PUBLIC_URL = 'http://localhost:3000'
const HOST = { host: 'localhost:3000' }
/** The header the boot script asks a page's hydration data with (apps/web/app/lib/hydration-flag.ts). */
const DATA = { ...HOST, 'x-hydration-data': '1' }
/** The hydration data a page holds for its boot script (apps/web/app/lib/page-scripts.tsx), or null when they come apart. */
function inlineDataOf(html: string): string | null {
  const json = /<script type="application\/json" data-page-scripts="">([^<]*)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error('no page scripts in the page')
  return (JSON.parse(json) as { data: string | null }).data
}

/** The hydration data as React Router's client reads them. */
async function decode(body: Buffer): Promise<{ loaderData: Record<string, unknown>; actionData: unknown; errors: unknown }> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(body))
      controller.close()
    },
  })
  const decoded = await decodeViaTurboStream(stream, globalThis as unknown as Parameters<typeof decodeViaTurboStream>[1])
  await decoded.done
  return decoded.value as { loaderData: Record<string, unknown>; actionData: unknown; errors: unknown }
}

describe.each(testDatabaseKinds())("a page's hydration data, asked for apart from its HTML, on %s", (kind) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    app = await buildTestSite({ database, publicUrl: PUBLIC_URL, pageCacheEntries: 100 })
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it("leaves the data out of a visitor's list page, whose boot script asks for them after painting, and answers them alone at the same address", async () => {
    const page = await app.inject({ url: '/sales/property-for-sale?min_bedroom=2', headers: HOST })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html')
    expect(page.body).toMatch(/<script src="\/assets\/boot-[0-9a-f]{8}\.js" defer=""><\/script>/)
    expect(inlineDataOf(page.body)).toBeNull()
    expect(page.headers.vary).toBe('Cookie, X-Hydration-Data, accept-encoding')

    const data = await app.inject({ url: '/sales/property-for-sale?min_bedroom=2', headers: DATA })
    expect(data.statusCode).toBe(200)
    expect(data.headers['content-type']).toBe('text/x-hydration-data; charset=utf-8')
    expect(data.headers.vary).toBe('Cookie, X-Hydration-Data, accept-encoding')
    // Kept as the page is (public, for a short while), in an entry of its own.
    expect(data.headers['cache-control']).toBe(page.headers['cache-control'])
    expect(data.body).not.toContain('<html')
    const state = await decode(data.rawPayload)
    expect(state.actionData).toBeNull()
    expect(state.errors).toBeNull()
    expect(Object.keys(state.loaderData).sort()).toEqual(['root', 'routes/sales'])
    expect(state.loaderData['routes/sales']).toMatchObject({ kind: 'results', searchType: 'sales', query: { min_bedroom: 2 }, results: { page: 1 } })
    expect(state.loaderData.root).toMatchObject({ contact: null, savedIds: null })
  })

  it('keeps the page and its data apart in the page cache', async () => {
    const url = '/lettings/property-to-rent'
    const data = await app.inject({ url, headers: DATA })
    const page = await app.inject({ url, headers: HOST })
    const dataAgain = await app.inject({ url, headers: DATA })
    const pageAgain = await app.inject({ url, headers: HOST })
    expect([data, page, dataAgain, pageAgain].map((a) => a.headers['x-cache'])).toEqual(['MISS', 'MISS', 'HIT', 'HIT'])
    expect(page.headers['content-type']).toBe('text/html')
    expect(pageAgain.body).toBe(page.body)
    expect(dataAgain.headers['content-type']).toBe('text/x-hydration-data; charset=utf-8')
    expect(dataAgain.body).toBe(data.body)
    expect((await decode(dataAgain.rawPayload)).loaderData['routes/lettings']).toMatchObject({ kind: 'results', searchType: 'lettings' })
  })

  it('keeps the data in a page that carries them inline, and answers it as a page whatever the header', async () => {
    for (const url of ['/login', '/sales/property-for-sale?bounds=53.4,-2.3,53.5,-2.2']) {
      const page = await app.inject({ url, headers: HOST })
      const inline = inlineDataOf(page.body)
      expect(inline, url).not.toBeNull()
      // The same data React Router's client reads.
      expect(Object.keys((await decode(Buffer.from(inline ?? ''))).loaderData), url).toContain('root')
      expect(String(page.headers.vary ?? ''), url).not.toContain('X-Hydration-Data')
      const withHeader = await app.inject({ url, headers: DATA })
      expect(withHeader.headers['content-type'], url).toBe('text/html')
      expect(inlineDataOf(withHeader.body), url).not.toBeNull()
    }
  })
})
