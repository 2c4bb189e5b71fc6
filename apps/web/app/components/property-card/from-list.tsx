import { LIST_PATHS, type SearchType } from '@agency/domain'
import type { MouseEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { COPY } from '#app/copy.ts'

/** What a card's link carries to the property page: the list it was opened from, with its search. */
interface FromListState {
  fromList: string
}

const LISTS: readonly string[] = Object.values(LIST_PATHS)

/** The state a card's link gives the property page when the card is on a list page; else none. */
export function useFromListState(): FromListState | undefined {
  const { pathname, search } = useLocation()
  return LISTS.includes(pathname) ? { fromList: `${pathname}${search}` } : undefined
}

/**
 * A property page's way back to its list: to the search the visitor opened it from (its place,
 * filters, sort and page), where a card's link said so; else the list of its kind. With the list the
 * entry before this one, it goes back in the history as the browser's Back does, so the list comes
 * back where it was scrolled to.
 */
export function BackToList({ searchType }: { searchType: SearchType }) {
  const location = useLocation()
  const navigate = useNavigate()
  const listPath = LIST_PATHS[searchType]
  const from = (location.state as Partial<FromListState> | null)?.fromList
  const fromList = typeof from === 'string' && (from === listPath || from.startsWith(`${listPath}?`)) ? from : null
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!fromList || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    void navigate(-1)
  }
  return (
    <Link to={fromList ?? listPath} onClick={onClick}>
      ‹ {COPY.DETAIL_BACK[searchType]}
    </Link>
  )
}
