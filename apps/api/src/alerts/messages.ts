/**
 * Texts of the alert API that SPEC does not fix. They belong beside SPEC's texts in
 * packages/domain/src/messages.ts; they live here until that package carries them.
 */
export const ALERT_MESSAGES = {
  APPLICANT_NOT_FOUND: 'Applicant not found',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request.',
  TOO_MANY_REGISTRATIONS: 'Too many registrations. Please try again later.',
  STATUS_ID_MISMATCH: 'The contact applicant id does not match the address.',
} as const
