import { describe, expect, it } from 'vitest'
import { createSharedRead } from './shared-read.server.ts'

/** A read answering the given values (or failures) in turn, counting its calls and their contexts. */
function source(answers: Array<string | Error>) {
  const contexts: string[] = []
  const read = (context: string) => {
    const next = answers[Math.min(contexts.length, answers.length - 1)] ?? new Error('no answer')
    contexts.push(context)
    return next instanceof Error ? Promise.reject(next) : Promise.resolve({ value: next })
  }
  return { read, calls: () => contexts.length, contexts }
}

function clock() {
  let now = 1_000
  return { perf: { now: () => now }, set: (ms: number) => (now = 1_000 + ms) }
}

describe('createSharedRead', () => {
  it('reads once for callers that ask at the same time, and answers the kept value while it is fresh', async () => {
    const time = clock()
    const answers = source(['first', 'second'])
    const shared = createSharedRead(answers.read, { ttlMs: 1000, perf: time.perf })
    expect(await Promise.all([shared.get('a'), shared.get('b')])).toEqual([{ value: 'first' }, { value: 'first' }])
    time.set(999)
    expect(await shared.get('c')).toEqual({ value: 'first' })
    expect(answers.calls()).toBe(1)
    time.set(1001)
    expect(await shared.get('d')).toEqual({ value: 'second' })
    expect(answers.contexts).toEqual(['a', 'd'])
  })

  it('does not keep a failure: every waiting caller gets it, and the next asks again', async () => {
    const answers = source([new Error('down'), 'real'])
    const shared = createSharedRead(answers.read, { ttlMs: 1000, perf: clock().perf })
    const waiting = [shared.get('a'), shared.get('b')]
    await expect(waiting[0]).rejects.toThrow('down')
    await expect(waiting[1]).rejects.toThrow('down')
    expect(await shared.get('c')).toEqual({ value: 'real' })
    expect(await shared.get('d')).toEqual({ value: 'real' })
    expect(answers.calls()).toBe(2)
  })

  it('reads again after clear', async () => {
    const answers = source(['a', 'b'])
    const shared = createSharedRead(answers.read, { ttlMs: 1000, perf: clock().perf })
    expect(await shared.get('x')).toEqual({ value: 'a' })
    shared.clear()
    expect(await shared.get('x')).toEqual({ value: 'b' })
  })
})
