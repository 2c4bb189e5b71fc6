/**
 * The alert screen's SPEC §5 checks and its SPEC §7 payload, loaded when first needed (a Save or a
 * Register press, or the first focus in the form): they bring zod and the domain schemas, which the
 * screen's first load does without.
 */
export { parseAlertContact, parseAlertSubmit, toAlertCriteriaUpdatePayload, toAlertPayload } from '@agency/domain'
