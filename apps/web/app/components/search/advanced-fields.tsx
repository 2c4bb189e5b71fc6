import { useId, type Dispatch } from 'react'
import {
  ADDED_WITHIN_DAYS_VALUES,
  AVAILABLE_PROPERTIES_LABELS,
  KEYWORDS_MAX_LENGTH,
  FURNISHING_OPTIONS,
  INCLUSION_FILTER_LABELS,
  INCLUSION_OPTIONS,
  LABELS,
  MUST_HAVE_OPTIONS,
  SHOW_ME_PROPERTIES_OPTIONS,
  getRoomOptions,
} from '@agency/domain'
import type { Furnishing, InclusionFilter, SearchPanelTheme, SearchType } from '@agency/domain'
import { RangeSelect } from '#app/components/search/range-select.tsx'
import type { SearchFormAction, SearchFormState } from '#app/components/search/search-form-state.ts'
import { PAGE_PARAMS } from '#app/components/search/search-url.ts'
import { TypePicker } from '#app/components/search/type-picker.tsx'
import { COPY } from '#app/copy.ts'

/** SPEC §2: the include/exclude/show-only filters each search type's panel offers, in SPEC's order. */
export const PANEL_INCLUSION_FILTERS: Record<SearchType, readonly InclusionFilter[]> = {
  sales: ['new_homes', 'shared_ownership', 'retirement_homes'],
  lettings: ['short_let', 'house_flat_share', 'pets_allowed', 'bills_included', 'retirement_homes'],
}

interface AdvancedFieldsProps {
  state: SearchFormState
  dispatch: Dispatch<SearchFormAction>
  hydrated: boolean
  theme: SearchPanelTheme
  /** SPEC §2 'Show me Properties': switching goes to the other list, keeping what still applies. */
  onSearchTypeChange: (searchType: SearchType) => void
}

/**
 * The advanced search panel's fields (SPEC §2): bathrooms, reception, the include-available checkbox,
 * 'Show me Properties', the filters of the search type, Retirement Homes, Must Haves and the type and
 * style picker; then keywords, 'Added to site' and 'Reduced only'. Each is named after the API's query parameter, so the form works without JavaScript.
 */
export function AdvancedFields({ state, dispatch, hydrated, theme, onSearchTypeChange }: AdvancedFieldsProps) {
  const { query, searchType } = state
  const roomRange = (kind: 'bathroom' | 'reception') => ({
    names: { min: `min_${kind}`, max: `max_${kind}` },
    options: { min: getRoomOptions(kind, 'min'), max: getRoomOptions(kind, 'max') },
    values: { min: query[`min_${kind}`], max: query[`max_${kind}`] },
    toLabel: String,
    onChange: (bound: 'min' | 'max', value: number | null) => dispatch({ type: 'filtersChanged', patch: { [`${bound}_${kind}`]: value } }),
  })

  return (
    <div className="search-panel__grid">
      <div className="search-panel__group">
        <RangeSelect legend={LABELS.BATHROOMS} labels={{ min: COPY.MIN_BATHROOMS, max: COPY.MAX_BATHROOMS }} {...roomRange('bathroom')} />
        <RangeSelect legend={LABELS.RECEPTIONS} labels={{ min: COPY.MIN_RECEPTIONS, max: COPY.MAX_RECEPTIONS }} {...roomRange('reception')} />
        <label className="check search-panel__available">
          <input
            type="checkbox"
            name="include_unavailable"
            value="true"
            checked={query.include_unavailable}
            onChange={(event) => dispatch({ type: 'filtersChanged', patch: { include_unavailable: event.currentTarget.checked } })}
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
      </div>

      <div className="search-panel__group">
        {PANEL_INCLUSION_FILTERS[searchType].map((filter) => (
          <fieldset key={filter} className="choice-group">
            <legend className="search-panel__legend">{INCLUSION_FILTER_LABELS[filter]}</legend>
            <div className="choice-group__options">
              {INCLUSION_OPTIONS.map((option) => (
                <label key={option.value} className="choice">
                  <input
                    type="radio"
                    name={filter}
                    value={option.value}
                    checked={query[filter] === option.value}
                    onChange={() => dispatch({ type: 'filtersChanged', patch: { [filter]: option.value } })}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {searchType === 'lettings' && <FurnishingField value={query.furnishing} dispatch={dispatch} />}
      </div>

      <KeywordFields query={query} dispatch={dispatch} />

      <div className="search-panel__group search-panel__group--wide">
        <TypePicker types={state.types} dispatch={(action) => dispatch({ type: 'types', action })} hydrated={hydrated} theme={theme} />
        <fieldset className="choice-group">
          <legend className="search-panel__legend">{LABELS.MUST_HAVES}</legend>
          <div className="choice-group__options">
            {MUST_HAVE_OPTIONS.map((option) => (
              <label key={option.value} className="check">
                <input
                  type="checkbox"
                  name="must_haves"
                  value={option.value}
                  checked={query.must_haves.includes(option.value)}
                  onChange={(event) => {
                    const others = query.must_haves.filter((value) => value !== option.value)
                    dispatch({ type: 'filtersChanged', patch: { must_haves: event.currentTarget.checked ? [...others, option.value] : others } })
                  }}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  )
}

/** Keywords over the adverts' words, how recently a property was added, and reduced ones only. */
function KeywordFields({ query, dispatch }: { query: SearchFormState['query']; dispatch: Dispatch<SearchFormAction> }) {
  const hintId = useId()
  return (
    <div className="search-panel__group">
      <label className="search-panel__select-field">
        <span className="search-panel__legend">{COPY.KEYWORDS}</span>
        <input
          type="search"
          name="keywords"
          className="search-field__select"
          maxLength={KEYWORDS_MAX_LENGTH}
          aria-describedby={hintId}
          value={query.keywords}
          onChange={(event) => dispatch({ type: 'filtersChanged', patch: { keywords: event.currentTarget.value } })}
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
            dispatch({ type: 'filtersChanged', patch: { added_within_days: days } })
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
          onChange={(event) => dispatch({ type: 'filtersChanged', patch: { reduced: event.currentTarget.checked } })}
        />
        <span>{COPY.REDUCED_ONLY}</span>
      </label>
    </div>
  )
}

function FurnishingField({ value, dispatch }: { value: Furnishing; dispatch: Dispatch<SearchFormAction> }) {
  return (
    <label className="search-panel__select-field">
      <span className="search-panel__legend">{LABELS.FURNISHING}</span>
      <select
        name="furnishing"
        className="search-field__select"
        value={value}
        onChange={(event) => {
          const chosen = FURNISHING_OPTIONS.find((option) => option.value === event.currentTarget.value)
          if (chosen) dispatch({ type: 'filtersChanged', patch: { furnishing: chosen.value } })
        }}
      >
        {FURNISHING_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
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
