import type { PropertyListResponse, PropertySearchQuery, SearchType } from '@agency/domain'
import { LIST_PATHS } from '@agency/domain'
import { Link } from 'react-router'
import { PropertyGrid } from '#app/components/property-card/property-grid.tsx'
import type { ListCard } from '#app/components/property-card/types.ts'
import { Pagination } from '#app/components/property-list/pagination.tsx'
import { SortForm } from '#app/components/property-list/sort-form.tsx'
import { SearchForm } from '#app/components/search/search-form.tsx'
import { toSearchUrl } from '#app/components/search/search-url.ts'
import { COPY } from '#app/copy.ts'
import { toResultsCountText } from '#app/lib/property-text.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'
import '#app/components/property-list/property-list.css'

/** What the list loaders answer. */
export type PropertyListData =
  | { kind: 'invalid'; searchType: SearchType; canonicalUrl: string }
  | {
      kind: 'results'
      searchType: SearchType
      query: PropertySearchQuery
      /** The chips' names, parallel to `query.locations` (empty where the URL gave none). */
      locationNames: string[]
      /** A keyword the places search could not find (a form sent without JavaScript). */
      notFoundKeyword: string
      /** The API's answer, its cards cut down to what the cards show. */
      results: Omit<PropertyListResponse, 'data'> & { data: ListCard[] }
      canonicalUrl: string
      returnTo: string
    }

/** The sales and lettings list page: the search form, results header, sort, card grid and pagination. */
export function PropertyListPage({ data }: { data: PropertyListData }) {
  const { property_card_variant: cardVariant, promo_cards: promoCards } = useSiteSettings()
  const title = COPY.LIST_TITLE[data.searchType]

  if (data.kind === 'invalid') {
    return (
      <div className="container page list-page">
        <h1 className="list-page__title">{title}</h1>
        <div className="notice" role="alert">
          <p>{COPY.LIST_INVALID_QUERY}</p>
          <p>
            <Link to={LIST_PATHS[data.searchType]} className="button">
              {COPY.LIST_START_AGAIN}
            </Link>
          </p>
        </div>
      </div>
    )
  }

  const { query, results, searchType, locationNames } = data
  return (
    <div className="container page list-page">
      <SearchForm variant="list" criteria={{ searchType, query, locationNames }} notFoundKeyword={data.notFoundKeyword} />
      {/* The property list map (a later change) goes beside the results; it searches through useApplySearch. */}
      <header className="list-page__header">
        <div>
          <h1 className="list-page__title">{title}</h1>
          <p className="list-page__count" role="status">
            {toResultsCountText(results.total, searchType)}
          </p>
        </div>
        <SortForm searchType={searchType} query={query} locationNames={locationNames} />
      </header>
      {results.data.length > 0 ? (
        <PropertyGrid
          properties={results.data}
          variant={cardVariant}
          promoCards={promoCards}
          headingLevel={2}
          returnTo={data.returnTo}
          aboveTheFold
        />
      ) : results.total > 0 ? (
        <div className="notice">
          <p>{COPY.LIST_PAGE_EMPTY}</p>
          <p>
            <Link to={toSearchUrl(searchType, { ...query, page: 1 }, locationNames)}>{COPY.LIST_FIRST_PAGE}</Link>
          </p>
        </div>
      ) : (
        <p className="notice">{COPY.LIST_EMPTY}</p>
      )}
      <Pagination searchType={searchType} query={query} locationNames={locationNames} total={results.total} />
    </div>
  )
}
