import { LeadEnquiryPayloadSchema } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { TEST_BRAND, TEST_BRANCH, hostile } from '../mail-fixtures.ts'
import { expectNeutralised, toVisibleText } from './expect-neutralised.ts'
import { renderBranchLeadMail, renderLeadAcknowledgementMail } from './leads.tsx'

const base = {
  i_would_like: ['to-view-a-property'],
  salutation_id: 4,
  name: 'Ann',
  surname: 'Lee',
  viewing_lead_date: '2026-11-29T09:00',
  comment: 'Is the garden south-facing?',
  email: 'ann.lee@example.com',
  mobile_phone: '+447400123456',
  contact_address: { suggestion_id: 'typed:1', display_name: '1 High Street, Leeds LS1 1AA' },
  i_have_a_property_to_sell: 'no',
  i_have_a_property_to_let: 'no',
  my_property_valued: 'no',
  property_address: 'Park Row, Leeds',
  url: 'https://agency.example/property/1/a-flat',
  transaction_type_id: 1,
  property_profile_id: 1,
  price: 250000,
  bedrooms: 2,
  confirm: 'confirmed',
  branch_id: 1,
}
const payload = LeadEnquiryPayloadSchema.parse(base)

/** Every field a visitor writes, each carrying markup, a quote and a script address. */
const hostilePayload = LeadEnquiryPayloadSchema.parse({
  ...base,
  name: hostile('name'),
  surname: hostile('surname'),
  comment: hostile('comment'),
  contact_address: { suggestion_id: 'typed:1', display_name: hostile('address') },
  property_address: hostile('property'),
  url: `https://agency.example/property/1/${hostile('url')}`,
})

const property = {
  heading: '2 bedroom flat for sale',
  address: 'Park Row, Leeds',
  price: '£250,000',
  link: 'https://agency.example/property/1/a-flat',
  imageUrl: 'https://agency.example/api/media/1/card',
}

describe('enquiry e-mails', () => {
  it("leads the branch's e-mail with who wants what, Reply and Call, then their position; replies go to the person", async () => {
    const mail = await renderBranchLeadMail({
      brand: TEST_BRAND,
      branch: TEST_BRANCH,
      leadId: 'L-1',
      payload,
      propertyLink: 'https://agency.example/property/1/a-flat',
      loggedIn: true,
      circumstances: [{ question: 'What is your buying position?', answer: 'First-time buyer' }],
      sentAt: new Date('2026-11-29T08:15:00Z'),
    })
    expect(mail.subject).toBe('New enquiry from Ann Lee about Park Row, Leeds')
    expect(mail.headers).toEqual({ 'Reply-To': 'ann.lee@example.com' })
    expect(mail.text.split('\n').slice(0, 22)).toEqual([
      'Leeds,',
      '',
      'Mrs Ann Lee would like: To view a property.',
      '',
      'Their position',
      'What is your buying position?: First-time buyer',
      'Property to sell: No',
      'Property to let: No',
      'Would like their property valued: No',
      '',
      'Their enquiry',
      'Ideal viewing time: Sunday 29 November 2026, 9:00',
      'Message: Is the garden south-facing?',
      '',
      'The property',
      'Park Row, Leeds, £250,000, 2 bedrooms',
      'Property page: https://agency.example/property/1/a-flat',
      '',
      'How to reach them',
      'E-mail: ann.lee@example.com',
      'Mobile phone: 07400 123456',
      'Address: 1 High Street, Leeds LS1 1AA',
    ])
    expect(mail.text).toContain('Sent Sunday 29 November 2026, 8:15 from https://agency.example/property/1/a-flat. Sent by a logged-in contact. Reference L-1.')
    expect(mail.html).toContain('href="mailto:ann.lee@example.com?subject=Your%20enquiry%20to%20Hartwell%20%26%20Co"')
    expect(mail.html).toContain('href="tel:+447400123456"')
    expect(mail.html.indexOf('First-time buyer')).toBeLessThan(mail.html.indexOf('Is the garden south-facing?'))
  })

  it("escapes everything a visitor typed in the branch's e-mail, which shows it all", async () => {
    const mail = await renderBranchLeadMail({
      brand: TEST_BRAND,
      branch: TEST_BRANCH,
      leadId: 'L-1',
      payload: hostilePayload,
      propertyLink: 'https://agency.example/property/1/a-flat',
      loggedIn: false,
      sentAt: new Date('2026-11-29T08:15:00Z'),
    })
    expectNeutralised(mail.html, ['name', 'surname', 'comment', 'address', 'property'])
    expect(mail.html).toContain('Sunday 29 November 2026, 9:00')
  })

  it('shows the property with its picture, price and link, and has Reply-To the branch', async () => {
    const mail = await renderLeadAcknowledgementMail({ brand: TEST_BRAND, branch: TEST_BRANCH, payload, property })
    expect(mail.subject).toBe('We have received your enquiry – Hartwell & Co')
    expect(mail.headers).toEqual({ 'Reply-To': 'leeds@agency.example' })
    expect(mail.html).toContain('src="https://agency.example/api/media/1/card"')
    expect(mail.html).toContain('£250,000')
    expect(mail.html).toContain('href="https://agency.example/property/1/a-flat"')
    expect(mail.text).toContain('2 bedroom flat for sale\nPark Row, Leeds\n£250,000\nhttps://agency.example/property/1/a-flat')
    expect(mail.text).toContain('If you would rather talk, call us on 0113 496 0000, or reply to this e-mail.')
  })

  it('is a copy of the enquiry: greeted by name, what they asked for, their message as they wrote it and the contact details they gave', async () => {
    const message = 'Are pets allowed?\r\nWe have a small dog.\n\nThanks'
    const mail = await renderLeadAcknowledgementMail({ brand: TEST_BRAND, branch: TEST_BRANCH, payload: { ...payload, comment: message }, property })
    expect(mail.text.split('\n').slice(0, 4)).toEqual([
      'Hello Ann,',
      '',
      'Thank you for your enquiry about Park Row, Leeds. Our Leeds branch will be in touch soon. This is a copy of what you sent us.',
      '',
    ])
    expect(mail.text).toContain(
      [
        'Your enquiry',
        'You asked for: To view a property',
        'Your ideal viewing time: Sunday 29 November 2026, 9:00',
        'Your message:',
        '> Are pets allowed?',
        '> We have a small dog.',
        '>',
        '> Thanks',
        '',
        'Your contact details',
        'Name: Mrs Ann Lee',
        'E-mail: ann.lee@example.com',
        'Mobile phone: 07400 123456',
        'Address: 1 High Street, Leeds LS1 1AA',
      ].join('\n'),
    )
    const html = toVisibleText(mail.html)
    expect(html).toContain('Hello Ann,')
    // A fact's label and value are a line each (Facts); the message keeps its own line breaks.
    expect(html).toContain('Your enquiry You asked for\nTo view a property Your ideal viewing time\nSunday 29 November 2026, 9:00 Your message Are pets allowed?\nWe have a small dog.\n\nThanks')
    expect(html).toContain('Your contact details Name\nMrs Ann Lee E-mail\nann.lee@example.com Mobile phone\n07400 123456 Address\n1 High Street, Leeds LS1 1AA')
  })

  it('copies a valuation request as one, and greets plainly when the name is blank', async () => {
    const valuation = LeadEnquiryPayloadSchema.parse({
      ...base,
      i_would_like: ['to-sell-my-property'],
      viewing_lead_date: null,
      url: 'https://agency.example/valuation',
      property_address: '1 High Street, Leeds LS1 1AA',
      property_profile_id: null,
      price: null,
      bedrooms: null,
      comment: 'Sales valuation. Preferred time: weekday mornings.',
    })
    const mail = await renderLeadAcknowledgementMail({ brand: TEST_BRAND, branch: TEST_BRANCH, payload: { ...valuation, name: ' ' }, property: null })
    expect(mail.text.startsWith('Hello,\n')).toBe(true)
    expect(mail.text).toContain('Thank you for your enquiry about 1 High Street, Leeds LS1 1AA.')
    expect(mail.text).toContain('You asked for: A sales valuation\nYour message:\n> Sales valuation. Preferred time: weekday mornings.')
  })

  it("escapes the sender's name, message, address and property in their copy", async () => {
    const mail = await renderLeadAcknowledgementMail({ brand: TEST_BRAND, branch: TEST_BRANCH, payload: hostilePayload, property: null })
    expectNeutralised(mail.html, ['Hello name', 'comment', 'property', 'address', 'surname'])
  })

  it("keeps the branch's subject on one line and the message's line breaks in its e-mail", async () => {
    const mail = await renderBranchLeadMail({
      brand: TEST_BRAND,
      branch: TEST_BRANCH,
      leadId: 'L-1',
      payload: { ...payload, name: 'Ann\r\nBcc: x@example.com', property_address: 'Park Row,\nLeeds', comment: 'Are pets allowed?\nWe have a cat.' },
      propertyLink: null,
      loggedIn: false,
      sentAt: new Date('2026-11-29T08:15:00Z'),
    })
    expect(mail.subject).toBe('New enquiry from Ann Bcc: x@example.com Lee about Park Row, Leeds')
    expect(mail.text).toContain('Message: Are pets allowed?\nWe have a cat.')
    expect(toVisibleText(mail.html)).toContain('Message\nAre pets allowed?\nWe have a cat. The property')
  })
})
