import { describe, expect, it } from 'vitest'
import { VALUATION_MESSAGES, VALUATION_NOTE_MAX_LENGTH, checkValuationDetails, type ValuationDetails } from './valuation.ts'

describe('the valuation form', () => {
  const details = (changes: Partial<ValuationDetails> = {}): ValuationDetails => ({ valuation_type: 1, property_type: 'Bungalow', bedrooms: '2', preferred_time: '', note: '', ...changes })
  const now = new Date('2026-11-29T12:00:00Z')

  it('takes a type of property and bedrooms, with or without a preferred time', () => {
    expect(checkValuationDetails(details(), now)).toBeNull()
    expect(checkValuationDetails(details({ preferred_time: '2026-12-02T10:00' }), now)).toBeNull()
  })

  it('asks first for the type of property, then the bedrooms, each at its field', () => {
    expect(checkValuationDetails(details({ property_type: '', bedrooms: '' }), now)).toEqual({
      success: false,
      field: 'valuation_property_type',
      message: VALUATION_MESSAGES.PROPERTY_TYPE_REQUIRED,
      // Every field's message, for the form to show each at its field.
      errors: { valuation_property_type: [VALUATION_MESSAGES.PROPERTY_TYPE_REQUIRED], valuation_bedrooms: [VALUATION_MESSAGES.BEDROOMS_REQUIRED] },
    })
    expect(checkValuationDetails(details({ property_type: 'Castle' }), now)?.field).toBe('valuation_property_type')
    expect(checkValuationDetails(details({ bedrooms: '' }), now)).toMatchObject({ field: 'valuation_bedrooms', message: VALUATION_MESSAGES.BEDROOMS_REQUIRED })
    expect(checkValuationDetails(details({ bedrooms: '12' }), now)?.field).toBe('valuation_bedrooms')
  })

  it('refuses a preferred time outside 07:00 to 19:00, or past', () => {
    expect(checkValuationDetails(details({ preferred_time: '2026-12-02T20:00' }), now)?.message).toBe(VALUATION_MESSAGES.PREFERRED_TIME_OUT_OF_HOURS)
    expect(checkValuationDetails(details({ preferred_time: 'not a time' }), now)?.message).toBe(VALUATION_MESSAGES.PREFERRED_TIME_OUT_OF_HOURS)
    expect(checkValuationDetails(details({ preferred_time: '2026-11-28T10:00' }), now)).toMatchObject({ field: 'valuation_date', message: VALUATION_MESSAGES.PREFERRED_TIME_IN_PAST })
  })

  it('keeps the note short enough for the message SPEC allows', () => {
    expect(checkValuationDetails(details({ note: 'x'.repeat(VALUATION_NOTE_MAX_LENGTH) }), now)).toBeNull()
    expect(checkValuationDetails(details({ note: 'x'.repeat(VALUATION_NOTE_MAX_LENGTH + 1) }), now)).toMatchObject({ field: 'comment', message: VALUATION_MESSAGES.NOTE_TOO_LONG })
  })
})
