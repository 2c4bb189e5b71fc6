/**
 * Floor plans as an agent's plan reads: white page, black walls, room names with metric and imperial
 * sizes, the floor's name and its approximate area, drawn from a plan of the listing's own rooms (rooms.ts).
 */
import type { PlanSpec } from '../rooms.ts'
import { esc, line, rect, svgDocument } from './svg.ts'

/** Plan image size (4:3). */
export const PLAN_WIDTH = 1280
/** Plan image height. */
export const PLAN_HEIGHT = 960

function toFeetInches(metres: number): string {
  const inches = Math.round(metres * 39.3701)
  return `${Math.floor(inches / 12)}'${inches % 12}"`
}

const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"'

/** One floor's plan, titled by its floor. */
export function renderFloorPlan(spec: PlanSpec): string {
  const { widthM, depthM } = spec
  const rooms = spec.rooms.map((r) => ({ name: r.name, box: { x: r.x, y: r.y, w: r.w, d: r.d } }))
  const maxW = PLAN_WIDTH - 240
  const maxH = PLAN_HEIGHT - 280
  const scale = Math.min(maxW / widthM, maxH / depthM)
  const ox = (PLAN_WIDTH - widthM * scale) / 2
  const oy = 150 + (maxH - depthM * scale) / 2
  let body = rect(0, 0, PLAN_WIDTH, PLAN_HEIGHT, '#ffffff')
  body += `<text x="${PLAN_WIDTH / 2}" y="80" text-anchor="middle" ${FONT} font-size="40" font-weight="bold" fill="#1a1a1a">${esc(spec.title)}</text>`
  for (const { name, box } of rooms) {
    const x = ox + box.x * scale
    const y = oy + box.y * scale
    const w = box.w * scale
    const d = box.d * scale
    const fill = /Hall|Landing|Porch/.test(name) ? '#f4f4f4' : '#ffffff'
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
    const showSize = !/Hall|Landing|WC|Porch/.test(name) || big
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
  const total = spec.totalM2 === null ? '' : ` \u2013 total ${spec.totalM2} sq m (${Math.round(spec.totalM2 * 10.764)} sq ft)`
  body += `<text x="${PLAN_WIDTH / 2}" y="${PLAN_HEIGHT - 70}" text-anchor="middle" ${FONT} font-size="24" fill="#1a1a1a">Approx. gross internal floor area ${areaM} sq m (${Math.round(areaM * 10.764)} sq ft)${total}</text>`
  body += `<text x="${PLAN_WIDTH / 2}" y="${PLAN_HEIGHT - 36}" text-anchor="middle" ${FONT} font-size="18" fill="#666666">For illustration purposes only. Not to scale.</text>`
  return svgDocument(PLAN_WIDTH, PLAN_HEIGHT, '', body)
}
