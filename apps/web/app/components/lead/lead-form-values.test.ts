import { MESSAGES, VALUATION_NOTE_MAX_LENGTH, parseLeadEnquiry } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import {
  LEAD_FIELD,
  emptyLeadFormValues,
  readLeadFormValues,
  splitViewingValue,
  toAddressChoiceValue,
  toLeadFormInput,
  toViewingTimeOptions,
  toValuationLeadValues,
  toViewingValue,
  withPrefill,
} from './lead-form-values.ts'
import type { LeadFormValues } from './lead-form-values.ts'
import { toLeadPrefill } from './lead-prefill.ts'

const complete: LeadFormValues = {
  ...emptyLeadFormValues(),
  salutation_id: '3',
  name: 'James',
  surname: 'Whitaker',
  viewing_lead_date: '2030-06-03T10:30',
  comment: 'Is the garden south facing?',
  email: 'james@example.org',
  mobile_phone: '07400 123456',
  contact_address: '12 High Street, Guildford GU1 3AA',
  contact_address_id: 'property:12',
  i_have_a_property_to_sell: 'no',
  i_have_a_property_to_let: 'no',
}

function formOf(entries: Array<[string, string]>): FormData {
  const form = new FormData()
  for (const [name, value] of entries) form.append(name, value)
  return form
}

/** The first SPEC §5 message the form's values give, or null. */
const firstMessage = (values: LeadFormValues) => {
  const parsed = parseLeadEnquiry(toLeadFormInput(values))
  return parsed.success ? null : parsed.message
}

describe('emptyLeadFormValues', () => {
  it('chooses a viewing by default (SPEC §3) and nothing else', () => {
    expect(emptyLeadFormValues().i_would_like).toEqual(['to-view-a-property'])
    expect(emptyLeadFormValues().my_property_valued).toBe(false)
  })

  it('starts the valuation page on a sales valuation', () => {
    const values = emptyLeadFormValues({ iWouldLike: ['to-sell-my-property'], valued: true, transactionTypeId: 1 })
    expect(values).toMatchObject({ i_would_like: ['to-sell-my-property'], my_property_valued: true, transaction_type_id: '1' })
  })
})

describe('readLeadFormValues', () => {
  it('reads every field of a post, the viewing time from its date and time inputs', () => {
    const values = readLeadFormValues(
      formOf([
        [LEAD_FIELD.I_WOULD_LIKE, 'to-view-a-property'],
        [LEAD_FIELD.I_WOULD_LIKE, 'more-details'],
        [LEAD_FIELD.SALUTATION, '3'],
        [LEAD_FIELD.NAME, 'James'],
        [LEAD_FIELD.VIEWING_DATE, '2030-06-03'],
        [LEAD_FIELD.VIEWING_TIME, '10:30'],
        [LEAD_FIELD.ADDRESS, '12 High Street'],
        [LEAD_FIELD.ADDRESS_ID, 'property:12'],
        [LEAD_FIELD.VALUED, 'yes'],
        [LEAD_FIELD.TRANSACTION_TYPE, '2'],
      ]),
    )
    expect(values).toMatchObject({
      i_would_like: ['to-view-a-property', 'more-details'],
      salutation_id: '3',
      name: 'James',
      surname: '',
      viewing_lead_date: '2030-06-03T10:30',
      contact_address: '12 High Street',
      contact_address_id: 'property:12',
      my_property_valued: true,
      transaction_type_id: '2',
    })
  })

  it('takes an address chosen among the suggestions a page without JavaScript offered', () => {
    const choice = toAddressChoiceValue({ suggestion_id: 'property:7', display_name: '7 Mill Lane, Farnham GU9 7AA' })
    const values = readLeadFormValues(formOf([[LEAD_FIELD.ADDRESS, 'mill lane'], [LEAD_FIELD.ADDRESS_CHOICE, choice]]))
    expect(values.contact_address).toBe('7 Mill Lane, Farnham GU9 7AA')
    expect(values.contact_address_id).toBe('property:7')
  })

  it('reads no choice and no valuation from an empty post', () => {
    expect(readLeadFormValues(new FormData())).toMatchObject({ i_would_like: [], my_property_valued: false, viewing_lead_date: '' })
  })
})

describe('viewing time fields', () => {
  it('joins a date and a time, and gives nothing for either alone', () => {
    expect(toViewingValue('', '2030-06-03', '07:00')).toBe('2030-06-03T07:00')
    expect(toViewingValue('', '2030-06-03', '')).toBe('')
    expect(toViewingValue('', '', '07:00')).toBe('')
    expect(toViewingValue('2030-06-03T08:00', '', '')).toBe('2030-06-03T08:00')
  })

  it('splits a value for the two inputs', () => {
    expect(splitViewingValue('2030-06-03T10:15')).toEqual({ date: '2030-06-03', time: '10:15' })
    expect(splitViewingValue('')).toEqual({ date: '', time: '' })
  })

  it('offers 24-hour times from 07:00 to 19:00 in quarter hours (SPEC §5)', () => {
    const options = toViewingTimeOptions(7, 19, 15)
    expect(options[0]).toBe('07:00')
    expect(options.at(-1)).toBe('19:00')
    expect(options).toContain('13:45')
    expect(options).toHaveLength(49)
  })
})

describe('toLeadFormInput and SPEC §5 order', () => {
  it('passes a complete form', () => {
    expect(firstMessage(complete)).toBeNull()
  })

  it('gives each SPEC §5 message in SPEC order as the fields are emptied one by one from the top', () => {
    let values: LeadFormValues = { ...complete }
    const seen: string[] = []
    const steps: Array<[Partial<LeadFormValues>, string]> = [
      [{ i_have_a_property_to_let: '' }, MESSAGES.LEAD_PROPERTY_TO_LET_REQUIRED],
      [{ i_have_a_property_to_sell: '' }, MESSAGES.LEAD_PROPERTY_TO_SELL_REQUIRED],
      [{ contact_address_id: '' }, MESSAGES.ADDRESS_NOT_SELECTED],
      [{ mobile_phone: '0770' }, MESSAGES.MOBILE_PHONE_MIN_LENGTH],
      [{ email: 'james@' }, MESSAGES.EMAIL_INVALID],
      [{ comment: 'x'.repeat(256) }, MESSAGES.LEAD_MESSAGE_MAX_LENGTH],
      [{ surname: 'Wh' }, MESSAGES.SURNAME_MIN_LENGTH],
      [{ name: 'Jo' }, MESSAGES.NAME_MIN_LENGTH],
      [{ i_would_like: [] }, MESSAGES.LEAD_I_WOULD_LIKE_REQUIRED],
    ]
    for (const [change, message] of steps) {
      values = { ...values, ...change }
      seen.push(firstMessage(values) ?? 'passed')
      expect(seen.at(-1)).toBe(message)
    }
  })

  it('counts a typed address only once a suggestion is chosen (SPEC §5 rule 7)', () => {
    expect(toLeadFormInput({ ...complete, contact_address_id: '' }).contact_address).toBeUndefined()
    expect(toLeadFormInput(complete).contact_address).toEqual({ suggestion_id: 'property:12', display_name: '12 High Street, Guildford GU1 3AA' })
  })

  it('ignores the viewing time unless viewing is chosen', () => {
    expect(firstMessage({ ...complete, viewing_lead_date: '' })).toBe(MESSAGES.VIEWING_TIME_REQUIRED)
    expect(firstMessage({ ...complete, viewing_lead_date: '', i_would_like: ['more-details'] })).toBeNull()
  })

  it('refuses a viewing time outside 07:00 to 19:00', () => {
    expect(firstMessage({ ...complete, viewing_lead_date: '2030-06-03T19:15' })).toBe(MESSAGES.VIEWING_TIME_OUT_OF_HOURS)
  })
})

describe('toLeadPrefill', () => {
  const contact = {
    salutation_id: 3,
    name: 'James',
    surname: 'Whitaker',
    communication_infos: [
      { value: 'other@example.org', preferred: false, communication_method_id: 1 },
      { value: 'james@example.org', preferred: true, communication_method_id: 1 },
      { value: '07400 123456', preferred: false, communication_method_id: 2 },
    ],
    contact_addresses: [
      { contact_address_id: 5, display_name: '12 High Street, Guildford GU1 3AA', address_line_1: null, address_line_2: null, town: null, county: null, postcode: null, lat: null, lng: null },
    ],
  }

  it("fills a logged-in contact's known fields, the preferred e-mail first", () => {
    expect(toLeadPrefill(contact)).toEqual({
      salutation_id: '3',
      name: 'James',
      surname: 'Whitaker',
      email: 'james@example.org',
      mobile_phone: '07400 123456',
      contact_address: '12 High Street, Guildford GU1 3AA',
      contact_address_id: 'contact-address:5',
    })
  })

  it('leaves out what the form would refuse, so its input stays visible', () => {
    const prefill = toLeadPrefill({ ...contact, salutation_id: 16, name: 'Al', communication_infos: [], contact_addresses: [] })
    expect(prefill).toEqual({ surname: 'Whitaker' })
  })

  it("lays the contact's fields over what was posted", () => {
    expect(withPrefill({ ...complete, name: 'Someone' }, { name: 'James' }).name).toBe('James')
  })
})

describe('toValuationLeadValues', () => {
  const valuation = (changes: Partial<LeadFormValues>) =>
    toValuationLeadValues({ ...emptyLeadFormValues(), transaction_type_id: '2', valuation_property_type: 'Terraced house', valuation_bedrooms: '3', valuation_date: '2026-12-01', valuation_time: '10:30', comment: 'Keys with the neighbour.', ...changes })

  it("answers SPEC's fields from the purpose and writes the valuer's answers into the message", () => {
    expect(valuation({})).toMatchObject({
      i_would_like: ['to-let-my-property'],
      i_have_a_property_to_sell: 'no',
      i_have_a_property_to_let: 'available-soon',
      my_property_valued: true,
      comment: 'Lettings valuation. Property: Terraced house, 3 bedrooms. Preferred time: Tuesday 1 December 2026, 10:30. Keys with the neighbour.',
    })
    expect(valuation({ transaction_type_id: '1', valuation_bedrooms: '0', valuation_date: '', comment: '' })).toMatchObject({
      i_would_like: ['to-sell-my-property'],
      i_have_a_property_to_sell: 'yes-not-yet-on-market',
      i_have_a_property_to_let: 'no',
      comment: 'Sales valuation. Property: Terraced house, studio. Any time suits.',
    })
  })

  it('keeps the longest message within the 255 characters SPEC allows', () => {
    const longest = valuation({ valuation_property_type: 'Semi-detached house', valuation_bedrooms: '6', valuation_date: '2026-09-30', comment: 'x'.repeat(VALUATION_NOTE_MAX_LENGTH) })
    expect(longest.comment.length).toBeLessThanOrEqual(255)
  })
})
