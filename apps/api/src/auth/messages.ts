/**
 * Texts of the login and session API that SPEC does not fix. They belong beside SPEC's texts in
 * packages/domain/src/messages.ts; they live here until that package carries them.
 */
export const ACCOUNT_MESSAGES = {
  CAPTCHA_FAILED: 'Please confirm you are not a robot and try again.',
  CROSS_SITE_REFUSED: 'Cross-site request refused.',
  LOGIN_REQUIRED: 'Please log in to continue.',
  FORBIDDEN: 'You may not see this contact.',
} as const
