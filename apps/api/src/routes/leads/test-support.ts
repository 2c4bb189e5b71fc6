import { LEAD_CONFIRM_VALUE, type LeadEnquiryPayload } from '@agency/domain'
import { PUBLIC_URL } from '#app/testing/api.ts'

/** A valid SPEC §3 lead payload, as the lead form sends it (a viewing of property 1 at branch 1). */
export function exampleEnquiry(): LeadEnquiryPayload {
  return {
    i_would_like: ['to-view-a-property', 'more-details'],
    salutation_id: 4,
    name: 'Harriet',
    surname: 'Ashworth',
    viewing_lead_date: '2026-07-03T10:30',
    comment: 'Could we see it on Friday morning?',
    email: 'harriet.ashworth@example.com',
    mobile_phone: '+447400123456',
    contact_address: { suggestion_id: 'addr-1', display_name: '4 Mill Lane, Leeds LS6 2AB' },
    i_have_a_property_to_sell: 'yes-not-yet-on-market',
    i_have_a_property_to_let: 'no',
    my_property_valued: 'yes',
    property_address: 'Park Row, Leeds',
    url: `${PUBLIC_URL}/property/1/a-flat-in-leeds`,
    transaction_type_id: 1,
    property_profile_id: 1,
    price: 250000,
    bedrooms: 2,
    confirm: LEAD_CONFIRM_VALUE,
    branch_id: 1,
  }
}
