/**
 * The map itself: Leaflet with supercluster's clustering, loaded on demand (lazy-map.tsx) so that no
 * page pays for it before it shows a map. Plain DOM, no React: the React side hands it points and
 * listens for the area the visitor moves to.
 */
import { MAP } from '@agency/domain'
import L from 'leaflet'
import Supercluster from 'supercluster'
import { fanOut } from '#app/components/map/fan-out.ts'
import { MAP_TILES_STATE_KEY, type MapSearchedArea, type MapPoint, type MapTiles, type MapView, type VisibleArea } from '#app/components/map/map-types.ts'
import 'leaflet/dist/leaflet.css'

/** What the React side can do with a map once it is drawn. */
export interface MapHandle {
  /** Replaces the points (clustered when many); `view` says where to look afterwards. */
  setPoints(points: readonly MapPoint[], view: MapView): void
  /** The area the map shows now. */
  getArea(): VisibleArea
  /** Draws the areas a location search covers under the markers, replacing those drawn. */
  setSearchedAreas(areas: readonly MapSearchedArea[]): void
  /** Highlights this point's marker (the card the visitor points at in the list), or none. */
  select(id: string | null): void
  destroy(): void
}

export interface MapOptions {
  tiles: MapTiles
  /** Where the map looks before it has points: default zoom 11 (SPEC §9) around this position. */
  centre: { lat: number; lng: number }
  /**
   * How markers that would overlap are drawn below the highest zoom: gathered into clusters with a
   * count (many properties), or into one pill naming them all (a few branches, each named on the
   * map). At the highest zoom every point stands alone, fanned out if need be.
   */
  cluster: boolean
  /** The accessible name of a pill naming several points (`cluster: false`): opening it zooms in on them. */
  groupLabel?: (names: readonly string[]) => string
  /** The visitor moved or zoomed the map (never called for moves the code makes). */
  onMove?: (area: VisibleArea) => void
  /** A marker's popup opened (its point's id) or closed (null). */
  onSelect?: (id: string | null) => void
  /** Labels of the controls, in the page's words. */
  labels: { zoomIn: string; zoomOut: string; cluster: (count: number) => string; closeCard: string }
}

/**
 * Below this width (a phone's map) a marker's card is docked at the foot of the map, compact, rather
 * than a popup over the map: the map stays in sight and nothing moves to make room for the card.
 */
const DOCK_BELOW_PX = 480

/**
 * How soon after a person's input a move starts when it is theirs: the wheel's zoom starts about
 * 40 ms after the wheel (Leaflet gathers its turns), a button's or a double click's zoom at the next
 * frame, a key's pan at once; a pinch's at the first movement after the touch.
 */
const PERSON_MOVE_START_MS = 400

/** A marker's size in pixels: at least SC 2.5.8's 24 px target. */
const PIN_SIZE = 32
/** A pill's height (a price or a name on the marker), and its side padding. */
const PILL_HEIGHT = 28
const PILL_PADDING = 10
/** A marker image on a pill (a branch's picture beside its name), and the gap between it and the name. */
const PILL_IMAGE = 20
const PILL_IMAGE_GAP = 4
/** The height each further line adds to a pill of several lines. */
const PILL_LINE = 16
/** The metres in a mile, for circles drawn in miles. */
const METRES_PER_MILE = 1609.344

/** A pill's width for this text in the map's font (map.css: .map-pin--pill), measured once per text. */
const pillWidths = new Map<string, number>()
let measure: CanvasRenderingContext2D | null = null
function toPillWidth(text: string, element: HTMLElement): number {
  const known = pillWidths.get(text)
  if (known) return known
  measure ??= document.createElement('canvas').getContext('2d')
  // 0.8125rem bold, as the stylesheet draws it; a rough width where no canvas is available.
  const fontSize = 0.8125 * (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16)
  let width = text.length * fontSize * 0.62
  if (measure) {
    measure.font = `700 ${fontSize}px ${getComputedStyle(element).fontFamily}`
    width = measure.measureText(text).width
  }
  const pill = Math.max(PIN_SIZE, Math.ceil(width + 2 * PILL_PADDING + 4))
  pillWidths.set(text, pill)
  return pill
}

const toArea = (bounds: L.LatLngBounds): VisibleArea => ({
  south: bounds.getSouth(),
  west: bounds.getWest(),
  north: bounds.getNorth(),
  east: bounds.getEast(),
})

/** A cluster's size in pixels. */
const CLUSTER_SIZE = 40

/**
 * The least distance in pixels, across and down, between two markers' centres (pins or clusters) for
 * them not to overlap, with a small gap: no target covers part of another (WCAG 2.2 SC 2.5.8).
 */
const MARKER_GAP = 6
const MARKER_SPACING = CLUSTER_SIZE + MARKER_GAP

/** The least room in pixels between an open popup and the map's edges. */
const POPUP_PADDING = 24

/** Whether a key pressed on a button presses it. */
const isActivation = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' '

/**
 * A marker that opens something as a button does: by click, Enter or Space (Leaflet's own keyboard
 * support opens only popups), named for screen readers once it is on the map.
 */
function asButton(marker: L.Marker, label: string, open: () => void, decorate?: (el: HTMLElement) => void): void {
  marker.on('click', open)
  marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
    if (!isActivation(e.originalEvent)) return
    e.originalEvent.preventDefault()
    open()
  })
  marker.on('add', () => {
    const el = marker.getElement()
    if (!el) return
    el.setAttribute('role', 'button')
    el.setAttribute('aria-label', label)
    decorate?.(el)
  })
}

/** Where this visit remembers whether the tile server answered (sessionStorage: one tab, one visit). */
const TILES_STATE_KEY = MAP_TILES_STATE_KEY
/** How long a visit relies on the outline after the tile server failed, before asking it again. */
const TILES_RETRY_MS = 5 * 60_000

/** What this visit knows of the tile server: it answered, it failed lately, or nothing yet. */
function tilesKnown(): 'loaded' | 'failed' | null {
  try {
    const state = sessionStorage.getItem(TILES_STATE_KEY)
    if (state === 'loaded') return 'loaded'
    const failedAt = state?.startsWith('failed:') ? Number(state.slice('failed:'.length)) : NaN
    return Date.now() - failedAt < TILES_RETRY_MS ? 'failed' : null
  } catch {
    // Storage refused (private modes, policies): every map asks afresh.
    return null
  }
}

function rememberTiles(loaded: boolean) {
  try {
    sessionStorage.setItem(TILES_STATE_KEY, loaded ? 'loaded' : `failed:${Date.now()}`)
  } catch {
    // Not remembered: the next map asks again.
  }
}

/** The address of the tile under the map's centre, as the tile layer would ask for it (Leaflet's template values). */
function toTileUrl(template: string, map: L.Map): string {
  // Tiles come in whole zoom levels: a map at 5.75 draws those of 6, scaled (Leaflet's rounding).
  const zoom = Math.round(map.getZoom())
  const tile = map.project(map.getCenter(), zoom).divideBy(256).floor()
  const subdomains = 'abc'
  return L.Util.template(template, { s: subdomains[Math.abs(tile.x + tile.y) % subdomains.length], x: tile.x, y: tile.y, z: zoom, r: L.Browser.retina ? '@2x' : '' })
}

/** Whether two sets of points are the same markers at the same positions, in the same order. */
const isSame = (a: readonly MapPoint[], b: readonly MapPoint[]) =>
  a.length === b.length && a.every((point, i) => point.id === b[i]!.id && point.lat === b[i]!.lat && point.lng === b[i]!.lng && point.label === b[i]!.label)

/**
 * Clusters gather points within 50 px (supercluster's radius counts 512 to a tile Leaflet draws 256 px
 * wide), a little more than markers need to stand apart, so few are left to fan out. From the highest
 * zoom down: there every point stands on its own.
 */
const CLUSTER_OPTIONS = { radius: 100, maxZoom: MAP.MAX_ZOOM - 1 }

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
    // A few named branches fit Great Britain closer in quarter steps (5.75 rather than 5 within
    // SPEC's 100 px padding: names overlap less); the properties map keeps whole zoom levels.
    zoomSnap: options.cluster ? 1 : 0.25,
  })
  const zoomControl = L.control.zoom({ zoomInTitle: options.labels.zoomIn, zoomOutTitle: options.labels.zoomOut }).addTo(map)
  map.attributionControl.setPrefix(false)
  element.dataset.zoom = String(map.getZoom())

  // When tiles cannot be loaded (offline, blocked), the outline of the United Kingdom is the basemap.
  let outline: L.Layer | null = null
  // The outline arrives asynchronously: a map removed meanwhile (the visitor left the page) takes none.
  let removed = false
  const showOutline = () => {
    if (outline || removed) return
    outline = L.layerGroup()
    element.dataset.basemap = 'outline'
    void import('#app/components/map/gb-outline.json').then(({ default: data }) => {
      if (!outline || removed) return
      L.geoJSON(data as GeoJSON.Feature, {
        interactive: false,
        style: { color: '#5b7083', weight: 1, fillColor: '#eef2e6', fillOpacity: 1, className: 'map-outline' },
      }).addTo(outline as L.LayerGroup)
      ;(outline as L.LayerGroup).addTo(map)
      ;(outline as L.LayerGroup).eachLayer((layer) => (layer as L.GeoJSON).bringToBack())
      element.dataset.outline = 'drawn'
    })
  }
  const tiles = L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, maxZoom: MAP.MAX_ZOOM })
  let tileLoaded = false
  tiles.on('tileload', () => {
    tileLoaded = true
  })
  tiles.on('tileerror', () => {
    showOutline()
    // A tile server that answered none of them is unreachable: no more requests (each pan or zoom
    // would ask for a screenful, every one failing), the outline alone. One missing tile among
    // loaded ones is only a gap, which the outline fills.
    if (tileLoaded) return
    rememberTiles(false)
    map.removeLayer(tiles)
  })
  // The attribution stays with the map whichever basemap it shows.
  map.attributionControl.addAttribution(options.tiles.attribution)
  const addTiles = () => {
    if (removed) return
    element.dataset.basemap = 'tiles'
    tiles.addTo(map)
  }
  const known = tilesKnown()
  if (known === 'failed') showOutline()
  else if (known === 'loaded') addTiles()
  else {
    // The first map of a visit asks for one tile (the one the map needs at its centre, which the
    // browser then keeps) before asking for a screenful, so an unreachable tile server costs one
    // failed request rather than one per tile.
    element.dataset.basemap = 'probing'
    const probe = new Image()
    probe.addEventListener('load', () => {
      rememberTiles(true)
      addTiles()
    })
    probe.addEventListener('error', () => {
      rememberTiles(false)
      showOutline()
    })
    // Once the caller has set the first points, so the tile is one of those the map then shows.
    queueMicrotask(() => {
      if (!removed) probe.src = toTileUrl(options.tiles.url, map)
    })
  }

  const circles = L.layerGroup().addTo(map)
  const markers = L.layerGroup().addTo(map)
  let index = new Supercluster<{ point: number }>(CLUSTER_OPTIONS)
  let points: readonly MapPoint[] = []
  /**
   * Whether the move under way is the visitor's: only a person's move searches the area. Decided when
   * a move starts: it is theirs if one of the inputs a person moves a map with (the wheel, a pinch, a
   * double click or tap, the zoom buttons, the map's keys, a shift-drag box) came just before it, or
   * if it is a drag; it is the site's if the site asked for it (fitting the points, opening a cluster
   * or a group, a popup panning itself into view) after the person's last input: what came last
   * decides, so a zoom pressed the moment the site has fitted the map is the person's, and the site's
   * animated move (it starts a frame later) is the site's even just after a turn of the wheel. An input
   * that moved nothing (the wheel at the highest zoom, or while the site's own zoom is under way) is
   * forgotten a moment later, so it never makes a later move of the site's (a window resized) count as
   * the person's.
   */
  let personMoving = false
  let personInputAt = -Infinity
  let siteMoveAt = -Infinity
  let boxZooming = false
  const markPersonMove = () => {
    personInputAt = performance.now()
  }
  map.on('movestart', () => {
    const now = performance.now()
    personMoving = boxZooming || (personInputAt > siteMoveAt && now - personInputAt < PERSON_MOVE_START_MS)
  })
  // A drag's move starts just before its dragstart.
  map.on('dragstart', () => {
    personMoving = true
  })
  map.on('dblclick', markPersonMove)
  // A box zoom fits its box when the button is let go, however long after it began.
  map.on('boxzoomstart', () => {
    boxZooming = true
    markPersonMove()
  })
  map.on('boxzoomend', () => {
    boxZooming = false
    markPersonMove()
  })
  // Popups, the docked card and controls keep their wheel and clicks from the map (Leaflet stops
  // them), so these listeners hear only what reaches the map's own handlers.
  element.addEventListener('wheel', markPersonMove, { passive: true })
  const onTouch = (event: TouchEvent) => event.touches.length > 1 && markPersonMove()
  element.addEventListener('touchstart', onTouch, { passive: true })
  element.addEventListener('touchmove', onTouch, { passive: true })
  zoomControl.getContainer()?.addEventListener('click', markPersonMove, true)
  // Leaflet's keyboard handler: arrow keys pan and +/- zoom while the map (or a marker on it) has the focus.
  const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', '+', '=', '-', '_'])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !MOVE_KEYS.has(event.key)) return
    if (document.activeElement && element.contains(document.activeElement)) markPersonMove()
  }
  document.addEventListener('keydown', onKeyDown)
  map.on('autopanstart', () => {
    siteMoveAt = performance.now()
  })

  /** The point whose marker is highlighted (its popup is open, or its card is pointed at in the list). */
  let selected: string | null = null
  /** Whether a point's marker is a pill: a text longer than a character (a price, a name), its image (if any) beside it. */
  const isPill = (point: MapPoint) => point.pin !== null && point.pin.length > 1
  const markerSize = (point: MapPoint): [number, number] =>
    isPill(point) ? [toPillWidth(point.pin!, element) + (point.image ? PILL_IMAGE + PILL_IMAGE_GAP : 0), PILL_HEIGHT] : [PIN_SIZE, PIN_SIZE]

  const markerFor = (point: MapPoint): L.Marker => {
    const html = document.createElement('span')
    const [width, height] = markerSize(point)
    const pill = isPill(point)
    html.className = `map-pin${pill ? ' map-pin--pill' : ''}${pill && point.image ? ' map-pin--pictured' : ''}${point.locked ? ' map-pin--locked' : ''}`
    if (point.color) html.style.setProperty('--pin-color', point.color)
    if (point.image) {
      const img = document.createElement('img')
      img.src = point.image
      img.alt = ''
      img.className = 'map-pin__image'
      html.append(img)
    }
    // A name or a price is always written: a picture stands beside it, never instead of it.
    if (point.pin && (pill || !point.image)) {
      const text = document.createElement('span')
      text.className = 'map-pin__text'
      text.textContent = point.pin
      html.append(text)
    }
    const marker = L.marker([point.lat, point.lng], {
      // A round pin of a fixed size centred on its position, so it can be seen, clicked and focused.
      icon: L.divIcon({ html, className: 'map-pin-icon', iconSize: [width, height], iconAnchor: [width / 2, height / 2], popupAnchor: [0, -height / 2] }),
      title: point.label,
      alt: point.label,
      keyboard: true,
      riseOnHover: true,
    })
    // Its card: a popup over the map, or on a phone's map a card docked at its foot (openDock). Made
    // when it opens; a click, Enter or Space opens it, and again closes it.
    // Not Leaflet's own autoPan, which slides the map for a quarter of a second after the card opens:
    // a click aimed at the card's link as it appeared then landed on the card or the map, and opened
    // nothing. The card is brought into view at once instead (showPopupInView).
    const popup = L.popup({ maxWidth: 280, minWidth: 220, autoPan: false, offset: [0, 7 - height / 2] })
    const open = () => {
      if (map.hasLayer(popup)) return void map.closePopup(popup)
      if (dock.pointId === point.id) return closeDock()
      if (map.getSize().x < DOCK_BELOW_PX) return openDock(point, marker)
      closeDock()
      popup.setLatLng(marker.getLatLng()).setContent(point.popup())
      map.openPopup(popup)
      showPopupInView(popup)
    }
    asButton(marker, point.label, open, (el) => {
      el.dataset.pointId = point.id
      el.classList.toggle('map-pin-icon--selected', point.id === selected)
    })
    popup.on('add', () => {
      highlight(point.id)
      options.onSelect?.(point.id)
    })
    popup.on('remove', () => {
      // A redraw closes the popup of a marker it replaces; the point stays selected only if still open.
      if (selected === point.id) highlight(null)
      options.onSelect?.(null)
    })
    marker.on('remove', () => {
      if (map.hasLayer(popup)) map.closePopup(popup)
    })
    return marker
  }

  /**
   * Moves the map at once, as the site's move, so that an open popup lies wholly within it, POPUP_PADDING
   * clear of its edges (what Leaflet's autoPan does, without its animation): the card is where it first
   * appears, and so is its link.
   */
  const showPopupInView = (popup: L.Popup) => {
    const card = popup.getElement()
    if (!card) return
    const box = card.getBoundingClientRect()
    const frame = element.getBoundingClientRect()
    let dx = 0
    let dy = 0
    if (box.right + POPUP_PADDING > frame.right) dx = box.right + POPUP_PADDING - frame.right
    if (box.left - dx - POPUP_PADDING < frame.left) dx = box.left - POPUP_PADDING - frame.left
    if (box.bottom + POPUP_PADDING > frame.bottom) dy = box.bottom + POPUP_PADDING - frame.bottom
    if (box.top - dy - POPUP_PADDING < frame.top) dy = box.top - POPUP_PADDING - frame.top
    if (dx !== 0 || dy !== 0) moveQuietly(() => map.panBy([dx, dy], { animate: false }))
  }

  /**
   * The docked card of a phone's map: the marker's card, compact, at the foot of the map, above its
   * attribution. A dialog the focus moves to; its close button, Escape or a tap on the map close it
   * (the focus going back to the marker). It never moves the map, so it searches nothing; a marker it
   * would hide is moved up clear of it, as the site's own move.
   */
  const dock = {
    element: L.DomUtil.create('div', 'map-dock', element),
    pointId: null as string | null,
  }
  /** Closes the docked card and gives the focus back to its marker, as it is drawn now. */
  const closeDockToMarker = () => {
    const id = dock.pointId
    closeDock()
    if (id !== null) element.querySelector<HTMLElement>(`.leaflet-marker-icon[data-point-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true })
  }
  dock.element.hidden = true
  dock.element.tabIndex = -1
  dock.element.setAttribute('role', 'dialog')
  L.DomEvent.disableClickPropagation(dock.element)
  L.DomEvent.disableScrollPropagation(dock.element)
  dock.element.addEventListener('keydown', (event) => {
    // The card's keys are its own: they neither move the map nor count as the visitor moving it.
    event.stopPropagation()
    if (event.key !== 'Escape') return
    event.preventDefault()
    closeDockToMarker()
  })
  const openDock = (point: MapPoint, marker: L.Marker) => {
    map.closePopup()
    const card = point.popup()
    card.classList.add('map-popup--docked')
    if (card.querySelector('.map-popup__image')) card.classList.add('map-popup--pictured')
    const close = document.createElement('button')
    close.type = 'button'
    close.className = 'map-dock__close'
    close.setAttribute('aria-label', options.labels.closeCard)
    close.textContent = '×'
    close.addEventListener('click', closeDockToMarker)
    dock.element.replaceChildren(card, close)
    dock.element.setAttribute('aria-label', point.label)
    dock.element.hidden = false
    dock.pointId = point.id
    highlight(point.id)
    options.onSelect?.(point.id)
    dock.element.focus({ preventScroll: true })
    // The marker stays in sight above the card: moved up if the card would hide it.
    const at = map.latLngToContainerPoint(marker.getLatLng())
    const clearOf = dock.element.offsetTop - MARKER_SPACING
    if (at.y > clearOf) moveQuietly(() => map.panBy([0, at.y - clearOf], { animate: false }))
  }
  const closeDock = () => {
    if (dock.pointId === null) return
    const id = dock.pointId
    dock.element.hidden = true
    dock.element.replaceChildren()
    dock.pointId = null
    if (selected === id) highlight(null)
    options.onSelect?.(null)
  }
  map.on('click', closeDock)

  const clusterFor = (lng: number, lat: number, count: number, clusterId: number): L.Marker => {
    const label = options.labels.cluster(count)
    const marker = L.marker([lat, lng], {
      icon: L.divIcon({ html: `<span>${count}</span>`, className: 'map-cluster', iconSize: [CLUSTER_SIZE, CLUSTER_SIZE] }),
      title: label,
      keyboard: true,
    })
    const open = () => {
      // The keyboard carries on from the cluster's first property, wherever the zoom draws it.
      const first = index.getLeaves(clusterId, 1)[0]?.properties.point
      focusAfterDraw = { id: first === undefined ? null : points[first]!.id, at: L.latLng(lat, lng) }
      // The site's move, not the visitor's: opening a cluster searches nothing.
      moveQuietly(() => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), MAP.MAX_ZOOM)))
    }
    asButton(marker, label, open)
    return marker
  }

  /** Marks this point's drawn marker as selected, and no other. */
  const highlight = (id: string | null) => {
    selected = id
    for (const el of element.querySelectorAll<HTMLElement>('.leaflet-marker-icon[data-point-id]')) {
      el.classList.toggle('map-pin-icon--selected', el.dataset.pointId === id)
    }
  }

  /**
   * Every point on its own marker: a map that does not cluster (a few branches) at any zoom, a map
   * that does at its highest zoom, where no zooming in can part a cluster any more. Points whose pins
   * would overlap at this zoom (London's branches at a zoom that shows Great Britain; flats in one
   * building, or locked properties at one rounded position, at zoom 13) are fanned out in a ring
   * around where they stand, each joined to its true position by a line, so every one can be seen,
   * clicked and focused.
   */
  const drawSingles = () => drawFanned(points.map((point) => ({ lat: point.lat, lng: point.lng, size: markerSize(point), make: () => markerFor(point) })))

  /** Draws these markers, fanning out those that would overlap (fanOut), each joined to its true position by a line. */
  const drawFanned = (items: ReadonlyArray<{ lat: number; lng: number; size: [number, number]; make: () => L.Marker }>) => {
    // Wide pills (prices, names) need more room across than round pins.
    const spacing = {
      x: Math.max(MARKER_SPACING, ...items.map((item) => item.size[0] + MARKER_GAP)),
      y: Math.max(MARKER_SPACING, ...items.map((item) => item.size[1] + MARKER_GAP)),
    }
    const spots = fanOut(
      items.map((item) => map.latLngToLayerPoint([item.lat, item.lng])),
      spacing,
    )
    items.forEach((item, i) => {
      const spot = spots[i]
      const marker = item.make()
      if (spot) {
        const at = map.layerPointToLatLng(L.point(spot.x, spot.y))
        marker.setLatLng(at)
        marker.on('add', () => marker.getElement()?.setAttribute('data-fanned', 'true'))
        markers.addLayer(L.polyline([[item.lat, item.lng], at], { interactive: false, weight: 2, color: '#5b7083', className: 'map-fan-leg' }))
      }
      markers.addLayer(marker)
    })
  }

  /**
   * Points drawn by name (a few branches) below the highest zoom: each on its own pill at its own
   * position, except those whose pills would overlap, which share one pill naming them all at their
   * middle, as often as needed until none overlaps. Opening a shared pill zooms in on its points.
   * Nothing is fanned out away from where it stands.
   */
  const drawNamed = () => {
    type Group = { members: MapPoint[]; at: L.Point; size: [number, number]; lines: string[] }
    const nameOf = (point: MapPoint) => point.pin ?? point.label
    // A pill wider than the map (a phone's) takes its names on as many lines as need be.
    const widest = map.getSize().x - 2 * MARKER_GAP
    const shapeOf = (members: readonly MapPoint[]): Pick<Group, 'size' | 'lines'> => {
      const lines: string[] = []
      for (const name of members.map(nameOf)) {
        const last = lines[lines.length - 1]
        if (last !== undefined && toPillWidth(`${last} · ${name}`, element) <= widest) lines[lines.length - 1] = `${last} · ${name}`
        else lines.push(name)
      }
      const width = Math.max(...lines.map((line) => toPillWidth(line, element)))
      return { lines, size: [width, PILL_HEIGHT + (lines.length - 1) * PILL_LINE] }
    }
    const groups: Group[] = points.map((point) => ({ members: [point], at: map.latLngToLayerPoint([point.lat, point.lng]), size: markerSize(point), lines: [nameOf(point)] }))
    const overlaps = (a: Group, b: Group) =>
      Math.abs(a.at.x - b.at.x) < (a.size[0] + b.size[0]) / 2 + MARKER_GAP && Math.abs(a.at.y - b.at.y) < (a.size[1] + b.size[1]) / 2 + MARKER_GAP
    // The two nearest overlapping first, so that a group gathers neighbours rather than whoever comes first.
    for (;;) {
      let pair: [number, number] | null = null
      let nearest = Infinity
      for (let i = 0; i < groups.length; i++) {
        for (let j = i + 1; j < groups.length; j++) {
          const distance = groups[i]!.at.distanceTo(groups[j]!.at)
          if (distance < nearest && overlaps(groups[i]!, groups[j]!)) [pair, nearest] = [[i, j], distance]
        }
      }
      if (!pair) break
      const [i, j] = pair
      // In order from west to east, as they stand.
      const members = [...groups[i]!.members, ...groups[j]!.members].sort((a, b) => a.lng - b.lng)
      const at = members.map((p) => map.latLngToLayerPoint([p.lat, p.lng])).reduce((sum, p) => sum.add(p), L.point(0, 0)).divideBy(members.length)
      groups.splice(j, 1)
      groups[i] = { members, at, ...shapeOf(members) }
    }
    for (const group of groups) {
      if (group.members.length === 1) {
        markers.addLayer(markerFor(group.members[0]!))
        continue
      }
      // Kept within the map across, so that every name can be read.
      const [width] = group.size
      const inView = map.layerPointToContainerPoint(group.at)
      inView.x = Math.min(Math.max(inView.x, width / 2 + MARKER_GAP), map.getSize().x - width / 2 - MARKER_GAP)
      markers.addLayer(groupFor(group.members, map.containerPointToLatLng(inView), group.lines, group.size))
    }
  }

  /** A pill naming several points; opening it zooms in until they stand apart. */
  const groupFor = (members: readonly MapPoint[], at: L.LatLng, lines: readonly string[], [width, height]: [number, number]): L.Marker => {
    const label = options.groupLabel?.(members.map((p) => p.pin ?? p.label)) ?? lines.join(' · ')
    const html = document.createElement('span')
    html.className = `map-pin map-pin--pill map-pin--group${lines.length > 1 ? ' map-pin--lines' : ''}`
    for (const line of lines) {
      const span = document.createElement('span')
      span.className = 'map-pin__text'
      span.textContent = line
      html.append(span)
    }
    const marker = L.marker(at, {
      icon: L.divIcon({ html, className: 'map-pin-icon', iconSize: [width, height], iconAnchor: [width / 2, height / 2] }),
      title: label,
      keyboard: true,
    })
    const open = () => {
      focusAfterDraw = { id: members[0]!.id, at }
      const bounds = L.latLngBounds(members.map((p) => [p.lat, p.lng] as [number, number]))
      const zoom = Math.min(MAP.MAX_ZOOM, Math.max(map.getZoom() + 1, map.getBoundsZoom(bounds, false, L.point(2 * MAP.FIT_PADDING_PX, 2 * MAP.FIT_PADDING_PX))))
      moveQuietly(() => map.setView(bounds.getCenter(), zoom))
    }
    asButton(marker, label, open, (el) => el.setAttribute('data-group', members.map((p) => p.id).join(' ')))
    return marker
  }

  /**
   * What the markers were last drawn for: the zoom and, for clusters, the area around the view they
   * cover. A move within it (a popup panning itself into view, a short drag) keeps the markers, so an
   * open popup stays open. Null when the points changed.
   */
  let drawn: { zoom: number; area: L.LatLngBounds | null } | null = null
  /**
   * Where the focus goes once the markers are drawn, after a cluster was opened from the keyboard (or
   * a click): to its first property's pin, or, when that stands in a smaller cluster, to the marker
   * nearest where the cluster stood. Without it the focus would be lost with the cluster's marker.
   */
  let focusAfterDraw: { id: string | null; at: L.LatLng } | null = null

  const draw = () => {
    const bounds = map.getBounds()
    const zoom = map.getZoom()
    if (drawn && drawn.zoom === zoom && (!drawn.area || drawn.area.contains(bounds))) {
      focusAfterDraw = null
      return
    }
    // A pin that has the focus keeps it through the redrawing (or hands it to the cluster now holding it).
    const active = document.activeElement instanceof HTMLElement && element.contains(document.activeElement) ? document.activeElement.dataset.pointId : undefined
    const point = active === undefined ? undefined : points.find((p) => p.id === active)
    if (point && !focusAfterDraw) focusAfterDraw = { id: point.id, at: L.latLng(point.lat, point.lng) }
    markers.clearLayers()
    // At the highest zoom every point stands on its own.
    if (!options.cluster && zoom < MAP.MAX_ZOOM && points.length > 1) {
      drawNamed()
      drawn = { zoom, area: null }
      takeFocus()
      return
    }
    if (!options.cluster || zoom >= MAP.MAX_ZOOM || points.length <= 1) {
      drawSingles()
      drawn = { zoom, area: null }
      takeFocus()
      return
    }
    const box: [number, number, number, number] = [bounds.getWest() - 1, bounds.getSouth() - 1, bounds.getEast() + 1, bounds.getNorth() + 1]
    drawn = { zoom, area: L.latLngBounds([box[1], box[0]], [box[3], box[2]]) }
    // A cluster's centre can still fall near a pin or another cluster: those are fanned out too.
    const items = index.getClusters(box, Math.round(zoom)).flatMap((feature) => {
      const [lng, lat] = feature.geometry.coordinates as [number, number]
      const props = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; point?: number }
      if (props.cluster && props.cluster_id !== undefined) {
        const clusterId = props.cluster_id
        return [{ lat, lng, size: [CLUSTER_SIZE, CLUSTER_SIZE] as [number, number], make: () => clusterFor(lng, lat, props.point_count ?? 0, clusterId) }]
      }
      const point = props.point === undefined ? undefined : points[props.point]
      return point ? [{ lat, lng, size: markerSize(point), make: () => markerFor(point) }] : []
    })
    drawFanned(items)
    takeFocus()
  }

  const takeFocus = () => {
    const target = focusAfterDraw
    focusAfterDraw = null
    if (!target) return
    const drawnMarkers = markers.getLayers().filter((layer): layer is L.Marker => layer instanceof L.Marker)
    const distance = (marker: L.Marker) => (marker.getElement()?.dataset.pointId === target.id ? -1 : target.at.distanceTo(marker.getLatLng()))
    const nearest = drawnMarkers.reduce<L.Marker | null>((best, marker) => (!best || distance(marker) < distance(best) ? marker : best), null)
    // Without scrolling: the map's panes would shift under the focused pin.
    nearest?.getElement()?.focus({ preventScroll: true })
  }

  map.on('moveend', () => {
    // The zoom level, for the tests and styles that read it.
    element.dataset.zoom = String(map.getZoom())
    const person = personMoving
    personMoving = false
    draw()
    if (person) options.onMove?.(toArea(map.getBounds()))
  })

  /**
   * Moves the map as the site, not the visitor: no search follows. A person's zoom still animating
   * ends first, where it was going, searching nothing: the site's move replaces it (else Leaflet would
   * finish that zoom after the site's move, undoing it).
   */
  function moveQuietly(move: () => void) {
    personMoving = false
    const leaflet = map as unknown as { _animatingZoom?: boolean; _onZoomTransitionEnd?: () => void }
    if (leaflet._animatingZoom) leaflet._onZoomTransitionEnd?.()
    personMoving = false
    siteMoveAt = performance.now()
    move()
  }

  return {
    setPoints(next, view) {
      // The same markers again (the answer to a search of the area the visitor moved to): the drawn
      // ones stay, and so do an open popup and the focus.
      if (view.kind === 'stay' && isSame(points, next)) {
        points = next
        return
      }
      points = next
      drawn = null
      // A card stays open only for a point still on the map.
      if (dock.pointId !== null && !next.some((point) => point.id === dock.pointId)) closeDock()
      index = new Supercluster<{ point: number }>(CLUSTER_OPTIONS)
      index.load(
        next.map((point, i) => ({ type: 'Feature', properties: { point: i }, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } })),
      )
      // A person moving the map (or whose zoom is about to start) keeps it where they take it: the
      // answer is drawn there, and their move searches its own area when it ends.
      const personBusy = personMoving || (personInputAt > siteMoveAt && performance.now() - personInputAt < PERSON_MOVE_START_MS)
      if (personBusy) {
        // Nothing moves.
      } else if (view.kind === 'area') {
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
    setSearchedAreas(next) {
      circles.clearLayers()
      const style = { interactive: false, weight: 2, color: '#0b6e6e', fillColor: '#0b6e6e', fillOpacity: 0.06, className: 'map-searched-area' }
      for (const area of next) {
        if (area.kind === 'circle') L.circle([area.lat, area.lng], { ...style, radius: area.radiusMiles * METRES_PER_MILE }).addTo(circles)
        else if (area.kind === 'outline') L.polygon(area.points.map((p) => [p.lat, p.lng] as [number, number]), style).addTo(circles)
        else L.rectangle([[area.area.south, area.area.west], [area.area.north, area.area.east]], style).addTo(circles)
      }
    },
    select: (id) => highlight(id),
    destroy: () => {
      removed = true
      document.removeEventListener('keydown', onKeyDown)
      map.remove()
    },
  }
}
