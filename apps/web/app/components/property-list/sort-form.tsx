import { useEffect, useId, useRef } from 'react'
import { LIST_PATHS } from '@agency/domain'
import type { PropertySearchQuery, SearchType, Sort } from '@agency/domain'
import { Form, useSubmit } from 'react-router'
import { toSearchUrlParams } from '#app/components/search/search-url.ts'
import { useHydrated } from '#app/components/search/use-hydrated.ts'
import { COPY } from '#app/copy.ts'

interface SortFormProps {
  searchType: SearchType
  query: PropertySearchQuery
  locationNames: readonly string[]
}

/**
 * The sort order as a GET form: with the page's script, choosing an order applies it at once (one
 * chosen before the script ran is applied when it does); without it, or until then, an Apply button
 * sends it. Every other filter rides along in hidden fields, and the page resets to 1.
 */
export function SortForm({ searchType, query, locationNames }: SortFormProps) {
  const selectId = useId()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const select = useRef<HTMLSelectElement>(null)
  // An order chosen before the page's script had it: applied now, as it would have been.
  useEffect(() => {
    const chosen = select.current
    if (chosen && chosen.value !== query.sort && sorts.includes(query.sort)) void submit(chosen.form)
    // Once, when the script takes the page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const kept = toSearchUrlParams({ ...query, sort: undefined, page: undefined }, locationNames)
  // Nearest first only means something when the search has a location.
  const sorts: Sort[] = ['newest', 'price_desc', 'price_asc', ...(query.locations.length > 0 ? (['distance'] as const) : []), 'most_reduced']
  return (
    <Form method="get" action={LIST_PATHS[searchType]} className="sort-form">
      {[...kept.entries()].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={selectId} className="sort-form__label">
        {COPY.SORT_BY}
      </label>
      <select
        id={selectId}
        ref={select}
        name="sort"
        className="sort-form__select"
        // Keyed by the sort, so back and forward show the order of the page they arrive at.
        key={query.sort}
        defaultValue={query.sort}
        data-auto-submit
        onChange={(event) => {
          void submit(event.currentTarget.form)
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {COPY.SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="button button--secondary button--small sort-form__submit">
          {COPY.SORT_APPLY}
        </button>
      )}
    </Form>
  )
}
