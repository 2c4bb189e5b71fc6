import { gunzipSync } from 'node:zlib'
import { magicLinks } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestSite, insertBuyer } from './testing.ts'

const PUBLIC_URL = 'http://localhost:3000'
const EMAIL = 'buyer@example.com'

/** A policy's directives by name. */
function directivesOf(policy: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  )
}

/** Every <script> of a page that runs JavaScript (not a JSON or JSON-LD data block). */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag))
}

/** The page's data for its boot script: the JSON block just before the boot script's element. */
function pageScriptsOf(html: string): { data: string | null; entry: string } {
  const json = /<script type="application\/json" data-page-scripts="">([^<]*)<\/script><script src="\/assets\/boot-[0-9a-f]{8}\.js" defer=""><\/script>/.exec(html)?.[1]
  if (!json) throw new Error('no page scripts before the boot script')
  return JSON.parse(json) as { data: string | null; entry: string }
}

describe.each(testDatabaseKinds())('pages in production on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await insertBuyer(database, EMAIL)
    app = await buildTestSite({ database, publicUrl: PUBLIC_URL, pageCacheEntries: 100 })
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('answers a page kept by the page cache with the same bytes every time: no answer carries anything of its own', async () => {
    const first = await app.inject({ url: '/', headers: { host: 'localhost:3000' } })
    const second = await app.inject({ url: '/', headers: { host: 'localhost:3000' } })
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    // The second answer is the kept page, not a second render.
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    // The home page runs React: its one script is the boot script, a file; no nonce anywhere.
    expect(scriptsOf(first.body)).toEqual([expect.stringMatching(/^<script src="\/assets\/boot-[0-9a-f]{8}\.js" defer="">$/)])
    expect(first.body).not.toContain('nonce')
    expect(pageScriptsOf(first.body).entry).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/)
  })

  it('gzips a kept page once for browsers, each answer unzipping to the page', async () => {
    const browser = { host: 'localhost:3000', 'accept-encoding': 'gzip, deflate, br, zstd' }
    const plain = await app.inject({ url: '/sales/property-for-sale', headers: { host: 'localhost:3000' } })
    const answers = [await app.inject({ url: '/sales/property-for-sale', headers: browser }), await app.inject({ url: '/sales/property-for-sale', headers: browser })]
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Cookie, X-Hydration-Data, accept-encoding')
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['x-cache']).toBe('HIT')
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(answer.headers.vary).toBe('Cookie, X-Hydration-Data, accept-encoding')
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.byteLength)
      expect(answer.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3)
      expect(gunzipSync(answer.rawPayload).toString('utf8')).toBe(plain.body)
    }
    // Gzipped once: both answers are the same bytes.
    expect(answers[1]!.rawPayload.equals(answers[0]!.rawPayload)).toBe(true)
  })

  it('sends a strict policy and the other security headers with a page no cache keeps', async () => {
    const answer = await app.inject({ url: '/login', headers: { host: 'localhost:3000' } })
    expect(answer.statusCode).toBe(200)
    const policy = directivesOf(answer.headers['content-security-policy'])
    // Scripts only from the site's files: no inline script runs, by nonce, hash or otherwise.
    expect(policy['script-src']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(scriptsOf(answer.body)).toEqual([expect.stringMatching(/^<script src="\/assets\/boot-[0-9a-f]{8}\.js" defer="">$/)])
    // The login page holds its hydration data, as data.
    expect(pageScriptsOf(answer.body).data).toContain('loaderData')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(answer.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()')
    expect(answer.headers['x-frame-options']).toBe('DENY')
    // The site is http here: no HSTS (security-headers.test.ts has the https case).
    expect(answer.headers['strict-transport-security']).toBeUndefined()
  })

  it("keeps a visitor's text in a page's data as data: keywords with a closing script tag cannot end the block", async () => {
    const keywords = '</script><script>window.__injected=1</script><!--'
    // A list page that shows its map from the start holds its data (the search's keywords among them).
    const url = `/sales/property-for-sale?bounds=53.4,-2.3,53.5,-2.2&keywords=${encodeURIComponent(keywords)}`
    const answer = await app.inject({ url, headers: { host: 'localhost:3000' } })
    expect(answer.statusCode).toBe(200)
    expect(scriptsOf(answer.body)).toHaveLength(1)
    expect(answer.body).not.toContain('<script>window.__injected')
    // The keywords stay inside the JSON, which reads back whole, with them in it.
    expect(pageScriptsOf(answer.body).data).toContain('<script>window.__injected=1</script><!--')
  })

  /** The login form's post, as a browser sends it with the key the page gave it. */
  function postLogin(key: string | null) {
    const fields: Record<string, string> = { email: EMAIL, recaptcha_token: 'ok' }
    if (key !== null) fields.idempotency_key = key
    return app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: 'localhost:3000', origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })
  }

  it("posts the login form's key with the request for a login link: a retry of one submission sends one e-mail", async () => {
    const keyOf = async () => {
      const page = await app.inject({ url: '/login', headers: { host: 'localhost:3000' } })
      const key = /<input type="hidden" name="idempotency_key" value="([^"]+)"/.exec(page.body)?.[1]
      if (!key) throw new Error('no idempotency_key field on the login page')
      return key
    }
    const key = await keyOf()
    // Each rendering of the form is a submission of its own.
    expect(await keyOf()).not.toBe(key)

    const before = (await database.db.select().from(magicLinks)).length
    // The post and the browser's resend of the same form: one link.
    for (let i = 0; i < 2; i++) {
      const answer = await postLogin(key)
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain('Check your e-mail')
    }
    expect(await database.db.select().from(magicLinks)).toHaveLength(before + 1)
    // Another submission (the page rendered again) is a new request.
    expect((await postLogin(await keyOf())).statusCode).toBe(200)
    expect(await database.db.select().from(magicLinks)).toHaveLength(before + 2)
  })
})
