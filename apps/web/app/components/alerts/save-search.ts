import { ALERT_PATHS, PropertySearchQuerySchema, fromSearchParams, toAlertCriteriaOfSearch, toTransactionTypeId } from '@agency/domain'
import type { AlertCriteria, PropertySearchQuery, SearchType } from '@agency/domain'
import { toSearchSummary } from '#app/components/search/search-summary.ts'
import { readPageRequest, toSearchUrlParams } from '#app/components/search/search-url.ts'
import { toUrlWithParams } from '#app/lib/urls.ts'

/** The intent of the register page's action that saves a list's search at once (a signed-in buyer's or tenant's 'Save this search'). */
export const SAVE_SEARCH_INTENT = 'save-search'

/** The register page of a search type: a buyer's for sales, a tenant's for lettings. */
const REGISTER_PATHS: Record<SearchType, string> = { sales: ALERT_PATHS.REGISTER_BUY, lettings: ALERT_PATHS.REGISTER_RENT }

/**
 * 'Save this search': the registration of an alert holding a list's search, its query in the address
 * as the list's own (so it works without JavaScript and survives a login on the way). The page, the
 * order and the map area are the list's, not an alert's.
 */
export function toSaveSearchUrl(searchType: SearchType, query: PropertySearchQuery, locationNames: readonly string[]): string {
  const { page: _page, sort: _sort, page_size: _size, bounds: _bounds, ...filters } = query
  return toUrlWithParams(REGISTER_PATHS[searchType], toSearchUrlParams(filters, locationNames))
}

/** A search brought to the register page: the alert's criteria, and the search in short as the list showed it. */
export interface SavedSearch {
  criteria: AlertCriteria
  summary: string
}

/**
 * What a register page starts with: the search in its address (a list's 'Save this search'), or null
 * when it holds none or one that does not read as a search.
 */
export function readSavedSearch(url: URL, searchType: SearchType): SavedSearch | null {
  if (url.search === '') return null
  const page = readPageRequest(url.searchParams)
  const parsed = PropertySearchQuerySchema.safeParse({ ...fromSearchParams(page.apiParams), transaction_type_id: toTransactionTypeId(searchType) })
  if (!parsed.success) return null
  const { place, rest } = toSearchSummary({ searchType, query: parsed.data, locationNames: page.locationNames })
  return { criteria: toAlertCriteriaOfSearch(parsed.data, page.locationNames), summary: `${place} · ${rest}` }
}
