import { describe, expect, it } from 'vitest'
import { createPlaceSearchGate, PlaceSearchesBusyError } from './search-limit.ts'

/** A search that ends when the test says. */
function heldSearch(log: string[], name: string) {
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    run: async () => {
      log.push(`start ${name}`)
      await done
      log.push(`end ${name}`)
      return name
    },
    finish: () => finish(),
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createPlaceSearchGate', () => {
  it('runs at most `running` searches at once, the next in the order they came, and refuses past `waiting`', async () => {
    const gate = createPlaceSearchGate({ running: 2, waiting: 2 })
    const log: string[] = []
    const searches = ['a', 'b', 'c', 'd'].map((name) => heldSearch(log, name))
    const answers = searches.map((s) => gate.run(s.run))
    await tick()
    expect(log).toEqual(['start a', 'start b'])
    expect(gate.load).toEqual({ running: 2, waiting: 2 })
    await expect(gate.run(async () => 'e')).rejects.toBeInstanceOf(PlaceSearchesBusyError)

    searches[1]!.finish()
    await tick()
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c'])
    searches[0]!.finish()
    searches[2]!.finish()
    searches[3]!.finish()
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd'])
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('hands its place on when a search fails', async () => {
    const gate = createPlaceSearchGate({ running: 1, waiting: 1 })
    const failing = gate.run(() => Promise.reject(new Error('database gone')))
    const next = gate.run(async () => 'next')
    await expect(failing).rejects.toThrow('database gone')
    expect(await next).toBe('next')
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })
})
