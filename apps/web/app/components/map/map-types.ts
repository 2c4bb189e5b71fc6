/**
 * What the pages hand the map (leaflet-map.client.ts) and what it answers: no Leaflet here, so the
 * pages import these types without loading the map.
 */
import type { LocationArea } from '@agency/domain'

/** The tile server: URL template and attribution (MAP_TILE_URL, MAP_ATTRIBUTION). */
export interface MapTiles {
  url: string
  attribution: string
}

/** The area a map shows, in decimal degrees. */
export interface VisibleArea {
  south: number
  west: number
  north: number
  east: number
}

/** One marker. */
export interface MapPoint {
  id: string
  lat: number
  lng: number
  /** The marker's accessible name (and tooltip). */
  label: string
  /**
   * What the marker shows: a character on a round pin ('£'), or a longer text on a pill (a price
   * '£350k', a branch's name); none for a plain pin.
   */
  pin: string | null
  /** SPEC §3 Map marker colour and image, for branches. */
  color?: string | null
  image?: string | null
  locked?: boolean
  /** The popup's content, made when it opens. */
  popup: () => HTMLElement
}

/** Where the map looks once it has its points: exactly an area, around the points, or where it is. */
export type MapView = { kind: 'area'; area: VisibleArea } | { kind: 'points' } | { kind: 'stay' }

/** Where a visit remembers whether the tile server answered (sessionStorage; the Cookies page names it). */
export const MAP_TILES_STATE_KEY = 'map-tiles'

/** An area a location search covers, drawn on the map (domain `toLocationArea`). */
export type MapSearchedArea = LocationArea
