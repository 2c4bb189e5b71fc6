import { describe, expect, it } from 'vitest'
import { ALERT_CONTACT_FIELD_ORDER, parseAlertContact, toAlertContactFormValues, toCommunicationInfos } from './alert-contact.ts'

const form = {
  salutation_id: 3,
  name: '  John ',
  surname: ' Smith  ',
  email: 'john@example.com',
  mobile_phone: '07400 123456',
  address: '1 High Street, Leeds LS1 1AA',
  subscription_confirmed: 'on',
  subscription_types: ['1', 2],
}

describe('parseAlertContact (SPEC §5 alert contact form)', () => {
  it('turns a complete form into a contact with trimmed names', () => {
    expect(parseAlertContact(form)).toEqual({
      success: true,
      data: {
        salutation_id: 3,
        name: 'John',
        surname: 'Smith',
        contact_profiles: [],
        communication_infos: [
          { value: 'john@example.com', preferred: true, communication_method_id: 1 },
          { value: '07400 123456', preferred: false, communication_method_id: 2 },
        ],
        contact_addresses: [{ display_name: '1 High Street, Leeds LS1 1AA' }],
        subscription_types: [1, 2],
      },
    })
  })

  it('reports every rule in SPEC order', () => {
    expect(parseAlertContact({ name: ' ', surname: '', email: '', mobile_phone: null, address: '', subscription_confirmed: false })).toEqual({
      success: false,
      message: 'Name is required',
      field: 'name',
      errors: {
        name: ['Name is required'],
        surname: ['Surname is required'],
        email: ['Email or phone number is required'],
        address: ['Please enter an address.'],
        subscription_confirmed: ['Please confirm subscription.'],
      },
    })
  })

  it.each([
    ['a blank name', { name: '   ' }, 'name', 'Name is required'],
    ['a missing surname', { surname: undefined }, 'surname', 'Surname is required'],
    ['neither e-mail nor phone', { email: '', mobile_phone: '' }, 'email', 'Email or phone number is required'],
    ['an invalid e-mail', { email: 'john@' }, 'email', 'Please enter a valid email address.'],
    ['an invalid mobile', { mobile_phone: '0113 496 0000' }, 'mobile_phone', 'Please enter a valid mobile phone number.'],
    ['an over-long mobile', { mobile_phone: '7'.repeat(31) }, 'mobile_phone', 'Please enter a valid mobile phone number.'],
    ['no address', { address: undefined }, 'address', 'Please enter an address.'],
    ['no consent', { subscription_confirmed: undefined }, 'subscription_confirmed', 'Please confirm subscription.'],
  ])('refuses %s', (_case, patch, field, message) => {
    expect(parseAlertContact({ ...form, ...patch })).toEqual({ success: false, message, field, errors: { [field]: [message] } })
  })

  it('accepts only an e-mail, or only a mobile which is then preferred', () => {
    const byEmail = parseAlertContact({ ...form, mobile_phone: '' })
    expect(byEmail.success && byEmail.data.communication_infos).toEqual([{ value: 'john@example.com', preferred: true, communication_method_id: 1 }])
    const byPhone = parseAlertContact({ ...form, email: undefined })
    expect(byPhone.success && byPhone.data.communication_infos).toEqual([{ value: '07400 123456', preferred: true, communication_method_id: 2 }])
  })

  it('keeps the contact id of an edited contact', () => {
    const result = parseAlertContact({ ...form, contact_id: 12 })
    expect(result.success && result.data.contact_id).toBe(12)
  })

  it('puts the either-or message before an invalid mobile', () => {
    expect(ALERT_CONTACT_FIELD_ORDER.indexOf('email')).toBeLessThan(ALERT_CONTACT_FIELD_ORDER.indexOf('mobile_phone'))
    const result = parseAlertContact({ ...form, name: '', email: 'x@', mobile_phone: '123' })
    expect(result.success ? [] : Object.entries(result.errors)).toEqual([
      ['name', ['Name is required']],
      ['email', ['Please enter a valid email address.']],
      ['mobile_phone', ['Please enter a valid mobile phone number.']],
    ])
  })
})

describe('toAlertContactFormValues', () => {
  it('round-trips a contact through the form', () => {
    const parsed = parseAlertContact({ ...form, contact_id: 12 })
    if (!parsed.success) throw new Error(parsed.message)
    const values = toAlertContactFormValues(parsed.data)
    expect(values).toEqual({
      contact_id: 12,
      salutation_id: 3,
      name: 'John',
      surname: 'Smith',
      email: 'john@example.com',
      mobile_phone: '07400 123456',
      address: '1 High Street, Leeds LS1 1AA',
      subscription_confirmed: true,
      subscription_types: [1, 2],
    })
    expect(parseAlertContact(values)).toEqual(parsed)
  })
  it('leaves missing values empty and consent unticked without subscriptions', () => {
    expect(
      toAlertContactFormValues({ salutation_id: 2, name: 'A', surname: 'B', contact_profiles: [], communication_infos: [], contact_addresses: [], subscription_types: [] }),
    ).toEqual({ salutation_id: 2, name: 'A', surname: 'B', email: '', mobile_phone: '', address: '', subscription_confirmed: false, subscription_types: [] })
  })
})

describe('toCommunicationInfos', () => {
  it('gives nothing for no e-mail and no phone', () => {
    expect(toCommunicationInfos({ email: '', mobile_phone: '' })).toEqual([])
  })
})
