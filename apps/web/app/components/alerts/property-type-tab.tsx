import { useId } from 'react'
import type { Dispatch } from 'react'
import {
  FURNISHING_OPTIONS,
  INCLUSION_FILTER_LABELS,
  INCLUSION_OPTIONS,
  LABELS,
  MESSAGES,
  MUST_HAVE_OPTIONS,
  RADIUS_OPTIONS,
  getPriceOptions,
  getRoomOptions,
  isRadiusOption,
  toPriceLabel,
  toRadiusLabel,
} from '@agency/domain'
import type { AlertCriteria, SearchType } from '@agency/domain'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import type { RegisterAction, RegisterState } from '#app/components/alerts/register-state.ts'
import { PANEL_INCLUSION_FILTERS } from '#app/components/search/advanced-fields.tsx'
import { LocationSearch } from '#app/components/search/location-search.tsx'
import { RangeSelect } from '#app/components/search/range-select.tsx'
import type { SearchFormAction } from '#app/components/search/search-form-state.ts'
import { TypePicker } from '#app/components/search/type-picker.tsx'
import { COPY } from '#app/copy.ts'

/** The hidden field carrying each chosen location (SPEC §3 Location) when the form is sent without JavaScript. */
export const LOCATION_JSON_FIELD = 'location_json'

interface PropertyTypeTabProps {
  state: RegisterState
  dispatch: Dispatch<RegisterAction>
  searchType: SearchType
  hydrated: boolean
  /** The server could not find the keyword the form was sent with (no JavaScript). */
  keywordNotFound: boolean
}

/**
 * SPEC §2 Property Type tab: locations through the site's live location search, each with its own
 * radius (SPEC §5 help text); min and max price from SPEC §9's steps for the search type; bedroom,
 * bathroom and reception ranges; the type and style picker; must-haves; and the include/exclude/
 * show-only options of the search type. Fields are named as the search query names them, so the form
 * works without JavaScript.
 */
export function PropertyTypeTab({ state, dispatch, searchType, hydrated, keywordNotFound }: PropertyTypeTabProps) {
  const helpId = useId()
  const { criteria } = state
  const patch = (value: Partial<AlertCriteria>) => dispatch({ type: 'criteriaChanged', patch: value })

  // The live search speaks the search form's actions; the alert keeps whole SPEC §3 Locations.
  const searchDispatch: Dispatch<SearchFormAction> = (action) => {
    switch (action.type) {
      case 'keywordChanged':
        return dispatch({ type: 'keywordChanged', keyword: action.keyword })
      case 'radiusChanged':
        return dispatch({ type: 'radiusChanged', radius: action.radius })
      case 'locationsReset':
        return dispatch({ type: 'locationsReset' })
      case 'locationAdded': {
        const { name, lat, lng, bounds } = action.location
        return dispatch({
          type: 'locationAdded',
          location: { location: name, place_id: action.placeId ?? `${lat},${lng}`, lat, lng, bounds: bounds ?? null, distance: state.radius },
        })
      }
      default:
        return undefined
    }
  }

  const room = (kind: 'bedroom' | 'bathroom' | 'reception') => ({
    names: { min: `min_${kind}`, max: `max_${kind}` },
    options: { min: getRoomOptions(kind, 'min'), max: getRoomOptions(kind, 'max') },
    values: { min: criteria[`min_${kind}`], max: criteria[`max_${kind}`] },
    toLabel: String,
    onChange: (bound: 'min' | 'max', value: number | null) => patch({ [`${bound}_${kind}`]: value }),
  })

  return (
    <div className="alert-criteria search-theme--light">
      <fieldset className="alert-criteria__locations" aria-describedby={helpId}>
        <legend className="alert-section__legend">{ALERT_COPY.LOCATIONS}</legend>
        <p id={helpId} className="alert-field__hint">
          {MESSAGES.LOCATION_HELP}
        </p>
        <LocationSearch keyword={state.keyword} radius={state.radius} keywordNotFound={keywordNotFound} hydrated={hydrated} dispatch={searchDispatch} />
        {criteria.locations.length > 0 && (
          <ul className="alert-locations" aria-label={COPY.CHOSEN_LOCATIONS}>
            {criteria.locations.map((location, index) => (
              <li key={location.place_id} className="alert-location">
                <span className="alert-location__name">{location.location}</span>
                <label className="visually-hidden" htmlFor={`${helpId}-radius-${index}`}>
                  {ALERT_COPY.LOCATION_RADIUS(location.location)}
                </label>
                <select
                  id={`${helpId}-radius-${index}`}
                  className="search-field__select alert-location__radius"
                  value={location.distance}
                  onChange={(event) => {
                    const miles = Number(event.currentTarget.value)
                    if (isRadiusOption(miles)) dispatch({ type: 'locationRadiusChanged', index, radius: miles })
                  }}
                >
                  {RADIUS_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                  {!isRadiusOption(location.distance) && <option value={location.distance}>{toRadiusLabel(location.distance)}</option>}
                </select>
                {hydrated && (
                  <button
                    type="button"
                    className="location-chip__remove"
                    aria-label={COPY.REMOVE_LOCATION(location.location)}
                    onClick={() => dispatch({ type: 'locationRemoved', index })}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
                <input type="hidden" name={LOCATION_JSON_FIELD} value={JSON.stringify(location)} />
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <RangeSelect
        legend={ALERT_COPY.PRICE}
        labels={{ min: ALERT_COPY.MIN_PRICE, max: ALERT_COPY.MAX_PRICE }}
        names={{ min: 'min_price', max: 'max_price' }}
        options={{ min: getPriceOptions(searchType, 'min'), max: getPriceOptions(searchType, 'max') }}
        values={{ min: criteria.min_price, max: criteria.max_price }}
        toLabel={(value) => toPriceLabel(value, searchType)}
        onChange={(bound, value) => patch(bound === 'min' ? { min_price: value ?? 0 } : { max_price: value ?? 0 })}
      />
      <RangeSelect legend={ALERT_COPY.BEDROOMS} labels={{ min: ALERT_COPY.MIN_BEDROOMS, max: ALERT_COPY.MAX_BEDROOMS }} {...room('bedroom')} />
      <RangeSelect legend={LABELS.BATHROOMS} labels={{ min: COPY.MIN_BATHROOMS, max: COPY.MAX_BATHROOMS }} {...room('bathroom')} />
      <RangeSelect legend={LABELS.RECEPTIONS} labels={{ min: COPY.MIN_RECEPTIONS, max: COPY.MAX_RECEPTIONS }} {...room('reception')} />

      <TypePicker types={state.types} dispatch={(action) => dispatch({ type: 'types', action })} hydrated={hydrated} theme="light" />

      <fieldset className="choice-group">
        <legend className="alert-section__legend">{LABELS.MUST_HAVES}</legend>
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
                  patch({ must_haves: event.currentTarget.checked ? [...others, option.value] : others })
                }}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {PANEL_INCLUSION_FILTERS[searchType].map((filter) => (
        <fieldset key={filter} className="choice-group">
          <legend className="alert-section__legend">{INCLUSION_FILTER_LABELS[filter]}</legend>
          <div className="choice-group__options">
            {INCLUSION_OPTIONS.map((option) => (
              <label key={option.value} className="choice">
                <input
                  type="radio"
                  name={filter}
                  value={option.value}
                  checked={criteria[filter] === option.value}
                  onChange={() => patch({ [filter]: option.value })}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {searchType === 'lettings' && (
        <label className="alert-field">
          <span className="alert-section__legend">{LABELS.FURNISHING}</span>
          <select
            name="furnishing"
            className="search-field__select"
            value={criteria.furnishing}
            onChange={(event) => {
              const chosen = FURNISHING_OPTIONS.find((option) => option.value === event.currentTarget.value)
              if (chosen) patch({ furnishing: chosen.value })
            }}
          >
            {FURNISHING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  )
}
