import { useId } from 'react'
import type { Dispatch } from 'react'
import { MESSAGES, RADIUS_OPTIONS, isRadiusOption, toRadiusLabel } from '@agency/domain'
import type { SearchType } from '@agency/domain'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import type { RegisterAction, RegisterState } from '#app/components/alerts/register-state.ts'
import { CriteriaFields } from '#app/components/search/criteria-fields.tsx'
import { LocationSearch } from '#app/components/search/location-search.tsx'
import type { SearchFormAction } from '#app/components/search/search-form-state.ts'
import { RequiredMark } from '#app/components/ui/required-mark.tsx'
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
 * radius (SPEC §5 help text), then the criteria's fields as the search panel shows them (CriteriaFields:
 * price, bedroom, bathroom and reception ranges, the type and style picker, must-haves, and the
 * include/exclude/show-only options of the search type). Fields are named as the search query names
 * them, so the form works without JavaScript.
 */
export function PropertyTypeTab({ state, dispatch, searchType, hydrated, keywordNotFound }: PropertyTypeTabProps) {
  const helpId = useId()
  const { criteria } = state

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

  return (
    <CriteriaFields
      layout="alert"
      searchType={searchType}
      criteria={criteria}
      types={state.types}
      dispatch={dispatch}
      hydrated={hydrated}
      theme="light"
      errors={state.fieldErrors}
      before={
        <fieldset className="alert-criteria__locations" aria-describedby={helpId}>
          <legend className="alert-section__legend">
            {ALERT_COPY.LOCATIONS}
            <RequiredMark />
          </legend>
          <p id={helpId} className="alert-field__hint">
            {MESSAGES.LOCATION_HELP}
          </p>
          <LocationSearch
            keyword={state.keyword}
            radius={state.radius}
            keywordNotFound={keywordNotFound}
            hydrated={hydrated}
            dispatch={searchDispatch}
            error={state.fieldErrors['locations']?.[0]}
          />
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
      }
    />
  )
}
