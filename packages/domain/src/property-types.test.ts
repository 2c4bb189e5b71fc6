import { describe, expect, it } from 'vitest'
import { FEATURED_PROPERTY_TYPES, PROPERTY_STYLES, PROPERTY_TYPES, isResidentialPropertyType } from './property-types.ts'

describe('featured types (SPEC §3)', () => {
  it('has the SPEC boxes and type ids, Bungalow and Land type-only', () => {
    expect(FEATURED_PROPERTY_TYPES.map((f) => [f.label, f.property_type_id, f.property_style_ids.length > 0])).toEqual([
      ['Detached', 1, true],
      ['Semi-Detached', 1, true],
      ['Terraced', 1, true],
      ['Flats', 2, true],
      ['Bungalow', 3, false],
      ['Land', 6, false],
      ['Park Home', 4, true],
    ])
  })
  it('points every featured style at a style of its type', () => {
    for (const box of FEATURED_PROPERTY_TYPES) {
      for (const id of box.property_style_ids) {
        expect(PROPERTY_STYLES.find((s) => s.property_style_id === id)?.property_type_id).toBe(box.property_type_id)
      }
    }
  })
  it('gives every style a known type', () => {
    const typeIds = PROPERTY_TYPES.map((t) => t.property_type_id)
    expect(PROPERTY_STYLES.every((s) => typeIds.includes(s.property_type_id))).toBe(true)
  })
})

describe('isResidentialPropertyType', () => {
  it('takes houses, flats, bungalows and park homes for homes, and commercial property and land for none', () => {
    expect(PROPERTY_TYPES.filter((t) => isResidentialPropertyType(t.property_type_id)).map((t) => t.name)).toEqual(['House', 'Flat / Apartment', 'Bungalow', 'Park Home'])
    expect(PROPERTY_TYPES.filter((t) => !isResidentialPropertyType(t.property_type_id)).map((t) => t.name)).toEqual(['Commercial', 'Land'])
  })

  it('takes a property of no known type for a home', () => {
    expect(isResidentialPropertyType(null)).toBe(true)
  })
})
