/** Garden scenes: a back garden seen from the patio doors, lawn running to a fenced border. */
import type { Random } from '../random.ts'
import { CLOUD_GRADIENT } from './exterior.ts'
import { PHOTO_HEIGHT as H, PHOTO_WIDTH as W, ellipse, line, mix, poly, rect, shade, svgDocument, vGradient } from './svg.ts'

function bush(rng: Random, cx: number, baseY: number, size: number, colour: string): string {
  let out = ''
  for (let i = 0; i < 9; i++) out += ellipse(cx + rng.float(-size * 0.6, size * 0.6), baseY - size * 0.45 + rng.float(-size * 0.3, size * 0.25), size * rng.float(0.3, 0.5), size * rng.float(0.25, 0.4), shade(colour, rng.float(-0.18, 0.15)))
  return out
}

function flowers(rng: Random, x0: number, x1: number, y: number, size: number): string {
  const palette = rng.sample(['#d9475c', '#f0c23b', '#b86bc9', '#f4f1f2', '#e8833a', '#6a7fdb', '#f29bb8'], 3)
  let out = ''
  for (let i = 0; i < (x1 - x0) / 9; i++) out += ellipse(rng.float(x0, x1), y + rng.float(-size, size * 0.4), size * 0.28, size * 0.28, rng.pick(palette))
  return out
}

/** One garden photo, varied by the stream. */
export function renderGarden(rng: Random): string {
  const defs: string[] = []
  const horizon = rng.int(300, 360)
  const fenceTop = horizon + 10
  const fenceBottom = horizon + rng.int(120, 150)
  const vx = W / 2 + rng.float(-150, 150)
  defs.push(vGradient('gsky', [[0, rng.pick(['#4a86c5', '#7ea6cc', '#5b8fc7'])], [1, '#dfeaf3']]))
  defs.push(CLOUD_GRADIENT)
  let out = rect(0, 0, W, fenceBottom, 'url(#gsky)')
  let clouds = ''
  for (let c = 0; c < rng.int(2, 5); c++) {
    const cx = rng.float(0, W)
    const cy = rng.float(30, horizon * 0.5)
    for (let p = 0; p < 5; p++) clouds += ellipse(cx + rng.float(-90, 90), cy + rng.float(-15, 15), rng.float(60, 120), rng.float(22, 40), 'url(#cloud)')
  }
  out += clouds
  // Trees and neighbouring roofs beyond the fence.
  let beyond = ''
  for (let x = -40; x < W + 40; x += rng.int(60, 120)) beyond += bush(rng, x, fenceTop + 20, rng.float(80, 170), mix(rng.pick(['#4f7a3a', '#5e8a43', '#3f6b3a']), '#9fb3b8', 0.2))
  if (rng.chance(0.5)) beyond += poly([[rng.float(100, 500), fenceTop], [rng.float(600, 900), fenceTop], [rng.float(500, 700), fenceTop - 120]], '#6a4c3e')
  out += beyond
  // Close-boarded fence panels with posts.
  const fence = rng.pick(['#7b5a3c', '#8c6a48', '#5f4a3a', '#6e7465', '#3f4a44'])
  out += rect(0, fenceTop, W, fenceBottom - fenceTop, fence)
  for (let x = 0; x < W; x += 14) out += rect(x, fenceTop, 2, fenceBottom - fenceTop, shade(fence, -0.2))
  for (let x = rng.int(0, 100); x < W; x += 180) out += rect(x, fenceTop - 10, 14, fenceBottom - fenceTop + 10, shade(fence, -0.1))
  // Border along the fence.
  const borderY = fenceBottom + 26
  out += rect(0, fenceBottom - 6, W, 40, '#5a4434')
  for (let x = 0; x < W; x += rng.int(70, 140)) out += bush(rng, x, borderY, rng.float(40, 80), rng.pick(['#4d7a3a', '#5b8240', '#6b8f4a', '#41683a']))
  out += flowers(rng, 0, W, borderY - 30, 14)
  // Lawn in stripes converging on the vanishing point.
  const lawnTop = borderY
  const green = rng.pick(['#6f9a45', '#7aa34d', '#668f41', '#82a85a'])
  defs.push(vGradient('glawn', [[0, shade(green, -0.12)], [1, shade(green, 0.06)]]))
  out += rect(0, lawnTop, W, H - lawnTop, 'url(#glawn)')
  for (let i = -6; i <= 6; i += 2) {
    const xt0 = vx + i * 60
    const xb0 = vx + i * 420
    out += poly([[xt0, lawnTop], [xt0 + 60, lawnTop], [xb0 + 420, H], [xb0, H]], '#ffffff', 'opacity="0.05"')
  }
  // Side beds and a tree or shed.
  out += poly([[0, lawnTop], [140, lawnTop], [0, lawnTop + 260]], '#5a4434') + bush(rng, 50, lawnTop + 120, 110, '#4f7a3a') + flowers(rng, 0, 120, lawnTop + 90, 16)
  out += poly([[W, lawnTop], [W - 160, lawnTop], [W, lawnTop + 280]], '#5a4434') + bush(rng, W - 60, lawnTop + 130, 120, '#5b8240')
  if (rng.chance(0.5)) {
    const sx = rng.pick([rng.float(60, 260), rng.float(W - 420, W - 260)])
    const shed = rng.pick(['#6e5642', '#55705f', '#3f4f5f', '#c2b59b'])
    out += rect(sx, fenceBottom - 130, 200, 150, shed) + poly([[sx - 14, fenceBottom - 130], [sx + 214, fenceBottom - 130], [sx + 100, fenceBottom - 190]], shade(shed, -0.35))
    for (let x = sx; x < sx + 200; x += 12) out += rect(x, fenceBottom - 130, 1.5, 150, shade(shed, -0.18))
    out += rect(sx + 70, fenceBottom - 100, 60, 120, shade(shed, -0.15)) + rect(sx + 20, fenceBottom - 110, 36, 30, '#c9dcea')
  } else {
    const tx = rng.float(200, W - 200)
    out += rect(tx - 12, fenceBottom - 180, 24, 200, '#5a4636') + bush(rng, tx, fenceBottom - 160, 160, rng.pick(['#4f7a3a', '#6b8a3a', '#7a5a8a']))
  }
  // Patio slabs in the foreground, maybe with a table and chairs.
  if (rng.chance(0.7)) {
    const patioTop = H - rng.int(130, 190)
    const slab = rng.pick(['#c9c2b4', '#b8b1a4', '#d6d0c4', '#a9a49b'])
    out += rect(0, patioTop, W, H - patioTop, slab)
    for (let i = -12; i <= 12; i++) out += line(vx + i * 70, patioTop, vx + i * 150, H, shade(slab, -0.2), 2)
    for (let y = patioTop; y < H; y += (y - patioTop) * 0.5 + 28) out += line(0, y, W, y, shade(slab, -0.2), 2)
    if (rng.chance(0.6)) {
      const tx = rng.float(300, W - 300)
      const ty = patioTop + 40
      out += ellipse(tx, ty - 60, 130, 30, rng.pick(['#3a3a3a', '#8a6b4f', '#e8e4dc'])) + rect(tx - 6, ty - 60, 12, 70, '#3a3a3a')
      for (const side of [-1, 1]) out += rect(tx + side * 190 - 40, ty - 110, 80, 100, '#3a3a3a', 'opacity="0.9"') + rect(tx + side * 190 - 46, ty - 40, 92, 12, '#2a2a2a')
    }
  }
  return svgDocument(W, H, defs.join(''), out)
}
