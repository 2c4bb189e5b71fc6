import { MESSAGES } from '@agency/domain'

/**
 * Texts of the lead API that SPEC does not fix (Laravel's wording, as SPEC §8's example is). They
 * belong beside SPEC's texts in packages/domain/src/messages.ts; they live here until that package
 * carries them.
 */
export const LEAD_MESSAGES = {
  /** SPEC §8: the API's wording for a viewing time in the past. */
  VIEWING_LEAD_DATE_AFTER_NOW: MESSAGES.VIEWING_LEAD_DATE_AFTER_NOW,
  PROPERTY_INVALID: 'The selected property profile id is invalid.',
  BRANCH_INVALID: 'The selected branch id is invalid.',
  TOO_MANY_ENQUIRIES: 'Too many enquiries. Please try again later.',
} as const
