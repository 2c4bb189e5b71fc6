/**
 * The search as it lives in the list pages' URL: the API's own query parameters (catalogue.ts
 * `toSearchParams`), plus a few of the page's own that the loader reads and then drops. Shared by the
 * server (loader) and the browser (the search form), so it holds no schema and no I/O.
 */
import {
  FEATURED_PROPERTY_TYPES,
  FURNISHING_DEFAULT,
  INCLUSION_DEFAULT,
  INCLUSION_FILTERS,
  LIST_PATHS,
  PAGE_SIZE_DEFAULT,
  PRICE_UNSET,
  SEARCH_INPUT_MAX_LENGTH,
  SEARCH_TYPES,
  SEARCH_TYPE_ONLY_FILTERS,
  getEffectiveStyleIds,
  isFeaturedSelected,
  isRadiusOption,
  toSearchParams,
  toTransactionTypeId,
} from '@agency/domain'
import type { LocationFilter, PropertySearchQuery, PropertyTypeSelection, RadiusMiles, SearchType } from '@agency/domain'

/**
 * The page's own query parameters. `location_names` runs parallel to `locations` so the chips render
 * from the URL alone; `keyword` and `radius` are the location search without JavaScript (the loader
 * looks the keyword up); `search_type` is the For Sale / For Rent switch; `remove_location` is a chip's
 * remove button without JavaScript. The API never sees them.
 */
export const PAGE_PARAMS = {
  LOCATION_NAMES: 'location_names',
  KEYWORD: 'keyword',
  RADIUS: 'radius',
  SEARCH_TYPE: 'search_type',
  REMOVE_LOCATION: 'remove_location',
} as const

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

/**
 * The query of a search with no criteria: what PropertySearchQuerySchema makes of an empty URL, written
 * out so the browser needs no schema to start a blank search form (the home page's).
 */
export function toEmptyQuery(searchType: SearchType): PropertySearchQuery {
  return {
    transaction_type_id: toTransactionTypeId(searchType),
    locations: [],
    min_price: PRICE_UNSET,
    max_price: PRICE_UNSET,
    min_bedroom: null,
    max_bedroom: null,
    min_bathroom: null,
    max_bathroom: null,
    min_reception: null,
    max_reception: null,
    property_types: [],
    must_haves: [],
    furnishing: FURNISHING_DEFAULT,
    new_homes: INCLUSION_DEFAULT,
    shared_ownership: INCLUSION_DEFAULT,
    retirement_homes: INCLUSION_DEFAULT,
    short_let: INCLUSION_DEFAULT,
    house_flat_share: INCLUSION_DEFAULT,
    pets_allowed: INCLUSION_DEFAULT,
    bills_included: INCLUSION_DEFAULT,
    include_unavailable: false,
    sort: 'newest',
    page: 1,
    page_size: PAGE_SIZE_DEFAULT,
  }
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
  const params = toSearchUrlParams(query, locationNames).toString()
  return `${LIST_PATHS[searchType]}${params ? `?${params}` : ''}`
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

/**
 * SPEC §2 'Show me Properties': the criteria that still apply after switching from one search type to
 * the other. The filters only the old type offers go back to their defaults, and so do the prices,
 * whose scales differ (a sales price is no rent). Paging starts again.
 */
export function toSwitchedQuery(query: PropertySearchQuery, from: SearchType): PropertySearchQuery {
  const next: PropertySearchQuery = { ...query, min_price: PRICE_UNSET, max_price: PRICE_UNSET, page: 1 }
  for (const name of SEARCH_TYPE_ONLY_FILTERS[from]) {
    if (name === 'furnishing') next.furnishing = FURNISHING_DEFAULT
    const inclusion = INCLUSION_FILTERS.find((filter) => filter === name)
    if (inclusion) next[inclusion] = INCLUSION_DEFAULT
  }
  return next
}

/**
 * One entry per type, in first-seen order: a whole type wins over its styles, otherwise the styles are
 * united. A form without JavaScript sends each featured box as its own entry (Detached `1:1,7`,
 * Semi-Detached `1:2`); this is the selection they add up to.
 */
export function toMergedTypeSelection(selection: readonly PropertyTypeSelection[]): PropertyTypeSelection[] {
  const merged = new Map<number, Set<number> | 'whole'>()
  for (const entry of selection) {
    const seen = merged.get(entry.property_type_id)
    if (seen === 'whole') continue
    if (entry.property_style_ids.length === 0) merged.set(entry.property_type_id, 'whole')
    else merged.set(entry.property_type_id, new Set([...(seen ?? []), ...entry.property_style_ids]))
  }
  return [...merged].map(([typeId, styles]) => ({
    property_type_id: typeId,
    property_style_ids: styles === 'whole' ? [] : [...styles].sort((a, b) => a - b),
  }))
}

/**
 * What of a selection the featured boxes do not show: the styles outside every chosen box. A form
 * without JavaScript sends it in a hidden field beside the boxes, so a style chosen in the 'Other /
 * Advanced' popup survives the next search.
 */
export function toSelectionOutsideFeatured(selection: readonly PropertyTypeSelection[]): PropertyTypeSelection[] {
  const covered = new Map<number, Set<number> | 'whole'>()
  for (const featured of FEATURED_PROPERTY_TYPES) {
    if (!isFeaturedSelected(selection, featured)) continue
    if (featured.property_style_ids.length === 0) covered.set(featured.property_type_id, 'whole')
    else {
      const seen = covered.get(featured.property_type_id)
      if (seen !== 'whole') covered.set(featured.property_type_id, new Set([...(seen ?? []), ...featured.property_style_ids]))
    }
  }
  return selection.flatMap((entry) => {
    const cover = covered.get(entry.property_type_id)
    if (cover === undefined) return [entry]
    if (cover === 'whole') return []
    const rest = getEffectiveStyleIds(entry).filter((id) => !cover.has(id))
    return rest.length ? [{ property_type_id: entry.property_type_id, property_style_ids: rest }] : []
  })
}
