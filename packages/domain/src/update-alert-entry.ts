/**
 * SPEC §2 update-alert entry: where 'update my alert' leads.
 */
import { ALERT_PATHS, toAlertUpdatePath } from './constants.ts'
import { LABELS, MESSAGES } from './messages.ts'

/** The entry's outcome: go to register, go straight to one alert's update page, or let the visitor choose. */
export type UpdateAlertEntry<A extends { readonly applicant_key: string }> =
  | { readonly kind: 'register'; readonly path: string }
  | { readonly kind: 'update'; readonly path: string; readonly applicant: A }
  | {
      readonly kind: 'choose'
      readonly title: string
      readonly createLabel: string
      readonly applicants: readonly A[]
      /** Where 'Create new alert' and closing the popup go. */
      readonly registerPath: string
    }

/**
 * SPEC §2: not logged in → register; zero alerts → register; exactly one → its update page; several →
 * the popup 'Please select the alert you want to update' with one card per alert and 'Create new alert'
 * (closing it goes to register).
 */
export function getUpdateAlertEntry<A extends { readonly applicant_key: string }>(input: {
  readonly isLoggedIn: boolean
  readonly applicants: readonly A[]
}): UpdateAlertEntry<A> {
  const [first, ...rest] = input.applicants
  if (!input.isLoggedIn || !first) return { kind: 'register', path: ALERT_PATHS.REGISTER }
  if (rest.length === 0) return { kind: 'update', path: toAlertUpdatePath(first.applicant_key), applicant: first }
  return {
    kind: 'choose',
    title: MESSAGES.SELECT_ALERT_TO_UPDATE,
    createLabel: LABELS.CREATE_NEW_ALERT,
    applicants: input.applicants,
    registerPath: ALERT_PATHS.REGISTER,
  }
}
