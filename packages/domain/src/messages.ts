/**
 * Every user-facing text, in SPEC's exact words where SPEC gives them. Pages and the API import these;
 * nothing in apps/* re-types them.
 *
 * Where SPEC names a rule but not its words, the wording follows the SPEC message nearest in kind:
 * - "X is required" for an empty required field (SPEC §5 alert contact form: 'Name is required').
 * - "X must be at least n characters" for a minimum length (SPEC §5 lead form: 'Name must be at least 3 characters').
 * - "Please select …" for a required choice (SPEC §5 lead form rule 1: 'Please select more details or to view a property').
 * - "Please choose ideal viewing time …" for the viewing time (SPEC §8: 'Please choose ideal viewing time in the future.').
 * - "The … may not be greater than n characters." for a maximum length (SPEC §5: 'Your message may not be greater than 255 characters.').
 */
import type { Furnishing, Inclusion, InclusionFilter, MustHave, SearchType } from './catalogue.ts'

/** Labels of buttons, links, headings and fields named by SPEC §2. */
export const LABELS = {
  /**
   * What a locked (pre-market) property is marked with where its price and rooms are hidden (SPEC §1, §2
   * locked card): on its card, its page, its map popup and in place of the price on its map pin.
   */
  PRE_MARKET: 'Pre-market',
  /** A locked (pre-market) property as an applicant who may see it is shown it: on its card, its page and in a Heads Up e-mail. */
  PRE_MARKET_EARLY_ACCESS: 'Pre-market – early access',
  VIEW_THIS_PROPERTY: 'View This Property',
  REGISTER: 'Register',
  LOGIN: 'Login',
  BEDROOM: 'BEDROOM',
  BATHROOM: 'BATHROOM',
  RECEPTION: 'RECEPTION',
  FLOOR_PLAN: 'Floor Plan',
  EPC: 'EPC',
  VIEW_ON_GOOGLE_MAP: 'View on Google Map',
  HEADS_UP_PROPERTY_ALERTS: 'Heads Up Property Alerts',
  LOOKING_TO_BUY: 'looking to buy',
  LOOKING_TO_RENT: 'looking to rent',
  CREATE_NEW_ALERT: 'Create new alert',
  CANCEL: 'Cancel',
  SAVE: 'Save',
  UPDATE: 'Update',
  NEXT_STEP: 'Next step',
  SEARCH: 'Search',
  ALL: 'All',
  CLEAR: 'Clear',
  OTHER_ADVANCED: 'Other / Advanced',
  SHOW_ME_PROPERTIES: 'Show me Properties',
  FOR_SALE: 'For Sale',
  FOR_RENT: 'For Rent',
  BATHROOMS: 'Bathrooms',
  RECEPTIONS: 'Reception',
  FURNISHING: 'Furnishing',
  MUST_HAVES: 'Must Haves',
  DOWNLOAD: 'Download',
  VIRTUAL_TOUR: 'Virtual Tour',
  CONTACT_TAB: 'Contact',
  PROPERTY_TYPE_TAB: 'Property Type',
  CIRCUMSTANCES_TAB: 'Circumstances',
  NO_MIN_PRICE: 'No min',
  NO_MAX_PRICE: 'No max',
  NO_MIN: 'No Min',
  NO_MAX: 'No Max',
  STUDIO: 'Studio',
  THIS_AREA_ONLY: 'This area only',
  I_WOULD_LIKE: 'I would like',
  I_HAVE_A_PROPERTY_TO_SELL: 'I have a property to sell',
  I_HAVE_A_PROPERTY_TO_LET: 'I have a property to let',
  MY_PROPERTY_VALUED: 'I would like my property valued',
  YOUR_MESSAGE: 'Your message',
  VIEWING_TIME: 'Ideal viewing time',
} as const

/** Messages of SPEC §2, §4, §5 and §8 (and this product's own, worded as the header explains). */
export const MESSAGES = {
  SUCCESS_POPUP_DEFAULT: 'Your request has been sent successfully',
  ADDRESS_NOT_FOUND: "Couldn't find the address.",
  APPLICANT_NOT_FOUND: 'Applicant not found',

  // SPEC §5 magic link.
  MAGIC_LINK_EMAIL_REQUIRED: 'Please enter email address',
  MAGIC_LINK_EMAIL_INVALID: 'Please enter valid email address',
  MAGIC_LINK_SENT: 'We have sent a login link to your e-mail address. Please check your inbox.',

  // SPEC §5 lead form, in SPEC's order.
  LEAD_I_WOULD_LIKE_REQUIRED: 'Please select more details or to view a property',
  NAME_REQUIRED: 'Name is required',
  NAME_MIN_LENGTH: 'Name must be at least 3 characters',
  NAME_MAX_LENGTH: 'Name may not be greater than 100 characters.',
  SURNAME_REQUIRED: 'Surname is required',
  SURNAME_MIN_LENGTH: 'Surname must be at least 3 characters',
  SURNAME_MAX_LENGTH: 'Surname may not be greater than 100 characters.',
  LEAD_MESSAGE_REQUIRED: 'Your message is required',
  LEAD_MESSAGE_MIN_LENGTH: 'Your message must be at least 3 characters.',
  LEAD_MESSAGE_MAX_LENGTH: 'Your message may not be greater than 255 characters.',
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address.',
  MOBILE_PHONE_REQUIRED: 'Mobile phone is required',
  MOBILE_PHONE_MIN_LENGTH: 'Mobile phone must be at least 9 characters',
  MOBILE_PHONE_INVALID: 'Please enter a valid mobile phone number.',
  ADDRESS_NOT_SELECTED: 'Address must be selected',
  LEAD_PROPERTY_TO_SELL_REQUIRED: 'Please select if you have a property to sell',
  LEAD_PROPERTY_TO_LET_REQUIRED: 'Please select if you have a property to let',
  VIEWING_TIME_REQUIRED: 'Please choose ideal viewing time.',
  VIEWING_TIME_OUT_OF_HOURS: 'Please choose ideal viewing time between 07:00 and 19:00.',
  VIEWING_TIME_IN_PAST: 'Please choose ideal viewing time in the future.',
  /** The API's Laravel-style wording, which SPEC §8 replaces by VIEWING_TIME_IN_PAST on screen. */
  VIEWING_LEAD_DATE_AFTER_NOW: 'The viewing lead date must be a date after now.',

  // SPEC §5 alert contact form.
  EMAIL_OR_PHONE_REQUIRED: 'Email or phone number is required',
  ADDRESS_REQUIRED: 'Please enter an address.',
  SUBSCRIPTION_NOT_CONFIRMED: 'Please confirm subscription.',
  COMMUNICATION_INFO_MISSING: 'Missing communication info',
  SUBSCRIPTION_CONSENT:
    'Please tick to let us contact you with information, products and services that may interest you. You can unsubscribe at any time.',

  // SPEC §5 alert submit, in SPEC's order.
  CONTACT_REQUIRED: 'You must add a contact at least.',
  LOCATION_REQUIRED: 'The location field is required.',
  MIN_PRICE_REQUIRED: 'The min price field is required.',
  MAX_PRICE_REQUIRED: 'The max price field is required.',
  /** Not SPEC's: a max below its min (a form sent without JavaScript, or an API caller): see toRangeReversedMessage. */
  RANGE_REVERSED: 'The max {range} cannot be less than the min {range}.',
  /** Use toQuestionRequiredMessage to substitute {question}. */
  QUESTION_REQUIRED: '"{question}" question is required.',
  /** Not SPEC's: an answer naming an option its question does not offer (only a tampered form sends one). */
  ANSWER_INVALID: 'The selected answer is invalid.',
  LOCATION_HELP:
    'At least one location must be selected. Locations may be towns, villages, postcodes, schools or pubs, each with a radius.',

  // SPEC §2 and §4 alerts.
  ALERT_UPDATED: 'Alert has been updated',
  SELECT_ALERT_TO_UPDATE: 'Please select the alert you want to update',

  // SPEC §5 location search input.
  SEARCH_KEYWORD_MAX_LENGTH: 'The keyword may not be greater than 256 characters.',
  RADIUS_INVALID: 'The radius must be one of the offered options.',

  // SPEC §2 match percentage tooltip.
  MATCH_TOOLTIP: 'How closely this property matches your alert: location, price, rooms, type and must-haves.',
} as const

/** One SPEC message. */
export type Message = (typeof MESSAGES)[keyof typeof MESSAGES]

/** SPEC §5: '"{question}" question is required.' with the question text substituted. */
export function toQuestionRequiredMessage(question: string): string {
  return MESSAGES.QUESTION_REQUIRED.replace('{question}', question)
}

/** RANGE_REVERSED for one of the criteria's pairs: 'The max price cannot be less than the min price.' */
export function toRangeReversedMessage(range: 'price' | 'bedrooms' | 'bathrooms' | 'receptions'): string {
  return MESSAGES.RANGE_REVERSED.replaceAll('{range}', range)
}

/** SPEC §9 furnishing labels, keyed by FURNISHING_VALUES. */
export const FURNISHING_LABELS: Record<Furnishing, string> = {
  any: 'Any',
  furnished: 'Furnished',
  part_furnished: 'Part Furnished',
  unfurnished: 'Unfurnished',
}

/** SPEC §9 inclusion labels, keyed by INCLUSION_VALUES. */
export const INCLUSION_LABELS: Record<Inclusion, string> = {
  include: 'Include',
  exclude: 'Exclude',
  show_only: 'Show Only',
}

/** SPEC §2 advanced panel: the label of each include/exclude/show-only filter. */
export const INCLUSION_FILTER_LABELS: Record<InclusionFilter, string> = {
  new_homes: 'New Homes',
  shared_ownership: 'Shared Ownership',
  retirement_homes: 'Retirement Homes',
  short_let: 'Short Let',
  house_flat_share: 'House Flat Share',
  pets_allowed: 'Pets Allowed',
  bills_included: 'Bills Included',
}

/** SPEC §2/§9 must-have labels, keyed by MUST_HAVE_VALUES. */
export const MUST_HAVE_LABELS: Record<MustHave, string> = {
  garden: 'Garden',
  parking: 'Parking',
}

/** SPEC §9 available-properties checkbox label per search type. */
export const AVAILABLE_PROPERTIES_LABELS: Record<SearchType, string> = {
  sales: 'Include SSTC, Under Offer?',
  lettings: 'Include Let Agreed?',
}
