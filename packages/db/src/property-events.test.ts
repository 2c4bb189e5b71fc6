import { describe, expect, it } from 'vitest'
import { toPropertyEvents, toReducedPrice, type PropertyState } from './property-events.ts'

const state = (fields: Partial<PropertyState> = {}): PropertyState => ({ price: 300_000, availability: 'available', is_locked: false, ...fields })

describe('toPropertyEvents', () => {
  const cases: Array<[string, PropertyState | undefined, PropertyState, Array<[string, number | null]>]> = [
    ['a new property on the open market is published', undefined, state(), [['published', null]]],
    ['a new pre-market property is a Heads Up', undefined, state({ is_locked: true }), [['pre_market', null]]],
    ['a new property under offer raises nothing', undefined, state({ availability: 'under_offer' }), []],
    ['pre-market made public is published', state({ is_locked: true }), state(), [['published', null]]],
    ['open market made pre-market is a Heads Up', state(), state({ is_locked: true }), [['pre_market', null]]],
    ['SSTC back to available is back on the market', state({ availability: 'sstc' }), state(), [['back_on_market', null]]],
    ['withdrawn back to available is back on the market', state({ availability: 'withdrawn' }), state(), [['back_on_market', null]]],
    ['withdrawn back as pre-market is a Heads Up', state({ availability: 'withdrawn' }), state({ is_locked: true }), [['pre_market', null]]],
    ['a lower price is a reduction with the old price', state(), state({ price: 285_000 }), [['price_reduced', 300_000]]],
    ['a lower price while pre-market is a reduction too', state({ is_locked: true }), state({ is_locked: true, price: 285_000 }), [['price_reduced', 300_000]]],
    ['a higher price raises nothing', state(), state({ price: 310_000 }), []],
    ['no change raises nothing', state(), state(), []],
    ['a reduction of a property under offer raises nothing', state({ availability: 'under_offer' }), state({ availability: 'under_offer', price: 1 }), []],
    ['going under offer raises nothing', state(), state({ availability: 'under_offer' }), []],
  ]
  it.each(cases)('%s', (_name, before, after, expected) => {
    const events = toPropertyEvents(7, before, after, 'command')
    expect(events.map((e) => [e.kind, e.old_price ?? null])).toEqual(expected)
    for (const e of events) expect(e).toMatchObject({ property_profile_id: 7, new_price: after.price, is_pre_market: after.is_locked, source: 'command' })
  })
})

describe('toReducedPrice', () => {
  it.each([
    [300_000, 285_000],
    [1_250_000, 1_187_000],
    [1_250, 1_185],
    [950, 900],
    [5, 5],
  ])('reduces £%i to £%i', (price, reduced) => {
    expect(toReducedPrice(price)).toBe(reduced)
  })
})
