import { Suspense, lazy, useId, useReducer, useRef, useState } from 'react'
import type { Dispatch, ReactNode, RefObject } from 'react'
import { LABELS, LIST_PATHS, SHOW_ME_PROPERTIES_OPTIONS, toSwitchedQuery } from '@agency/domain'
import type { SearchType } from '@agency/domain'
import { Form, useLocation } from 'react-router'
import { AdvancedFields, countPanelFilters } from '#app/components/search/advanced-fields.tsx'
import { LocationChips, LocationSearch } from '#app/components/search/location-search.tsx'
import type { PlaceChoices } from '#app/components/search/location-search.tsx'
import { CriteriaRange } from '#app/components/search/criteria-fields.tsx'
import { searchFormReducer, toChoiceUrl, toFormQuery, toFormUrl, toKeptParams, toSearchFormState } from '#app/components/search/search-form-state.ts'
import type { SearchFormAction, SearchFormState } from '#app/components/search/search-form-state.ts'
import { PAGE_PARAMS, toFiltersViewUrl, toSearchUrl } from '#app/components/search/search-url.ts'
import type { SearchCriteria } from '#app/components/search/search-url.ts'
import { toSearchSummary } from '#app/components/search/search-summary.ts'
import { useApplySearch } from '#app/components/search/use-apply-search.ts'
import { useHydrated } from '#app/components/search/use-hydrated.ts'
import { COPY } from '#app/copy.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'

const loadAdvancedPanel = () => import('#app/components/search/advanced-panel.tsx')
const AdvancedPanel = lazy(loadAdvancedPanel)

// Navigation state asking the next list page to open its panel: the For Sale / For Rent switch moves
// to the other list, and the visitor carries on where they were.
const PANEL_OPEN_STATE = { searchPanel: 'open' } as const
const isPanelRequested = (state: unknown) =>
  typeof state === 'object' && state !== null && 'searchPanel' in state && state.searchPanel === PANEL_OPEN_STATE.searchPanel

interface SearchFormProps {
  /** 'list': the list pages' full bar and panel; 'hero': the home page's location search. */
  variant: 'list' | 'hero'
  criteria: SearchCriteria
  /** A keyword the list page's loader could not find (a form sent without JavaScript). */
  notFoundKeyword?: string
  /** The radius asked for with that keyword, which the radius dropdown keeps showing. */
  notFoundRadius?: number | null
  /** The places a keyword sent without JavaScript found, offered to choose from. */
  placeChoices?: PlaceChoices | null
  /** The list page was asked for with its Filters panel open (`filters=open`). */
  filtersOpen?: boolean
}

/**
 * The property search as ONE GET form whose fields carry the API's query parameter names: the
 * location live search, price and bedrooms, the Filters panel, Search. Without JavaScript the browser
 * sends it as it is and the list page's loader does the rest (the Filters panel is then on a view of
 * its own, `filters=open`, and elsewhere its criteria travel as hidden inputs); with JavaScript,
 * Search navigates to the canonical URL of the form's state, so history holds every search. The state starts from the URL and
 * starts again whenever the URL changes, so back and forward restore the form as well as the results.
 */
export function SearchForm({ variant, criteria, notFoundKeyword: notFound = '', notFoundRadius = null, placeChoices = null, filtersOpen = false }: SearchFormProps) {
  // The keyword stays in the field when it found nothing, or several places to choose from.
  const notFoundKeyword = placeChoices?.keyword ?? notFound
  const hydrated = useHydrated()
  const location = useLocation()
  const applySearch = useApplySearch()
  const { search_panel_theme: theme } = useSiteSettings()
  const formId = useId()
  const [state, dispatch] = useReducer(searchFormReducer, criteria, (initial) => toSearchFormState(initial, notFoundKeyword, notFoundRadius))
  const syncKey = `${toSearchUrl(criteria.searchType, criteria.query, criteria.locationNames)}#${notFoundKeyword}#${notFoundRadius}`
  const [syncedKey, setSyncedKey] = useState(syncKey)
  if (syncedKey !== syncKey) {
    setSyncedKey(syncKey)
    dispatch({ type: 'reset', state: toSearchFormState(criteria, notFoundKeyword, notFoundRadius) })
  }
  const [panelOpen, setPanelOpen] = useState(() => variant === 'list' && (filtersOpen || isPanelRequested(location.state)))
  // On a phone the list's search is one line (its summary) with Edit, the form a tap away.
  const details = useRef<HTMLDetailsElement>(null)
  const editing = filtersOpen || notFoundKeyword !== ''

  function changeSearchType(searchType: SearchType) {
    if (searchType === state.searchType) return
    if (variant === 'hero') {
      dispatch({ type: 'searchTypeChanged', searchType })
      return
    }
    const query = toSwitchedQuery(toFormQuery(state), state.searchType)
    applySearch(toSearchUrl(searchType, query, state.locations.map((l) => l.name)), { state: PANEL_OPEN_STATE })
  }

  const fields =
    variant === 'list' ? (
      <AdvancedFields state={state} dispatch={dispatch} hydrated={hydrated} theme={theme} onSearchTypeChange={changeSearchType} />
    ) : null
  const activeFilters = countPanelFilters(state)
  // Without JavaScript the panel is on the page only in its own view (filters=open).
  const kept = variant === 'list' ? toKeptParams(state, hydrated || filtersOpen) : new URLSearchParams()

  return (
    <>
      <Form
        id={formId}
        method="get"
        action={LIST_PATHS[state.searchType]}
        role="search"
        aria-label={COPY.SEARCH_FORM}
        // Lets tests (and scripts) wait until the form is interactive with JavaScript.
        data-hydrated={hydrated ? 'true' : undefined}
        className={`search-form search-form--${variant}`}
        onSubmit={(event) => {
          event.preventDefault()
          setPanelOpen(false)
          if (details.current) details.current.open = false
          applySearch(toFormUrl(state))
        }}
      >
        <SearchSummary enabled={variant === 'list'} criteria={criteria} open={editing} detailsRef={details}>
        <div className="search-form__bar">
          <LocationSearch
            keyword={state.keyword}
            radius={state.radius}
            keywordNotFound={notFound !== ''}
            choices={placeChoices?.places ?? []}
            onChoiceTaken={(place) => {
              setPanelOpen(false)
              applySearch(toChoiceUrl(state, place))
            }}
            hydrated={hydrated}
            dispatch={dispatch}
          />
          {variant === 'list' ? <MainBarRanges state={state} dispatch={dispatch} bounded={hydrated} /> : <SearchTypeChoice state={state} onChange={changeSearchType} />}
          <div className="search-form__actions">
            {variant === 'list' && hydrated && (
              <button
                type="button"
                className="button button--secondary search-form__filters"
                aria-haspopup="dialog"
                onPointerEnter={() => void loadAdvancedPanel()}
                onFocus={() => void loadAdvancedPanel()}
                onClick={() => setPanelOpen(true)}
              >
                {COPY.FILTERS}
                <FiltersCount count={activeFilters} />
              </button>
            )}
            {fields && !hydrated && !filtersOpen && (
              // Without JavaScript the panel is a view of its own, the same search with the panel open:
              // a list page's HTML does not carry the closed panel's fields. The link takes the Filters
              // button's place and size, so nothing moves when the page hydrates.
              <a className="button button--secondary search-form__filters" href={toFiltersViewUrl(location.pathname, location.search)}>
                {COPY.FILTERS}
                <FiltersCount count={activeFilters} />
              </a>
            )}
            {fields && !hydrated && filtersOpen && (
              // The panel without JavaScript: a disclosure inside the form, open, sent with it. Its summary
              // takes the Filters button's place and size.
              <details className="search-form__inline-panel" open>
                <summary className="button button--secondary search-form__filters">
                  {COPY.FILTERS}
                  <FiltersCount count={activeFilters} />
                </summary>
                <div className={`search-panel search-panel--inline search-theme--${theme}`}>
                  <div className="search-panel__body">{fields}</div>
                  <div className="search-panel__footer">
                    <button type="submit" className="button button--large search-panel__search">
                      {LABELS.SEARCH}
                    </button>
                  </div>
                </div>
              </details>
            )}
            <button type="submit" className="button search-form__submit">
              {LABELS.SEARCH}
            </button>
          </div>
        </div>
        <LocationChips locations={state.locations} dispatch={dispatch} />
        </SearchSummary>
        {variant === 'list' && !editing && (
          // The phone's Filters beside the summary (search.css hides it elsewhere, and while editing).
          hydrated ? (
            <button type="button" className="button button--secondary search-form__phone-filters" aria-haspopup="dialog" onClick={() => setPanelOpen(true)}>
              {COPY.FILTERS}
              <FiltersCount count={activeFilters} />
            </button>
          ) : (
            <a className="button button--secondary search-form__phone-filters" href={toFiltersViewUrl(location.pathname, location.search)}>
              {COPY.FILTERS}
              <FiltersCount count={activeFilters} />
            </a>
          )
        )}
        {[...kept].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
      </Form>
      {fields && hydrated && panelOpen && (
        <Suspense fallback={null}>
          <AdvancedPanel open onOpenChange={setPanelOpen} theme={theme} formId={formId}>
            {fields}
          </AdvancedPanel>
        </Suspense>
      )}
    </>
  )
}

interface SearchSummaryProps {
  enabled: boolean
  criteria: SearchCriteria
  /** Open from the start: the form is being edited (the Filters view, a keyword to look at again). */
  open: boolean
  detailsRef: RefObject<HTMLDetailsElement | null>
  children: ReactNode
}

/**
 * A list page's search on a phone: a disclosure (it opens without JavaScript) whose summary is the
 * search in one line with Edit, and whose content is the form's bar. From 700px the stylesheet shows
 * the bar and no summary (search.css, `::details-content`).
 */
function SearchSummary({ enabled, criteria, open, detailsRef, children }: SearchSummaryProps) {
  if (!enabled) return children
  const summary = toSearchSummary(criteria)
  return (
    <details className="search-form__details" ref={detailsRef} open={open || undefined}>
      <summary className="search-form__summary">
        <span className="visually-hidden">{COPY.SUMMARY_LABEL}: </span>
        <span className="search-form__summary-text">
          <span className="search-form__summary-place">{summary.place}</span>
          <span className="search-form__summary-rest">{summary.rest}</span>
        </span>
        <span className="search-form__summary-edit">{COPY.SUMMARY_EDIT}</span>
      </summary>
      {children}
    </details>
  )
}

/** The number of filters set in the panel, on the Filters button (and its no-JavaScript twin). */
function FiltersCount({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <>
      <span className="search-form__count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{COPY.FILTERS_ACTIVE(count)}</span>
    </>
  )
}

/**
 * SPEC §2: price (SPEC §9 steps, 'No min' / 'No max', PCM for lettings) and bedrooms sit in the main bar.
 * `bounded` once the page has hydrated: each max then offers only values from its min up, each min only
 * values up to its max, as the alert's do.
 */
function MainBarRanges({ state, dispatch, bounded }: { state: SearchFormState; dispatch: Dispatch<SearchFormAction>; bounded: boolean }) {
  return (
    <>
      <CriteriaRange kind="price" className="range-select--price" searchType={state.searchType} criteria={state.query} dispatch={dispatch} bounded={bounded} />
      <CriteriaRange kind="bedroom" searchType={state.searchType} criteria={state.query} dispatch={dispatch} bounded={bounded} />
    </>
  )
}

/** The home page's For Sale / For Rent choice: it decides which list the search opens. */
function SearchTypeChoice({ state, onChange }: { state: SearchFormState; onChange: (searchType: SearchType) => void }) {
  return (
    <fieldset className="search-type-choice">
      <legend className="visually-hidden">{LABELS.SHOW_ME_PROPERTIES}</legend>
      {SHOW_ME_PROPERTIES_OPTIONS.map((option) => (
        <label key={option.value} className="search-type-choice__option">
          <input
            type="radio"
            name={PAGE_PARAMS.SEARCH_TYPE}
            value={option.value}
            checked={state.searchType === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}
