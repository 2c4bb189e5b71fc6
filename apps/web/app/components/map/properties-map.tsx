import { LABELS, MAP_DRAG_DEBOUNCE_MS, toBoundsParam, toLocationArea, toSearchBounds, toSearchParams } from '@agency/domain'
import type { PropertyMarker, PropertySearchQuery, SearchType } from '@agency/domain'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { LazyMap } from '#app/components/map/lazy-map.tsx'
import type { MapPoint, MapSearchedArea, MapView, VisibleArea } from '#app/components/map/map-types.ts'
import { toSearchUrl } from '#app/components/search/search-url.ts'
import { useApplySearch } from '#app/components/search/use-apply-search.ts'
import { MAP_COPY } from '#app/components/map/map-copy.ts'
import { COPY } from '#app/copy.ts'
import { REGISTER_PATH, toLoginUrl } from '#app/lib/urls.ts'

interface PropertiesMapProps {
  searchType: SearchType
  query: PropertySearchQuery
  locationNames: readonly string[]
  /** Where the map looks when the search has no results and no area. */
  centre: { lat: number; lng: number }
}

/** The popup of a property's marker: its card's summary and a link to its page (a locked one's: Register and Login). */
function toPopup(marker: PropertyMarker): HTMLElement {
  const root = document.createElement('div')
  root.className = 'map-popup'
  if (marker.image) {
    const img = document.createElement('img')
    img.src = marker.image
    img.alt = ''
    img.className = `map-popup__image${marker.is_locked ? ' map-popup__image--locked' : ''}`
    img.loading = 'lazy'
    root.append(img)
  }
  const add = (tag: string, className: string, text: string) => {
    const el = document.createElement(tag)
    el.className = className
    el.textContent = text
    root.append(el)
    return el
  }
  // SPEC §2 locked card: a pre-market property says so, and offers only Register and Login.
  if (marker.is_locked) add('p', 'map-popup__status', LABELS.PRE_MARKET)
  else if (marker.custom_property_status_title) add('p', 'map-popup__status', marker.custom_property_status_title)
  add('p', 'map-popup__heading', marker.advert_heading)
  add('p', 'map-popup__address', marker.display_address)
  if (marker.is_locked) {
    add('p', 'map-popup__note', COPY.PRE_MARKET_NOTE)
    const actions = document.createElement('p')
    actions.className = 'map-popup__actions'
    const action = (label: string, href: string, className: string) => {
      const link = document.createElement('a')
      link.className = className
      link.href = href
      link.textContent = label
      link.setAttribute('aria-label', `${label}: ${marker.advert_heading}, ${marker.display_address}`)
      actions.append(link)
    }
    action(LABELS.REGISTER, REGISTER_PATH, 'button map-popup__link')
    // Back to this search once logged in, as a locked card's Login does.
    action(LABELS.LOGIN, toLoginUrl(`${window.location.pathname}${window.location.search}`), 'button button--secondary map-popup__link map-popup__link--secondary')
    root.append(actions)
    return root
  }
  const facts = [marker.price, marker.bedroom === null ? null : MAP_COPY.MAP_BEDROOMS(marker.bedroom)].filter(Boolean).join(' · ')
  if (facts) add('p', 'map-popup__price', facts)
  const link = add('a', 'button map-popup__link', MAP_COPY.MAP_VIEW_PROPERTY) as HTMLAnchorElement
  link.href = marker.detail_page_url
  link.setAttribute('aria-label', `${MAP_COPY.MAP_VIEW_PROPERTY}: ${marker.advert_heading}, ${marker.display_address}`)
  return root
}

function toPoint(marker: PropertyMarker): MapPoint {
  return {
    id: String(marker.property_profile_id),
    lat: marker.lat,
    lng: marker.lng,
    label: [marker.advert_heading, marker.display_address, marker.price].filter(Boolean).join(', '),
    // A locked property shows no price (SPEC §2): its pin says it is pre-market, as its card does.
    pin: marker.is_locked ? LABELS.PRE_MARKET : (marker.pin_price ?? '£'),
    locked: marker.is_locked,
    popup: () => toPopup(marker),
  }
}

/**
 * The properties map beside the list (SPEC §2): the markers of the current search, fetched apart from
 * the list's page. Moving or zooming it searches the visible area after SPEC §9's 500 ms of quiet,
 * through the URL like every other search (its `bounds` parameter), so the list, the URL and a shared
 * link all follow; 'Search this area' does the same at once, without dragging.
 */
export function PropertiesMap({ searchType, query, locationNames, centre }: PropertiesMapProps) {
  const applySearch = useApplySearch()
  const [data, setData] = useState<{ points: MapPoint[]; view: MapView; total: number; capped: boolean }>({
    points: [],
    view: { kind: 'stay' },
    total: 0,
    capped: false,
  })
  const areaRef = useRef<(() => VisibleArea | null) | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The areas this map searched: the answer to any of them keeps the map where the visitor left it.
  // Not only the last one: under load the answer to an earlier area (zoom 9) can come after the
  // visitor has moved on (zoom 10), and fitting the map to it would undo their move.
  const searched = useRef(new Set<string>())
  // The visitor's moves of the map: one made while the markers were on their way keeps the map where
  // they took it when the answer comes (their move searches its own area).
  const moves = useRef(0)

  const params = useMemo(() => {
    const p = toSearchParams({ ...query, sort: undefined, page: undefined, page_size: undefined })
    p.set('transaction_type_id', String(query.transaction_type_id))
    return p.toString()
  }, [query])
  const area = query.bounds ? toBoundsParam(query.bounds) : null
  // The areas the search's places cover, as the search draws them (criteria.ts): the place's bounds for
  // radius 0, the bounds widened by a larger radius, or a circle for a place without bounds.
  const searchedAreas = useMemo<MapSearchedArea[]>(() => (query.locations ?? []).map(toLocationArea), [query.locations])
  // The card pointed at in the list and the pin whose card is open are highlighted together.
  const [selected, setSelected] = useState<string | null>(null)
  useEffect(() => {
    for (const card of document.querySelectorAll<HTMLElement>('.property-grid [data-property-id]')) {
      card.classList.toggle('property-grid__item--selected', card.dataset.propertyId === selected)
    }
  }, [selected, data.points])
  useEffect(() => {
    const grid = document.querySelector('.property-grid')
    if (!grid) return
    const point = (event: Event) => {
      const card = (event.target as Element | null)?.closest<HTMLElement>('[data-property-id]')
      setSelected(card?.dataset.propertyId ?? null)
    }
    const leave = (event: Event) => {
      const to = (event as MouseEvent | FocusEvent).relatedTarget as Element | null
      if (!to || !grid.contains(to)) setSelected(null)
    }
    grid.addEventListener('mouseover', point)
    grid.addEventListener('focusin', point)
    grid.addEventListener('mouseleave', leave)
    grid.addEventListener('focusout', leave)
    return () => {
      grid.removeEventListener('mouseover', point)
      grid.removeEventListener('focusin', point)
      grid.removeEventListener('mouseleave', leave)
      grid.removeEventListener('focusout', leave)
    }
  }, [data.points])

  useEffect(() => {
    const controller = new AbortController()
    const movesBefore = moves.current
    void (async () => {
      const { createMapApi } = await import('@agency/api-client/map-api')
      const api = createMapApi({ baseUrl: '/api', fetch: (input, init) => fetch(input, init) })
      const answer = await api.searchPropertyMarkers(new URLSearchParams(params), { signal: controller.signal })
      if (controller.signal.aborted) return
      const bounds = query.bounds
      const view: MapView =
        moves.current !== movesBefore
          ? { kind: 'stay' }
          : bounds
            ? area !== null && searched.current.has(area)
              ? { kind: 'stay' }
              : { kind: 'area', area: bounds }
            : { kind: 'points' }
      setData({ points: answer.data.map(toPoint), view, total: answer.total, capped: answer.total_capped === true })
    })().catch(() => {
      // An aborted or failed fetch leaves the markers as they were; the list still answers.
    })
    return () => controller.abort()
    // `params` holds the whole query, bounds included.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params])

  const search = useCallback(
    (visible: VisibleArea) => {
      clearTimeout(timer.current)
      const bounds = toSearchBounds(visible)
      const param = toBoundsParam(bounds)
      searched.current.add(param)
      if (param === area) return
      applySearch(toSearchUrl(searchType, { ...query, bounds, page: 1 }, locationNames), { replace: true, preventScrollReset: true })
    },
    [applySearch, area, locationNames, query, searchType],
  )

  const onMove = useCallback(
    (visible: VisibleArea) => {
      clearTimeout(timer.current)
      moves.current += 1
      // SPEC §9 map-drag handler: search once the map has been still for 500 ms.
      timer.current = setTimeout(() => search(visible), MAP_DRAG_DEBOUNCE_MS)
    },
    [search],
  )
  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <div className="properties-map">
      <LazyMap
        label={MAP_COPY.MAP_PROPERTIES_LABEL}
        points={data.points}
        view={data.view}
        centre={centre}
        onMove={onMove}
        areaRef={areaRef}
        searchedAreas={searchedAreas}
        selected={selected}
        onSelect={setSelected}
      />
      <div className="properties-map__bar">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            const visible = areaRef.current?.()
            if (visible) search(visible)
          }}
        >
          {MAP_COPY.MAP_SEARCH_AREA}
        </button>
        <p className="properties-map__hint">{MAP_COPY.MAP_KEYBOARD_HINT}</p>
      </div>
      {data.total > data.points.length && <p className="properties-map__more">{MAP_COPY.MAP_MORE_MARKERS(data.points.length, data.total, data.capped)}</p>}
    </div>
  )
}
