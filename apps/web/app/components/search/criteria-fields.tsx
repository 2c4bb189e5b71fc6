import type { Dispatch, ReactNode } from 'react'
import {
  FURNISHING_OPTIONS,
  INCLUSION_FILTER_LABELS,
  INCLUSION_OPTIONS,
  LABELS,
  MUST_HAVE_OPTIONS,
  PRICE_UNSET,
  getPriceOptions,
  getRoomOptions,
  toPriceLabel,
  toRangeChoice,
  toRangeOptions,
  toRoomValueLabel,
} from '@agency/domain'
import type { InclusionFilter, SearchPanelTheme, SearchType, TypeSelectionState } from '@agency/domain'
import type { CriteriaAction, CriteriaFieldValues } from '#app/components/search/criteria-state.ts'
import { RangeSelect } from '#app/components/search/range-select.tsx'
import { TypePicker } from '#app/components/search/type-picker.tsx'
import { COPY } from '#app/copy.ts'

/** SPEC §2: the include/exclude/show-only filters each search type's panel offers, in SPEC's order. */
export const PANEL_INCLUSION_FILTERS: Record<SearchType, readonly InclusionFilter[]> = {
  sales: ['new_homes', 'shared_ownership', 'retirement_homes'],
  lettings: ['short_let', 'house_flat_share', 'pets_allowed', 'bills_included', 'retirement_homes'],
}

type RangeKind = 'price' | 'bedroom' | 'bathroom' | 'reception'
type Bound = 'min' | 'max'

// The dropdowns' options never change: built once, not on every render (each price label is formatted).
const PRICE_OPTIONS = {
  sales: { min: getPriceOptions('sales', 'min'), max: getPriceOptions('sales', 'max') },
  lettings: { min: getPriceOptions('lettings', 'min'), max: getPriceOptions('lettings', 'max') },
} satisfies Record<SearchType, unknown>
const roomOptions = (kind: 'bedroom' | 'bathroom' | 'reception') => ({ min: getRoomOptions(kind, 'min'), max: getRoomOptions(kind, 'max') })
const ROOM_OPTIONS = { bedroom: roomOptions('bedroom'), bathroom: roomOptions('bathroom'), reception: roomOptions('reception') }

/** SPEC §2's legend and the min and max labels of each range, stated once for both forms. */
const RANGE_LABELS: Record<RangeKind, { legend: string; min: string; max: string }> = {
  price: { legend: COPY.PRICE, min: COPY.MIN_PRICE, max: COPY.MAX_PRICE },
  bedroom: { legend: COPY.BEDROOMS, min: COPY.MIN_BEDROOMS, max: COPY.MAX_BEDROOMS },
  bathroom: { legend: LABELS.BATHROOMS, min: COPY.MIN_BATHROOMS, max: COPY.MAX_BATHROOMS },
  reception: { legend: LABELS.RECEPTIONS, min: COPY.MIN_RECEPTIONS, max: COPY.MAX_RECEPTIONS },
}

interface CriteriaRangeProps {
  kind: RangeKind
  searchType: SearchType
  criteria: CriteriaFieldValues
  dispatch: Dispatch<CriteriaAction>
  className?: string
  required?: boolean
  /** Messages by field (an alert's 'min_price' and 'max_price'), each shown under its dropdown. */
  errors?: FieldErrors | undefined
  /**
   * Each dropdown offers only what agrees with the other bound (a max from the min up, a min up to
   * the max), so no choice can contradict the other; otherwise every option is offered, and a bound
   * chosen past the other opens it.
   */
  bounded: boolean
}

/** Messages by field, the first of each shown at its field. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

/**
 * One of the criteria's min and max pairs: price (SPEC §9 steps, 'No min' / 'No max', PCM for
 * lettings; an unset price is 0) or a room count (an unset one is null), named after the API's query
 * parameters so the forms work without JavaScript. The search's main bar shows price and bedrooms.
 */
export function CriteriaRange({ kind, searchType, criteria, dispatch, className, required = false, errors = {}, bounded }: CriteriaRangeProps) {
  const labels = RANGE_LABELS[kind]
  const field = (bound: Bound) => `${bound}_${kind}` as const
  // A bound chosen past the other opens the other ('No max' / 'No min'): the range reads the right way.
  const other = (bound: Bound): Bound => (bound === 'min' ? 'max' : 'min')
  const common = {
    legend: labels.legend,
    labels: { min: labels.min, max: labels.max },
    names: { min: field('min'), max: field('max') },
    values: { min: criteria[field('min')], max: criteria[field('max')] },
    required,
    errors: { min: errors[field('min')]?.[0], max: errors[field('max')]?.[0] },
    ...(className ? { className } : {}),
  }
  const offered = <O extends { readonly value: number | null }>(options: Record<Bound, readonly O[]>, unset: number | null): Record<Bound, readonly O[]> =>
    bounded
      ? { min: toRangeOptions('min', options.min, criteria[field('max')], unset), max: toRangeOptions('max', options.max, criteria[field('min')], unset) }
      : options
  if (kind === 'price') {
    return (
      <RangeSelect
        {...common}
        options={offered(PRICE_OPTIONS[searchType], PRICE_UNSET)}
        toLabel={(value) => toPriceLabel(value, searchType)}
        onChange={(bound, value) => {
          const chosen = toRangeChoice(bound, value ?? PRICE_UNSET, criteria[field(other(bound))], PRICE_UNSET)
          dispatch({ type: 'criteriaChanged', patch: { [field(bound)]: chosen.value, [field(other(bound))]: chosen.other } })
        }}
      />
    )
  }
  return (
    <RangeSelect
      {...common}
      options={offered(ROOM_OPTIONS[kind], null)}
      toLabel={kind === 'bedroom' ? (value) => toRoomValueLabel('bedroom', value) : String}
      onChange={(bound, value) => {
        const chosen = toRangeChoice(bound, value, criteria[field(other(bound))], null)
        dispatch({ type: 'criteriaChanged', patch: { [field(bound)]: chosen.value, [field(other(bound))]: chosen.other } })
      }}
    />
  )
}

interface CriteriaFieldsProps {
  /** 'panel': the search's Filters panel (price and bedrooms sit in the bar); 'alert': the alert's Property Type tab. */
  layout: 'panel' | 'alert'
  searchType: SearchType
  criteria: CriteriaFieldValues
  types: TypeSelectionState
  dispatch: Dispatch<CriteriaAction>
  hydrated: boolean
  theme: SearchPanelTheme
  /** What comes first (the alert's locations). */
  before?: ReactNode
  /** Messages by field (an alert's prices), each shown at its field. */
  errors?: FieldErrors | undefined
  /**
   * What follows the room ranges in the panel's first column (the include-available checkbox, 'Show
   * me Properties', keywords, date added, reduced only).
   */
  afterRooms?: ReactNode
}

/**
 * The criteria's fields, for the search panel and the alert's Property Type tab alike (SPEC §2): the
 * room ranges (and, on the alert, price and bedrooms), the include/exclude/show-only options of the
 * search type, Furnishing for lettings, the type and style picker and Must Haves. Each is named after
 * the API's query parameter, so both forms work without JavaScript.
 */
export function CriteriaFields({ layout, searchType, criteria, types, dispatch, hydrated, theme, before, afterRooms, errors }: CriteriaFieldsProps) {
  const legendClass = layout === 'panel' ? 'search-panel__legend' : 'alert-section__legend'
  // An alert needs both prices (SPEC §5 submit rules 3 and 4); a search needs none.
  // Each pair offers only choices that agree with each other once the page has hydrated. Without
  // JavaScript the whole form is sent at once, so every value is offered and both bounds can be changed
  // together: the list page searches a pair sent the wrong way round as meant (swapped), and an alert
  // refuses it with a message at the maximum.
  const range = (kind: RangeKind) => (
    <CriteriaRange
      kind={kind}
      searchType={searchType}
      criteria={criteria}
      dispatch={dispatch}
      required={layout === 'alert' && kind === 'price'}
      errors={errors}
      bounded={hydrated}
    />
  )
  const inclusions = PANEL_INCLUSION_FILTERS[searchType].map((filter) => (
    <fieldset key={filter} className="choice-group">
      <legend className={legendClass}>{INCLUSION_FILTER_LABELS[filter]}</legend>
      <div className="choice-group__options">
        {INCLUSION_OPTIONS.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={filter}
              value={option.value}
              checked={criteria[filter] === option.value}
              onChange={() => dispatch({ type: 'criteriaChanged', patch: { [filter]: option.value } })}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  ))
  const furnishing = searchType === 'lettings' && (
    <label className={layout === 'panel' ? 'search-panel__select-field' : 'alert-field'}>
      <span className={legendClass}>{LABELS.FURNISHING}</span>
      <select
        name="furnishing"
        className="search-field__select"
        value={criteria.furnishing}
        onChange={(event) => {
          const chosen = FURNISHING_OPTIONS.find((option) => option.value === event.currentTarget.value)
          if (chosen) dispatch({ type: 'criteriaChanged', patch: { furnishing: chosen.value } })
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
  const typePicker = <TypePicker types={types} dispatch={(action) => dispatch({ type: 'types', action })} hydrated={hydrated} theme={theme} />
  const mustHaves = (
    <fieldset className="choice-group">
      <legend className={legendClass}>{LABELS.MUST_HAVES}</legend>
      <div className="choice-group__options">
        {MUST_HAVE_OPTIONS.map((option) => (
          <label key={option.value} className="check">
            <input
              type="checkbox"
              name="must_haves"
              value={option.value}
              checked={criteria.must_haves.includes(option.value)}
              onChange={(event) => {
                const others = criteria.must_haves.filter((value) => value !== option.value)
                dispatch({ type: 'criteriaChanged', patch: { must_haves: event.currentTarget.checked ? [...others, option.value] : others } })
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )

  if (layout === 'alert') {
    return (
      <div className={`alert-criteria search-theme--${theme}`}>
        {before}
        {range('price')}
        {range('bedroom')}
        {range('bathroom')}
        {range('reception')}
        {typePicker}
        {mustHaves}
        {inclusions}
        {furnishing}
      </div>
    )
  }
  // Three columns on a wide screen, each filled from the top (the rooms and the search's own fields;
  // the include/exclude/show-only filters; the types and Must Haves), so none leaves a hole under a
  // shorter one; on a phone they follow one another in the same order.
  return (
    <div className="search-panel__grid">
      {before}
      <div className="search-panel__group">
        {range('bathroom')}
        {range('reception')}
        {afterRooms}
      </div>
      <div className="search-panel__group">
        {inclusions}
        {furnishing}
      </div>
      <div className="search-panel__group search-panel__group--wide">
        {typePicker}
        {mustHaves}
      </div>
    </div>
  )
}
