/**
 * SPEC §2 rules over a whole search query (catalogue.ts PropertySearchQuery): the query of a search
 * with no criteria, and what is left of one when the visitor switches between sales and lettings.
 */
import { PAGE_SIZE_DEFAULT, toTransactionTypeId } from './catalogue.ts'
import type { SearchType } from './catalogue.ts'
import type { PropertySearchQuery } from './catalogue.schema.ts'
import { FURNISHING_DEFAULT, INCLUSION_DEFAULT } from './constants.ts'
import { SEARCH_TYPE_ONLY_FILTERS } from './criteria.ts'
import { PRICE_UNSET } from './price.ts'

/**
 * The query of a search with no criteria: what PropertySearchQuerySchema makes of an empty URL,
 * written out so a page needs no schema to start a blank search form (the home page's).
 */
export function toEmptySearchQuery(searchType: SearchType): PropertySearchQuery {
  return {
    transaction_type_id: toTransactionTypeId(searchType),
    locations: [],
    bounds: null,
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
    keywords: '',
    added_within_days: null,
    reduced: false,
    branch_id: null,
    sort: 'newest',
    page: 1,
    page_size: PAGE_SIZE_DEFAULT,
  }
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
    else next[name] = INCLUSION_DEFAULT
  }
  return next
}
