/**
 * Texts the API answers with that SPEC does not fix. They belong beside SPEC's texts in
 * packages/domain/src/messages.ts; they live here until that package carries them.
 */
export const API_MESSAGES = {
  /** Laravel's wording, the shape SPEC §8 reads field errors from. */
  INVALID_DATA: 'The given data was invalid.',
  SERVER_ERROR: 'Something went wrong.',
  /** A request the database could not take in time (503 with Retry-After), as load shedding words it. */
  BUSY: 'The site is busy. Please try again in a moment.',
  NOT_FOUND: 'Not found.',
  PROPERTY_NOT_FOUND: 'Property not found',
  MEDIA_NOT_FOUND: 'Media not found',
  COMPANY_SETTING_NOT_FOUND: 'Company setting not found',
  COMPANY_PROFILE_NOT_FOUND: 'The company details are not set',
  CMP_CERTIFICATE_NOT_FOUND: 'No client money protection certificate is stored',
  REDIRECT_NOT_FOUND: 'Redirect not found',
  BRANCH_NOT_FOUND: 'Branch not found',
  FEED_KEY_REQUIRED: 'A valid feed API key is required (Authorization: Bearer).',
  FEED_TOO_LARGE: 'The feed is larger than this server accepts.',
  /** Place searches past the per-address limit (429 with Retry-After). */
  TOO_MANY_PLACE_SEARCHES: 'Too many place searches. Please try again in a moment.',
  FEED_CONTENT_TYPE: 'Send the feed as application/zip, application/octet-stream or text/plain.',
} as const
