import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { ComponentType, Dispatch } from 'react'
import {
  LOCATION_SEARCH_DEBOUNCE_MS,
  MESSAGES,
  RADIUS_OPTIONS,
  SEARCH_INPUT_MAX_LENGTH,
  isLocationResetKeyword,
  isRadiusOption,
  toLocationParam,
  toPlaceSearchBounds,
  toRadiusLabel,
} from '@agency/domain'
import type { RadiusMiles, SearchResultPlace } from '@agency/domain'
import { PAGE_PARAMS } from '#app/components/search/search-url.ts'
import type { ChosenLocation } from '#app/components/search/search-url.ts'
import type { SearchFormAction } from '#app/components/search/search-form-state.ts'
import { isNamedLocation, toLocationLabel } from '#app/components/search/search-summary.ts'
import { COPY } from '#app/copy.ts'
import { FieldError, fieldErrorProps } from '#app/components/ui/field-error.tsx'
import type { LocationComboboxProps } from '#app/components/search/location-combobox.tsx'

// The API client and its schemas load on first use; focusing the input starts the download, well
// inside the debounce.
const loadPlacesClient = () => import('#app/components/search/places-client.ts')
// The combobox (downshift) loads on intent too: pointing at the search, or focusing or touching the
// field. Until it arrives the field is a plain input that already searches as it is typed in.
const loadCombobox = () => import('#app/components/search/location-combobox.tsx')

type Status =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'results'; count: number }
  | { kind: 'none' }
  | { kind: 'failed' }
  | { kind: 'adding' }
  | { kind: 'added'; name: string }

/** The places a keyword sent without JavaScript found (the list page's loader), to choose from. */
export interface PlaceChoices {
  keyword: string
  /** The radius that was asked for with it (the form keeps showing it), null when none was. */
  radius: number | null
  places: readonly SearchResultPlace[]
}

interface LocationSearchProps {
  keyword: string
  radius: RadiusMiles
  /** The server could not find the keyword the form was sent with (no JavaScript). */
  keywordNotFound: boolean
  /** The places the keyword found when the form was sent without JavaScript: each a button choosing it. */
  choices?: readonly SearchResultPlace[]
  /** Searches with a place chosen from `choices` (the visitor has pressed Search once already); without it the place is added. */
  onChoiceTaken?: (place: SearchResultPlace) => void
  hydrated: boolean
  dispatch: Dispatch<SearchFormAction>
  /** The field's message (an alert's 'The location field is required.'), shown under it. */
  error?: string | undefined
}

function statusText(status: Status): string {
  switch (status.kind) {
    case 'idle':
      return ''
    case 'searching':
      return COPY.LOCATION_SEARCHING
    case 'results':
      return COPY.LOCATION_RESULTS(status.count)
    case 'none':
      // SPEC §8: a search with no results.
      return MESSAGES.ADDRESS_NOT_FOUND
    case 'failed':
      return COPY.LOCATION_SEARCH_FAILED
    case 'adding':
      return COPY.LOCATION_ADDING
    case 'added':
      return COPY.LOCATION_ADDED(status.name)
  }
}

/**
 * SPEC §2/§4 location live search: a keyword input (at most 256 characters, SPEC §5) with a results
 * list, searched after 1.5 s of quiet (SPEC §9), and the radius dropdown. Choosing a result fetches
 * the place's details and adds it as a location. Without JavaScript the input is a plain text field
 * the list page's loader looks up.
 */
export function LocationSearch({ keyword, radius, keywordNotFound, choices: sentChoices = [], onChoiceTaken, hydrated, dispatch, error }: LocationSearchProps) {
  const radiusId = useId()
  const statusId = useId()
  const hintId = useId()
  const [places, setPlaces] = useState<SearchResultPlace[]>([])
  const [status, setStatus] = useState<Status>(
    keywordNotFound ? { kind: 'none' } : sentChoices.length ? { kind: 'results', count: sentChoices.length } : { kind: 'idle' },
  )
  // Shown until the visitor types again or chooses one.
  const [choices, setChoices] = useState(sentChoices)
  // A search sent with JavaScript comes back with its choices to the field already on the page.
  const choicesKey = sentChoices.map((place) => place.place_id).join(' ')
  const [shownChoicesKey, setShownChoicesKey] = useState(choicesKey)
  if (shownChoicesKey !== choicesKey) {
    setShownChoicesKey(choicesKey)
    setChoices(sentChoices)
    if (sentChoices.length) {
      setPlaces([])
      setStatus({ kind: 'results', count: sentChoices.length })
    }
  }
  // A new object per keystroke, so the debounce restarts even when the text comes back the same.
  const [pending, setPending] = useState<{ keyword: string } | null>(null)

  useEffect(() => {
    if (!pending) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      loadPlacesClient()
        .then((client) => client.searchPlaces(pending.keyword, { signal: controller.signal }))
        .then((found) => {
          setPlaces(found)
          setStatus(found.length ? { kind: 'results', count: found.length } : { kind: 'none' })
        })
        .catch(() => {
          if (controller.signal.aborted) return
          setPlaces([])
          setStatus({ kind: 'failed' })
        })
    }, LOCATION_SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [pending])

  async function choose(place: SearchResultPlace) {
    setChoices([])
    setPending(null)
    setPlaces([])
    setStatus({ kind: 'adding' })
    dispatch({ type: 'keywordChanged', keyword: place.name })
    try {
      const details = await (await loadPlacesClient()).findPlace(place.place_id)
      if (!details) {
        setStatus({ kind: 'none' })
        return
      }
      const location = { name: place.name, lat: details.lat, lng: details.lng }
      // An area's bounds come along so that radius 0 (SPEC §9: the place's own bounds) can search them.
      const bounds = toPlaceSearchBounds(details)
      dispatch({
        type: 'locationAdded',
        location: bounds ? { ...location, bounds } : location,
        placeId: place.place_id,
      })
      setStatus({ kind: 'added', name: place.name })
    } catch {
      setStatus({ kind: 'failed' })
    }
  }

  const [Combobox, setCombobox] = useState<ComponentType<LocationComboboxProps> | null>(null)
  const plainInputRef = useRef<HTMLInputElement>(null)
  const [focusOnMount, setFocusOnMount] = useState(false)
  const inputId = useId()
  const menuId = useId()

  function loadOnIntent() {
    void loadPlacesClient()
    if (Combobox || !hydrated) return
    void loadCombobox().then((module) => {
      // The field is swapped for the combobox's own: keep the focus (and the caret) where it was.
      setFocusOnMount(document.activeElement === plainInputRef.current)
      setCombobox(() => module.LocationCombobox)
    })
  }

  // Typing is handled on the input's own change event, not downshift's onInputValueChange, which
  // runs after the render: a controlled value updated that late loses keys typed in quick succession.
  function typed(keyword: string) {
    setChoices([])
    // Typed before the combobox had come (a tap and quick keys as the page hydrated): fetch it now.
    if (!Combobox) loadOnIntent()
    dispatch({ type: 'keywordChanged', keyword })
    if (isLocationResetKeyword(keyword)) {
      // SPEC §4: an empty keyword resets the locations.
      setPending(null)
      setPlaces([])
      setStatus({ kind: 'idle' })
      dispatch({ type: 'locationsReset' })
      return
    }
    setStatus({ kind: 'searching' })
    setPending({ keyword: keyword.trim() })
  }

  // Keys typed before React had the page are in the field, not yet in the state: take them over in the
  // commit that hydrated the field, before any render of it. A later render (the one that follows
  // hydration, `hydrated` turning true) would write the state's older keyword back into the field and
  // lose the keys typed meanwhile ('Manc' of 'Manch').
  const keysTakenOver = useRef(false)
  useLayoutEffect(() => {
    const input = plainInputRef.current
    if (!input || input.value === keyword) return
    keysTakenOver.current = true
    typed(input.value)
    // Once, on the commit that hydrated the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // The field focused before the page's script ran (a tap as the page loaded) gets its combobox as if
  // focused now, and so does one whose keys were taken over above.
  const tookOver = useRef(false)
  useEffect(() => {
    if (!hydrated || tookOver.current) return
    tookOver.current = true
    const input = plainInputRef.current
    if (!input) return
    if (input.value !== keyword) typed(input.value)
    else if (keysTakenOver.current || document.activeElement === input) loadOnIntent()
    // Once, when the page's script has taken the field over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

  const inputProps = {
    name: PAGE_PARAMS.KEYWORD,
    type: 'text',
    maxLength: SEARCH_INPUT_MAX_LENGTH,
    placeholder: COPY.LOCATION_PLACEHOLDER,
    spellCheck: false,
    enterKeyHint: 'search',
    autoComplete: 'off',
    className: 'location-search__input',
    ...fieldErrorProps(inputId, error, `${statusId} ${hintId}`),
  } as const
  const busy = status.kind === 'searching' || status.kind === 'adding'

  return (
    <div className="location-search">
      <div className="location-search__keyword">
        {Combobox ? (
          <Combobox
            inputProps={inputProps}
            keyword={keyword}
            places={places}
            busy={busy}
            focusOnMount={focusOnMount}
            onTyped={typed}
            onChosen={(place) => void choose(place)}
          />
        ) : (
          <>
            <label htmlFor={inputId} className="search-field__label">
              {COPY.LOCATION}
            </label>
            <div className="location-search__combobox" data-busy={busy || undefined} onPointerEnter={loadOnIntent}>
              <input
                {...inputProps}
                ref={plainInputRef}
                id={inputId}
                value={keyword}
                // With JavaScript the field is announced as the combobox it becomes on first use.
                {...(hydrated ? { role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': false, 'aria-controls': menuId } : {})}
                onFocus={loadOnIntent}
                onTouchStart={loadOnIntent}
                onChange={(event) => typed(event.currentTarget.value)}
              />
              {busy && <span className="location-search__spinner" aria-hidden="true" />}
              <ul id={menuId} className="location-search__menu" hidden />
            </div>
          </>
        )}
        <FieldError fieldId={inputId} message={error} className="location-search__error" />
        <p id={statusId} role="status" className="location-search__status" data-kind={status.kind}>
          {statusText(status)}
        </p>
        {choices.length > 0 && (
          <ul className="location-search__choices" role="list" aria-label={COPY.LOCATION_CHOOSE}>
            {choices.map((place) => (
              <li key={place.place_id}>
                <button
                  type="submit"
                  name={PAGE_PARAMS.PLACE}
                  value={place.place_id}
                  className="location-search__choice"
                  onClick={(event) => {
                    event.preventDefault()
                    if (!onChoiceTaken) {
                      void choose(place)
                      return
                    }
                    setChoices([])
                    setStatus({ kind: 'adding' })
                    onChoiceTaken(place)
                  }}
                >
                  <span className="location-search__choice-name">{place.name}</span>
                  {place.description && <span className="location-search__choice-description">{place.description}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p id={hintId} className="visually-hidden">
          {COPY.LOCATION_HINT}
        </p>
      </div>
      <div className="location-search__radius">
        <label htmlFor={radiusId} className="search-field__label">
          {COPY.RADIUS}
        </label>
        <select
          id={radiusId}
          name={PAGE_PARAMS.RADIUS}
          className="search-field__select"
          value={radius}
          onChange={(event) => {
            const miles = Number(event.currentTarget.value)
            if (isRadiusOption(miles)) dispatch({ type: 'radiusChanged', radius: miles })
          }}
        >
          {RADIUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

interface LocationChipsProps {
  locations: readonly ChosenLocation[]
  dispatch: Dispatch<SearchFormAction>
}

/**
 * The chosen locations as removable chips. Each carries its `locations` and `location_names` fields,
 * so the form sends them without JavaScript too; there the remove button sends the form with
 * `remove_location`, and the loader drops that location.
 */
export function LocationChips({ locations, dispatch }: LocationChipsProps) {
  if (locations.length === 0) return null
  return (
    <ul className="location-chips" aria-label={COPY.CHOSEN_LOCATIONS}>
      {locations.map((location, index) => {
        const label = toLocationLabel(location)
        return (
          <li key={`${location.lat},${location.lng}`} className="location-chip">
            <span className="location-chip__name">{label}</span>
            {isNamedLocation(location.name) && <span className="location-chip__radius">{toRadiusLabel(location.radius)}</span>}
            <button
              type="submit"
              name={PAGE_PARAMS.REMOVE_LOCATION}
              value={index}
              className="location-chip__remove"
              aria-label={COPY.REMOVE_LOCATION(label)}
              onClick={(event) => {
                event.preventDefault()
                dispatch({ type: 'locationRemoved', index })
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
            <input type="hidden" name="locations" value={toLocationParam(location)} />
            <input type="hidden" name={PAGE_PARAMS.LOCATION_NAMES} value={location.name} />
          </li>
        )
      })}
    </ul>
  )
}
