/**
 * Who may see what. SPEC §6: only a registered contact with a buyer or tenant applicant profile sees
 * locked (pre-market) properties in full; the session decides.
 */
export { canSeeLocked, getActiveApplicantCriteria } from '#app/auth/session.ts'
