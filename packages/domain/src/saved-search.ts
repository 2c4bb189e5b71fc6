/**
 * 'Save this search' for a signed-in buyer or tenant: the alert it makes in one step, and when a search
 * is already saved. A visitor, or a contact with no alert of the search's kind, is shown the
 * registration filled in with the search instead (the web's save-search.ts).
 */
import type { ApplicantView } from './alert-api.ts'
import { parseAlertSubmit } from './alert-payload.ts'
import type { AlertFormState } from './alert-payload.ts'
import type { AlertCriteria, ApplicantQuestion } from './applicant.ts'
import type { SearchType } from './catalogue.ts'
import { APPLICANT_STATUS, SEARCH_TYPE_PROFILE } from './constants.ts'
import type { Contact } from './contact.ts'
import { PRICE_STEPS, PRICE_UNSET } from './price.ts'

/**
 * SPEC §5 asks an alert for a min and a max price, which a search need not have: a search open at one
 * end is saved with the end of the form's price steps there (£50,000 and £20,000,000 for sales), the
 * widest range the alert's form offers, so that the alert holds what the search showed.
 */
export function toSavedSearchPrices(criteria: AlertCriteria, searchType: SearchType): Pick<AlertCriteria, 'min_price' | 'max_price'> {
  const steps = PRICE_STEPS[searchType]
  const lowest = steps[0] ?? PRICE_UNSET
  const highest = steps[steps.length - 1] ?? PRICE_UNSET
  const min = criteria.min_price ?? PRICE_UNSET
  const max = criteria.max_price ?? PRICE_UNSET
  return { min_price: min === PRICE_UNSET ? lowest : min, max_price: max === PRICE_UNSET ? Math.max(highest, min) : max }
}

/** What a one-step save starts from. */
export interface SavedSearchInput {
  searchType: SearchType
  /** The search's criteria as an alert's (toAlertCriteriaOfSearch). */
  criteria: AlertCriteria
  /** The signed-in contact, as the alert's one person. */
  contact: Contact
  /** The contact's alerts, newest first (SPEC §7 applicants_of_contact, __order_by=-created_at). */
  alerts: readonly ApplicantView[]
  /** The questions of the search's kind (SPEC §7 contact_questions/{type}). */
  questions: readonly ApplicantQuestion[]
}

/**
 * The alert a signed-in buyer's or tenant's 'Save this search' creates at once: the search's criteria
 * (prices as toSavedSearchPrices), the contact, and the circumstance answers and e-mail frequency of
 * their newest confirmed alert of the same kind (the answers a person gives once: position, mortgage,
 * timescale). Null when it cannot be made without asking: no earlier alert of that kind, or SPEC §5's
 * submit rules refuse it (no place searched, a required question added since) — the person is then
 * shown the registration with what is known filled in.
 */
export function toSavedSearchAlert(input: SavedSearchInput): AlertFormState | null {
  const profileId = SEARCH_TYPE_PROFILE[input.searchType]
  const previous = findNewestAlertOfKind(input.alerts, input.searchType)
  if (!previous) return null
  const state: AlertFormState = {
    profile_id: profileId,
    contacts: [input.contact],
    criteria: { ...input.criteria, ...toSavedSearchPrices(input.criteria, input.searchType) },
    answers: Object.fromEntries(previous.question_answers.map((a) => [a.contact_question_id, a.answer])),
    questions: input.questions,
    alert_frequency: previous.alert_frequency,
  }
  return parseAlertSubmit(state).success ? state : null
}

/** A contact's newest confirmed alert of a search's kind (buyer for sales, tenant for lettings), or null. */
export function findNewestAlertOfKind(alerts: readonly ApplicantView[], searchType: SearchType): ApplicantView | null {
  const profileId = SEARCH_TYPE_PROFILE[searchType]
  return alerts.find((a) => a.profile_id === profileId && a.is_confirmed) ?? null
}

/** An alert's criteria as compared: each place by its position and radius (not its name), the rest as they are. */
function toComparable(criteria: AlertCriteria): string {
  const { locations, property_types, ...rest } = criteria
  const places = locations.map((l) => [l.lat, l.lng, l.distance, l.bounds ?? null])
  const types = [...property_types].map((t) => [t.property_type_id, [...t.property_style_ids].sort((a, b) => a - b)]).sort((a, b) => Number(a[0]) - Number(b[0]))
  const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)))
  return JSON.stringify([places, types, sorted])
}

/**
 * The contact's alert, switched on, that already holds exactly this search (a second press of 'Save this
 * search', or a search saved before): saving it again makes no second alert.
 */
export function findAlertOfSearch(alerts: readonly ApplicantView[], state: Pick<AlertFormState, 'profile_id' | 'criteria'>): ApplicantView | null {
  const wanted = toComparable(state.criteria)
  return (
    alerts.find(
      (a) => a.profile_id === state.profile_id && a.is_confirmed && a.contact_applicant_status_id === APPLICANT_STATUS.ON && toComparable(a.criteria) === wanted,
    ) ?? null
  )
}
