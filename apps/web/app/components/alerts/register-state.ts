/**
 * The alert register/update screen's state (SPEC §2/§4): the tab shown, the contact list (domain
 * contact-list.ts), the criteria of the Property Type tab and the answers of the Circumstances tab.
 */
import {
  MAX_LOCATIONS,
  RADIUS_DEFAULT_MILES,
  contactListReducer,
  initContactList,
  initTypeSelection,
  toQuestionRequiredMessage,
  withoutFieldErrors,
} from '@agency/domain'
import type {
  AlertCriteria,
  AlertFrequency,
  AlertMode,
  AlertTab,
  AnswersByQuestionId,
  Applicant,
  Contact,
  ContactListAction,
  ContactListState,
  Location,
  QuestionAnswerValue,
  RadiusMiles,
  TypeSelectionState,
  ApplicantQuestion,
} from '@agency/domain'
import { toQuestionField } from '#app/components/alerts/circumstances-tab.tsx'
import { criteriaReducer } from '#app/components/search/criteria-state.ts'
import type { CriteriaAction } from '#app/components/search/criteria-state.ts'

/** The criteria the Property Type tab edits directly (locations and types have their own actions). */
export type CriteriaPatch = Partial<Omit<AlertCriteria, 'locations' | 'property_types'>>

/** The register screen's state. */
export interface RegisterState {
  readonly tab: AlertTab
  readonly contacts: ContactListState
  readonly criteria: AlertCriteria
  readonly types: TypeSelectionState
  readonly answers: AnswersByQuestionId
  /** What the location input holds. */
  readonly keyword: string
  /** The radius the next chosen location gets (SPEC §9 default 0.25 miles). */
  readonly radius: RadiusMiles
  /** How often the alert is mailed (the 'E-mail me' choice). */
  readonly frequency: AlertFrequency
  /**
   * SPEC §5's submit messages shown at their fields (toFieldErrors), from the last Register press or
   * the server's answer; a field being put right loses its own, and the next press checks them all again.
   */
  readonly fieldErrors: FieldErrors
}

/** Messages by the screen's field: 'contacts', 'locations', 'min_price', 'max_price' and each question's (toQuestionField). */
export type FieldErrors = Record<string, string[]>

/** The register screen's transitions. */
export type RegisterAction =
  | { readonly type: 'tabChanged'; readonly tab: AlertTab }
  | { readonly type: 'contacts'; readonly action: ContactListAction }
  | CriteriaAction<CriteriaPatch>
  | { readonly type: 'keywordChanged'; readonly keyword: string }
  | { readonly type: 'radiusChanged'; readonly radius: RadiusMiles }
  | { readonly type: 'locationAdded'; readonly location: Location }
  | { readonly type: 'locationRadiusChanged'; readonly index: number; readonly radius: RadiusMiles }
  | { readonly type: 'locationRemoved'; readonly index: number }
  | { readonly type: 'locationsReset' }
  | { readonly type: 'answered'; readonly questionId: number; readonly answer: QuestionAnswerValue | null }
  | { readonly type: 'frequencyChanged'; readonly frequency: AlertFrequency }
  | { readonly type: 'submitChecked'; readonly fieldErrors: FieldErrors }

/**
 * The screen's starting state: a new alert (with the default criteria, ALERT_CRITERIA_DEFAULT, which
 * the loader sends so that the browser needs no schema to build them), or the applicant being updated.
 */
export function initRegisterState(
  mode: AlertMode,
  contacts: readonly Contact[],
  start: { criteria: AlertCriteria } | (Pick<Applicant, 'contacts' | 'criteria' | 'question_answers'> & { alert_frequency?: AlertFrequency }),
): RegisterState {
  const applicant = 'question_answers' in start ? start : null
  const criteria = start.criteria
  return {
    tab: 'contact',
    contacts: initContactList(mode, applicant?.contacts ?? contacts),
    criteria,
    types: initTypeSelection(criteria.property_types),
    answers: Object.fromEntries((applicant?.question_answers ?? []).map((a) => [a.contact_question_id, a.answer])),
    keyword: '',
    radius: criteria.locations[0]?.distance ?? RADIUS_DEFAULT_MILES,
    frequency: (applicant && 'alert_frequency' in applicant ? applicant.alert_frequency : undefined) ?? 'instant',
    fieldErrors: {},
  }
}

/**
 * SPEC §5's submit messages (parseAlertSubmit's, by its rules' fields) by the screen's field: each
 * required question's message at its own question rather than all of them under 'contact_questions'.
 */
export function toFieldErrors(errors: FieldErrors, questions: readonly ApplicantQuestion[]): FieldErrors {
  const { contact_questions: unanswered = [], ...others } = errors
  const byQuestion = questions.flatMap((question) => {
    const message = toQuestionRequiredMessage(question.question)
    return unanswered.includes(message) ? [[toQuestionField(question.contact_question_id), [message]] as const] : []
  })
  return { ...others, ...Object.fromEntries(byQuestion.map(([field, messages]) => [field, [...messages]])) }
}

/** The messages left once `fields` change (a field being put right loses its own). */
const withoutErrorsOf = (state: RegisterState, fields: readonly string[]): FieldErrors =>
  withoutFieldErrors(state.fieldErrors, fields)

const isSamePlace = (a: Location, b: Location) => a.place_id === b.place_id || (a.lat === b.lat && a.lng === b.lng)

/** The register screen's reducer. */
export function registerReducer(state: RegisterState, action: RegisterAction): RegisterState {
  const withLocations = (locations: Location[]) => ({ ...state, criteria: { ...state.criteria, locations } })
  switch (action.type) {
    case 'tabChanged':
      return { ...state, tab: action.tab }
    case 'contacts': {
      const contacts = contactListReducer(state.contacts, action.action)
      // A contact added answers 'You must add a contact at least.', and a contact saved again its own messages.
      const saved = action.action.type === 'contactSaved'
      return { ...state, contacts, fieldErrors: saved ? withoutErrorsOf(state, ['contacts']) : state.fieldErrors }
    }
    case 'criteriaChanged':
    case 'types': {
      // The criteria's one reducer, shared with the search form.
      const next = criteriaReducer<AlertCriteria>({ criteria: state.criteria, types: state.types }, action)
      // A price chosen loses its message; the other bound, which the patch may carry unchanged, keeps its own.
      const changed = (Object.keys(next.criteria) as (keyof AlertCriteria)[]).filter((field) => next.criteria[field] !== state.criteria[field])
      return { ...state, criteria: next.criteria, types: next.types, fieldErrors: withoutErrorsOf(state, changed) }
    }
    case 'keywordChanged':
      return { ...state, keyword: action.keyword }
    // One radius per place, as on the list page: the Radius control sets every chosen place's, and a
    // place's own sets the control (what the next place chosen starts with).
    case 'radiusChanged':
      return { ...withLocations(state.criteria.locations.map((l) => ({ ...l, distance: action.radius }))), radius: action.radius }
    case 'locationAdded': {
      const { locations } = state.criteria
      if (locations.some((l) => isSamePlace(l, action.location)) || locations.length >= MAX_LOCATIONS) return { ...state, keyword: '' }
      // The place takes the Radius control's value as it is now: one changed while the place's details
      // were on their way counts, not the one the page had when the place was picked.
      return { ...withLocations([...locations, { ...action.location, distance: state.radius }]), keyword: '', fieldErrors: withoutErrorsOf(state, ['locations']) }
    }
    case 'locationRadiusChanged':
      return { ...withLocations(state.criteria.locations.map((l, i) => (i === action.index ? { ...l, distance: action.radius } : l))), radius: action.radius }
    case 'locationRemoved':
      return withLocations(state.criteria.locations.filter((_, i) => i !== action.index))
    case 'locationsReset':
      return withLocations([])
    case 'answered':
      return {
        ...state,
        answers: { ...state.answers, [action.questionId]: action.answer },
        fieldErrors: withoutErrorsOf(state, [toQuestionField(action.questionId)]),
      }
    case 'frequencyChanged':
      return { ...state, frequency: action.frequency }
    case 'submitChecked':
      return { ...state, fieldErrors: action.fieldErrors }
  }
}
