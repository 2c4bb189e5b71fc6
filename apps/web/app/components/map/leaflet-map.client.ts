/**
 * The map itself: Leaflet with supercluster's clustering, loaded on demand (lazy-map.tsx) so that no
 * page pays for it before it shows a map. Plain DOM, no React: the React side hands it points and
 * listens for the area the visitor moves to.
 */
import { MAP } from '@agency/domain'
import L from 'leaflet'
import Supercluster from 'supercluster'
import type { MapPoint, MapTiles, MapView, VisibleArea } from '#app/components/map/map-types.ts'
import 'leaflet/dist/leaflet.css'

/** What the React side can do with a map once it is drawn. */
export interface MapHandle {
  /** Replaces the points (clustered when many); `view` says where to look afterwards. */
  setPoints(points: readonly MapPoint[], view: MapView): void
  /** The area the map shows now. */
  getArea(): VisibleArea
  destroy(): void
}

export interface MapOptions {
  tiles: MapTiles
  /** Where the map looks before it has points: default zoom 11 (SPEC §9) around this position. */
  centre: { lat: number; lng: number }
  /** Whether near markers gather into clusters (many properties) or always stand alone (a few branches). */
  cluster: boolean
  /** The visitor moved or zoomed the map (never called for moves the code makes). */
  onMove?: (area: VisibleArea) => void
  /** Labels of the controls, in the page's words. */
  labels: { zoomIn: string; zoomOut: string; cluster: (count: number) => string }
}

/** A marker's size in pixels: at least SC 2.5.8's 24 px target. */
const PIN_SIZE = 32

const toArea = (bounds: L.LatLngBounds): VisibleArea => ({
  south: bounds.getSouth(),
  west: bounds.getWest(),
  north: bounds.getNorth(),
  east: bounds.getEast(),
})

/** The least distance in pixels, across and down, between two pins' centres for them not to overlap (with a small gap). */
const PIN_SPACING = PIN_SIZE + 6

/** Whether two pins centred here would overlap. */
const overlaps = (a: L.Point, b: L.Point) => Math.abs(a.x - b.x) < PIN_SPACING && Math.abs(a.y - b.y) < PIN_SPACING

/**
 * Where each of these pins is drawn when some would overlap: pins that would overlap (directly or
 * through one another) form a group, and a group's pins stand evenly on a ring around its centre, wide
 * enough for neighbours on the ring not to touch whatever the angle between them. A ring that would
 * cover another pin takes that pin's group in too. Answers null for a pin that stands where it is.
 */
export function fanOut(at: readonly L.Point[]): Array<L.Point | null> {
  const group = at.map((_, i) => i)
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)))
  const join = (i: number, j: number) => {
    if (root(i) === root(j)) return false
    group[root(i)] = root(j)
    return true
  }
  const place = (): Array<L.Point | null> => {
    const members = new Map<number, number[]>()
    at.forEach((_, i) => members.set(root(i), [...(members.get(root(i)) ?? []), i]))
    const spots: Array<L.Point | null> = at.map(() => null)
    for (const ids of members.values()) {
      if (ids.length < 2) continue
      const centre = ids.reduce((sum, i) => sum.add(at[i]!), L.point(0, 0)).divideBy(ids.length)
      // Neighbours on the ring are PIN_SPACING·√2 apart: PIN_SPACING across or down at any angle.
      const radius = (PIN_SPACING * Math.SQRT2) / (2 * Math.sin(Math.PI / ids.length))
      // In the order of their bearings from the centre, so each keeps roughly its side of the group.
      const bearing = (i: number) => Math.atan2(at[i]!.y - centre.y, at[i]!.x - centre.x)
      ;[...ids]
        .sort((a, b) => bearing(a) - bearing(b))
        .forEach((i, k) => {
          const angle = -Math.PI / 2 + (2 * Math.PI * k) / ids.length
          spots[i] = L.point(centre.x + radius * Math.cos(angle), centre.y + radius * Math.sin(angle))
        })
    }
    return spots
  }
  for (let i = 0; i < at.length; i++) {
    for (let j = i + 1; j < at.length; j++) if (overlaps(at[i]!, at[j]!)) join(i, j)
  }
  let spots = place()
  // A few rounds settle every case a map of branches or one position's properties meets.
  for (let round = 0; round < 5; round++) {
    const drawnAt = at.map((point, i) => spots[i] ?? point)
    let joined = false
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) if (overlaps(drawnAt[i]!, drawnAt[j]!) && join(i, j)) joined = true
    }
    if (!joined) break
    spots = place()
  }
  return spots
}

/** Draws a map in `element` and answers its handle. */
export function createMap(element: HTMLElement, options: MapOptions): MapHandle {
  const map = L.map(element, {
    minZoom: MAP.MIN_ZOOM,
    maxZoom: MAP.MAX_ZOOM,
    zoomControl: false,
    // Arrow keys pan and +/- zoom once the map has focus (Leaflet's keyboard handler).
    keyboard: true,
    center: [options.centre.lat, options.centre.lng],
    zoom: MAP.DEFAULT_ZOOM,
    // Popups and tiles appear at once: a fading popup is half-readable for its first moments.
    fadeAnimation: false,
  })
  L.control.zoom({ zoomInTitle: options.labels.zoomIn, zoomOutTitle: options.labels.zoomOut }).addTo(map)
  map.attributionControl.setPrefix(false)
  element.dataset.basemap = 'tiles'
  element.dataset.zoom = String(map.getZoom())

  // When tiles cannot be loaded (offline, blocked), the outline of the United Kingdom is the basemap.
  let outline: L.Layer | null = null
  // The outline arrives asynchronously: a map removed meanwhile (the visitor left the page) takes none.
  let removed = false
  const tiles = L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, maxZoom: MAP.MAX_ZOOM })
  tiles.on('tileerror', () => {
    if (outline || removed) return
    outline = L.layerGroup()
    element.dataset.basemap = 'outline'
    void import('#app/components/map/gb-outline.json').then(({ default: data }) => {
      if (!outline || removed) return
      L.geoJSON(data as GeoJSON.Feature, {
        interactive: false,
        style: { color: '#5b7083', weight: 1, fillColor: '#eef2e6', fillOpacity: 1 },
      }).addTo(outline as L.LayerGroup)
      ;(outline as L.LayerGroup).addTo(map)
      ;(outline as L.LayerGroup).eachLayer((layer) => (layer as L.GeoJSON).bringToBack())
      element.dataset.outline = 'drawn'
    })
  })
  tiles.addTo(map)

  const markers = L.layerGroup().addTo(map)
  let index = new Supercluster<{ point: number }>({ radius: 60, maxZoom: MAP.MAX_ZOOM - 1 })
  let points: readonly MapPoint[] = []
  // Moves the code makes (fitting the points) are not the visitor's: no search follows them.
  let ownMoves = 0

  const markerFor = (point: MapPoint): L.Marker => {
    const html = document.createElement('span')
    html.className = `map-pin${point.locked ? ' map-pin--locked' : ''}`
    if (point.color) html.style.setProperty('--pin-color', point.color)
    if (point.image) {
      const img = document.createElement('img')
      img.src = point.image
      img.alt = ''
      img.className = 'map-pin__image'
      html.append(img)
    }
    if (point.pin && !point.image) {
      const text = document.createElement('span')
      text.textContent = point.pin
      html.append(text)
    }
    const marker = L.marker([point.lat, point.lng], {
      // A round pin of a fixed size centred on its position, so it can be seen, clicked and focused.
      icon: L.divIcon({ html, className: 'map-pin-icon', iconSize: [PIN_SIZE, PIN_SIZE], iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2], popupAnchor: [0, -PIN_SIZE / 2] }),
      title: point.label,
      alt: point.label,
      keyboard: true,
      riseOnHover: true,
    })
    marker.bindPopup(() => point.popup(), { maxWidth: 280, minWidth: 220, autoPanPadding: [24, 24] })
    marker.on('add', () => {
      const el = marker.getElement()
      if (!el) return
      el.setAttribute('role', 'button')
      el.setAttribute('aria-label', point.label)
      el.dataset.pointId = point.id
    })
    return marker
  }

  const clusterFor = (lng: number, lat: number, count: number, clusterId: number): L.Marker => {
    const label = options.labels.cluster(count)
    const marker = L.marker([lat, lng], {
      icon: L.divIcon({ html: `<span>${count}</span>`, className: 'map-cluster', iconSize: [40, 40] }),
      title: label,
      keyboard: true,
    })
    // Enter on a focused marker is a click too (Leaflet's keyboard support).
    marker.on('click', () => {
      map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), MAP.MAX_ZOOM))
    })
    marker.on('add', () => {
      const el = marker.getElement()
      el?.setAttribute('role', 'button')
      el?.setAttribute('aria-label', label)
    })
    return marker
  }

  /**
   * Every point on its own marker. On a map that does not cluster (a few branches), points whose pins
   * would overlap at this zoom (London's branches at a zoom that shows Great Britain) are fanned out
   * in a ring around where they stand, each joined to its true position by a line, so every one can
   * be seen, clicked and focused.
   */
  const drawSingles = () => {
    const spots = options.cluster ? points.map(() => null) : fanOut(points.map((point) => map.latLngToLayerPoint([point.lat, point.lng])))
    points.forEach((point, i) => {
      const spot = spots[i]
      const marker = markerFor(point)
      if (spot) {
        const at = map.layerPointToLatLng(spot)
        marker.setLatLng(at)
        marker.on('add', () => marker.getElement()?.setAttribute('data-fanned', 'true'))
        markers.addLayer(L.polyline([[point.lat, point.lng], at], { interactive: false, weight: 2, color: '#5b7083', className: 'map-fan-leg' }))
      }
      markers.addLayer(marker)
    })
  }

  /**
   * What the markers were last drawn for: the zoom and, for clusters, the area around the view they
   * cover. A move within it (a popup panning itself into view, a short drag) keeps the markers, so an
   * open popup stays open. Null when the points changed.
   */
  let drawn: { zoom: number; area: L.LatLngBounds | null } | null = null

  const draw = () => {
    const bounds = map.getBounds()
    const zoom = map.getZoom()
    if (drawn && drawn.zoom === zoom && (!drawn.area || drawn.area.contains(bounds))) return
    markers.clearLayers()
    // At the highest zoom every point stands on its own.
    if (!options.cluster || zoom >= MAP.MAX_ZOOM || points.length <= 1) {
      drawSingles()
      drawn = { zoom, area: null }
      return
    }
    const box: [number, number, number, number] = [bounds.getWest() - 1, bounds.getSouth() - 1, bounds.getEast() + 1, bounds.getNorth() + 1]
    drawn = { zoom, area: L.latLngBounds([box[1], box[0]], [box[3], box[2]]) }
    for (const feature of index.getClusters(box, Math.round(zoom))) {
      const [lng, lat] = feature.geometry.coordinates as [number, number]
      const props = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; point?: number }
      if (props.cluster && props.cluster_id !== undefined) markers.addLayer(clusterFor(lng, lat, props.point_count ?? 0, props.cluster_id))
      else if (props.point !== undefined) markers.addLayer(markerFor(points[props.point]!))
    }
  }

  map.on('moveend', () => {
    // The zoom level, for the tests and styles that read it.
    element.dataset.zoom = String(map.getZoom())
    draw()
    if (ownMoves > 0) {
      ownMoves -= 1
      return
    }
    options.onMove?.(toArea(map.getBounds()))
  })

  /** Moves the map without it counting as the visitor's move (one moveend follows each). */
  const moveQuietly = (move: () => void) => {
    const before = map.getBounds()
    const zoom = map.getZoom()
    // Counted before the move: without animation its moveend fires while it runs.
    ownMoves += 1
    move()
    // A move to where the map already is fires no moveend.
    if (map.getBounds().equals(before) && map.getZoom() === zoom) ownMoves = Math.max(0, ownMoves - 1)
  }

  return {
    setPoints(next, view) {
      points = next
      drawn = null
      index = new Supercluster<{ point: number }>({ radius: 60, maxZoom: MAP.MAX_ZOOM - 1 })
      index.load(
        next.map((point, i) => ({ type: 'Feature', properties: { point: i }, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } })),
      )
      if (view.kind === 'area') {
        const { south, west, north, east } = view.area
        moveQuietly(() => map.fitBounds([[south, west], [north, east]], { animate: false }))
      } else if (view.kind === 'points' && next.length === 1) {
        // SPEC §9: a single marker is shown at zoom 13.
        moveQuietly(() => map.setView([next[0]!.lat, next[0]!.lng], MAP.SINGLE_MARKER_ZOOM, { animate: false }))
      } else if (view.kind === 'points' && next.length > 1) {
        // SPEC §9: the points fill the map within 100 px of its edges.
        const bounds = L.latLngBounds(next.map((p) => [p.lat, p.lng] as [number, number]))
        moveQuietly(() => map.fitBounds(bounds, { padding: [MAP.FIT_PADDING_PX, MAP.FIT_PADDING_PX], maxZoom: MAP.MAX_ZOOM, animate: false }))
      }
      draw()
    },
    getArea: () => toArea(map.getBounds()),
    destroy: () => {
      removed = true
      map.remove()
    },
  }
}
