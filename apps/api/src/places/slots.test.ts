import { describe, expect, it } from 'vitest'
import { createSlots } from './database-provider.ts'

describe('createSlots (trigram comparisons on the embedded database)', () => {
  it('runs one at a time with one in line, and turns away what arrives while both are taken', async () => {
    const slots = createSlots(1, 1)
    const order: string[] = []
    const releases: Array<() => void> = []
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(`start ${name}`)
        releases.push(() => {
          order.push(`end ${name}`)
          resolve(name)
        })
      })
    const first = slots(work('a'))
    const second = slots(work('b'))
    // Both places are taken: the third is turned away at once, without running.
    expect(await slots(work('c'))).toBeNull()
    expect(order).toEqual(['start a'])
    releases.shift()!()
    expect(await first).toBe('a')
    await Promise.resolve()
    expect(order).toEqual(['start a', 'end a', 'start b'])
    releases.shift()!()
    expect(await second).toBe('b')
    // Free again: a new call runs at once.
    const fourth = slots(work('d'))
    await Promise.resolve()
    releases.shift()!()
    expect(await fourth).toBe('d')
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start d', 'end d'])
  })
})
