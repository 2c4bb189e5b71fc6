import type { PropertyListResponse, PropertySearchQuery, SearchType } from '@agency/domain'
import { LIST_PATHS, MAP } from '@agency/domain'
import { useEffect, useState } from 'react'
import type { ComponentProps, ComponentType } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { AlertOnNotice } from '#app/components/alerts/alert-on-notice.tsx'
import { SAVE_SEARCH_INTENT, toSaveSearchUrl } from '#app/components/alerts/save-search.ts'
import { useSignedInContact } from '#app/lib/session.ts'
import type { PropertiesMap } from '#app/components/map/properties-map.tsx'
import { PropertyGrid } from '#app/components/property-card/property-grid.tsx'
import type { ListCard } from '#app/components/property-card/types.ts'
import { Pagination } from '#app/components/property-list/pagination.tsx'
import { useMapShownPerEntry } from '#app/components/property-list/list-view-history.ts'
import { SortForm } from '#app/components/property-list/sort-form.tsx'
import { SearchForm } from '#app/components/search/search-form.tsx'
import { ALERT_ON, PAGE_PARAMS, toSearchUrl } from '#app/components/search/search-url.ts'
import { COPY } from '#app/copy.ts'
import { toResultsCountText } from '#app/lib/property-text.ts'
import { useBranches, useSiteSettings } from '#app/lib/use-root-data.ts'
import type { PlaceChoices } from '#app/components/search/location-search.tsx'

/** A place spelt near a keyword that found none, and the list URL that searches around it. */
export interface NearestSpelling {
  name: string
  description: string | null
  url: string
}

/** A keyword that found no place (SPEC §8 "Couldn't find the address."), and the places spelt nearest to it. */
export interface PlaceNotFound {
  keyword: string
  /** The radius that was asked for with it (the form keeps showing it), null when none was. */
  radius: number | null
  spellings: NearestSpelling[]
}

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
      /** That keyword and the places spelt nearest to it: the page offers them instead of any result. */
      placeNotFound: PlaceNotFound | null
      /** The places a keyword sent without JavaScript found, to choose from (null when it found one or none). */
      placeChoices: PlaceChoices | null
      /** The Filters panel is shown open (`filters=open`: the panel without JavaScript). */
      filtersOpen: boolean
      /** The API's answer, its cards cut down to what the cards show. */
      results: Omit<PropertyListResponse, 'data'> & { data: ListCard[] }
      canonicalUrl: string
      returnTo: string
    }

/** The sales and lettings list page: the search form, results header, sort, card grid and pagination. */
export function PropertyListPage({ data }: { data: PropertyListData }) {
  const { property_card_variant: cardVariant, promo_cards: promoCards } = useSiteSettings()
  const branches = useBranches()
  const title = COPY.LIST_TITLE[data.searchType]
  // The map is shown for a search of a map area (a shared link renders it on the server), else when the
  // visitor asks; the choice lasts while they search, and Back to a page shows it as it was left.
  const [mapShown, setMapShown] = useMapShownPerEntry(showsMapFromTheStart(data))
  // The alert's own matches, just switched on: its search is saved, so nothing offers to save it.
  const [params] = useSearchParams()
  const saved = params.get(PAGE_PARAMS.ALERT) === ALERT_ON

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
  const first = query.locations[0] ?? branches[0] ?? DEFAULT_MAP_CENTRE
  // A keyword that found no place, or several: the page asks, and lists nothing meanwhile.
  const question = data.placeNotFound ? (
    <NoPlaceNotice placeNotFound={data.placeNotFound} />
  ) : data.placeChoices ? (
    <div className="notice list-page__no-place">
      <p className="list-page__no-place-title">{COPY.LIST_SEVERAL_PLACES(data.placeChoices.keyword, data.placeChoices.places.length)}</p>
      <p>{COPY.LIST_CHOOSE_PLACE}</p>
    </div>
  ) : null
  if (question) {
    return (
      <div className="container page list-page">
        <SearchForm
          variant="list"
          criteria={{ searchType, query, locationNames }}
          notFoundKeyword={data.notFoundKeyword}
          notFoundRadius={data.placeNotFound?.radius ?? data.placeChoices?.radius ?? null}
          placeChoices={data.placeChoices}
          filtersOpen={data.filtersOpen}
        />
        <header className="list-page__header">
          <h1 className="list-page__title">{title}</h1>
        </header>
        {question}
      </div>
    )
  }
  return (
    <div className={`container page list-page${mapShown ? ' list-page--map' : ''}`}>
      <SearchForm variant="list" criteria={{ searchType, query, locationNames }} filtersOpen={data.filtersOpen} />
      <AlertOnNotice />
      <header className="list-page__header">
        <div>
          <h1 className="list-page__title">{title}</h1>
          <p className="list-page__count" role="status">
            {toResultsCountText(results.total, searchType, results.total_capped)}
          </p>
          {/* With no results the notice below offers it, as the way on. */}
          {results.total > 0 && !saved && <SaveSearchLink searchType={searchType} query={query} locationNames={locationNames} />}
        </div>
        <div className="list-page__tools">
          <button type="button" className="button button--secondary list-page__map-toggle" aria-pressed={mapShown} onClick={() => setMapShown((shown) => !shown)}>
            {mapShown ? (
              <>
                <span className="list-page__toggle-phone">{COPY.MAP_HIDE}</span>
                <span className="list-page__toggle-desktop">{COPY.MAP_HIDE_DESKTOP}</span>
              </>
            ) : (
              COPY.MAP_SHOW
            )}
          </button>
          <SortForm searchType={searchType} query={query} locationNames={locationNames} />
        </div>
      </header>
      {query.branch_id !== null && (
        <p className="notice list-page__area">
          {COPY.BRANCH_FILTER_NOTICE(branches.find((branch) => branch.id === query.branch_id)?.branchName ?? null)}{' '}
          <Link to={toSearchUrl(searchType, { ...query, branch_id: null, page: 1 }, locationNames)} preventScrollReset>
            {COPY.BRANCH_FILTER_CLEAR}
          </Link>
        </p>
      )}
      {query.bounds && (
        <p className="notice list-page__area">
          {COPY.MAP_AREA_ACTIVE}{' '}
          <Link to={toSearchUrl(searchType, { ...query, bounds: null, page: 1 }, locationNames)} preventScrollReset>
            {COPY.MAP_AREA_CLEAR}
          </Link>
        </p>
      )}
      <div className="list-page__body">
        {mapShown && (
          <div className="list-page__map">
            <PropertiesMapSlot searchType={searchType} query={query} locationNames={locationNames} centre={{ lat: first.lat, lng: first.lng }} />
          </div>
        )}
        <div className="list-page__results">
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
            <div className="notice">
              <p>{COPY.LIST_EMPTY}</p>
              {!saved && (
                <>
                  <p>{COPY.SAVE_SEARCH_EMPTY}</p>
                  <SaveSearchLink searchType={searchType} query={query} locationNames={locationNames} prominent />
                </>
              )}
            </div>
          )}
          <Pagination
            searchType={searchType}
            query={query}
            locationNames={locationNames}
            total={results.total}
            hasMore={results.total_capped === true && results.data.length === query.page_size}
          />
        </div>
      </div>
    </div>
  )
}

/**
 * 'Save this search'. For a visitor, a link to the alert registration holding this list's search
 * (it works before and without the page's script; the registration asks for their details). For a
 * signed-in contact, a form that saves it at once (save-search.server.ts), or brings them to that
 * registration when it needs to ask them something first.
 */
function SaveSearchLink({ searchType, query, locationNames, prominent = false }: { searchType: SearchType; query: PropertySearchQuery; locationNames: readonly string[]; prominent?: boolean }) {
  const signedIn = useSignedInContact() !== null
  const navigation = useNavigation()
  const to = toSaveSearchUrl(searchType, query, locationNames)
  const className = `save-search${prominent ? ' button' : ' list-page__save-search'}`
  if (!signedIn) {
    return (
      <Link to={to} className={className}>
        {COPY.SAVE_SEARCH}
      </Link>
    )
  }
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === SAVE_SEARCH_INTENT
  return (
    <Form method="post" action={to} className="save-search-form">
      <button type="submit" name="intent" value={SAVE_SEARCH_INTENT} className={`${className}${prominent ? '' : ' save-search--button'}`} aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
        {saving ? COPY.SAVE_SEARCH_SAVING : COPY.SAVE_SEARCH}
      </button>
    </Form>
  )
}

/**
 * A keyword that found no place: the list says so (not every property in the country, as if the search
 * had worked) and offers the places spelt nearest to it, each a link running the search with it.
 */
function NoPlaceNotice({ placeNotFound }: { placeNotFound: PlaceNotFound }) {
  const { keyword, spellings } = placeNotFound
  return (
    <div className="notice list-page__no-place">
      <p className="list-page__no-place-title">{COPY.LIST_NO_PLACE(keyword)}</p>
      {spellings.length > 0 ? (
        <>
          <p>{COPY.LIST_NEAREST_SPELLINGS}</p>
          <ul className="list-page__spellings" aria-label={COPY.LIST_NEAREST_SPELLINGS}>
            {spellings.map((spelling) => (
              <li key={spelling.url}>
                <Link to={spelling.url} className="list-page__spelling">
                  {spelling.name}
                </Link>
                {spelling.description && <span className="list-page__spelling-description"> {spelling.description}</span>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{COPY.LIST_NO_NEAREST_SPELLINGS}</p>
      )}
    </div>
  )
}

/**
 * Whether a list page shows its map from the start: the search of a map area (a shared link). Such
 * a page carries its hydration data inline (routes' hydrationDataApart).
 */
export function showsMapFromTheStart(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || !('kind' in data) || data.kind !== 'results' || !('query' in data)) return false
  const { query } = data
  return typeof query === 'object' && query !== null && 'bounds' in query && query.bounds != null
}

/** Where the map looks with no location, branch or result to show: the middle of Great Britain. */
const DEFAULT_MAP_CENTRE = { lat: 53.8, lng: -1.55 }

const loadPropertiesMap = () => import('#app/components/map/properties-map.tsx').then((m) => m.PropertiesMap)

/**
 * The properties map's place: SPEC §9's 500 px frame on the server and until the map's code arrives,
 * fetched only once the map is shown. Written here rather than shared with the branch map's slot
 * (map-slot.tsx), so the list page's first load carries no chunk of its own for it.
 */
function PropertiesMapSlot(props: ComponentProps<typeof PropertiesMap>) {
  const [Loaded, setLoaded] = useState<ComponentType<ComponentProps<typeof PropertiesMap>> | null>(null)
  useEffect(() => {
    let cancelled = false
    void loadPropertiesMap().then((component) => !cancelled && setLoaded(() => component))
    return () => {
      cancelled = true
    }
  }, [])
  if (Loaded) return <Loaded {...props} />
  return (
    <div className="map-frame" style={{ height: MAP.HEIGHT_PX }}>
      <p className="map-frame__status">{COPY.MAP_LOADING}</p>
    </div>
  )
}
