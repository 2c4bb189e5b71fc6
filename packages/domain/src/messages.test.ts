import { describe, expect, it } from 'vitest'
import {
  AVAILABLE_PROPERTIES_LABELS,
  FURNISHING_LABELS,
  INCLUSION_FILTER_LABELS,
  INCLUSION_LABELS,
  LABELS,
  MESSAGES,
  MUST_HAVE_LABELS,
  toQuestionRequiredMessage,
} from './messages.ts'
import { FURNISHING_VALUES, INCLUSION_FILTERS, INCLUSION_VALUES, MUST_HAVE_VALUES } from './catalogue.ts'

describe('SPEC texts', () => {
  it.each([
    ['SUCCESS_POPUP_DEFAULT', 'Your request has been sent successfully'],
    ['ADDRESS_NOT_FOUND', "Couldn't find the address."],
    ['APPLICANT_NOT_FOUND', 'Applicant not found'],
    ['MAGIC_LINK_EMAIL_REQUIRED', 'Please enter email address'],
    ['MAGIC_LINK_EMAIL_INVALID', 'Please enter valid email address'],
    ['LEAD_I_WOULD_LIKE_REQUIRED', 'Please select more details or to view a property'],
    ['NAME_MIN_LENGTH', 'Name must be at least 3 characters'],
    ['SURNAME_MIN_LENGTH', 'Surname must be at least 3 characters'],
    ['LEAD_MESSAGE_MAX_LENGTH', 'Your message may not be greater than 255 characters.'],
    ['EMAIL_INVALID', 'Please enter a valid email address.'],
    ['ADDRESS_NOT_SELECTED', 'Address must be selected'],
    ['VIEWING_TIME_IN_PAST', 'Please choose ideal viewing time in the future.'],
    ['VIEWING_LEAD_DATE_AFTER_NOW', 'The viewing lead date must be a date after now.'],
    ['NAME_REQUIRED', 'Name is required'],
    ['SURNAME_REQUIRED', 'Surname is required'],
    ['EMAIL_OR_PHONE_REQUIRED', 'Email or phone number is required'],
    ['MOBILE_PHONE_INVALID', 'Please enter a valid mobile phone number.'],
    ['ADDRESS_REQUIRED', 'Please enter an address.'],
    ['SUBSCRIPTION_NOT_CONFIRMED', 'Please confirm subscription.'],
    ['COMMUNICATION_INFO_MISSING', 'Missing communication info'],
    ['CONTACT_REQUIRED', 'You must add a contact at least.'],
    ['LOCATION_REQUIRED', 'The location field is required.'],
    ['MIN_PRICE_REQUIRED', 'The min price field is required.'],
    ['MAX_PRICE_REQUIRED', 'The max price field is required.'],
    ['ALERT_UPDATED', 'Alert has been updated'],
    ['SELECT_ALERT_TO_UPDATE', 'Please select the alert you want to update'],
  ] as const)('%s reads %j', (key, text) => {
    expect(MESSAGES[key]).toBe(text)
  })
  it('substitutes the question into the required-question message', () => {
    expect(toQuestionRequiredMessage('Do you have a property to sell?')).toBe('"Do you have a property to sell?" question is required.')
  })
  it('has the SPEC labels', () => {
    expect(LABELS.CREATE_NEW_ALERT).toBe('Create new alert')
    expect(LABELS.OTHER_ADVANCED).toBe('Other / Advanced')
    expect(LABELS.SHOW_ME_PROPERTIES).toBe('Show me Properties')
    expect(LABELS.PRE_MARKET).toBe('Pre-market')
    expect([LABELS.NO_MIN_PRICE, LABELS.NO_MAX_PRICE, LABELS.NO_MIN, LABELS.NO_MAX]).toEqual(['No min', 'No max', 'No Min', 'No Max'])
  })
})

describe('option label maps', () => {
  it('label every value of their catalogue lists', () => {
    expect(FURNISHING_VALUES.map((v) => FURNISHING_LABELS[v])).toEqual(['Any', 'Furnished', 'Part Furnished', 'Unfurnished'])
    expect(INCLUSION_VALUES.map((v) => INCLUSION_LABELS[v])).toEqual(['Include', 'Exclude', 'Show Only'])
    expect(MUST_HAVE_VALUES.map((v) => MUST_HAVE_LABELS[v])).toEqual(['Garden', 'Parking'])
    expect(INCLUSION_FILTERS.map((v) => INCLUSION_FILTER_LABELS[v])).toEqual([
      'New Homes',
      'Shared Ownership',
      'Retirement Homes',
      'Short Let',
      'House Flat Share',
      'Pets Allowed',
      'Bills Included',
    ])
  })
  it('labels the available-properties checkbox per search type', () => {
    expect(AVAILABLE_PROPERTIES_LABELS).toEqual({ sales: 'Include SSTC, Under Offer?', lettings: 'Include Let Agreed?' })
  })
})
