import { describe, expect, it } from 'vitest'
import {
  isAvailableBy,
  PCM_SUFFIX,
  SUMMARY_MAX_LENGTH,
  toAlertPriceLabel,
  toDistanceLabel,
  toLongDate,
  toPounds,
  toPinPriceLabel,
  toPriceLabel,
  toRangeText,
  toRoomRangeLabel,
  truncateSummary,
  withIndefiniteArticle,
} from './format.ts'

describe('toPriceLabel', () => {
  it.each([
    [1_250_000, 'sales', '£1,250,000'],
    [1200, 'lettings', '£1,200 PCM'],
    [0, 'sales', '£0'],
  ] as const)('%i %s → %s', (amount, type, label) => {
    expect(toPriceLabel(amount, type)).toBe(label)
  })
  it('formats pounds without pence', () => {
    expect(toPounds(99_950)).toBe('£99,950')
    expect(PCM_SUFFIX).toBe('PCM')
  })
})

describe('toPinPriceLabel', () => {
  it.each([
    [350_000, 'sales', '£350k'],
    [349_600, 'sales', '£350k'],
    [95_000, 'sales', '£95k'],
    [999_499, 'sales', '£999k'],
    [999_500, 'sales', '£1m'],
    [1_250_000, 'sales', '£1.25m'],
    [2_000_000, 'sales', '£2m'],
    [1_505_000, 'sales', '£1.51m'],
    [950, 'sales', '£950'],
    [1250, 'lettings', '£1,250 pcm'],
    [12_500, 'lettings', '£12,500 pcm'],
  ] as const)('%i %s → %s', (amount, type, label) => {
    expect(toPinPriceLabel(amount, type)).toBe(label)
  })
})

describe('truncateSummary', () => {
  it('keeps 120 characters or fewer unchanged, spaces collapsed', () => {
    expect(SUMMARY_MAX_LENGTH).toBe(120)
    expect(truncateSummary('  A  bright   flat ')).toBe('A bright flat')
    const exact = 'x'.repeat(120)
    expect(truncateSummary(exact)).toBe(exact)
  })
  it('cuts on a word boundary with an ellipsis', () => {
    const text = `${'word '.repeat(30)}end`
    const cut = truncateSummary(text)
    expect(cut).toBe(`${'word '.repeat(23).trim()}…`)
    expect(cut.length).toBeLessThanOrEqual(120)
  })
  it('cuts mid-word when no space is near', () => {
    expect(truncateSummary('y'.repeat(130))).toBe(`${'y'.repeat(119)}…`)
  })
})

describe('toLongDate', () => {
  it('writes a UK long date', () => {
    expect(toLongDate('2026-11-21T12:00:00Z')).toBe('21 November 2026')
    expect(toLongDate(new Date('2026-03-01T12:00:00Z'))).toBe('1 March 2026')
  })
})

describe('isAvailableBy', () => {
  it('is available on its day and after it, not before', () => {
    expect(isAvailableBy('2026-10-29', '2026-12-02')).toBe(true)
    expect(isAvailableBy('2026-12-02', '2026-12-02')).toBe(true)
    expect(isAvailableBy('2026-12-03', '2026-12-02')).toBe(false)
  })
})

describe('toDistanceLabel (SPEC §9: plural when over 1 mile)', () => {
  it.each([
    [0.25, '0.25 mile'],
    [0.5, '0.5 mile'],
    [1, '1 mile'],
    [1.5, '1.5 miles'],
    [3, '3 miles'],
    [40, '40 miles'],
    [2.3456, '2.35 miles'],
    [0, '0 miles'],
  ])('%f → %s', (miles, label) => {
    expect(toDistanceLabel(miles)).toBe(label)
  })
})

describe('toAlertPriceLabel (SPEC §2: from, to or a range)', () => {
  it.each([
    [100_000, 300_000, 'sales', '£100,000 - £300,000'],
    [100_000, 0, 'sales', 'from £100,000'],
    [0, 300_000, 'sales', 'to £300,000'],
    [1000, 1500, 'lettings', '£1,000 - £1,500 PCM'],
    [1000, 0, 'lettings', 'from £1,000 PCM'],
    [0, 1500, 'lettings', 'to £1,500 PCM'],
  ] as const)('%i to %i (%s) → %s', (min, max, type, label) => {
    expect(toAlertPriceLabel(min, max, type)).toBe(label)
  })
  it('gives null when neither bound is set', () => {
    expect(toAlertPriceLabel(0, 0, 'sales')).toBeNull()
  })
})

describe('toRoomRangeLabel (SPEC §9)', () => {
  it.each([
    ['bathroom', 1, 3, 'Min 1 - Max 3 Baths'],
    ['bathroom', null, 2, 'No Min - Max 2 Baths'],
    ['bathroom', 2, null, 'Min 2 - No Max Baths'],
    ['reception', 1, 2, 'Min 1 - Max 2 Reception'],
    ['reception', null, null, 'No Min - No Max Reception'],
    ['bedroom', 0, 2, 'Studio - Max 2 Beds'],
    ['bedroom', 2, 4, 'Min 2 - Max 4 Beds'],
    ['bedroom', null, 0, 'No Min - Studio Beds'],
  ] as const)('%s %s..%s → %s', (kind, min, max, label) => {
    expect(toRoomRangeLabel(kind, min, max)).toBe(label)
  })
})

describe('toRangeText', () => {
  it.each([
    [2, 4, '2–4'],
    [2, 2, '2'],
    [2, null, 'at least 2'],
    [null, 4, 'up to 4'],
    [null, null, 'any'],
  ])('%s..%s → %s', (min, max, text) => {
    expect(toRangeText(min, max)).toBe(text)
  })
  it('renders bounds with the given function', () => {
    expect(toRangeText(0, 2, (n) => (n === 0 ? 'Studio' : String(n)))).toBe('Studio–2')
  })
})

describe('withIndefiniteArticle: a or an as the word is said', () => {
  it.each([
    ['apartment', 'an apartment'],
    ['end-of-terrace house', 'an end-of-terrace house'],
    ['enclosed garden', 'an enclosed garden'],
    ['animal', 'an animal'],
    ['office', 'an office'],
    ['industrial unit', 'an industrial unit'],
    ['upper floor flat', 'an upper floor flat'],
    ['house', 'a house'],
    ['detached house', 'a detached house'],
    ['flat', 'a flat'],
    ['unit', 'a unit'],
    ['one-bedroom flat', 'a one-bedroom flat'],
    ['European city', 'a European city'],
    ['hour', 'an hour'],
    ['8 bedroom house', 'an 8 bedroom house'],
    ['11 acre plot', 'an 11 acre plot'],
    ['18th-century cottage', 'an 18th-century cottage'],
    ['1 bedroom flat', 'a 1 bedroom flat'],
    ['110 acre farm', 'a 110 acre farm'],
    ['25% share', 'a 25% share'],
  ])('%s: %s', (phrase, expected) => expect(withIndefiniteArticle(phrase)).toBe(expected))

  it('starts a heading with a capital', () => {
    expect(withIndefiniteArticle('apartment', true)).toBe('An apartment')
    expect(withIndefiniteArticle('semi-detached house', true)).toBe('A semi-detached house')
  })
})
