import { describe, expect, it } from 'vitest'
import { SAVED_PROPERTIES_MAX, isBrowserSave, mergeSaves, type BrowserSave } from './saved-list.ts'
import { toSavedPriceNote } from './saved-properties.ts'

const card = (numberPrice: number | null, transaction_type_id: 1 | 2 = 1) =>
  ({ transaction_type_id, price: numberPrice === null ? null : { type: { name: '' }, price: '', numberPrice } }) as never

describe('toSavedPriceNote', () => {
  it('tells a reduction or a rise from the saved price, in pounds', () => {
    expect(toSavedPriceNote({ saved_price: 450_000, property: card(425_000) })).toBe('Price reduced from £450,000')
    expect(toSavedPriceNote({ saved_price: 1_100, property: card(1_200, 2) })).toBe('Price increased from £1,100 PCM')
  })
  it('says nothing when the price is unchanged, unknown or hidden, or the property has gone', () => {
    expect(toSavedPriceNote({ saved_price: 300_000, property: card(300_000) })).toBeNull()
    expect(toSavedPriceNote({ saved_price: null, property: card(300_000) })).toBeNull()
    expect(toSavedPriceNote({ saved_price: 300_000, property: card(null) })).toBeNull()
    expect(toSavedPriceNote({ saved_price: 300_000, property: null })).toBeNull()
  })
})

describe('mergeSaves', () => {
  const save = (id: number, day: number, price: number | null = 100): BrowserSave => ({ id, saved_price: price, saved_at: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z` })

  it('keeps each property once, the earlier save with its price, newest first', () => {
    expect(mergeSaves([save(1, 3, 300), save(2, 5)], [save(1, 1, 250), save(3, 4)])).toEqual([save(2, 5), save(3, 4), save(1, 1, 250)])
  })
  it(`keeps at most ${SAVED_PROPERTIES_MAX}`, () => {
    const many = Array.from({ length: SAVED_PROPERTIES_MAX + 5 }, (_, i) => ({ ...save(i + 1, 1), saved_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }))
    const merged = mergeSaves(many)
    expect(merged).toHaveLength(SAVED_PROPERTIES_MAX)
    expect(merged[0]!.id).toBe(SAVED_PROPERTIES_MAX + 5)
  })
})

describe('isBrowserSave', () => {
  it('accepts a save and refuses what was edited into something else', () => {
    expect(isBrowserSave({ id: 3, saved_price: 250_000, saved_at: '2026-11-21T10:00:00.000Z' })).toBe(true)
    expect(isBrowserSave({ id: 3, saved_price: null, saved_at: '2026-11-21T10:00:00.000Z' })).toBe(true)
    for (const bad of [null, 3, 'x', { id: 0, saved_price: null, saved_at: '' }, { id: 1.5, saved_price: null, saved_at: '' }, { id: 1, saved_price: -1, saved_at: '' }, { id: 1, saved_price: null }, { id: 1, saved_price: null, saved_at: 'x'.repeat(41) }]) {
      expect(isBrowserSave(bad)).toBe(false)
    }
  })
})
