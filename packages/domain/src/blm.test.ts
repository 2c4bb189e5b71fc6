import { describe, expect, it } from 'vitest'
import {
  BLM_FURNISHING,
  BLM_PROPERTY_TYPES,
  BLM_STATUSES,
  BLM_TENURES,
  BLM_TRANSACTION_TYPES,
  DEFAULT_PRE_MARKET_RULE,
  isBlmPreMarket,
  parsePreMarketRule,
  toBlmPriceQualifier,
  toBlmPropertyType,
  toBlmRentPcm,
} from './blm.ts'
import { PROPERTY_STYLES, PROPERTY_TYPES } from './property-types.ts'

describe('BLM TRANS_TYPE_ID', () => {
  it('maps 1 to sales and 2 to lettings, and nothing else', () => {
    expect(BLM_TRANSACTION_TYPES).toEqual({ 1: 1, 2: 2 })
  })
})

describe('BLM STATUS_ID', () => {
  it.each([
    [0, 'Available', 'available'],
    [1, 'SSTC', 'sstc'],
    [2, 'SSTCM', 'sstc'],
    [3, 'Under Offer', 'under_offer'],
    [4, 'Reserved', 'under_offer'],
    [5, 'Let Agreed', 'let_agreed'],
  ])('maps %i (%s) to %s', (code, label, availability) => {
    expect(BLM_STATUSES[code]).toEqual({ label, availability })
  })
  it('knows the six codes of v3 only', () => {
    expect(Object.keys(BLM_STATUSES)).toEqual(['0', '1', '2', '3', '4', '5'])
  })
})

describe('BLM PRICE_QUALIFIER', () => {
  it.each([
    [0, 1, 'Asking Price'],
    [0, 2, 'Per Month'],
    [null, 1, 'Asking Price'],
    [1, 1, 'POA'],
    [2, 1, 'Guide Price'],
    [3, 1, 'Fixed Price'],
    [4, 1, 'Offers in Excess of'],
    [5, 1, 'Offers in the Region of'],
    [6, 1, 'Sale by Tender'],
    [7, 1, 'From'],
    [8, 1, 'Asking Price'],
    [9, 1, 'Shared Ownership'],
    [10, 1, 'Offers Over'],
    [11, 1, 'Part Buy Part Rent'],
    [12, 1, 'Shared Equity'],
    [15, 1, 'Offers Invited'],
    [16, 1, 'Coming Soon'],
    [99, 2, 'Per Month'],
  ] as const)('reads %j for transaction type %i as %j', (code, transaction, label) => {
    expect(toBlmPriceQualifier(code, transaction)).toBe(label)
  })
})

describe('BLM PROP_SUB_ID', () => {
  it.each([
    [1, 1, 3],
    [2, 1, 4],
    [3, 1, 2],
    [4, 1, 1],
    [5, 1, 8],
    [8, 2, 9],
    [9, 2, 13],
    [11, 2, 11],
    [12, 3, null],
    [13, 3, 16],
    [14, 3, 15],
    [15, 3, 14],
    [16, 4, 18],
    [20, 6, null],
    [21, 1, 7],
    [22, 1, 5],
    [23, 1, 6],
    [28, 2, 10],
    [29, 2, 12],
    [50, 4, 17],
    [110, 6, 23],
    [118, 4, 19],
    [178, 5, 20],
    [187, 5, 21],
    [238, 5, 22],
  ])('maps %i to type %i, style %j', (code, typeId, styleId) => {
    expect(toBlmPropertyType(code)).toEqual({ type: expect.objectContaining({ property_type_id: typeId, property_style_id: styleId }), known: true })
  })
  it('marks retirement and shared houses', () => {
    expect(BLM_PROPERTY_TYPES[47]).toMatchObject({ retirement: true })
    expect(BLM_PROPERTY_TYPES[48]).toMatchObject({ house_flat_share: true })
    expect(BLM_PROPERTY_TYPES[49]).toMatchObject({ house_flat_share: true })
  })
  it('falls back to a House with no style, unknown unless the code is 0 (not specified)', () => {
    expect(toBlmPropertyType(0)).toEqual({ type: { property_type_id: 1, property_style_id: null }, known: true })
    expect(toBlmPropertyType(30)).toEqual({ type: { property_type_id: 1, property_style_id: null }, known: false })
    expect(toBlmPropertyType(null).known).toBe(false)
  })
  it('points every code at a real type, and at a style of that type', () => {
    const typeIds = new Set<number>(PROPERTY_TYPES.map((t) => t.property_type_id))
    for (const mapped of Object.values(BLM_PROPERTY_TYPES)) {
      expect(typeIds.has(mapped.property_type_id)).toBe(true)
      if (mapped.property_style_id !== null) {
        expect(PROPERTY_STYLES.find((s) => s.property_style_id === mapped.property_style_id)?.property_type_id).toBe(mapped.property_type_id)
      }
    }
  })
})

describe('BLM LET_RENT_FREQUENCY', () => {
  it.each([
    [300, 0, 1300],
    [1200, 1, 1200],
    [3600, 2, 1200],
    [14400, 3, 1200],
    [150, 5, 650],
    [1200, null, 1200],
    [1200, 9, 1200],
  ])('turns %i at frequency %j into £%i pcm', (rent, frequency, pcm) => {
    expect(toBlmRentPcm(rent, frequency)).toBe(pcm)
  })
})

describe('BLM LET_FURN_ID', () => {
  it('maps furnished, part furnished and unfurnished, and leaves the rest unset', () => {
    expect(BLM_FURNISHING).toEqual({ 0: 'furnished', 1: 'part_furnished', 2: 'unfurnished', 3: null, 4: null })
  })
})

describe('BLM TENURE_TYPE_ID', () => {
  it('maps the five tenures', () => {
    expect(BLM_TENURES).toEqual({ 1: 'Freehold', 2: 'Leasehold', 3: 'Feudal', 4: 'Commonhold', 5: 'Share of Freehold' })
  })
})

describe('pre-market rule', () => {
  it('makes unpublished records pre-market by default', () => {
    expect(isBlmPreMarket(DEFAULT_PRE_MARKET_RULE, { published: false, statusId: 0 })).toBe(true)
    expect(isBlmPreMarket(DEFAULT_PRE_MARKET_RULE, { published: true, statusId: 0 })).toBe(false)
  })
  it('reads statuses, unpublished and none', () => {
    expect(parsePreMarketRule('status:4')).toEqual({ unpublished: false, statusIds: [4] })
    expect(parsePreMarketRule(' Unpublished , status:0 ')).toEqual({ unpublished: true, statusIds: [0] })
    expect(parsePreMarketRule('none')).toEqual({ unpublished: false, statusIds: [] })
    const rule = parsePreMarketRule('status:4')!
    expect(isBlmPreMarket(rule, { published: true, statusId: 4 })).toBe(true)
    expect(isBlmPreMarket(rule, { published: false, statusId: 0 })).toBe(false)
  })
  it.each(['', 'status:9', 'status:x', 'premarket'])('refuses %j', (text) => {
    expect(parsePreMarketRule(text)).toBeNull()
  })
})
