import { APPLICANT_PROFILE, AlertCriteriaSchema, toAlertSummary } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { TEST_BRAND, TEST_BRANCH, hostile } from '../mail-fixtures.ts'
import { expectNeutralised, toVisibleText } from './expect-neutralised.ts'
import { renderAlertConfirmationMail, renderAlertSwitchedOffMail, renderBranchDigestMail, renderBranchRegistrationMail, toCriteriaFacts, type RegistrationDetails } from './alerts.tsx'

const criteria = AlertCriteriaSchema.parse({
  locations: [{ place_id: 'p1', location: 'Harrogate', lat: 53.99, lng: -1.54, distance: 3 }],
  min_price: 250_000,
  max_price: 450_000,
  min_bedroom: 2,
  property_types: [{ property_type_id: 1, property_style_ids: [] }],
  must_haves: ['garden'],
  new_homes: 'exclude',
  pets_allowed: 'show_only',
})

const registration: RegistrationDetails = {
  contactName: 'Priya Shah',
  email: null,
  phone: '07400 123456',
  address: '1 High Street, Harrogate',
  profile: 'Buyer',
  circumstances: [
    { question: 'What is your buying position?', answer: 'Cash buyer' },
    { question: 'Do you have a mortgage in principle?', answer: 'No, I am a cash buyer' },
    { question: 'When are you hoping to move?', answer: 'Within 3 months' },
  ],
  criteria: toCriteriaFacts(criteria, 'sales', new Map([[1, 'House']])),
  confirmed: false,
  others: ['Ravi Shah (ravi@example.com, 07700 900123)'],
  registeredAt: new Date('2026-11-29T09:00:00Z'),
}

describe('alert e-mails', () => {
  it('greets by name and says which alert it confirms, worded as its card, with the link, its expiry and what to do if it was not asked for', async () => {
    const mail = await renderAlertConfirmationMail({
      brand: TEST_BRAND,
      link: 'https://agency.example/heads-up-alerts/confirm?token=abc',
      expiresInDays: 7,
      looking: 'buying',
      name: ' Priya ',
      alert: toAlertSummary({ profile_id: APPLICANT_PROFILE.BUYER, criteria }, new Map([[1, 'House']])),
    })
    expect(mail.subject).toBe('Please confirm your property alert with Hartwell & Co')
    expect(mail.text.split('\n').slice(0, 14)).toEqual([
      'Hello Priya,',
      '',
      'Thank you for registering a Heads Up Property Alert for buying. Please confirm it to start receiving suggested properties and price reductions.',
      '',
      'Your alert',
      'Buying: Harrogate',
      'Harrogate (3 miles)',
      '£250,000 - £450,000',
      'Min 2 - No Max Beds',
      'No Min - No Max Baths',
      'No Min - No Max Reception',
      'Property types: House',
      '',
      'https://agency.example/heads-up-alerts/confirm?token=abc',
    ])
    expect(mail.text).toContain('This link expires in 7 days and can be used once.')
    expect(mail.text).toContain("You're receiving this because this e-mail address was given when a Heads Up Property Alert was registered on agency.example.")
    const html = toVisibleText(mail.html)
    expect(html).toContain('Hello Priya,')
    expect(html).toContain('Your alert Buying: Harrogate Harrogate (3 miles) £250,000 - £450,000 Min 2 - No Max Beds No Min - No Max Baths No Min - No Max Reception Property types: House')
    expect(mail.html).toContain('Confirm my alert')
    expect(mail.html).toContain('href="https://agency.example/heads-up-alerts/confirm?token=abc"')
  })

  it('greets plainly when no name is known, and says a renting alert with no place is for any location', async () => {
    const mail = await renderAlertConfirmationMail({
      brand: TEST_BRAND,
      link: 'https://agency.example/heads-up-alerts/confirm?token=abc',
      expiresInDays: 7,
      looking: 'renting',
      name: '  ',
      alert: toAlertSummary({ profile_id: APPLICANT_PROFILE.TENANT, criteria: AlertCriteriaSchema.parse({ max_price: 1200 }) }),
    })
    expect(mail.text.startsWith('Hello,\n')).toBe(true)
    expect(mail.text).toContain('Your alert\nRenting: Any location\nto £1,200 PCM\n')
  })

  it("escapes the agency's settings and the person's name and places in the confirmation", async () => {
    const mail = await renderAlertConfirmationMail({
      brand: { ...TEST_BRAND, agencyName: hostile('agency'), companyLines: [hostile('company')] },
      link: 'https://agency.example/heads-up-alerts/confirm?token=abc',
      expiresInDays: 7,
      looking: 'buying',
      name: hostile('name'),
      alert: toAlertSummary({ profile_id: APPLICANT_PROFILE.BUYER, criteria: { ...criteria, locations: [{ ...criteria.locations[0]!, location: hostile('place') }] } }),
    })
    expectNeutralised(mail.html, ['agency', 'company', 'Hello name', 'place'])
  })

  it("leads the branch's e-mail with their position, then the criteria as chosen, then how to reach them", async () => {
    const mail = await renderBranchRegistrationMail({ brand: TEST_BRAND, branch: TEST_BRANCH, ...registration })
    expect(mail.subject).toBe('New buyer alert registration: Priya Shah')
    expect(mail.text.split('\n')).toEqual([
      'Leeds,',
      '',
      'A Heads Up Property Alert has been registered near your branch.',
      '',
      'Priya Shah (buyer), registered Sunday 29 November 2026, 9:00',
      'What is your buying position? Cash buyer',
      'Do you have a mortgage in principle? No, I am a cash buyer',
      'When are you hoping to move? Within 3 months',
      'Locations: Harrogate (3 miles)',
      'Price: £250,000 - £450,000',
      'Bedrooms: Min 2 - No Max Beds',
      'Property types: House',
      'Must have: Garden',
      'New Homes: Exclude',
      'E-mail: none given',
      'Mobile phone: 07400 123456',
      'Address: 1 High Street, Harrogate',
      'Also on this alert: Ravi Shah (ravi@example.com, 07700 900123)',
      'No e-mail address: please call to confirm.',
      '',
      '--',
      'Hartwell & Co',
      'Leeds branch, 1 Park Row, Leeds LS1 5AB, 0113 496 0000',
      "You're receiving this because the Leeds branch is the nearest to the alert's first location.",
      ...TEST_BRAND.companyLines,
      '',
    ])
    // A lettings-only filter says nothing of a house for sale.
    expect(mail.text).not.toContain('Pets Allowed')
    // No e-mail to reply to: Call only, dialling the mobile as the domain writes it.
    expect(mail.html).toContain('href="tel:+447400123456"')
    expect(mail.html).not.toContain('href="mailto:')
    const html = mail.html
    expect(html.indexOf('Cash buyer')).toBeLessThan(html.indexOf('Harrogate (3 miles)'))
    expect(html.indexOf('Harrogate (3 miles)')).toBeLessThan(html.indexOf('1 High Street, Harrogate'))
  })

  it('gives Reply as a mailto: button when there is an e-mail address', async () => {
    const mail = await renderBranchRegistrationMail({ brand: TEST_BRAND, branch: TEST_BRANCH, ...registration, email: 'priya@example.com', confirmed: true })
    expect(mail.html).toMatch(/href="mailto:priya@example.com\?subject=Your%20Heads%20Up%20Property%20Alert%20with%20Hartwell%20%26%20Co"/)
    expect(mail.text).toContain('Confirmed by e-mail or by a logged-in contact.')
  })

  it('escapes every field a visitor wrote, in the notice and in the digest', async () => {
    const typed: RegistrationDetails = {
      ...registration,
      contactName: hostile('name'),
      phone: hostile('phone'),
      address: hostile('address'),
      circumstances: [{ question: 'Anything else we should know?', answer: hostile('notes') }],
      criteria: toCriteriaFacts({ ...criteria, locations: [{ ...criteria.locations[0]!, location: hostile('place') }] }, 'sales', new Map()),
      others: [hostile('other')],
    }
    const fields = ['name', 'phone', 'address', 'notes', 'place', 'other']
    expectNeutralised((await renderBranchRegistrationMail({ brand: TEST_BRAND, branch: TEST_BRANCH, ...typed })).html, fields)
    const digest = await renderBranchDigestMail({ brand: TEST_BRAND, branch: TEST_BRANCH, registrations: [typed, registration] })
    expect(digest.subject).toBe('New alert registrations to call: 2 phone numbers')
    expectNeutralised(digest.html, fields)
  })

  it('says which alert was switched off, when, and where to switch it on again, escaping its place names', async () => {
    const input = {
      brand: TEST_BRAND,
      branch: TEST_BRANCH,
      name: 'Priya',
      looking: 'buying',
      criteria: toCriteriaFacts(criteria, 'sales', new Map()).slice(0, 2),
      myAlertsLink: 'https://agency.example/heads-up-alerts/my-alerts',
      switchedOffAt: new Date('2026-11-29T09:00:00Z'),
    }
    const mail = await renderAlertSwitchedOffMail(input)
    expect(mail.subject).toBe('Your property alert with Hartwell & Co is switched off')
    expect(mail.text.split('\n').slice(0, 8)).toEqual([
      'Hello Priya,',
      '',
      'As you asked on Sunday 29 November 2026, 9:00, your Heads Up Property Alert for buying is switched off: you will receive no more e-mails from it. Any other alerts you have with Hartwell & Co are not changed.',
      '',
      'Locations: Harrogate (3 miles)',
      'Price: £250,000 - £450,000',
      '',
      'Changed your mind? You can switch it on again from your alerts at any time. https://agency.example/heads-up-alerts/my-alerts',
    ])
    expect(mail.html).toContain('href="https://agency.example/heads-up-alerts/my-alerts"')
    // Nothing to unsubscribe from any more: no unsubscribe link of its own.
    expect(mail.text).not.toMatch(/unsubscribe/i)
    const typed = await renderAlertSwitchedOffMail({
      ...input,
      name: hostile('name'),
      criteria: toCriteriaFacts({ ...criteria, locations: [{ ...criteria.locations[0]!, location: hostile('place') }] }, 'sales', new Map()).slice(0, 2),
    })
    expectNeutralised(typed.html, ['name', 'place'])
  })
})
