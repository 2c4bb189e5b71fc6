/**
 * Floor plans as an agent's plan reads: white page, black walls, room names with metric and imperial
 * sizes, the floor's name and its approximate area. Layouts are guillotine cuts of the footprint.
 */
import type { Random } from '../random.ts'
import type { FloorPlanKind } from '../pool-layout.ts'
import { esc, line, rect, svgDocument } from './svg.ts'

/** Plan image size (4:3). */
export const PLAN_WIDTH = 1280
/** Plan image height. */
export const PLAN_HEIGHT = 960

type Layout = string | { cut: 'v' | 'h'; at: number; a: Layout; b: Layout }

const v = (at: number, a: Layout, b: Layout): Layout => ({ cut: 'v', at, a, b })
const h = (at: number, a: Layout, b: Layout): Layout => ({ cut: 'h', at, a, b })

const LAYOUTS: Record<FloorPlanKind, Array<{ title: string; width: [number, number]; depth: [number, number]; layout: Layout }>> = {
  'flat-studio': [
    { title: 'Floor Plan', width: [5.5, 6.5], depth: [5, 6], layout: v(0.34, h(0.45, 'Bathroom', 'Kitchen'), 'Living / Sleeping Area') },
    { title: 'Floor Plan', width: [6, 7], depth: [4.5, 5.5], layout: h(0.62, 'Studio Room', v(0.4, 'Shower Room', 'Hallway')) },
  ],
  'flat-1-bed': [
    { title: 'Floor Plan', width: [7, 8.5], depth: [6, 7], layout: h(0.55, v(0.56, 'Living Room / Kitchen', 'Bedroom'), v(0.38, 'Bathroom', 'Hallway')) },
    { title: 'Floor Plan', width: [7.5, 8.5], depth: [6, 7.5], layout: v(0.55, h(0.6, 'Living Room', 'Kitchen'), h(0.62, 'Bedroom', v(0.55, 'Bathroom', 'Hall'))) },
  ],
  'flat-2-bed': [
    { title: 'Floor Plan', width: [8.5, 10], depth: [7, 8], layout: h(0.52, v(0.6, 'Living / Kitchen / Dining', 'Bedroom 2'), v(0.45, 'Bedroom 1', v(0.5, 'Bathroom', 'Hallway'))) },
    { title: 'Floor Plan', width: [9, 10.5], depth: [7, 8], layout: v(0.5, h(0.55, 'Living Room', 'Kitchen'), h(0.5, 'Bedroom 1', v(0.5, 'Bedroom 2', h(0.5, 'Bathroom', 'En Suite')))) },
  ],
  'flat-3-bed': [
    { title: 'Floor Plan', width: [10, 12], depth: [8, 9], layout: h(0.5, v(0.55, 'Living / Dining Room', v(0.5, 'Kitchen', 'Bedroom 3')), v(0.38, 'Bedroom 1', v(0.45, h(0.5, 'Bathroom', 'Hallway'), 'Bedroom 2'))) },
  ],
  'house-ground': [
    { title: 'Ground Floor', width: [7.5, 9], depth: [8, 9.5], layout: h(0.5, v(0.62, 'Kitchen / Dining Room', 'Utility'), v(0.6, 'Living Room', h(0.6, 'Hall', 'WC'))) },
    { title: 'Ground Floor', width: [8, 9.5], depth: [8.5, 10], layout: h(0.48, v(0.5, 'Kitchen / Breakfast Room', 'Dining Room'), v(0.55, 'Sitting Room', h(0.55, 'Entrance Hall', 'Cloakroom'))) },
    { title: 'Ground Floor', width: [9.5, 11], depth: [8.5, 10], layout: h(0.45, v(0.45, 'Kitchen', v(0.55, 'Family Room', 'Utility')), v(0.45, 'Living Room', v(0.4, 'Hall', 'Study'))) },
    { title: 'Ground Floor', width: [5, 6], depth: [9, 11], layout: h(0.4, 'Kitchen / Diner', h(0.65, 'Reception Room', 'Hall')) },
  ],
  'house-first': [
    { title: 'First Floor', width: [7.5, 9], depth: [8, 9.5], layout: h(0.5, v(0.5, 'Bedroom 1', 'Bedroom 2'), v(0.45, 'Bedroom 3', v(0.5, 'Bathroom', 'Landing'))) },
    { title: 'First Floor', width: [8, 9.5], depth: [8.5, 10], layout: h(0.5, v(0.55, 'Bedroom 1', h(0.5, 'En Suite', 'Bedroom 4')), v(0.4, 'Bedroom 2', v(0.55, 'Bedroom 3', h(0.5, 'Bathroom', 'Landing')))) },
    { title: 'First Floor', width: [5, 6], depth: [9, 11], layout: h(0.45, 'Bedroom 1', h(0.55, 'Bedroom 2', v(0.6, 'Bathroom', 'Landing'))) },
    { title: 'First Floor', width: [9.5, 11], depth: [8.5, 10], layout: h(0.5, v(0.4, 'Bedroom 1', v(0.5, 'Dressing Room', 'Bedroom 2')), v(0.35, 'Bedroom 3', v(0.5, h(0.5, 'Bathroom', 'En Suite'), 'Bedroom 4'))) },
  ],
  commercial: [
    { title: 'Ground Floor', width: [12, 16], depth: [9, 12], layout: h(0.62, 'Open Plan Office', v(0.4, 'Meeting Room', v(0.5, 'Kitchen', 'WC'))) },
  ],
}

interface Box {
  x: number
  y: number
  w: number
  d: number
}

function place(layout: Layout, area: Box, rng: Random, out: Array<{ name: string; box: Box }>): void {
  if (typeof layout === 'string') {
    out.push({ name: layout, box: area })
    return
  }
  const at = Math.min(0.8, Math.max(0.2, layout.at + rng.float(-0.06, 0.06)))
  if (layout.cut === 'v') {
    place(layout.a, { ...area, w: area.w * at }, rng, out)
    place(layout.b, { ...area, x: area.x + area.w * at, w: area.w * (1 - at) }, rng, out)
  } else {
    place(layout.a, { ...area, d: area.d * at }, rng, out)
    place(layout.b, { ...area, y: area.y + area.d * at, d: area.d * (1 - at) }, rng, out)
  }
}

function toFeetInches(metres: number): string {
  const inches = Math.round(metres * 39.3701)
  return `${Math.floor(inches / 12)}'${inches % 12}"`
}

const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"'

/** One floor plan of the given layout family, varied by the stream (`variant` picks the template). */
export function renderFloorPlan(kind: FloorPlanKind, variant: number, rng: Random): string {
  const templates = LAYOUTS[kind]
  const template = templates[variant % templates.length] as (typeof templates)[number]
  const widthM = Math.round(rng.float(...template.width) * 10) / 10
  const depthM = Math.round(rng.float(...template.depth) * 10) / 10
  const rooms: Array<{ name: string; box: Box }> = []
  place(template.layout, { x: 0, y: 0, w: widthM, d: depthM }, rng, rooms)

  const maxW = PLAN_WIDTH - 240
  const maxH = PLAN_HEIGHT - 280
  const scale = Math.min(maxW / widthM, maxH / depthM)
  const ox = (PLAN_WIDTH - widthM * scale) / 2
  const oy = 150 + (maxH - depthM * scale) / 2
  let body = rect(0, 0, PLAN_WIDTH, PLAN_HEIGHT, '#ffffff')
  body += `<text x="${PLAN_WIDTH / 2}" y="80" text-anchor="middle" ${FONT} font-size="40" font-weight="bold" fill="#1a1a1a">${esc(template.title)}</text>`
  for (const { name, box } of rooms) {
    const x = ox + box.x * scale
    const y = oy + box.y * scale
    const w = box.w * scale
    const d = box.d * scale
    const fill = /Hall|Landing/.test(name) ? '#f4f4f4' : '#ffffff'
    body += rect(x, y, w, d, fill, 'stroke="#1a1a1a" stroke-width="6"')
    const big = w > 200 && d > 130
    let nameSize = big ? 24 : w > 130 ? 18 : 15
    const cx = x + w / 2
    const cy = y + d / 2
    // DejaVu Sans Bold averages about 0.62 em per character: split or shrink what would overflow.
    const fits = (text: string, size: number) => text.length * size * 0.62 <= w - 24
    const words = fits(name, nameSize) ? [name] : name.split(' / ').map((part, i, all) => (i < all.length - 1 ? `${part} /` : part))
    while (nameSize > 11 && !words.every((word) => fits(word, nameSize))) nameSize -= 1
    // The name's lines, then the metric and imperial sizes, centred as one block.
    const lineH = nameSize + 4
    const showSize = !/Hall|Landing|WC|Cloakroom/.test(name) || big
    const showImperial = showSize && (big || w > 150)
    const blockH = words.length * lineH + (showSize ? 24 : 0) + (showImperial ? 22 : 0)
    let baseline = cy - blockH / 2 + nameSize
    for (const word of words) {
      body += `<text x="${cx}" y="${baseline}" text-anchor="middle" ${FONT} font-size="${nameSize}" font-weight="bold" fill="#1a1a1a">${esc(word)}</text>`
      baseline += lineH
    }
    if (showSize) {
      body += `<text x="${cx}" y="${baseline + 6}" text-anchor="middle" ${FONT} font-size="${big ? 19 : 14}" fill="#333333">${box.w.toFixed(2)}m x ${box.d.toFixed(2)}m</text>`
      if (showImperial) body += `<text x="${cx}" y="${baseline + 30}" text-anchor="middle" ${FONT} font-size="${big ? 17 : 13}" fill="#555555">(${toFeetInches(box.w)} x ${toFeetInches(box.d)})</text>`
    }
  }
  // Outer walls, drawn last and thicker, with windows as breaks on the front and back.
  body += rect(ox, oy, widthM * scale, depthM * scale, 'none', 'stroke="#1a1a1a" stroke-width="16"')
  for (const { box } of rooms) {
    for (const [edgeY, touches] of [[oy + box.y * scale, box.y === 0], [oy + (box.y + box.d) * scale, Math.abs(box.y + box.d - depthM) < 1e-6]] as const) {
      if (!touches || box.w * scale < 120) continue
      const wx = ox + (box.x + box.w * 0.3) * scale
      const ww = box.w * scale * 0.4
      body += rect(wx, edgeY - 8, ww, 16, '#ffffff') + line(wx, edgeY - 8, wx + ww, edgeY - 8, '#1a1a1a', 2) + line(wx, edgeY, wx + ww, edgeY, '#1a1a1a', 2) + line(wx, edgeY + 8, wx + ww, edgeY + 8, '#1a1a1a', 2)
    }
  }
  const areaM = Math.round(widthM * depthM)
  body += `<text x="${PLAN_WIDTH / 2}" y="${PLAN_HEIGHT - 70}" text-anchor="middle" ${FONT} font-size="24" fill="#1a1a1a">Approx. gross internal floor area ${areaM} sq m (${Math.round(areaM * 10.764)} sq ft)</text>`
  body += `<text x="${PLAN_WIDTH / 2}" y="${PLAN_HEIGHT - 36}" text-anchor="middle" ${FONT} font-size="18" fill="#666666">For illustration purposes only. Not to scale.</text>`
  return svgDocument(PLAN_WIDTH, PLAN_HEIGHT, '', body)
}

/** How many templates each layout family has (pool variants cycle through them). */
export function countFloorPlanTemplates(kind: FloorPlanKind): number {
  return LAYOUTS[kind].length
}
