// Writes the map's offline basemap (apps/web/app/components/map/gb-outline.json): the United Kingdom's
// outline from Natural Earth's 1:50m countries (the world-atlas package), as GeoJSON with coordinates
// to about 100 metres and its tiniest islands left out. The map draws it when its tiles cannot be
// loaded. Run again with `node scripts/gb-outline.mjs` after updating world-atlas.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { feature } from 'topojson-client'
import { ROOT } from './serve-for-tests.mjs'

const require = createRequire(path.join(ROOT, 'apps/web/package.json'))
const world = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'))
// ISO 3166-1 numeric 826: the United Kingdom.
const uk = feature(world, world.objects.countries).features.find((f) => f.id === '826')
if (!uk) throw new Error('no United Kingdom in world-atlas')

const round = (n) => Math.round(n * 1000) / 1000
/** A ring's area in square degrees (shoelace), to drop islets too small to see at the map's zoom. */
const area = (ring) => Math.abs(ring.reduce((sum, [x1, y1], i) => {
  const [x2, y2] = ring[(i + 1) % ring.length]
  return sum + x1 * y2 - x2 * y1
}, 0) / 2)
const polygons = (uk.geometry.type === 'Polygon' ? [uk.geometry.coordinates] : uk.geometry.coordinates)
  .filter((polygon) => area(polygon[0]) > 0.002)
  .map((polygon) => polygon.map((ring) => ring.map(([x, y]) => [round(x), round(y)])))

const outline = {
  type: 'Feature',
  properties: { name: 'United Kingdom', source: 'Natural Earth 1:50m via world-atlas' },
  geometry: { type: 'MultiPolygon', coordinates: polygons },
}
const out = path.join(ROOT, 'apps/web/app/components/map/gb-outline.json')
writeFileSync(out, `${JSON.stringify(outline)}\n`)
console.log(`${out}: ${polygons.length} polygons, ${polygons.flat(2).length} points`)
