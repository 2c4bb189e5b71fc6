import { describe, expect, it } from 'vitest'
import { createVisitorAnswerCache } from './visitor-cache.ts'

describe('createVisitorAnswerCache', () => {
  it('keeps an answer for its lifetime and shares one computation among waiting requests', async () => {
    const cache = createVisitorAnswerCache({ ttlMs: 60_000 })
    let loads = 0
    const load = async () => ({ n: ++loads })
    const [a, b] = await Promise.all([cache.get('/api/properties?page=1', load), cache.get('/api/properties?page=1', load)])
    expect([a, b, await cache.get('/api/properties?page=1', load)]).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }])
    expect(await cache.get('/api/properties?page=2', load)).toEqual({ n: 2 })
  })
  it('keeps nothing with a lifetime of 0', async () => {
    const cache = createVisitorAnswerCache({ ttlMs: 0 })
    let loads = 0
    const load = async () => ({ n: ++loads })
    await cache.get('k', load)
    expect(await cache.get('k', load)).toEqual({ n: 2 })
  })
  it('never fails a request because the answer it waited on was pushed out of the cache while it was computed: each computes for itself', async () => {
    const cache = createVisitorAnswerCache({ ttlMs: 60_000, maxEntries: 1 })
    let finish: () => void = () => {}
    const slow = new Promise<void>((resolve) => (finish = resolve))
    let loads = 0
    const load = async () => {
      const n = ++loads
      await slow
      return { n }
    }
    const first = cache.get('/api/properties?page=1', load)
    const waiter = cache.get('/api/properties?page=1', load)
    // Another address takes the one entry while page 1 is computed.
    expect(await cache.get('/api/properties?page=2', async () => ({ n: 0 }))).toEqual({ n: 0 })
    finish()
    expect(await Promise.all([first, waiter])).toEqual([{ n: 1 }, { n: 2 }])
  })
})
