/**
 * SPEC §4 applicant status: switching alerts on and off, and which alert is active.
 */
import { APPLICANT_STATUS } from './constants.ts'
import { MESSAGES } from './messages.ts'

/** What the status rules need of an applicant (SPEC §3 Applicant has these and more). */
export interface ApplicantStatusItem {
  readonly contact_applicant_id: number
  readonly profile_id: number
  readonly contact_applicant_status_id: number
}

/** A contact's alerts and the active one. */
export interface ApplicantListState<A extends ApplicantStatusItem = ApplicantStatusItem> {
  readonly applicants: readonly A[]
  readonly activeApplicantId: number | null
  /** A message to show ('Alert has been updated'), until dismissed. */
  readonly message: string | null
}

/** The alert list's transitions, named after SPEC §4. */
export type ApplicantListAction<A extends ApplicantStatusItem = ApplicantStatusItem> =
  | { readonly type: 'loaded'; readonly applicants: readonly A[]; readonly activeApplicantId: number | null }
  | { readonly type: 'statusChanged'; readonly applicant: A }
  | { readonly type: 'alertSelected'; readonly contactApplicantId: number }
  | { readonly type: 'messageDismissed' }

/** Whether an alert is switched off (SPEC §4: OFF = 2, disabled). */
export function isApplicantDisabled(applicant: ApplicantStatusItem): boolean {
  return applicant.contact_applicant_status_id === APPLICANT_STATUS.OFF
}

/** The status the switch of an alert card sends: the opposite of its current one. */
export function toToggledStatus(applicant: ApplicantStatusItem): 1 | 2 {
  return isApplicantDisabled(applicant) ? APPLICANT_STATUS.ON : APPLICANT_STATUS.OFF
}

/** The active applicant, if any. */
export function getActiveApplicant<A extends ApplicantStatusItem>(state: ApplicantListState<A>): A | undefined {
  return state.applicants.find((a) => a.contact_applicant_id === state.activeApplicantId)
}

/**
 * SPEC §4: the applicant to activate after `switchedOff` was switched off: the first ON applicant with
 * the same profile, or null when there is none.
 */
export function findReplacementApplicant<A extends ApplicantStatusItem>(applicants: readonly A[], switchedOff: ApplicantStatusItem): A | null {
  return (
    applicants.find(
      (a) =>
        a.contact_applicant_id !== switchedOff.contact_applicant_id &&
        a.profile_id === switchedOff.profile_id &&
        a.contact_applicant_status_id === APPLICANT_STATUS.ON,
    ) ?? null
  )
}

/** What picking the newest applicant needs besides the status: when it was created. */
export interface DatedApplicantStatusItem extends ApplicantStatusItem {
  /** An ISO 8601 timestamp or a Date. */
  readonly created_at: string | Date
}

/**
 * The applicant a new session starts with: the contact's newest applicant that is ON (SPEC §4
 * status 1), the higher id first among those created at the same moment; undefined when none is ON.
 */
export function findNewestActiveApplicant<A extends DatedApplicantStatusItem>(applicants: readonly A[]): A | undefined {
  let newest: { applicant: A; time: number } | undefined
  for (const applicant of applicants) {
    if (applicant.contact_applicant_status_id !== APPLICANT_STATUS.ON) continue
    const time = new Date(applicant.created_at).getTime()
    if (
      !newest ||
      time > newest.time ||
      (time === newest.time && applicant.contact_applicant_id > newest.applicant.contact_applicant_id)
    ) {
      newest = { applicant, time }
    }
  }
  return newest?.applicant
}

/** The alert list's starting state. */
export function initApplicantList<A extends ApplicantStatusItem>(applicants: readonly A[] = [], activeApplicantId: number | null = null): ApplicantListState<A> {
  return { applicants, activeApplicantId, message: null }
}

/**
 * The alert list's reducer (SPEC §4):
 * - statusChanged (the API's answer to a status update): the applicant is replaced in the list and
 *   'Alert has been updated' shown; if the active applicant was switched off, the first ON applicant
 *   with the same profile becomes active (none: no active applicant). The caller updates the session.
 * - alertSelected: the alert becomes active; a disabled one is re-enabled (switched ON here, and the
 *   caller sends the status update and runs a search), with 'Alert has been updated'.
 */
export function applicantListReducer<A extends ApplicantStatusItem>(state: ApplicantListState<A>, action: ApplicantListAction<A>): ApplicantListState<A> {
  switch (action.type) {
    case 'loaded':
      return initApplicantList(action.applicants, action.activeApplicantId)
    case 'statusChanged': {
      const changed = action.applicant
      const applicants = state.applicants.map((a) => (a.contact_applicant_id === changed.contact_applicant_id ? changed : a))
      const wasActive = state.activeApplicantId === changed.contact_applicant_id
      const activeApplicantId =
        wasActive && isApplicantDisabled(changed)
          ? (findReplacementApplicant(applicants, changed)?.contact_applicant_id ?? null)
          : state.activeApplicantId
      return { applicants, activeApplicantId, message: MESSAGES.ALERT_UPDATED }
    }
    case 'alertSelected': {
      const selected = state.applicants.find((a) => a.contact_applicant_id === action.contactApplicantId)
      if (!selected) return state
      if (!isApplicantDisabled(selected)) return { ...state, activeApplicantId: selected.contact_applicant_id }
      const enabled = { ...selected, contact_applicant_status_id: APPLICANT_STATUS.ON }
      return {
        applicants: state.applicants.map((a) => (a === selected ? enabled : a)),
        activeApplicantId: selected.contact_applicant_id,
        message: MESSAGES.ALERT_UPDATED,
      }
    }
    case 'messageDismissed':
      return { ...state, message: null }
  }
}
