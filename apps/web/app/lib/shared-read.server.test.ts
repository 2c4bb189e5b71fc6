import { describe, expect, it } from 'vitest'
import { createSharedRead } from './shared-read.server.ts'

function counter(values: Array<{ value: string; keep: boolean } | Error>) {
  let calls = 0
  const read = () => {
    const next = values[Math.min(calls, values.length - 1)] ?? new Error('no answer')
    calls++
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
  }
  return { read, calls: () => calls }
}

describe('createSharedRead', () => {
  it('reads once for callers that ask at the same time, and answers the kept value while it is fresh', async () => {
    let clock = 0
    const shared = createSharedRead<string>(1000, () => clock)
    const source = counter([{ value: 'first', keep: true }, { value: 'second', keep: true }])
    expect(await Promise.all([shared.get(source.read), shared.get(source.read)])).toEqual(['first', 'first'])
    clock = 999
    expect(await shared.get(source.read)).toBe('first')
    expect(source.calls()).toBe(1)
    clock = 1000
    expect(await shared.get(source.read)).toBe('second')
    expect(source.calls()).toBe(2)
  })

  it('does not keep an answer marked as not to be kept, nor a failure', async () => {
    const shared = createSharedRead<string>(1000, () => 0)
    const source = counter([{ value: 'fallback', keep: false }, new Error('down'), { value: 'real', keep: true }])
    expect(await shared.get(source.read)).toBe('fallback')
    await expect(shared.get(source.read)).rejects.toThrow('down')
    expect(await shared.get(source.read)).toBe('real')
    expect(await shared.get(source.read)).toBe('real')
    expect(source.calls()).toBe(3)
  })

  it('reads again after clear', async () => {
    const shared = createSharedRead<string>(1000, () => 0)
    const source = counter([{ value: 'a', keep: true }, { value: 'b', keep: true }])
    expect(await shared.get(source.read)).toBe('a')
    shared.clear()
    expect(await shared.get(source.read)).toBe('b')
  })
})
