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

  const draw = () => {
    markers.clearLayers()
    const bounds = map.getBounds()
    const zoom = map.getZoom()
    // At the highest zoom every point stands on its own.
    if (!options.cluster || zoom >= MAP.MAX_ZOOM || points.length <= 1) {
      for (const point of points) markers.addLayer(markerFor(point))
      return
    }
    const box: [number, number, number, number] = [bounds.getWest() - 1, bounds.getSouth() - 1, bounds.getEast() + 1, bounds.getNorth() + 1]
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
