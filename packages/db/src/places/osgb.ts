import proj4 from 'proj4'

/**
 * British National Grid (EPSG:27700): OSGB36 on the Airy 1830 ellipsoid, transverse Mercator, with the
 * Ordnance Survey's seven-parameter Helmert transformation to WGS84 (good to a few metres, plenty
 * for 'near this school').
 */
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs'
/** Latitude and longitude on OSGB36 itself (before the datum shift), as the OS worked examples give them. */
const OSGB36_GEOGRAPHIC = '+proj=longlat +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +no_defs'
const WGS84 = 'WGS84'

const toWgs84 = proj4(BRITISH_NATIONAL_GRID, WGS84)
const toOsgb36 = proj4(BRITISH_NATIONAL_GRID, OSGB36_GEOGRAPHIC)

/** A position in degrees. */
export interface LatLng {
  lat: number
  lng: number
}

/** Grid eastings and northings (metres) within Great Britain's grid: 0–700 km east, 0–1,300 km north. */
export function isGridReference(easting: number, northing: number): boolean {
  return Number.isFinite(easting) && Number.isFinite(northing) && easting > 0 && easting < 700_000 && northing > 0 && northing < 1_300_000
}

/** WGS84 latitude and longitude of a British National Grid easting and northing. */
export function gridToWgs84(easting: number, northing: number): LatLng {
  const [lng, lat] = toWgs84.forward([easting, northing]) as [number, number]
  return { lat, lng }
}

/** OSGB36 latitude and longitude of a grid reference (no datum shift): for checking the projection alone. */
export function gridToOsgb36(easting: number, northing: number): LatLng {
  const [lng, lat] = toOsgb36.forward([easting, northing]) as [number, number]
  return { lat, lng }
}

/** The British National Grid easting and northing of a WGS84 position (for generating test data). */
export function wgs84ToGrid(lat: number, lng: number): { easting: number; northing: number } {
  const [easting, northing] = toWgs84.inverse([lng, lat]) as [number, number]
  return { easting, northing }
}
