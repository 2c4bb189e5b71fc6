import { gunzipSync } from 'node:zlib'
import { magicLinks } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestSite, insertBuyer } from './testing.ts'

const PUBLIC_URL = 'http://localhost:3000'
const EMAIL = 'buyer@example.com'

/** The nonce a page's Content-Security-Policy allows scripts by. */
function policyNonce(policy: string | string[] | number | undefined): string {
  const scriptSrc = String(policy)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))
  const match = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc ?? '')
  if (!match) throw new Error(`no script nonce in ${String(policy)}`)
  return match[1]!
}

/** Every <script> of a page that runs JavaScript (not a JSON-LD data block), with its nonce attribute. */
function scriptsOf(html: string): Array<{ tag: string; nonce: string | null }> {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/type="application\/(ld\+)?json"/.test(tag))
    .map((tag) => ({ tag, nonce: /\bnonce="([^"]*)"/.exec(tag)?.[1] ?? null }))
}

/** Every nonce attribute of a page (scripts, links). */
function noncesOf(html: string): string[] {
  return [...html.matchAll(/\bnonce="([^"]*)"/g)].map((m) => m[1]!)
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

  it('gives every answer of a page kept by the page cache a nonce of its own, the one its policy names', async () => {
    const first = await app.inject({ url: '/', headers: { host: 'localhost:3000' } })
    const second = await app.inject({ url: '/', headers: { host: 'localhost:3000' } })
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    // The second answer is the kept page, not a second render.
    expect(second.headers['x-cache']).toBe('HIT')

    const nonces = [first, second].map((answer) => policyNonce(answer.headers['content-security-policy']))
    expect(nonces[0]).not.toBe(nonces[1])
    for (const [i, answer] of [first, second].entries()) {
      const scripts = scriptsOf(answer.body)
      // The home page runs React: its inline scripts are there, each with the answer's nonce.
      expect(scripts.length).toBeGreaterThan(0)
      expect(scripts.filter((s) => s.nonce !== nonces[i])).toEqual([])
      expect(new Set(noncesOf(answer.body))).toEqual(new Set([nonces[i]]))
    }
  })

  it('gzips a kept page once for browsers, each answer unzipping to the page with its own nonce', async () => {
    const browser = { host: 'localhost:3000', 'accept-encoding': 'gzip, deflate, br, zstd' }
    const plain = await app.inject({ url: '/sales/property-for-sale', headers: { host: 'localhost:3000' } })
    const answers = [await app.inject({ url: '/sales/property-for-sale', headers: browser }), await app.inject({ url: '/sales/property-for-sale', headers: browser })]
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Cookie, X-Hydration-Data, accept-encoding')
    const plainNonce = policyNonce(plain.headers['content-security-policy'])
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['x-cache']).toBe('HIT')
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(answer.headers.vary).toBe('Cookie, X-Hydration-Data, accept-encoding')
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.byteLength)
      expect(answer.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3)
      const nonce = policyNonce(answer.headers['content-security-policy'])
      expect(nonce).not.toBe(plainNonce)
      const html = gunzipSync(answer.rawPayload).toString('utf8')
      // The same page, byte for byte, but for its nonce.
      expect(html).toBe(plain.body.split(plainNonce).join(nonce))
      expect(new Set(noncesOf(html))).toEqual(new Set([nonce]))
    }
    expect(policyNonce(answers[0]!.headers['content-security-policy'])).not.toBe(policyNonce(answers[1]!.headers['content-security-policy']))
  })

  it('sends a strict policy and the other security headers with a page no cache keeps', async () => {
    const answer = await app.inject({ url: '/login', headers: { host: 'localhost:3000' } })
    expect(answer.statusCode).toBe(200)
    const policy = String(answer.headers['content-security-policy'])
    const nonce = policyNonce(policy)
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'self'`)
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(scriptsOf(answer.body).filter((s) => s.nonce !== nonce)).toEqual([])
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(answer.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()')
    expect(answer.headers['x-frame-options']).toBe('DENY')
    // The site is http here: no HSTS (security-headers.test.ts has the https case).
    expect(answer.headers['strict-transport-security']).toBeUndefined()
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
