import type { PropertySearchQuery, SearchType } from '@agency/domain'
import { Link } from 'react-router'
import { toSearchUrl } from '#app/components/search/search-url.ts'
import { COPY } from '#app/copy.ts'

interface PaginationProps {
  searchType: SearchType
  query: PropertySearchQuery
  locationNames: readonly string[]
  total: number
  /**
   * More matches than the count reached (the API's `total_capped`) and a full page: the pages go on
   * past the counted ones, one 'Next' at a time.
   */
  hasMore?: boolean
}

/** The page numbers to show: the first, the last and the current one's neighbours; null marks a gap. */
export function toPageWindow(current: number, last: number): Array<number | null> {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: Array<number | null> = []
  for (const page of sorted) {
    const previous = out.at(-1)
    if (typeof previous === 'number' && page - previous === 2) out.push(previous + 1)
    else if (typeof previous === 'number' && page - previous > 2) out.push(null)
    out.push(page)
  }
  return out
}

/** Pagination as real links (`?page=n`), so every page of results has its own URL. */
export function Pagination({ searchType, query, locationNames, total, hasMore = false }: PaginationProps) {
  const counted = Math.max(1, Math.ceil(total / query.page_size))
  const last = hasMore ? Math.max(counted, query.page + 1) : counted
  if (last <= 1 && query.page <= 1) return null
  const current = query.page
  const hrefFor = (page: number) => toSearchUrl(searchType, { ...query, page }, locationNames)
  return (
    <nav aria-label={COPY.PAGINATION} className="pagination">
      <ul className="pagination__list" role="list">
        {current > 1 && (
          <li>
            <Link to={hrefFor(Math.min(current - 1, last))} className="pagination__link pagination__link--step" aria-label={COPY.PREVIOUS_PAGE} rel="prev">
              <span aria-hidden="true">‹</span> {COPY.PREVIOUS}
            </Link>
          </li>
        )}
        {toPageWindow(Math.min(current, last), last).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={hrefFor(page)}
                className="pagination__link"
                aria-label={`${COPY.PAGE} ${page}`}
                aria-current={page === current ? 'page' : undefined}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        {current < last && (
          <li>
            <Link to={hrefFor(current + 1)} className="pagination__link pagination__link--step" aria-label={COPY.NEXT_PAGE} rel="next">
              {COPY.NEXT} <span aria-hidden="true">›</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
