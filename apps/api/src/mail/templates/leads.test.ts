import { LeadEnquiryPayloadSchema } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { renderBranchLeadMail, renderLeadAcknowledgementMail } from './leads.ts'

/** What a visitor may type into every field the e-mails repeat: markup, a quote, a script address. */
const HOSTILE = '<script>alert(1)</script>" onmouseover="x" javascript:alert(1)'

const payload = LeadEnquiryPayloadSchema.parse({
  i_would_like: ['to-view-a-property'],
  salutation_id: 4,
  name: `Ann${HOSTILE}`,
  surname: `Lee${HOSTILE}`,
  viewing_lead_date: '2026-11-29T09:00',
  comment: `Hello ${HOSTILE}`,
  email: 'ann.lee@example.com',
  mobile_phone: '+447400123456',
  contact_address: { suggestion_id: 'typed:1', display_name: `1 High Street ${HOSTILE}` },
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
})

/** Whatever a visitor typed shows in the HTML part as text, never as markup or a link. */
function expectEscaped(html: string): void {
  expect(html).not.toContain('<script>')
  expect(html).not.toContain('" onmouseover=')
  expect(html).not.toMatch(/href="javascript:/i)
}

describe('enquiry e-mails', () => {
  it("escapes everything a visitor typed in the branch's e-mail, which shows it all", () => {
    const mail = renderBranchLeadMail({ branchName: 'Leeds', leadId: 'L-1', payload, propertyLink: 'https://agency.example/property/1/a-flat', loggedIn: false })
    expectEscaped(mail.html)
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x&quot; javascript:alert(1)')
    expect(mail.html).toContain('Sunday 29 November 2026, 9:00')
  })

  it("escapes a logged-in contact's message in their acknowledgement", () => {
    const mail = renderLeadAcknowledgementMail({ agencyName: 'Hartwell & Co', branchName: 'Leeds', branchPhone: '0113 496 0000', payload, confirmed: true })
    expectEscaped(mail.html)
    expect(mail.html).toContain('Hartwell &amp; Co')
    expect(mail.html).toContain('&lt;script&gt;')
  })
})
