import { useId, type Dispatch } from 'react'
import {
  ADDED_WITHIN_DAYS_VALUES,
  AVAILABLE_PROPERTIES_LABELS,
  KEYWORDS_MAX_LENGTH,
  LABELS,
  SHOW_ME_PROPERTIES_OPTIONS,
} from '@agency/domain'
import type { SearchPanelTheme, SearchType } from '@agency/domain'
import { CriteriaFields, PANEL_INCLUSION_FILTERS } from '#app/components/search/criteria-fields.tsx'
import type { SearchFormAction, SearchFormState } from '#app/components/search/search-form-state.ts'
import { PAGE_PARAMS } from '#app/components/search/search-url.ts'
import { COPY } from '#app/copy.ts'

interface AdvancedFieldsProps {
  state: SearchFormState
  dispatch: Dispatch<SearchFormAction>
  hydrated: boolean
  theme: SearchPanelTheme
  /** SPEC §2 'Show me Properties': switching goes to the other list, keeping what still applies. */
  onSearchTypeChange: (searchType: SearchType) => void
}

/**
 * The advanced search panel's fields (SPEC §2): the criteria's (CriteriaFields: bathrooms, reception,
 * the filters of the search type, Retirement Homes, Must Haves and the type and style picker) with the
 * search's own beside them: the include-available checkbox, 'Show me Properties', keywords, 'Added to
 * site' and 'Reduced only'. Each is named after the API's query parameter, so the form works without JavaScript.
 */
export function AdvancedFields({ state, dispatch, hydrated, theme, onSearchTypeChange }: AdvancedFieldsProps) {
  const { query, searchType } = state
  return (
    <CriteriaFields
      layout="panel"
      searchType={searchType}
      criteria={query}
      types={state.types}
      dispatch={dispatch}
      hydrated={hydrated}
      theme={theme}
      afterRooms={
        <>
          <label className="check search-panel__available">
            <input
              type="checkbox"
              name="include_unavailable"
              value="true"
              checked={query.include_unavailable}
              onChange={(event) => dispatch({ type: 'criteriaChanged', patch: { include_unavailable: event.currentTarget.checked } })}
            />
            <span>{AVAILABLE_PROPERTIES_LABELS[searchType]}</span>
          </label>
          <fieldset className="choice-group">
            <legend className="search-panel__legend">{LABELS.SHOW_ME_PROPERTIES}</legend>
            <div className="choice-group__options">
              {SHOW_ME_PROPERTIES_OPTIONS.map((option) => (
                <label key={option.value} className="choice">
                  <input
                    type="radio"
                    name={PAGE_PARAMS.SEARCH_TYPE}
                    value={option.value}
                    checked={searchType === option.value}
                    onChange={() => onSearchTypeChange(option.value)}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <KeywordFields query={query} dispatch={dispatch} />
        </>
      }
    />
  )
}

/** Keywords over the adverts' words, how recently a property was added, and reduced ones only. */
function KeywordFields({ query, dispatch }: { query: SearchFormState['query']; dispatch: Dispatch<SearchFormAction> }) {
  const hintId = useId()
  return (
    <div className="search-panel__subgroup">
      <label className="search-panel__select-field">
        <span className="search-panel__legend">{COPY.KEYWORDS}</span>
        <input
          type="search"
          name="keywords"
          className="search-field__select"
          maxLength={KEYWORDS_MAX_LENGTH}
          aria-describedby={hintId}
          value={query.keywords}
          onChange={(event) => dispatch({ type: 'criteriaChanged', patch: { keywords: event.currentTarget.value } })}
        />
      </label>
      <p id={hintId} className="search-panel__hint">
        {COPY.KEYWORDS_HINT}
      </p>
      <label className="search-panel__select-field">
        <span className="search-panel__legend">{COPY.ADDED_TO_SITE}</span>
        <select
          name="added_within_days"
          className="search-field__select"
          value={query.added_within_days ?? ''}
          onChange={(event) => {
            const days = ADDED_WITHIN_DAYS_VALUES.find((value) => String(value) === event.currentTarget.value) ?? null
            dispatch({ type: 'criteriaChanged', patch: { added_within_days: days } })
          }}
        >
          <option value="">{COPY.ADDED_WITHIN_DAYS_LABELS[0]}</option>
          {ADDED_WITHIN_DAYS_VALUES.map((days) => (
            <option key={days} value={days}>
              {COPY.ADDED_WITHIN_DAYS_LABELS[days]}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="reduced"
          value="true"
          checked={query.reduced}
          onChange={(event) => dispatch({ type: 'criteriaChanged', patch: { reduced: event.currentTarget.checked } })}
        />
        <span>{COPY.REDUCED_ONLY}</span>
      </label>
    </div>
  )
}

/** How many of the panel's criteria differ from their defaults: the Filters button shows it. */
export function countPanelFilters(state: SearchFormState): number {
  const { query, searchType } = state
  return [
    query.min_bathroom !== null,
    query.max_bathroom !== null,
    query.min_reception !== null,
    query.max_reception !== null,
    query.include_unavailable,
    ...PANEL_INCLUSION_FILTERS[searchType].map((filter) => query[filter] !== 'include'),
    searchType === 'lettings' && query.furnishing !== 'any',
    query.must_haves.length > 0,
    state.types.selection.length > 0,
    query.keywords.trim() !== '',
    query.added_within_days !== null,
    query.reduced,
  ].filter(Boolean).length
}
