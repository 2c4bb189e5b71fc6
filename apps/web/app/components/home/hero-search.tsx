import { LIST_PATHS, toEmptySearchQuery } from '@agency/domain'
import { Link } from 'react-router'
import { SearchForm } from '#app/components/search/search-form.tsx'
import { COPY } from '#app/copy.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'

/**
 * The home page's search entry: the location live search (SPEC §2) with the For Sale / For Rent
 * choice, starting on the company's default search type; the two list links stay below it as the
 * quickest way in.
 */
export function HeroSearch() {
  const { default_search_type: searchType } = useSiteSettings()
  return (
    <div className="hero-search">
      <SearchForm variant="hero" criteria={{ searchType, query: toEmptySearchQuery(searchType), locationNames: [] }} />
      <div className="hero-search__links">
        <Link to={LIST_PATHS.sales} className="button button--large">
          {COPY.HOME_BUY}
        </Link>
        <Link to={LIST_PATHS.lettings} className="button button--large button--inverse">
          {COPY.HOME_RENT}
        </Link>
      </div>
    </div>
  )
}
