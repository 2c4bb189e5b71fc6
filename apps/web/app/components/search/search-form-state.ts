/**
 * The search form's state: the criteria the URL gave, as the visitor edits them before pressing
 * Search. Every render of a new URL starts it again from the URL, so back and forward re-sync it.
 */
import {
  MAX_LOCATIONS,
  RADIUS_DEFAULT_MILES,
  initTypeSelection,
  isRadiusOption,
  toSearchParams,
} from '@agency/domain'
import type { PropertySearchQuery, RadiusMiles, SearchType, TypeSelectionState } from '@agency/domain'
import { criteriaReducer } from '#app/components/search/criteria-state.ts'
import type { CriteriaAction } from '#app/components/search/criteria-state.ts'
import { PAGE_PARAMS, toChosenLocations, toSearchUrl, toSearchUrlParams } from '#app/components/search/search-url.ts'
import type { ChosenLocation, SearchCriteria } from '#app/components/search/search-url.ts'

/** The filters the form edits directly (locations and types have their own state). */
export type FilterPatch = Partial<Omit<PropertySearchQuery, 'locations' | 'property_types' | 'transaction_type_id'>>

/** The search form's state. */
export interface SearchFormState {
  readonly searchType: SearchType
  /** The URL's query: every filter but locations and property types is read from here. */
  readonly query: PropertySearchQuery
  readonly locations: readonly ChosenLocation[]
  /** The radius dropdown: the radius of every chosen location and of the next one. */
  readonly radius: RadiusMiles
  /** What the location input holds; sent for the server to look up when no result was chosen. */
  readonly keyword: string
  readonly types: TypeSelectionState
}

/** The form's transitions. */
export type SearchFormAction =
  | { readonly type: 'reset'; readonly state: SearchFormState }
  | { readonly type: 'searchTypeChanged'; readonly searchType: SearchType }
  | CriteriaAction<FilterPatch>
  | { readonly type: 'keywordChanged'; readonly keyword: string }
  | { readonly type: 'radiusChanged'; readonly radius: RadiusMiles }
  | {
      readonly type: 'locationAdded'
      readonly location: Omit<ChosenLocation, 'radius'>
      /** The place chosen (an alert keeps it with its location, SPEC §3 Location). */
      readonly placeId?: string
    }
  | { readonly type: 'locationRemoved'; readonly index: number }
  | { readonly type: 'locationsReset' }

/**
 * The form's state for a page's criteria (and the keyword the server could not find, with the radius
 * asked for with it: the dropdown shows the chosen locations' radius, else that one, else the default).
 */
export function toSearchFormState(criteria: SearchCriteria, keyword = '', keywordRadius: number | null = null): SearchFormState {
  const locations = toChosenLocations(criteria.query.locations, criteria.locationNames)
  const radius = locations[0]?.radius ?? keywordRadius
  return {
    searchType: criteria.searchType,
    query: criteria.query,
    locations,
    radius: radius !== null && isRadiusOption(radius) ? radius : RADIUS_DEFAULT_MILES,
    keyword,
    types: initTypeSelection(criteria.query.property_types),
  }
}

const isSamePlace = (a: Pick<ChosenLocation, 'lat' | 'lng'>, b: Pick<ChosenLocation, 'lat' | 'lng'>) => a.lat === b.lat && a.lng === b.lng

/** The search form's reducer. */
export function searchFormReducer(state: SearchFormState, action: SearchFormAction): SearchFormState {
  switch (action.type) {
    case 'reset':
      return action.state
    case 'searchTypeChanged':
      return { ...state, searchType: action.searchType }
    case 'criteriaChanged':
    case 'types': {
      // The criteria's one reducer, shared with the alert's Property Type tab.
      const next = criteriaReducer<PropertySearchQuery>({ criteria: state.query, types: state.types }, action)
      return { ...state, query: next.criteria, types: next.types }
    }
    case 'keywordChanged':
      return { ...state, keyword: action.keyword }
    case 'radiusChanged':
      return { ...state, radius: action.radius, locations: state.locations.map((l) => ({ ...l, radius: action.radius })) }
    case 'locationAdded': {
      // Choosing a place already chosen changes nothing; the list stops at the API's limit.
      if (state.locations.some((l) => isSamePlace(l, action.location)) || state.locations.length >= MAX_LOCATIONS) {
        return { ...state, keyword: '' }
      }
      return { ...state, keyword: '', locations: [...state.locations, { ...action.location, radius: state.radius }] }
    }
    case 'locationRemoved':
      return { ...state, locations: state.locations.filter((_, index) => index !== action.index) }
    case 'locationsReset':
      return { ...state, locations: [] }
  }
}

/** The query the form's state stands for: a new search starts on page 1. */
export function toFormQuery(state: SearchFormState): PropertySearchQuery {
  return {
    ...state.query,
    locations: state.locations.map(({ name: _name, ...filter }) => filter),
    property_types: [...state.types.selection],
    page: 1,
  }
}

/** The query parameters a list page's bar sends with fields of its own (the location chips send `locations`). */
const BAR_FIELDS = ['locations', 'min_price', 'max_price', 'min_bedroom', 'max_bedroom'] as const

/**
 * What a list page's form sends besides its fields, as hidden inputs: the sort and the page size and,
 * when the Filters panel is not on the page (without JavaScript, away from the panel's view), the
 * panel's criteria, so that a search sent from the bar, or a chip removed, keeps them.
 */
export function toKeptParams(state: SearchFormState, panelOnPage: boolean): URLSearchParams {
  // A branch's list (its page's 'See all') stays that branch's until its notice clears it.
  if (panelOnPage) return toSearchParams({ sort: state.query.sort, page_size: state.query.page_size, branch_id: state.query.branch_id })
  const params = toSearchParams(toFormQuery(state))
  for (const name of BAR_FIELDS) params.delete(name)
  return params
}

/**
 * The search of a place chosen from those a keyword found (the list page's choices): the form's search
 * with the place's name and place_id, as the choice's button sends it without JavaScript; the list
 * page's loader adds the place and answers with the search's own URL.
 */
export function toChoiceUrl(state: SearchFormState, place: { name: string; place_id: string }): string {
  const [path, search = ''] = toFormUrl({ ...state, keyword: place.name }).split('?')
  const params = new URLSearchParams(search)
  params.set(PAGE_PARAMS.PLACE, place.place_id)
  return `${path}?${params.toString()}`
}

/**
 * The URL a press of Search goes to. A keyword typed but not chosen from the results travels with its
 * radius, and the list page's loader looks it up, as it does for a form sent without JavaScript.
 */
export function toFormUrl(state: SearchFormState): string {
  const url = toSearchUrl(state.searchType, toFormQuery(state), state.locations.map((l) => l.name))
  const keyword = state.keyword.trim()
  if (keyword === '') return url
  const params = toSearchUrlParams(toFormQuery(state), state.locations.map((l) => l.name))
  params.set(PAGE_PARAMS.KEYWORD, keyword)
  params.set(PAGE_PARAMS.RADIUS, String(state.radius))
  return `${url.split('?')[0]}?${params.toString()}`
}
