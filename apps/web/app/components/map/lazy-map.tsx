import { MAP } from '@agency/domain'
import { useEffect, useRef, useState } from 'react'
import type { MapHandle } from '#app/components/map/leaflet-map.client.ts'
import type { MapPoint, MapSearchedArea, MapView, VisibleArea } from '#app/components/map/map-types.ts'
import { MAP_COPY } from '#app/components/map/map-copy.ts'
import { COPY } from '#app/copy.ts'
import { useMapTiles } from '#app/lib/use-root-data.ts'

interface LazyMapProps {
  /** The map's accessible name. */
  label: string
  points: readonly MapPoint[]
  view: MapView
  /** Where the map looks while it has no points. */
  centre: { lat: number; lng: number }
  /** Whether near markers gather into clusters (else into one marker naming them: groupLabel). */
  cluster?: boolean
  /** The accessible name of a marker naming several points. */
  groupLabel?: (names: readonly string[]) => string
  /** The visitor moved or zoomed the map. */
  onMove?: (area: VisibleArea) => void
  /** Gives the parent the map's current area on demand ('Search this area'). */
  areaRef?: { current: (() => VisibleArea | null) | null }
  /** The areas a location search covers, drawn under the markers. */
  searchedAreas?: readonly MapSearchedArea[]
  /** A marker's popup opened (its point's id) or closed (null). */
  onSelect?: (id: string | null) => void
  /** The point to highlight (its card is pointed at beside the map), or none. */
  selected?: string | null
}

const NO_AREAS: readonly MapSearchedArea[] = []

/**
 * A map of SPEC §9's height. The server and the first render draw an empty frame of that height; the
 * map's code (Leaflet, clustering, the offline outline) is fetched only once this frame is on screen,
 * so pages without a map never load it.
 */
export function LazyMap({ label, points, view, centre, onMove, areaRef, searchedAreas = NO_AREAS, onSelect, selected = null, cluster = true, groupLabel }: LazyMapProps) {
  const element = useRef<HTMLDivElement>(null)
  const handle = useRef<MapHandle | null>(null)
  const latest = useRef({ points, view, onMove, searchedAreas, onSelect, selected })
  const tiles = useMapTiles()
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    latest.current.onMove = onMove
    latest.current.onSelect = onSelect
  }, [onMove, onSelect])

  useEffect(() => {
    let cancelled = false
    const load = () =>
      import('#app/components/map/leaflet-map.client.ts')
      .then(({ createMap }) => {
        if (cancelled || !element.current) return
        handle.current = createMap(element.current, {
          tiles,
          centre,
          cluster,
          groupLabel,
          onMove: (area) => latest.current.onMove?.(area),
          onSelect: (id) => latest.current.onSelect?.(id),
          labels: { zoomIn: MAP_COPY.MAP_ZOOM_IN, zoomOut: MAP_COPY.MAP_ZOOM_OUT, cluster: MAP_COPY.MAP_CLUSTER, closeCard: MAP_COPY.MAP_CARD_CLOSE },
        })
        handle.current.setSearchedAreas(latest.current.searchedAreas)
        handle.current.setPoints(latest.current.points, latest.current.view)
        handle.current.select(latest.current.selected)
        setState('ready')
      })
      .catch(() => !cancelled && setState('failed'))
    // Fetched when the frame comes near the screen (a map at the foot of the home page waits for it).
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return
              observer?.disconnect()
              void load()
            },
            { rootMargin: '300px' },
          )
        : null
    if (observer && element.current) observer.observe(element.current)
    else void load()
    return () => {
      observer?.disconnect()
      cancelled = true
      handle.current?.destroy()
      handle.current = null
    }
    // The map is made once; points and view arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    latest.current.points = points
    latest.current.view = view
    handle.current?.setPoints(points, view)
  }, [points, view])

  useEffect(() => {
    latest.current.searchedAreas = searchedAreas
    handle.current?.setSearchedAreas(searchedAreas)
  }, [searchedAreas])

  useEffect(() => {
    latest.current.selected = selected
    handle.current?.select(selected)
  }, [selected])

  useEffect(() => {
    if (!areaRef) return
    areaRef.current = () => handle.current?.getArea() ?? null
    return () => {
      areaRef.current = null
    }
  }, [areaRef])

  return (
    <div className="map-frame" style={{ height: MAP.HEIGHT_PX }} data-state={state}>
      <div ref={element} className="map-canvas" role="region" aria-label={label} />
      {state !== 'ready' && (
        <p className="map-frame__status" role={state === 'failed' ? 'alert' : undefined}>
          {state === 'failed' ? MAP_COPY.MAP_FAILED : COPY.MAP_LOADING}
        </p>
      )}
    </div>
  )
}
