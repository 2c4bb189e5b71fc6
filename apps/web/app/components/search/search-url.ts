/**
 * The search as it lives in the list pages' URL: the API's own query parameters (catalogue.ts
 * `toSearchParams`), plus a few of the page's own that the loader reads and then drops. Shared by the
 * server (loader) and the browser (the search form), so it holds no schema and no I/O.
 */
import { LIST_PATHS, SEARCH_INPUT_MAX_LENGTH, SEARCH_TYPES, isRadiusOption, toSearchParams } from '@agency/domain'
import type { LocationFilter, PropertySearchQuery, RadiusMiles, SearchType } from '@agency/domain'
import { toUrlWithParams } from '#app/lib/urls.ts'

/**
 * The page's own query parameters. `location_names` runs parallel to `locations` so the chips render
 * from the URL alone; `keyword` and `radius` are the location search without JavaScript (the loader
 * looks the keyword up); `search_type` is the For Sale / For Rent switch; `remove_location` is a chip's
 * remove button without JavaScript; `filters=open` is the Filters panel without JavaScript (the page
 * shows it open, so a list page's HTML does not carry a closed panel); `place` is a place chosen from
 * those a keyword found, without JavaScript (its place_id). The API never sees them.
 */
export const PAGE_PARAMS = {
  LOCATION_NAMES: 'location_names',
  KEYWORD: 'keyword',
  RADIUS: 'radius',
  SEARCH_TYPE: 'search_type',
  REMOVE_LOCATION: 'remove_location',
  FILTERS: 'filters',
  PLACE: 'place',
  /** `alert=on`: an alert of this search has just been switched on (alert-on-notice.tsx). */
  ALERT: 'alert',
} as const

/** The value of `alert` that says an alert has just been switched on. */
export const ALERT_ON = 'on'

/** The value of `filters` that opens the Filters panel. */
export const FILTERS_OPEN = 'open'

/**
 * Reserved for the property list map (a later change): dragging the map will search the visible area.
 * It arrives through `useApplySearch` like any other change of criteria, so the map needs no route of
 * its own; this name is kept free for it.
 */
export const MAP_BOUNDS_PARAM = 'bounds'

const PAGE_PARAM_NAMES = new Set<string>(Object.values(PAGE_PARAMS))

/** A location the visitor chose: the filter the API reads, and the name its chip shows. */
export interface ChosenLocation extends LocationFilter {
  /** The place's name; empty when the URL carried none (a link made elsewhere). */
  readonly name: string
}

/** The search criteria of a list page: the parsed API query and the chips' names beside it. */
export interface SearchCriteria {
  readonly searchType: SearchType
  readonly query: PropertySearchQuery
  readonly locationNames: readonly string[]
}

/** What a list URL asks for beyond the API query. */
export interface PageRequest {
  /** The URL without the page's own parameters: what the API query schema parses. */
  apiParams: URLSearchParams
  locationNames: string[]
  keyword: string
  radius: RadiusMiles | null
  searchType: SearchType | null
  removeLocation: number | null
  /** The Filters panel is asked for open (`filters=open`). */
  filtersOpen: boolean
  /** A place chosen from a keyword's matches without JavaScript (its place_id), or ''. */
  place: string
  /** The search is an alert's, just switched on (`alert=on`). */
  alertOn: boolean
}

/** Splits a list URL's query into the API's part and the page's own parameters. */
export function readPageRequest(params: URLSearchParams): PageRequest {
  const apiParams = new URLSearchParams()
  for (const [key, value] of params) if (!PAGE_PARAM_NAMES.has(key)) apiParams.append(key, value)
  const radius = Number(params.get(PAGE_PARAMS.RADIUS) ?? Number.NaN)
  const searchType = SEARCH_TYPES.find((type) => type === params.get(PAGE_PARAMS.SEARCH_TYPE)) ?? null
  const remove = params.get(PAGE_PARAMS.REMOVE_LOCATION)
  return {
    apiParams,
    locationNames: params.getAll(PAGE_PARAMS.LOCATION_NAMES).map(toLocationName),
    keyword: (params.get(PAGE_PARAMS.KEYWORD) ?? '').trim().slice(0, SEARCH_INPUT_MAX_LENGTH),
    radius: isRadiusOption(radius) ? radius : null,
    searchType,
    removeLocation: remove !== null && /^\d+$/.test(remove) ? Number(remove) : null,
    filtersOpen: params.get(PAGE_PARAMS.FILTERS) === FILTERS_OPEN,
    place: (params.get(PAGE_PARAMS.PLACE) ?? '').trim().slice(0, SEARCH_INPUT_MAX_LENGTH),
    alertOn: params.get(PAGE_PARAMS.ALERT) === ALERT_ON,
  }
}

/** A name from the URL as a chip may show it: one line, at most SPEC §5's 256 characters. */
export function toLocationName(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, SEARCH_INPUT_MAX_LENGTH)
}

/** Pairs the query's locations with the URL's names; a missing name is empty, an extra one dropped. */
export function toChosenLocations(locations: readonly LocationFilter[], names: readonly string[]): ChosenLocation[] {
  return locations.map((location, index) => ({ ...location, name: names[index] ?? '' }))
}

/** The query parameters of a search, with `location_names` right after `locations` when any is known. */
export function toSearchUrlParams(query: Partial<PropertySearchQuery>, locationNames: readonly string[] = []): URLSearchParams {
  const params = toSearchParams(query)
  const count = query.locations?.length ?? 0
  const names = Array.from({ length: count }, (_, index) => locationNames[index] ?? '')
  if (!names.some((name) => name !== '')) return params
  const out = new URLSearchParams()
  let namesWritten = false
  for (const [key, value] of params) {
    if (key !== 'locations' && !namesWritten) {
      for (const name of names) out.append(PAGE_PARAMS.LOCATION_NAMES, name)
      namesWritten = true
    }
    out.append(key, value)
  }
  if (!namesWritten) for (const name of names) out.append(PAGE_PARAMS.LOCATION_NAMES, name)
  return out
}

/** The list page URL of a search: defaults left out, one canonical form per search. */
export function toSearchUrl(searchType: SearchType, query: Partial<PropertySearchQuery>, locationNames: readonly string[] = []): string {
  return toUrlWithParams(LIST_PATHS[searchType], toSearchUrlParams(query, locationNames))
}

/** The URL of a list page's search with its Filters panel open: where Filters leads without JavaScript. */
export function toFiltersViewUrl(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  params.set(PAGE_PARAMS.FILTERS, FILTERS_OPEN)
  return toUrlWithParams(pathname, params)
}

/** Whether two queries carry the same parameters, whatever their order. */
export function isSameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (params: URLSearchParams) => {
    const copy = new URLSearchParams(params)
    copy.sort()
    return copy.toString()
  }
  return sorted(a) === sorted(b)
}
