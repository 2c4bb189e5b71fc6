import { describe, expect, it } from 'vitest'
import {
  ContactSchema,
  SalutationFieldSchema,
  SalutationIdSchema,
  SalutationSchema,
  getCommunicationValue,
  getContactAvatar,
  getContactDisplayAddress,
  hasContactAddress,
  isOnlineRegistration,
} from './contact.ts'
import { SALUTATIONS } from './constants.ts'

const contact = ContactSchema.parse({
  name: ' Jane ',
  surname: 'Smith',
  communication_infos: [
    { value: 'jane@example.com', preferred: true, communication_method_id: 1 },
    { value: '07400 123456', preferred: false, communication_method_id: 2 },
  ],
  contact_addresses: [{ display_name: '1 High Street, Leeds' }, { display_name: 'Old address' }],
})

describe('ContactSchema (SPEC §3)', () => {
  it('fills the defaults: salutation 2, no profiles, no subscriptions', () => {
    expect(contact).toEqual({
      salutation_id: 2,
      name: 'Jane',
      surname: 'Smith',
      contact_profiles: [],
      communication_infos: [
        { value: 'jane@example.com', preferred: true, communication_method_id: 1 },
        { value: '07400 123456', preferred: false, communication_method_id: 2 },
      ],
      contact_addresses: [{ display_name: '1 High Street, Leeds' }, { display_name: 'Old address' }],
      subscription_types: [],
    })
  })
  it('refuses a contact without communication info, names first', () => {
    const result = ContactSchema.safeParse({ name: '', surname: '', communication_infos: [] })
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Name is required', 'Surname is required', 'Missing communication info'])
  })
  it('refuses an unknown communication method', () => {
    expect(ContactSchema.safeParse({ ...contact, communication_infos: [{ value: 'x', preferred: true, communication_method_id: 3 }] }).success).toBe(false)
  })
})

describe('SalutationSchema', () => {
  it('accepts every SPEC salutation row and numeric strings for ids', () => {
    for (const row of SALUTATIONS) expect(SalutationSchema.parse(row)).toEqual(row)
    expect(SalutationIdSchema.parse('16')).toBe(16)
    expect(SalutationIdSchema.safeParse(6).success).toBe(false)
  })
  it.each([
    [undefined, 2],
    [null, 2],
    ['', 2],
    ['3', 3],
    [5, 5],
  ])('reads a form salutation %j as %i', (value, id) => {
    expect(SalutationFieldSchema.parse(value)).toBe(id)
  })
})

describe('contact helpers', () => {
  it('reads the first address as the display address', () => {
    expect(getContactDisplayAddress(contact)).toBe('1 High Street, Leeds')
    expect(hasContactAddress(contact)).toBe(true)
  })
  it.each([
    [[], false],
    [[{}], false],
    [[{ display_name: '  ' }], false],
    [[{ display_name: 'Flat 2' }], true],
  ])('addresses %j: has address %s', (addresses, has) => {
    expect(hasContactAddress({ contact_addresses: addresses })).toBe(has)
  })
  it('finds the value of a method', () => {
    expect(getCommunicationValue(contact, 1)).toBe('jane@example.com')
    expect(getCommunicationValue(contact, 2)).toBe('07400 123456')
    expect(getCommunicationValue({ communication_infos: [] }, 1)).toBeNull()
  })
  it('shows a male avatar only for Mr', () => {
    expect(getContactAvatar({ salutation_id: 3 })).toBe('male')
    expect(getContactAvatar({ salutation_id: 2 })).toBe('female')
  })
  it('knows an online registration by source 35', () => {
    expect(isOnlineRegistration({ contact_source_id: 35 })).toBe(true)
    expect(isOnlineRegistration({})).toBe(false)
  })
})
