import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { KeptAnswer, acceptsGzip } from './kept-answer.ts'

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['x-gzip', true],
    ['deflate, br', false],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*', true],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
    ['br, *;q=0.1', true],
    [['deflate', 'gzip'], true],
    // Hostile or broken weights refuse gzip rather than fail.
    ['gzip;q=abc', false],
    ['gzip;q=-1', false],
    ['gzip;q=1e999', false],
    [';;,,;q=', false],
    ['x'.repeat(10_000), false],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(expected)
  })
})

describe('KeptAnswer', () => {
  it('holds the UTF-8 bytes of the text, and gzips them once to the same text', () => {
    const text = JSON.stringify({ display_address: 'St Peter’s Way, Andover', price: '£225,000' })
    const kept = new KeptAnswer(text)
    expect(kept.json.toString('utf8')).toBe(text)
    expect(kept.json.byteLength).toBe(Buffer.byteLength(text))
    expect(gunzipSync(kept.gzip).toString('utf8')).toBe(text)
    expect(kept.gzip).toBe(kept.gzip)
  })
})
