import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { GzipAroundNonce } from './gzip-around-nonce.ts'

const KEPT = 'kEpTnOnCe+/abcdefghij=='
const FRESH = 'FrEsHnOnCe+/0123456789=='.slice(0, KEPT.length)

/** A page as the cache keeps it: its nonce in the head and in scripts, the data after it repeating the cards. */
function page(cards: number): Buffer {
  // Words of their own for each card (a hash of its number), so that what repeats is the data after a nonce.
  const words = (i: number) => Array.from({ length: 6 }, (_, k) => (Math.imul(i * 7 + k + 1, 2_654_435_761) >>> 0).toString(36)).join(' ')
  const card = (i: number) => `<article class="card"><h2>${i} bedroom house for sale</h2><p>St Peter’s Way, ${words(i)} — £${(i * 12_500).toLocaleString('en-GB')}</p></article>`
  return Buffer.from(
    `<!DOCTYPE html><html><head><link rel="modulepreload" nonce="${KEPT}"/></head><body>${Array.from({ length: cards }, (_, i) => card(i)).join('')}` +
      // The hydration data after a nonce repeats the cards' words, as React Router's does.
      `<script nonce="${KEPT}">window.__ctx=${JSON.stringify(Array.from({ length: cards }, (_, i) => card(i)))}</script><script nonce="${KEPT}">start()</script></body></html>`,
  )
}

describe('GzipAroundNonce', () => {
  it.each([
    ['a page with its nonce three times', page(200)],
    ['a page that starts and ends with the nonce', Buffer.from(`${KEPT}<p>between</p>${KEPT}${KEPT}`)],
    ['a page without the nonce', Buffer.from('<p>no scripts here</p>'.repeat(100))],
    ['an empty page', Buffer.alloc(0)],
    ['a page whose text repeats around each nonce', Buffer.from(`<p nonce="${KEPT}">same</p><p nonce="${KEPT}">same</p>`.repeat(50))],
    ['a page holding 0xFF bytes (not UTF-8)', Buffer.concat([page(20), Buffer.from([0xff, 0xff, 0x00]), Buffer.from(`<b nonce="${KEPT}">x</b>`), Buffer.from([0xff]), page(20)])],
  ])('gzips %s once, and each answer unzips to the page with that answer’s nonce', (_name, body) => {
    const gzipped = new GzipAroundNonce(body, KEPT)
    for (const nonce of [FRESH, KEPT, 'x'.repeat(KEPT.length)]) {
      const answer = gzipped.answer(nonce)
      expect(gunzipSync(answer).equals(Buffer.from(body.toString('latin1').split(KEPT).join(nonce), 'latin1'))).toBe(true)
    }
  })

  it('is as small as the page gzipped whole, each part referring back across the nonces before it', () => {
    // 100 cards: the data after the nonce lies within deflate's 32 KB of the cards it repeats.
    const body = page(100)
    const answer = new GzipAroundNonce(body, KEPT).answer(FRESH)
    expect(answer.byteLength).toBeLessThan(body.byteLength / 5)
    expect(answer.byteLength).toBeLessThan(gzipSync(body).byteLength * 1.02)
  })

  it('refuses a nonce of another length', () => {
    expect(() => new GzipAroundNonce(page(2), KEPT).answer(`${FRESH}x`)).toThrow('nonces differ in length')
  })
})
