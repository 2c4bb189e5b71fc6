import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { GzipAroundNonce } from './gzip-around-nonce.ts'

const KEPT = 'kEpTnOnCe+/abcdefghij=='
const FRESH = 'FrEsHnOnCe+/0123456789=='.slice(0, KEPT.length)

/** A page as the cache keeps it: its nonce in the head, in scripts, and next to repeated text. */
function page(cards: number): Buffer {
  const card = (i: number) => `<article class="card"><h2>${i} bedroom house for sale</h2><p>St Peter’s Way, Andover — £${(i * 12_500).toLocaleString('en-GB')}</p></article>`
  return Buffer.from(
    `<!DOCTYPE html><html><head><link rel="modulepreload" nonce="${KEPT}"/></head><body>${Array.from({ length: cards }, (_, i) => card(i)).join('')}` +
      `<script nonce="${KEPT}">window.__ctx=${JSON.stringify({ cards })}</script><script nonce="${KEPT}">start()</script></body></html>`,
  )
}

describe('GzipAroundNonce', () => {
  it.each([
    ['a page with its nonce three times', page(200)],
    ['a page that starts and ends with the nonce', Buffer.from(`${KEPT}<p>between</p>${KEPT}${KEPT}`)],
    ['a page without the nonce', Buffer.from('<p>no scripts here</p>'.repeat(100))],
    ['an empty page', Buffer.alloc(0)],
  ])('gzips %s once, and each answer unzips to the page with that answer’s nonce', (_name, body) => {
    const gzipped = new GzipAroundNonce(body, KEPT)
    for (const nonce of [FRESH, KEPT, 'x'.repeat(KEPT.length)]) {
      const answer = gzipped.answer(nonce)
      expect(gunzipSync(answer).equals(Buffer.from(body.toString('latin1').split(KEPT).join(nonce), 'latin1'))).toBe(true)
    }
  })

  it('is about as small as the page gzipped whole', () => {
    const body = page(500)
    const answer = new GzipAroundNonce(body, KEPT).answer(FRESH)
    expect(answer.byteLength).toBeLessThan(body.byteLength / 5)
    expect(answer.byteLength).toBeLessThan(gzipSync(body).byteLength * 1.25)
  })

  it('refuses a nonce of another length', () => {
    expect(() => new GzipAroundNonce(page(2), KEPT).answer(`${FRESH}x`)).toThrow('nonces differ in length')
  })
})
