import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'

/**
 * Texts of the lead form that SPEC does not word. SPEC's own words (the field labels it names, every
 * message) come from @agency/domain's LABELS and MESSAGES.
 */
export const LEAD_COPY = {
  PROPERTY_HEADING: 'Arrange a viewing or ask a question',
  VALUATION_HEADING: 'Book a valuation',
  VALUATION_TITLE: 'Book a property valuation',
  VALUATION_INTRO:
    'Thinking of selling or letting? Tell us about your property and one of our valuers will arrange a free, no-obligation valuation.',
  VALUATION_DESCRIPTION: 'Book a free valuation of your home for sale or to let with our local branch.',
  NAV_VALUATION: 'Book a valuation',
  VALUATION_TYPE: 'Valuation for',
  VALUATION_TYPE_OPTIONS: [
    { value: 1, label: 'Sales' },
    { value: 2, label: 'Lettings' },
  ],
  VALUATION_PROPERTY_TYPE: 'Type of property',
  VALUATION_BEDROOMS: 'Bedrooms',
  VALUATION_PREFERRED_TIME: 'Preferred time for the valuation (optional)',
  VALUATION_BRANCH: (branchName: string) => `Your request goes to our ${branchName} branch.`,
  VALUATION_DATE: 'Date',
  VALUATION_TIME: 'Time (24-hour)',
  VALUATION_PREFERRED_HINT: 'Leave the date empty and the branch will call you to arrange a time. Valuations run from 07:00 to 19:00.',
  VALUATION_NOTE: 'Anything the valuer should know? (optional)',
  SALUTATION: 'Title',
  NAME: 'Name',
  SURNAME: 'Surname',
  VIEWING_DATE: 'Viewing date',
  VIEWING_TIME: 'Viewing time (24-hour)',
  VIEWING_HINT: 'Viewings run from 07:00 to 19:00.',
  EMAIL: 'Email',
  MOBILE_PHONE: 'Mobile phone',
  ADDRESS: 'Your address',
  /** What happens after an enquiry is sent, under SPEC's success message. */
  SUCCESS_NEXT: 'We have e-mailed you a copy of your enquiry, and the branch will be in touch by e-mail or phone.',
  // The same field as the alert form's, with the same help.
  ADDRESS_HINT: ALERT_COPY.ADDRESS_HINT,
  ADDRESS_CHOICES: 'Choose your address',
  CHOOSE: 'Please choose',
  SEND: 'Send enquiry',
  SEND_VALUATION: 'Book valuation',
  SENDING: 'Sending…',
  CONSENT: 'By sending this form you agree that we may contact you about your enquiry.',
  KNOWN_AS: 'Sending as',
  SENT_NO_JS_HEADING: 'Thank you',
  NO_SCRIPT: 'Without JavaScript we ask you a short question before your enquiry is sent, to check that you are not a robot.',
} as const
