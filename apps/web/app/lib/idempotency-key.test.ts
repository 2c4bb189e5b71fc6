import { afterEach, describe, expect, it, vi } from 'vitest'
import { newIdempotencyKey } from './idempotency-key.ts'

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('makes 128 random bits as 32 hex digits, a new key each time', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newIdempotencyKey()))
    expect(keys.size).toBe(1000)
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/)
  })

  it('needs no crypto.randomUUID, which a page served over plain http lacks', () => {
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(171) })
    expect(newIdempotencyKey()).toBe('ab'.repeat(16))
  })
})
