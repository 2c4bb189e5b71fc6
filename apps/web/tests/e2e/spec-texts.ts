/**
 * SPEC's texts as the end-to-end tests look for them: copied by hand from docs/rules.md, not imported from
 * packages/domain, so a wrong constant there shows on the page and fails a test.
 */
export const SPEC = {
  // §2 Property card grid v1 and the locked card.
  VIEW_THIS_PROPERTY: 'View This Property',
  REGISTER: 'Register',
  LOGIN: 'Login',
  // §2 Property card grid v2.
  BEDROOM: 'BEDROOM',
  BATHROOM: 'BATHROOM',
  RECEPTION: 'RECEPTION',
  // §2 Search panel and the type and style picker.
  SEARCH: 'Search',
  FOR_SALE: 'For Sale',
  FOR_RENT: 'For Rent',
  OTHER_ADVANCED: 'Other / Advanced',
  ALL: 'All',
  CLEAR: 'Clear',
  CANCEL: 'Cancel',
  SAVE: 'Save',
  FURNISHING: 'Furnishing',
  NEW_HOMES: 'New Homes',
  SHARED_OWNERSHIP: 'Shared Ownership',
  RETIREMENT_HOMES: 'Retirement Homes',
  SHORT_LET: 'Short Let',
  HOUSE_FLAT_SHARE: 'House Flat Share',
  PETS_ALLOWED: 'Pets Allowed',
  BILLS_INCLUDED: 'Bills Included',
  // §9 Business constants and limits.
  NO_MIN_PRICE: 'No min',
  NO_MAX_PRICE: 'No max',
  STUDIO: 'Studio',
  AVAILABLE_SALES: 'Include SSTC, Under Offer?',
  AVAILABLE_LETTINGS: 'Include Let Agreed?',
  // §5 Magic link e-mail.
  EMAIL_REQUIRED: 'Please enter email address',
  EMAIL_INVALID: 'Please enter valid email address',
  // §8 The error catalogue.
  ADDRESS_NOT_FOUND: "Couldn't find the address.",
} as const
