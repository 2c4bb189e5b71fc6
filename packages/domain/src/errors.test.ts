import { describe, expect, it } from 'vitest'
import { APPLICANT_NOT_FOUND_MESSAGE, NO_SEARCH_RESULTS_MESSAGE, toFirstErrorMessage, toLeadErrorMessage } from './errors.ts'

describe('toLeadErrorMessage (SPEC §8)', () => {
  it.each([
    [
      'the first message of the first field',
      { message: 'The given data was invalid.', errors: { email: ['The email must be a valid email address.', 'Second'], name: ['Name'] } },
      'The email must be a valid email address.',
    ],
    [
      'the viewing date message, replaced',
      { message: 'The given data was invalid.', errors: { viewing_lead_date: ['The viewing lead date must be a date after now.'] } },
      'Please choose ideal viewing time in the future.',
    ],
    ['the error message when there are no field errors', { message: 'Too many requests' }, 'Too many requests'],
    ['the next field when the first has no message', { message: 'Invalid', errors: { email: [], name: ['Name is required'] } }, 'Name is required'],
    ['the error message when every field is empty', { message: 'Invalid', errors: { email: [] } }, 'Invalid'],
  ])('shows %s', (_case, apiError, shown) => {
    expect(toLeadErrorMessage(apiError)).toBe(shown)
  })
  it('replaces only for leads', () => {
    const error = { message: 'x', errors: { viewing_lead_date: ['The viewing lead date must be a date after now.'] } }
    expect(toFirstErrorMessage(error)).toBe('The viewing lead date must be a date after now.')
  })
  it('names the SPEC §8 messages', () => {
    expect(NO_SEARCH_RESULTS_MESSAGE).toBe("Couldn't find the address.")
    expect(APPLICANT_NOT_FOUND_MESSAGE).toBe('Applicant not found')
  })
})
