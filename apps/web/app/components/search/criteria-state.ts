/**
 * The criteria a search and an alert share (SPEC §3: prices, rooms, must-haves, furnishing, the
 * include/exclude/show-only options and the property types), and the one reducer both forms edit them
 * with: the search form's state (search-form-state.ts) and the alert screen's (register-state.ts) hand
 * their criteria transitions to it.
 */
import { typeSelectionReducer } from '@agency/domain'
import type { AlertCriteria, InclusionFilter, PropertyTypeSelection, TypeSelectionAction, TypeSelectionState } from '@agency/domain'

/** The criteria fields both forms show (CriteriaFields): a search query and an alert's criteria both hold them. */
export type CriteriaFieldValues = Pick<
  AlertCriteria,
  | 'min_price'
  | 'max_price'
  | 'min_bedroom'
  | 'max_bedroom'
  | 'min_bathroom'
  | 'max_bathroom'
  | 'min_reception'
  | 'max_reception'
  | 'must_haves'
  | 'furnishing'
  | InclusionFilter
>

/** The criteria a form's state holds, with the type and style picker's state beside them. */
export interface CriteriaState<C> {
  readonly criteria: C
  readonly types: TypeSelectionState
}

/** The criteria's transitions: fields changed, or the type and style picker's own. */
export type CriteriaAction<P = Partial<CriteriaFieldValues>> =
  | { readonly type: 'criteriaChanged'; readonly patch: P }
  | { readonly type: 'types'; readonly action: TypeSelectionAction }

/** The one reducer of the criteria: a patch of fields, or the picker's action (its selection kept as the criteria's types). */
export function criteriaReducer<C extends { readonly property_types: readonly PropertyTypeSelection[] }>(
  state: CriteriaState<C>,
  action: CriteriaAction<Partial<C>>,
): CriteriaState<C> {
  switch (action.type) {
    case 'criteriaChanged':
      return { ...state, criteria: { ...state.criteria, ...action.patch } }
    case 'types': {
      const types = typeSelectionReducer(state.types, action.action)
      return { types, criteria: { ...state.criteria, property_types: [...types.selection] } }
    }
  }
}
