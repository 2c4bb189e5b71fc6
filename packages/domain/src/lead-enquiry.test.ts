import { describe, expect, it } from 'vitest'
import type { PropertyCard } from './catalogue.schema.ts'
import {
  LEAD_ENQUIRY_FIELD_ORDER,
  LeadEnquiryPayloadSchema,
  isViewingChosen,
  parseLeadEnquiry,
  parseLeadEnquiryPayload,
  toLeadEnquiryContext,
  toLeadEnquiryPayload,
} from './lead-enquiry.ts'
import type { LeadEnquiryContext, LeadEnquiryForm } from './lead-enquiry.ts'
import { MESSAGES } from './messages.ts'

const valid = {
  i_would_like: ['to-view-a-property'],
  salutation_id: '3',
  name: ' Jane ',
  surname: 'Smith',
  comment: 'Could I view it on Saturday morning?',
  email: 'jane@example.co.uk',
  mobile_phone: '07400 123456',
  contact_address: { suggestion_id: 'addr-1', display_name: '1 High Street, Leeds LS1 1AA' },
  i_have_a_property_to_sell: 'yes-not-yet-on-market',
  i_have_a_property_to_let: 'no',
  my_property_valued: 'on',
  viewing_lead_date: '2026-07-01 10:30',
}

const checked: LeadEnquiryForm = {
  i_would_like: ['to-view-a-property'],
  salutation_id: 3,
  name: 'Jane',
  surname: 'Smith',
  comment: 'Could I view it on Saturday morning?',
  email: 'jane@example.co.uk',
  mobile_phone: '07400 123456',
  contact_address: { suggestion_id: 'addr-1', display_name: '1 High Street, Leeds LS1 1AA' },
  i_have_a_property_to_sell: 'yes-not-yet-on-market',
  i_have_a_property_to_let: 'no',
  my_property_valued: true,
  viewing_lead_date: '2026-07-01T10:30',
}

const context: LeadEnquiryContext = {
  url: 'https://agency.example/property/42/two-bed-flat-leeds',
  transaction_type_id: 1,
  property_profile_id: 42,
  property_address: 'Park Row, Leeds',
  price: 250_000,
  bedrooms: 2,
  branch_id: 7,
  contact_applicant_id: 9,
}

describe('parseLeadEnquiry', () => {
  it('accepts a complete form, trimming names and normalising the viewing time', () => {
    expect(parseLeadEnquiry(valid)).toEqual({ success: true, data: checked })
  })

  it('checks the 8 rules in SPEC §5 order', () => {
    const result = parseLeadEnquiry({})
    expect(result).toEqual({
      success: false,
      message: 'Please select more details or to view a property',
      field: 'i_would_like',
      errors: {
        i_would_like: ['Please select more details or to view a property'],
        name: ['Name is required'],
        surname: ['Surname is required'],
        comment: ['Your message is required'],
        email: ['Email is required'],
        mobile_phone: ['Mobile phone is required'],
        contact_address: ['Address must be selected'],
        i_have_a_property_to_sell: ['Please select if you have a property to sell'],
        i_have_a_property_to_let: ['Please select if you have a property to let'],
      },
    })
  })

  it('reports the first failing rule when several later ones fail too', () => {
    const result = parseLeadEnquiry({ ...valid, surname: 'Li', email: 'nope', i_have_a_property_to_let: undefined })
    expect(result).toMatchObject({ success: false, message: 'Surname must be at least 3 characters', field: 'surname' })
    expect(result.success ? [] : Object.keys(result.errors)).toEqual(['surname', 'email', 'i_have_a_property_to_let'])
  })

  it.each([
    ['no choice', { i_would_like: [] }, 'i_would_like', MESSAGES.LEAD_I_WOULD_LIKE_REQUIRED],
    ['an unknown choice', { i_would_like: ['a-cup-of-tea'] }, 'i_would_like', MESSAGES.LEAD_I_WOULD_LIKE_REQUIRED],
    ['an empty name', { name: '' }, 'name', 'Name is required'],
    ['a two-letter name', { name: 'Jo' }, 'name', 'Name must be at least 3 characters'],
    ['a name short once trimmed', { name: '  Jo  ' }, 'name', 'Name must be at least 3 characters'],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name', 'Name may not be greater than 100 characters.'],
    ['a missing surname', { surname: undefined }, 'surname', 'Surname is required'],
    ['a two-letter surname', { surname: 'Li' }, 'surname', 'Surname must be at least 3 characters'],
    ['an empty message', { comment: ' ' }, 'comment', 'Your message is required'],
    ['a two-character message', { comment: 'Hi' }, 'comment', 'Your message must be at least 3 characters.'],
    ['a message of 256 characters', { comment: 'm'.repeat(256) }, 'comment', 'Your message may not be greater than 255 characters.'],
    ['an empty e-mail', { email: '' }, 'email', 'Email is required'],
    ['an invalid e-mail', { email: 'jane@example' }, 'email', 'Please enter a valid email address.'],
    ['an empty mobile', { mobile_phone: '' }, 'mobile_phone', 'Mobile phone is required'],
    ['a mobile of 8 characters', { mobile_phone: '07400123' }, 'mobile_phone', 'Mobile phone must be at least 9 characters'],
    ['a landline', { mobile_phone: '0113 496 0000' }, 'mobile_phone', 'Please enter a valid mobile phone number.'],
    ['a French mobile', { mobile_phone: '+33 6 12 34 56 78' }, 'mobile_phone', 'Please enter a valid mobile phone number.'],
    ['an over-long mobile', { mobile_phone: '0'.repeat(31) }, 'mobile_phone', 'Please enter a valid mobile phone number.'],
    ['a typed address', { contact_address: '1 High Street, Leeds' }, 'contact_address', 'Address must be selected'],
    ['an address without suggestion', { contact_address: { display_name: '1 High Street' } }, 'contact_address', 'Address must be selected'],
    ['no address', { contact_address: null }, 'contact_address', 'Address must be selected'],
    ['no property to sell answer', { i_have_a_property_to_sell: '' }, 'i_have_a_property_to_sell', 'Please select if you have a property to sell'],
    ['an unknown sell answer', { i_have_a_property_to_sell: 'maybe' }, 'i_have_a_property_to_sell', 'Please select if you have a property to sell'],
    ['no property to let answer', { i_have_a_property_to_let: undefined }, 'i_have_a_property_to_let', 'Please select if you have a property to let'],
    ['no viewing time when viewing', { viewing_lead_date: undefined }, 'viewing_lead_date', 'Please choose ideal viewing time.'],
    ['a malformed viewing time', { viewing_lead_date: '2026-07-01' }, 'viewing_lead_date', 'Please choose ideal viewing time.'],
    ['a viewing before 07:00', { viewing_lead_date: '2026-07-01T06:45' }, 'viewing_lead_date', 'Please choose ideal viewing time between 07:00 and 19:00.'],
    ['a viewing after 19:00', { viewing_lead_date: '2026-07-01T19:15' }, 'viewing_lead_date', 'Please choose ideal viewing time between 07:00 and 19:00.'],
  ])('refuses %s', (_case, patch, field, message) => {
    expect(parseLeadEnquiry({ ...valid, ...patch })).toEqual({ success: false, message, field, errors: { [field]: [message] } })
  })

  it('allows a viewing at 07:00 and at 19:00', () => {
    expect(parseLeadEnquiry({ ...valid, viewing_lead_date: '2026-07-01T07:00' }).success).toBe(true)
    expect(parseLeadEnquiry({ ...valid, viewing_lead_date: '2026-07-01T19:00' }).success).toBe(true)
  })

  it('ignores and drops the viewing time when viewing is not chosen', () => {
    const result = parseLeadEnquiry({ ...valid, i_would_like: 'more-details', viewing_lead_date: '2026-07-01T03:00' })
    expect(result).toEqual({ success: true, data: { ...checked, i_would_like: ['more-details'], viewing_lead_date: undefined } })
    expect(result.success && 'viewing_lead_date' in result.data && result.data.viewing_lead_date !== undefined).toBe(false)
  })

  it('refuses a viewing time in the past when given the clock', () => {
    const now = new Date('2026-07-01T10:00:00Z')
    expect(parseLeadEnquiry({ ...valid, viewing_lead_date: '2026-07-01T10:30' }, { now })).toMatchObject({
      success: false,
      message: 'Please choose ideal viewing time in the future.',
    })
    expect(parseLeadEnquiry({ ...valid, viewing_lead_date: '2026-07-01T11:30' }, { now }).success).toBe(true)
  })

  it('reads the checkbox of a valuation and the default salutation', () => {
    const { salutation_id: _s, my_property_valued: _v, ...rest } = valid
    expect(parseLeadEnquiry(rest)).toMatchObject({ success: true, data: { salutation_id: 2, my_property_valued: false } })
  })

  it('ranks every field it checks', () => {
    expect(LEAD_ENQUIRY_FIELD_ORDER.slice(0, 9)).toEqual([
      'i_would_like',
      'name',
      'surname',
      'comment',
      'email',
      'mobile_phone',
      'contact_address',
      'i_have_a_property_to_sell',
      'i_have_a_property_to_let',
    ])
  })
})

describe('toLeadEnquiryPayload (SPEC §3)', () => {
  it('builds the SPEC lead payload', () => {
    expect(toLeadEnquiryPayload(checked, context)).toEqual({
      i_would_like: ['to-view-a-property'],
      salutation_id: 3,
      name: 'Jane',
      surname: 'Smith',
      comment: 'Could I view it on Saturday morning?',
      email: 'jane@example.co.uk',
      mobile_phone: '+447400123456',
      contact_address: { suggestion_id: 'addr-1', display_name: '1 High Street, Leeds LS1 1AA' },
      i_have_a_property_to_sell: 'yes-not-yet-on-market',
      i_have_a_property_to_let: 'no',
      viewing_lead_date: '2026-07-01T10:30',
      my_property_valued: 'yes',
      property_address: 'Park Row, Leeds',
      url: 'https://agency.example/property/42/two-bed-flat-leeds',
      transaction_type_id: 1,
      property_profile_id: 42,
      price: 250_000,
      bedrooms: 2,
      confirm: 'confirmed',
      branch_id: 7,
      contact_applicant_id: 9,
    })
  })

  it('leaves out the viewing time when viewing is not chosen, and an unknown applicant', () => {
    const payload = toLeadEnquiryPayload(
      { ...checked, i_would_like: ['more-details', 'to-sell-my-property'], my_property_valued: false },
      { ...context, contact_applicant_id: null },
    )
    expect(payload).not.toHaveProperty('viewing_lead_date')
    expect(payload).not.toHaveProperty('contact_applicant_id')
    expect(payload.my_property_valued).toBe('no')
    expect(payload.i_would_like).toEqual(['more-details', 'to-sell-my-property'])
  })

  it('defaults i_would_like to to-view-a-property', () => {
    expect(toLeadEnquiryPayload({ ...checked, i_would_like: [] }, context).i_would_like).toEqual(['to-view-a-property'])
  })

  it('passes its own schema', () => {
    const payload = toLeadEnquiryPayload(checked, context)
    expect(LeadEnquiryPayloadSchema.parse(payload)).toEqual(payload)
    expect(parseLeadEnquiryPayload(payload)).toEqual({ success: true, data: payload })
  })
})

describe('parseLeadEnquiryPayload (the API body check)', () => {
  const payload = toLeadEnquiryPayload(checked, context)
  it('refuses a past viewing time with SPEC §8 wording when given the clock', () => {
    expect(parseLeadEnquiryPayload(payload, { now: new Date('2026-07-02T00:00:00Z') })).toMatchObject({
      success: false,
      field: 'viewing_lead_date',
      message: 'Please choose ideal viewing time in the future.',
    })
  })
  it('demands confirm and the yes/no valuation', () => {
    const result = parseLeadEnquiryPayload({ ...payload, confirm: 'yes', my_property_valued: true })
    expect(result.success ? [] : Object.keys(result.errors)).toEqual(['my_property_valued', 'confirm'])
  })
  it('drops a viewing time sent without viewing', () => {
    const result = parseLeadEnquiryPayload({ ...payload, i_would_like: ['more-details'] })
    expect(result.success && result.data.viewing_lead_date).toBe(undefined)
  })
  it('refuses a body that is no object', () => {
    expect(parseLeadEnquiryPayload('lead')).toMatchObject({ success: false, field: 'form' })
  })
})

describe('toLeadEnquiryContext', () => {
  const card = {
    property_profile_id: 42,
    transaction_type_id: 2,
    display_address: 'Park Row, Leeds',
    price: { type: { name: 'PCM' }, price: '£1,200 PCM', numberPrice: 1200 },
    bedroom: 2,
    branch_id: 7,
  } satisfies Pick<PropertyCard, 'property_profile_id' | 'transaction_type_id' | 'display_address' | 'price' | 'bedroom' | 'branch_id'>
  it('takes the property fields of a card', () => {
    expect(toLeadEnquiryContext(card, '/property/42', 9)).toEqual({
      url: '/property/42',
      transaction_type_id: 2,
      property_profile_id: 42,
      property_address: 'Park Row, Leeds',
      price: 1200,
      bedrooms: 2,
      branch_id: 7,
      contact_applicant_id: 9,
    })
  })
  it('has no price for a locked card and no applicant for a visitor', () => {
    const ctx = toLeadEnquiryContext({ ...card, price: null }, '/property/42')
    expect(ctx.price).toBeNull()
    expect(ctx).not.toHaveProperty('contact_applicant_id')
  })
})

describe('isViewingChosen', () => {
  it('is true only with to-view-a-property', () => {
    expect(isViewingChosen(['more-details', 'to-view-a-property'])).toBe(true)
    expect(isViewingChosen(['more-details'])).toBe(false)
  })
})
