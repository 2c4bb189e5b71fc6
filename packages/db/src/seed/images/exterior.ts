/**
 * Exterior scenes: a British house (or block, shop, field) seen from the pavement on a fair day.
 * Drawn as SVG with a few patterns; the pool renderer adds grain so they read as photos at a glance.
 */
import type { Random } from '../random.ts'
import type { ExteriorKind } from '../pool-layout.ts'
import { PHOTO_HEIGHT as H, PHOTO_WIDTH as W, ellipse, line, mix, poly, rect, shade, svgDocument, vGradient } from './svg.ts'

const BRICKS = ['#9c4a32', '#a35a3c', '#8e4430', '#b06b4a', '#7f3d2b', '#c08a5f', '#b89a6a', '#a8503a'] as const
const RENDERS = ['#efe8d8', '#f4f1ea', '#e6dcc6', '#dfe3e1', '#f1e6cf', '#e9e4dc'] as const
const STONES = ['#c9b48f', '#b8a57f', '#a9a08e', '#cdbb98'] as const
const SLATES = ['#4b5159', '#3f454c', '#565c63', '#5a4f4a'] as const
const CLAYS = ['#8a4b35', '#7a4030', '#9a5a40', '#6e4a3a'] as const
const DOORS = ['#1f3a5f', '#7a1f2b', '#24452f', '#1d1d1f', '#4d5a63', '#b5442b', '#6b8e9f', '#3c2f5c', '#f2f0ea'] as const
const FRAMES = ['#f7f7f4', '#f7f7f4', '#f7f7f4', '#3a3f44', '#efe9d9', '#2b2b2b'] as const
const PASTELS = ['#e8d6c0', '#d9e4e8', '#f1dcd6', '#e4ecd9', '#f3ecd2', '#e2dbe9'] as const

/** A cloud puff: white in the middle, fading to nothing at the edge. */
export const CLOUD_GRADIENT =
  '<radialGradient id="cloud"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>'

/** Shared per-scene state: the defs collected while drawing and the stream. */
interface Scene {
  rng: Random
  defs: string[]
  ids: number
  /** The time of year: leaves, lawn and light follow it. */
  season: 'spring' | 'summer' | 'autumn' | 'winter'
  /** The light of the moment: shadows fall away from the sun, softer under cloud. */
  mood: 'sun' | 'overcast' | 'late'
  sunLeft: boolean
}

const AUTUMN = ['#b5651d', '#c98a2b', '#8f3b1b', '#d4a640', '#7a6a2a'] as const

function id(scene: Scene, prefix: string): string {
  scene.ids += 1
  return `${prefix}${scene.ids}`
}

/** Bricks at `scale` of a 42 × 14 px brick: finer on tall buildings, where a storey is fewer pixels. */
function brickPattern(scene: Scene, colour: string, scale = 0.7): string {
  const pid = id(scene, 'brick')
  const mortar = mix(colour, '#d8d2c4', 0.65)
  let bricks = ''
  for (let row = 0; row < 4; row++) {
    const offset = row % 2 === 0 ? 0 : -21
    for (let col = 0; col < 4; col++) {
      const tone = shade(colour, scene.rng.float(-0.12, 0.1))
      bricks += rect(offset + col * 42 + 1, row * 14 + 1, 40, 12, tone)
    }
  }
  scene.defs.push(
    `<pattern id="${pid}" width="168" height="56" patternUnits="userSpaceOnUse" patternTransform="scale(${scale})">${rect(0, 0, 168, 56, mortar)}${bricks}${rect(168 - 21 + 1, 15, 20, 12, shade(colour, 0.02))}${rect(168 - 21 + 1, 43, 20, 12, shade(colour, -0.05))}</pattern>`,
  )
  return `url(#${pid})`
}

function stonePattern(scene: Scene, colour: string): string {
  const pid = id(scene, 'stone')
  let stones = ''
  for (let row = 0; row < 5; row++) {
    let x = row % 2 === 0 ? 0 : -18
    while (x < 120) {
      const w = scene.rng.int(22, 40)
      stones += `<rect x="${x + 1}" y="${row * 16 + 1}" width="${w - 2}" height="14" rx="4" fill="${shade(colour, scene.rng.float(-0.15, 0.1))}"/>`
      x += w
    }
  }
  scene.defs.push(
    `<pattern id="${pid}" width="120" height="80" patternUnits="userSpaceOnUse">${rect(0, 0, 120, 80, shade(colour, -0.25))}${stones}</pattern>`,
  )
  return `url(#${pid})`
}

function tilePattern(scene: Scene, colour: string): string {
  const pid = id(scene, 'tile')
  const dark = shade(colour, -0.25)
  scene.defs.push(
    `<pattern id="${pid}" width="24" height="16" patternUnits="userSpaceOnUse">${rect(0, 0, 24, 16, colour)}${rect(0, 0, 24, 2, dark)}${rect(0, 8, 24, 1.5, shade(colour, -0.15))}${rect(0, 0, 1.5, 8, dark)}${rect(12, 8, 1.5, 8, dark)}${rect(2, 2, 8, 5, shade(colour, 0.06))}</pattern>`,
  )
  return `url(#${pid})`
}

function claddingPattern(scene: Scene, colour: string): string {
  const pid = id(scene, 'clad')
  scene.defs.push(
    `<pattern id="${pid}" width="40" height="14" patternUnits="userSpaceOnUse">${rect(0, 0, 40, 14, colour)}${rect(0, 12, 40, 2, shade(colour, -0.18))}${rect(0, 0, 40, 3, shade(colour, 0.08))}</pattern>`,
  )
  return `url(#${pid})`
}

function sky(scene: Scene, horizon: number): string {
  // The sky agrees with the light: blue in sun, pale under cloud, warm late in the day.
  const mood = scene.mood === 'sun' ? 'blue' : scene.mood === 'overcast' ? 'soft' : scene.rng.chance(0.5) ? 'golden' : 'blue'
  const [top, bottom] =
    mood === 'blue' ? ['#3f7fc4', '#cfe3f3'] : mood === 'soft' ? ['#8fb0cf', '#e9eef2'] : ['#5d86b8', '#f6dcb4']
  const gid = id(scene, 'sky')
  scene.defs.push(vGradient(gid, [[0, top], [1, bottom]]))
  let clouds = ''
  const count = mood === 'blue' ? scene.rng.int(2, 5) : scene.rng.int(4, 8)
  for (let c = 0; c < count; c++) {
    const cx = scene.rng.float(0, W)
    const cy = scene.rng.float(40, horizon * 0.55)
    const size = scene.rng.float(50, 140)
    for (let p = 0; p < 6; p++) {
      clouds += ellipse(cx + scene.rng.float(-size, size), cy + scene.rng.float(-size * 0.2, size * 0.2), size * scene.rng.float(0.5, 0.9), size * scene.rng.float(0.25, 0.42), 'url(#cloud)', `opacity="${scene.rng.float(0.7, 1).toFixed(2)}"`)
    }
  }
  // Soft-edged clouds from a radial gradient: SVG blur filters take seconds to rasterise.
  scene.defs.push(CLOUD_GRADIENT)
  return `${rect(0, 0, W, horizon + 40, `url(#${gid})`)}${clouds}`
}

/** A round-crowned tree. */
function tree(scene: Scene, x: number, baseY: number, size: number, hue: string, far = false): string {
  const trunk = rect(x - size * 0.06, baseY - size * 0.9, size * 0.12, size * 0.9, far ? '#6b5e50' : '#5a4636')
  let crown = ''
  const season = scene.season
  // Bare branches in winter, blossom in spring, turning leaves in autumn.
  const leaves = season === 'winter' ? 5 : 12
  for (let i = 0; i < leaves; i++) {
    const cx = x + scene.rng.float(-size * 0.45, size * 0.45)
    const cy = baseY - size * 1.05 + scene.rng.float(-size * 0.45, size * 0.35)
    const colour =
      season === 'autumn' && scene.rng.chance(0.7)
        ? mix(scene.rng.pick(AUTUMN), hue, far ? 0.4 : 0.15)
        : season === 'winter'
          ? mix('#6d6258', '#9a9a94', scene.rng.float(0, 0.6))
          : season === 'spring'
            ? shade(mix(hue, '#a8cf6a', 0.35), scene.rng.float(-0.1, 0.15))
            : shade(hue, scene.rng.float(-0.2, 0.15))
    crown += ellipse(cx, cy, size * scene.rng.float(0.22, 0.36), size * scene.rng.float(0.2, 0.32), colour, season === 'winter' ? 'opacity="0.55"' : '')
    if (season === 'spring' && !far && scene.rng.chance(0.4)) {
      for (let b = 0; b < 4; b++) crown += ellipse(cx + scene.rng.float(-size * 0.15, size * 0.15), cy + scene.rng.float(-size * 0.12, size * 0.12), size * 0.025, size * 0.022, '#f6dbe4', 'opacity="0.9"')
    }
  }
  return `<g${far ? ' opacity="0.85"' : ''}>${trunk}${crown}</g>`
}

function treeLine(scene: Scene, horizon: number): string {
  let out = ''
  const hue = scene.rng.pick(['#5f7d4a', '#6b8a52', '#55724a'])
  for (let x = -40; x < W + 60; x += scene.rng.int(50, 110)) {
    out += tree(scene, x, horizon + 20, scene.rng.float(70, 150), mix(hue, '#9fb3b8', 0.35), true)
  }
  return out
}

function lawn(scene: Scene, top: number): string {
  const gid = id(scene, 'lawn')
  const base = scene.rng.pick(['#6f9a45', '#7aa34d', '#668f41'])
  const green = scene.season === 'winter' ? mix(base, '#8c8f7a', 0.45) : scene.season === 'autumn' ? mix(base, '#8f8a4a', 0.2) : base
  scene.defs.push(vGradient(gid, [[0, shade(green, -0.1)], [1, shade(green, 0.08)]]))
  let stripes = ''
  for (let i = 0; i < 8; i++) stripes += poly([[W / 2 + (i - 4) * 40, top], [W / 2 + (i - 3.5) * 40, top], [(i - 3) * 340 + W / 2, H], [(i - 3.5) * 340 + W / 2 - 170, H]], '#ffffff', 'opacity="0.04"')
  return rect(0, top, W, H - top, `url(#${gid})`) + (scene.rng.chance(0.6) ? stripes : '')
}

function hedge(scene: Scene, x: number, y: number, w: number, h: number): string {
  const base = scene.rng.pick(['#3f5f2f', '#46683a', '#3a5a34'])
  let bumps = ''
  for (let bx = x; bx < x + w; bx += 26) bumps += ellipse(bx + 13, y + scene.rng.float(0, 6), 20, 14, shade(base, scene.rng.float(-0.1, 0.12)))
  return rect(x, y, w, h, base, 'rx="6"') + bumps
}

function shrub(scene: Scene, cx: number, baseY: number, size: number): string {
  const base = scene.rng.pick(['#4d7a3a', '#5b8240', '#3f6a3a', '#6b8f4a'])
  let out = ''
  for (let i = 0; i < 6; i++) out += ellipse(cx + scene.rng.float(-size * 0.5, size * 0.5), baseY - size * 0.4 + scene.rng.float(-size * 0.25, size * 0.2), size * 0.4, size * 0.35, shade(base, scene.rng.float(-0.15, 0.15)))
  if (scene.rng.chance(0.5)) {
    const flower = scene.rng.pick(['#d9475c', '#f0c23b', '#b86bc9', '#f4f1f2', '#e8833a'])
    for (let i = 0; i < 10; i++) out += ellipse(cx + scene.rng.float(-size * 0.5, size * 0.5), baseY - size * 0.5 + scene.rng.float(-size * 0.3, size * 0.3), 4, 4, flower)
  }
  return out
}

interface WindowStyle {
  frame: string
  bars: 'cross' | 'sash' | 'none' | 'grid'
  sill: string
  lintel?: string
}

/** A window with frame, reflective glass, glazing bars, sill and curtains. */
function windowEl(scene: Scene, x: number, y: number, w: number, h: number, style: WindowStyle): string {
  const gid = id(scene, 'glass')
  scene.defs.push(vGradient(gid, [[0, '#c9dcea'], [0.45, '#7e98ad'], [1, '#3c4b58']]))
  const f = Math.max(5, w * 0.06)
  let out = ''
  if (style.lintel) out += rect(x - 6, y - 14, w + 12, 14, style.lintel)
  out += rect(x, y, w, h, style.frame)
  out += rect(x + f, y + f, w - 2 * f, h - 2 * f, `url(#${gid})`)
  // Curtains and a reflection: what makes a window read as glass.
  if (scene.rng.chance(0.7)) {
    const curtain = scene.rng.pick(['#e9e1d3', '#d8cbb6', '#f3efe8', '#c7b9a5'])
    out += rect(x + f, y + f, (w - 2 * f) * 0.18, h - 2 * f, curtain, 'opacity="0.8"')
    out += rect(x + w - f - (w - 2 * f) * 0.18, y + f, (w - 2 * f) * 0.18, h - 2 * f, curtain, 'opacity="0.8"')
  }
  out += poly([[x + f, y + f + (h - 2 * f) * 0.55], [x + f + (w - 2 * f) * 0.45, y + f], [x + f + (w - 2 * f) * 0.65, y + f], [x + f, y + f + (h - 2 * f) * 0.9]], '#ffffff', 'opacity="0.18"')
  const bar = Math.max(3, f * 0.6)
  if (style.bars === 'cross' || style.bars === 'grid') {
    out += rect(x + w / 2 - bar / 2, y, bar, h, style.frame)
    out += rect(x, y + h * 0.32, w, bar, style.frame)
  }
  if (style.bars === 'sash') {
    out += rect(x, y + h / 2 - bar / 2, w, bar * 1.4, style.frame)
    out += rect(x + w / 2 - bar / 4, y, bar / 2, h, style.frame)
    out += rect(x + w / 4 - bar / 4, y, bar / 2, h, style.frame, 'opacity="0.8"')
    out += rect(x + (3 * w) / 4 - bar / 4, y, bar / 2, h, style.frame, 'opacity="0.8"')
  }
  if (style.bars === 'grid') {
    out += rect(x + w / 4, y, bar / 2, h, style.frame)
    out += rect(x + (3 * w) / 4, y, bar / 2, h, style.frame)
    out += rect(x, y + h * 0.66, w, bar / 2, style.frame)
  }
  out += rect(x - 6, y + h, w + 12, 9, style.sill)
  out += rect(x - 6, y + h + 9, w + 12, 3, '#000000', 'opacity="0.18"')
  return out
}

/** A front door with panels, fanlight, handle and step, under an optional canopy. */
function door(scene: Scene, x: number, baseY: number, w: number, h: number, colour: string, frame: string): string {
  const y = baseY - h
  let out = rect(x - 8, y - 8, w + 16, h + 8, frame)
  out += rect(x, y + h * 0.18, w, h * 0.82, colour)
  const gid = id(scene, 'fan')
  scene.defs.push(vGradient(gid, [[0, '#b9cddd'], [1, '#4b5d6b']]))
  out += rect(x + 4, y + 4, w - 8, h * 0.18 - 8, `url(#${gid})`)
  const pw = (w - 24) / 2
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 2; c++) out += rect(x + 8 + c * (pw + 8), y + h * 0.24 + r * h * 0.36, pw, h * 0.3, shade(colour, -0.18), 'opacity="0.6"')
  }
  out += ellipse(x + w - 12, y + h * 0.58, 4, 4, '#c9a54a')
  out += rect(x + w / 2 - 14, y + h * 0.45, 28, 5, '#c9a54a')
  out += rect(x - 18, baseY, w + 36, 10, '#b9b4aa')
  if (scene.rng.chance(0.5)) out += poly([[x - 26, y - 8], [x + w + 26, y - 8], [x + w / 2, y - 46]], shade(frame, -0.05)) + rect(x - 28, y - 12, w + 56, 6, shade(frame, -0.2))
  return out
}

interface HouseSpec {
  x: number
  baseY: number
  width: number
  storeys: number
  storeyH: number
  wall: string
  roof: string
  roofType: 'hip' | 'gable' | 'front-gable'
  roofH: number
  window: WindowStyle
  doorColour: string
  doorAt: number
  bay: boolean
  chimneys: number[]
}

function roofShape(s: HouseSpec, top: number): Array<[number, number]> {
  const o = 16
  const { x, width: w, roofH } = s
  if (s.roofType === 'hip') return [[x - o, top], [x + w + o, top], [x + w - roofH * 0.9, top - roofH], [x + roofH * 0.9, top - roofH]]
  if (s.roofType === 'front-gable') return [[x - o, top], [x + w + o, top], [x + w / 2, top - Math.min(roofH * 1.6, w * 0.5)]]
  return [[x - o, top], [x + w + o, top], [x + w + 4, top - roofH], [x - 4, top - roofH]]
}

/** A one- or two-storey house front with roof, chimneys, windows, door and optional bay. */
function house(scene: Scene, s: HouseSpec, noRoof = false): string {
  const top = s.baseY - s.storeys * s.storeyH
  let out = ''
  const shape = roofShape(s, top)
  for (const cx of noRoof ? [] : s.chimneys) {
    const ch = s.roofH + 40
    out += rect(cx - 20, top - ch, 40, ch, shade(s.wall.startsWith('url') ? '#9c4a32' : s.wall, -0.1))
    out += rect(cx - 24, top - ch - 8, 48, 10, '#8f8a80')
    out += rect(cx - 14, top - ch - 26, 10, 20, '#a25a3a') + rect(cx + 4, top - ch - 22, 10, 16, '#a25a3a')
  }
  if (!noRoof) out += poly(shape, s.roof) + poly(shape, '#000000', 'opacity="0.08"')
  out += rect(s.x, top, s.width, s.baseY - top, s.wall)
  // Shadow under the eaves and a plinth: depth cues.
  out += rect(s.x, top, s.width, 18, '#000000', 'opacity="0.22"')
  out += rect(s.x - 18, top - 6, s.width + 36, 8, '#f2f2ee')
  out += rect(s.x, s.baseY - 16, s.width, 16, '#000000', 'opacity="0.18"')

  const cols = Math.max(2, Math.round(s.width / 170))
  const colW = s.width / cols
  const winW = Math.min(140, colW * 0.55)
  for (let storey = 0; storey < s.storeys; storey++) {
    const floorTop = s.baseY - (storey + 1) * s.storeyH
    for (let c = 0; c < cols; c++) {
      const cx = s.x + colW * (c + 0.5)
      if (storey === 0 && c === s.doorAt) {
        out += door(scene, cx - 38, s.baseY, 76, Math.min(190, s.storeyH * 0.82), s.doorColour, s.window.frame)
        continue
      }
      if (storey === 0 && s.bay && c === (s.doorAt === 0 ? 1 : 0)) {
        const bw = winW * 1.5
        const by = floorTop + s.storeyH * 0.2
        const bh = s.storeyH * 0.64
        out += rect(cx - bw / 2 - 18, by - 12, bw + 36, s.baseY - by + 12, shade(s.window.sill, -0.05))
        out += poly([[cx - bw / 2 - 24, by - 12], [cx + bw / 2 + 24, by - 12], [cx + bw / 2 + 8, by - 34], [cx - bw / 2 - 8, by - 34]], s.roof)
        out += windowEl(scene, cx - bw / 2, by, bw, bh, s.window)
        continue
      }
      const wh = storey === 0 ? s.storeyH * 0.55 : s.storeyH * 0.5
      out += windowEl(scene, cx - winW / 2, floorTop + s.storeyH * 0.22, winW, wh, s.window)
    }
  }
  // Downpipe and gutter.
  out += rect(s.x - 16, top - 2, s.width + 32, 6, '#2a2a2a', 'opacity="0.8"')
  out += rect(s.x + s.width - 10, top, 6, s.baseY - top, '#2a2a2a', 'opacity="0.75"')
  return out
}

function pickWall(scene: Scene, allowRender = true): string {
  if (allowRender && scene.rng.chance(0.3)) return scene.rng.pick(RENDERS)
  return brickPattern(scene, scene.rng.pick(BRICKS))
}

function pickWindow(scene: Scene, period: boolean): WindowStyle {
  const frame = scene.rng.pick(FRAMES)
  return {
    frame,
    bars: period ? 'sash' : scene.rng.pick(['cross', 'none', 'cross', 'grid'] as const),
    sill: scene.rng.pick(['#e9e5da', '#d6d0c2', '#bfb8aa']),
    lintel: scene.rng.chance(0.5) ? '#d9d2c1' : undefined,
  }
}

function pickRoof(scene: Scene): string {
  return tilePattern(scene, scene.rng.chance(0.55) ? scene.rng.pick(SLATES) : scene.rng.pick(CLAYS))
}

function frontGarden(scene: Scene, baseY: number, pathX: number, driveX: number | null, paved = false): string {
  let out = lawn(scene, baseY)
  out += poly([[pathX - 30, baseY + 10], [pathX + 30, baseY + 10], [pathX + 80, H], [pathX - 80, H]], '#c8c1b4')
  out += poly([[pathX - 30, baseY + 10], [pathX + 30, baseY + 10], [pathX + 80, H], [pathX - 80, H]], '#000000', 'opacity="0.05"')
  if (driveX !== null) {
    const gid = id(scene, 'drive')
    scene.defs.push(vGradient(gid, paved ? [[0, '#8a7f76'], [1, '#a89a8c']] : [[0, '#9a958c'], [1, '#b7b1a6']]))
    out += poly([[driveX - 120, baseY + 4], [driveX + 120, baseY + 4], [driveX + 260, H], [driveX - 260, H]], `url(#${gid})`)
    for (let y = baseY + 20; y < H; y += 22) {
      const t = (y - baseY) / (H - baseY)
      out += line(driveX - 120 - 140 * t, y, driveX + 120 + 140 * t, y, '#8c877e', 1.2, 'opacity="0.5"')
    }
    if (scene.rng.chance(0.6)) out += car(scene, driveX, baseY + 150)
  }
  return out
}

function car(scene: Scene, cx: number, baseY: number): string {
  const body = scene.rng.pick(['#2d3e50', '#8c1c13', '#d9d9d9', '#1c1c1c', '#4a6d8c', '#f0f0ee', '#5c5f63'])
  let out = ellipse(cx, baseY + 6, 190, 18, '#000000', 'opacity="0.35"')
  out += `<path d="M ${cx - 180} ${baseY - 20} Q ${cx - 182} ${baseY - 80} ${cx - 120} ${baseY - 88} L ${cx - 80} ${baseY - 140} Q ${cx} ${baseY - 160} ${cx + 80} ${baseY - 140} L ${cx + 130} ${baseY - 88} Q ${cx + 184} ${baseY - 80} ${cx + 182} ${baseY - 20} Z" fill="${body}"/>`
  out += poly([[cx - 105, baseY - 90], [cx - 70, baseY - 132], [cx + 70, baseY - 132], [cx + 112, baseY - 90]], '#33414d')
  out += poly([[cx - 95, baseY - 92], [cx - 66, baseY - 126], [cx - 10, baseY - 126], [cx - 30, baseY - 92]], '#9fb6c6', 'opacity="0.5"')
  out += rect(cx - 150, baseY - 62, 44, 14, '#f4f0d8', 'rx="5"') + rect(cx + 106, baseY - 62, 44, 14, '#f4f0d8', 'rx="5"')
  out += rect(cx - 60, baseY - 46, 120, 26, '#f2f2f2', 'rx="3"') + rect(cx - 54, baseY - 42, 108, 18, '#e8c22e', 'opacity="0.0"')
  out += ellipse(cx - 120, baseY - 6, 32, 26, '#1a1a1a') + ellipse(cx + 120, baseY - 6, 32, 26, '#1a1a1a')
  out += ellipse(cx - 120, baseY - 6, 14, 12, '#8d8d8d') + ellipse(cx + 120, baseY - 6, 14, 12, '#8d8d8d')
  return out
}

/** A soft shadow on the ground, fading away from the building's foot on the side away from the sun. */
function groundShadow(scene: Scene, x: number, baseY: number, w: number, depth: number): string {
  const gid = id(scene, 'gs')
  scene.defs.push(vGradient(gid, [[0, '#10140c', 0.42], [1, '#10140c', 0]]))
  const sx = (scene.sunLeft ? 1 : -1) * depth * 0.9
  return poly([[x, baseY], [x + w, baseY], [x + w + sx, baseY + depth], [x + sx, baseY + depth]], `url(#${gid})`, `opacity="${scene.mood === 'overcast' ? 0.55 : 1}"`)
}

/** Light across a wall: warmer towards the sun, darker at its foot and under the eaves, as weathering leaves it. */
function wallLight(scene: Scene, x: number, top: number, w: number, h: number): string {
  const across = id(scene, 'wl')
  const [a, b] = scene.sunLeft ? [0, 1] : [1, 0]
  scene.defs.push(
    `<linearGradient id="${across}" x1="${a}" y1="0" x2="${b}" y2="0"><stop offset="0" stop-color="#fff2d6" stop-opacity="${scene.mood === 'overcast' ? 0.04 : 0.16}"/><stop offset="1" stop-color="#0c0f14" stop-opacity="0.14"/></linearGradient>`,
  )
  const down = id(scene, 'wd')
  scene.defs.push(vGradient(down, [[0, '#000000', 0.22], [0.1, '#000000', 0], [0.82, '#000000', 0], [1, '#2a2418', 0.26]]))
  return rect(x, top, w, h, `url(#${across})`) + rect(x, top, w, h, `url(#${down})`)
}

/** A street lamp. */
function lampPost(x: number, baseY: number, h: number): string {
  return rect(x - 4, baseY - h, 8, h, '#2d3033') + rect(x - 4, baseY - h, 46, 6, '#2d3033') + rect(x + 30, baseY - h + 4, 22, 10, '#d8d6c8') + ellipse(x, baseY + 2, 18, 5, '#000000', 'opacity="0.3"')
}

/** Wheelie bins by a front wall. */
function bins(scene: Scene, x: number, baseY: number): string {
  let out = ''
  const colours = scene.rng.sample(['#2b2f33', '#2f5d3a', '#35558a', '#5a4634', '#3b3b3b'], 2)
  colours.forEach((c, i) => {
    const bx = x + i * 52
    out += ellipse(bx + 24, baseY + 2, 30, 6, '#000000', 'opacity="0.3"')
    out += poly([[bx, baseY - 92], [bx + 48, baseY - 92], [bx + 45, baseY], [bx + 3, baseY]], c)
    out += rect(bx - 3, baseY - 100, 54, 10, shade(c, 0.12), 'rx="2"') + rect(bx + 34, baseY - 92, 10, 92, '#000000', 'opacity="0.15"')
  })
  return out
}

/** Iron railings on a low wall. */
function railings(x0: number, x1: number, y: number, h: number): string {
  let out = rect(x0, y - h, x1 - x0, 5, '#1d1f21')
  for (let x = x0; x < x1; x += 16) out += rect(x, y - h - 8, 4, h + 8, '#1d1f21')
  return out
}

/** A young tree with a stake, as a new estate has. */
function youngTree(scene: Scene, x: number, baseY: number, size: number): string {
  return rect(x + 8, baseY - size * 1.1, 4, size * 1.1, '#8a7452') + tree(scene, x, baseY, size, scene.rng.pick(['#6b9a4a', '#5e8a43', '#7aa04f']))
}

/** A two-storey (or one-storey) canted bay: the front face and its angled sides, windows in each, a small roof. */
function bay(scene: Scene, cx: number, baseY: number, bw: number, storeys: number, storeyH: number, wall: string, roof: string, win: WindowStyle): string {
  const side = bw * 0.22
  const top = baseY - storeys * storeyH + (storeys === 1 ? storeyH * 0.12 : 14)
  let out = rect(cx - bw / 2 - side, top, bw + 2 * side, baseY - top, wall)
  out += rect(cx - bw / 2 - side, top, side, baseY - top, '#000000', `opacity="${scene.sunLeft ? 0.1 : 0.3}"`)
  out += rect(cx + bw / 2, top, side, baseY - top, '#000000', `opacity="${scene.sunLeft ? 0.3 : 0.1}"`)
  for (let s = 0; s < storeys; s++) {
    const fy = baseY - (s + 1) * storeyH
    const wy = Math.max(top + 16, fy + storeyH * 0.2)
    const wh = storeyH * 0.6
    out += windowEl(scene, cx - bw / 2 + 14, wy, bw - 28, wh, win)
    for (const sx of [cx - bw / 2 - side + 8, cx + bw / 2 + 6]) out += rect(sx - 4, wy - 2, side - 6, wh - 4, win.frame) + rect(sx, wy + 4, side - 14, wh - 16, '#8ea3b3') + rect(sx, wy + 4, side - 14, wh - 16, '#000000', 'opacity="0.25"')
  }
  out += rect(cx - bw / 2 - side, baseY - 14, bw + 2 * side, 14, '#000000', 'opacity="0.16"')
  out += poly([[cx - bw / 2 - side - 10, top], [cx + bw / 2 + side + 10, top], [cx + bw / 2 + 10, top - 34], [cx - bw / 2 - 10, top - 34]], roof)
  out += rect(cx - bw / 2 - side - 10, top - 4, bw + 2 * side + 20, 8, '#e9e6de')
  return out
}

/** A mock-Tudor gable: white render with black timbers, over a bay. */
function tudorGable(cx: number, eaveY: number, w: number, h: number, roof: string): string {
  let out = poly([[cx - w / 2 - 14, eaveY], [cx + w / 2 + 14, eaveY], [cx, eaveY - h - 10]], roof)
  out += poly([[cx - w / 2, eaveY], [cx + w / 2, eaveY], [cx, eaveY - h]], '#f1eee6')
  for (let i = 1; i < 6; i++) {
    const x = cx - w / 2 + (w * i) / 6
    const yTop = eaveY - h * (1 - Math.abs(x - cx) / (w / 2))
    out += rect(x - 4, yTop, 8, eaveY - yTop, '#2a2420')
  }
  out += rect(cx - w / 2, eaveY - 8, w, 8, '#2a2420')
  return out
}

/** A thatched roof: thick, rounded at the eaves, with a ridge and combed texture. */
function thatch(scene: Scene, x: number, top: number, w: number, h: number): string {
  const gid = id(scene, 'thatch')
  const base = scene.rng.pick(['#a8894f', '#9b7d47', '#b39560'])
  scene.defs.push(vGradient(gid, [[0, shade(base, 0.1)], [1, shade(base, -0.25)]]))
  let out = `<path d="M ${x - 30} ${top + 14} Q ${x - 36} ${top - 10} ${x + 30} ${top - h} L ${x + w - 30} ${top - h} Q ${x + w + 36} ${top - 10} ${x + w + 30} ${top + 14} Z" fill="url(#${gid})"/>`
  for (let lx = x - 20; lx < x + w + 20; lx += 9) out += line(lx, top + 8, lx + scene.rng.float(-6, 6), top - h * scene.rng.float(0.55, 0.95), shade(base, -0.3), 1.5, 'opacity="0.45"')
  out += rect(x + 20, top - h - 14, w - 40, 18, shade(base, -0.15), 'rx="8"')
  return out
}

/** The side of a detached building, receding towards the horizon, and the end of its roof. */
function sideOf(scene: Scene, s: HouseSpec, horizon: number, depth: number, right: boolean): string {
  const top = s.baseY - s.storeys * s.storeyH
  const x0 = right ? s.x + s.width : s.x
  const x1 = x0 + (right ? depth : -depth)
  const k = 0.16
  const far = (y: number) => y + (horizon - y) * k
  const facingSun = right !== scene.sunLeft
  let out = poly([[x0, top], [x1, far(top)], [x1, far(s.baseY)], [x0, s.baseY]], s.wall)
  out += poly([[x0, top], [x1, far(top)], [x1, far(s.baseY)], [x0, s.baseY]], '#0b0e12', `opacity="${facingSun ? 0.12 : 0.34}"`)
  const ridgeY = top - s.roofH
  const xm = (x0 + x1) / 2
  if (s.roofType === 'hip') {
    const ridgeEnd = right ? s.x + s.width - s.roofH * 0.9 + depth * 0.5 : s.x + s.roofH * 0.9 - depth * 0.5
    out += poly([[x0 + (right ? 16 : -16), top], [x1 + (right ? 10 : -10), far(top)], [ridgeEnd, ridgeY + 6]], s.roof)
    out += poly([[x0 + (right ? 16 : -16), top], [x1 + (right ? 10 : -10), far(top)], [ridgeEnd, ridgeY + 6]], '#000000', `opacity="${facingSun ? 0.05 : 0.25}"`)
  } else {
    // The gable end: wall to the ridge, the roof's edge along it.
    out += poly([[x0, top], [x1, far(top)], [xm, ridgeY + 4]], s.wall)
    out += poly([[x0, top], [x1, far(top)], [xm, ridgeY + 4]], '#0b0e12', `opacity="${facingSun ? 0.12 : 0.34}"`)
    out += line(x0, top, xm, ridgeY + 4, shade('#4b5159', -0.2), 9) + line(xm, ridgeY + 4, x1, far(top), shade('#4b5159', -0.2), 9)
  }
  // A side window, small and foreshortened.
  const wx = x0 + (x1 - x0) * 0.45
  const wy = top + s.storeyH * 0.28
  out += poly([[wx, wy], [wx + (x1 - x0) * 0.18, far(wy) - (far(wy) - wy) * 0.1], [wx + (x1 - x0) * 0.18, far(wy + 70)], [wx, wy + 70]], '#4a5c6b')
  return out
}

/** The roof of a front with its side shown: the side's ridge end meets the gable's apex. */
function frontRoof(s: HouseSpec, depth: number, right: boolean): Array<[number, number]> {
  const top = s.baseY - s.storeys * s.storeyH
  const ridgeY = top - s.roofH
  const o = 16
  if (s.roofType === 'hip') {
    const l = s.x + s.roofH * 0.9 - (right ? 0 : depth * 0.5)
    const r = s.x + s.width - s.roofH * 0.9 + (right ? depth * 0.5 : 0)
    return [[s.x - o, top], [s.x + s.width + o, top], [r, ridgeY + 6], [l, ridgeY + 6]]
  }
  const xm = right ? s.x + s.width + depth / 2 : s.x - depth / 2
  return right ? [[s.x - o, top], [s.x + s.width + o, top], [xm, ridgeY + 4], [s.x - 4, ridgeY]] : [[s.x - o, top], [s.x + s.width + o, top], [s.x + s.width + 4, ridgeY], [xm, ridgeY + 4]]
}

function sideTrees(scene: Scene, x: number, width: number, baseY: number): string {
  let out = ''
  const count = scene.rng.int(1, 2)
  for (let t = 0; t < count; t++) {
    const tx = t === 0 ? scene.rng.float(30, Math.max(60, x - 60)) : scene.rng.float(Math.min(W - 60, x + width + 120), W - 20)
    out += tree(scene, tx, baseY - 10, scene.rng.float(160, 250), scene.rng.pick(['#4f7a3a', '#5e8a43', '#6b7f3a']))
  }
  return out
}

/**
 * A detached home seen from the pavement at an angle: its front and one receding side, a roof over
 * both, a garden and drive. The archetype sets the age, materials and details.
 */
function detachedScene(scene: Scene, kind: 'villa' | 'detached_new' | 'bungalow' | 'cottage'): string {
  const horizon = 500
  const baseY = scene.rng.int(630, 665)
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, mix('#7d9a5c', '#9aa58a', 0.2))
  const newBuild = kind === 'detached_new'
  const wall =
    kind === 'cottage'
      ? scene.rng.chance(0.55)
        ? stonePattern(scene, scene.rng.pick(STONES))
        : scene.rng.pick(RENDERS)
      : newBuild
        ? scene.rng.chance(0.8)
          ? brickPattern(scene, scene.rng.pick(['#b88a5a', '#a8683f', '#c49a6a', '#9c5a3c']))
          : scene.rng.pick(RENDERS)
        : pickWall(scene)
  const thatched = kind === 'cottage' && scene.rng.chance(0.5)
  const roof = newBuild ? tilePattern(scene, scene.rng.pick(['#4b4f55', '#5a4a42', '#3f444a'])) : pickRoof(scene)
  const storeys = kind === 'bungalow' ? 1 : 2
  const storeyH = kind === 'cottage' ? 122 : kind === 'villa' ? 158 : 148
  const width = kind === 'villa' ? scene.rng.int(620, 720) : kind === 'bungalow' ? scene.rng.int(620, 720) : kind === 'cottage' ? scene.rng.int(480, 580) : scene.rng.int(520, 600)
  const right = scene.rng.chance(0.5)
  const depth = scene.rng.int(150, 230)
  const x = (W - width) / 2 + (right ? -depth / 2 : depth / 2) + scene.rng.int(-60, 60)
  out += sideTrees(scene, right ? x : x - depth, width + depth, baseY)
  const window: WindowStyle = newBuild
    ? { frame: scene.rng.pick(['#3a3f44', '#f7f7f4', '#2b2b2b']), bars: scene.rng.pick(['none', 'cross'] as const), sill: '#cfcac0' }
    : pickWindow(scene, kind !== 'bungalow' && (kind === 'cottage' || kind === 'villa' ? scene.rng.chance(0.8) : false))
  const spec: HouseSpec = {
    x,
    baseY,
    width,
    storeys,
    storeyH,
    wall,
    roof,
    roofType: kind === 'bungalow' || kind === 'villa' ? scene.rng.pick(['hip', 'hip', 'gable'] as const) : 'gable',
    roofH: kind === 'bungalow' ? 150 : kind === 'cottage' ? 120 : scene.rng.int(120, 160),
    window,
    doorColour: scene.rng.pick(DOORS),
    doorAt: kind === 'villa' ? 1 : scene.rng.int(0, 1),
    bay: false,
    chimneys: [],
  }
  const top = baseY - storeys * storeyH
  if (!newBuild || scene.rng.chance(0.5)) spec.chimneys = [x + width * scene.rng.pick([0.18, 0.82])]
  out += sideOf(scene, spec, horizon, depth, right)
  for (const cx of spec.chimneys) {
    const ch = spec.roofH + 44
    out += rect(cx - 20, top - ch, 40, ch, shade('#9c4a32', -0.1)) + rect(cx - 24, top - ch - 8, 48, 10, '#8f8a80')
    out += rect(cx - 14, top - ch - 26, 10, 20, '#a25a3a') + rect(cx + 4, top - ch - 22, 10, 16, '#a25a3a')
  }
  if (thatched) out += thatch(scene, x, top, width, spec.roofH + 20)
  else out += poly(frontRoof(spec, depth, right), roof) + poly(frontRoof(spec, depth, right), '#000000', 'opacity="0.08"')
  out += house(scene, { ...spec, roofH: 0, chimneys: [] }, true)
  out += wallLight(scene, x, top, width, baseY - top)
  const cols = Math.max(2, Math.round(width / 170))
  const colW = width / cols
  const doorX = x + colW * (spec.doorAt + 0.5)
  if (kind === 'villa') {
    // Bays either side of a central door, a porch over it.
    for (const c of [0, cols - 1]) if (c !== spec.doorAt) out += bay(scene, x + colW * (c + 0.5), baseY, Math.min(150, colW * 0.7), 2, storeyH, wall, roof, window)
    out += poly([[doorX - 70, baseY - storeyH * 0.88], [doorX + 70, baseY - storeyH * 0.88], [doorX, baseY - storeyH * 0.88 - 50]], roof)
    out += rect(doorX - 64, baseY - storeyH * 0.88, 8, storeyH * 0.88, '#efece4') + rect(doorX + 56, baseY - storeyH * 0.88, 8, storeyH * 0.88, '#efece4')
  }
  if (newBuild) {
    // A canopy over the door, a garage beside the house.
    out += poly([[doorX - 60, baseY - storeyH * 0.86], [doorX + 60, baseY - storeyH * 0.86], [doorX + 50, baseY - storeyH * 0.86 - 30], [doorX - 50, baseY - storeyH * 0.86 - 30]], roof)
  }
  if (kind === 'bungalow' && scene.rng.chance(0.5)) {
    const dx = x + width * scene.rng.pick([0.3, 0.62]) - 60
    const dy = top - 110
    out += poly([[dx - 10, dy + 10], [dx + 130, dy + 10], [dx + 60, dy - 40]], roof) + rect(dx, dy + 10, 120, 70, '#f2f2ee')
    out += windowEl(scene, dx + 18, dy + 20, 84, 52, window)
  }
  if (kind === 'cottage') {
    for (let i = 0; i < 22; i++) out += ellipse(x + scene.rng.float(0, 90), baseY - scene.rng.float(20, 240), 14, 10, shade('#4f7a3a', scene.rng.float(-0.2, 0.1)))
    for (let i = 0; i < 14; i++) out += ellipse(x + scene.rng.float(0, 90), baseY - scene.rng.float(30, 230), 4, 4, scene.rng.pick(['#d9738a', '#f2f0ea', '#c94a5a']))
  }
  const driveX = kind === 'cottage' ? null : right ? Math.min(W - 180, x + width + depth * 0.6) : Math.max(180, x - depth * 0.6)
  out += frontGarden(scene, baseY, doorX, driveX, newBuild)
  out += groundShadow(scene, right ? x : x - depth, baseY, width + depth, 60)
  out += shrub(scene, x + 40, baseY + 12, 62) + shrub(scene, x + width - 40, baseY + 12, 56)
  if (kind === 'cottage') {
    // A white picket fence along the lane.
    for (let px = 0; px < W; px += 22) if (Math.abs(px - doorX) > 70) out += poly([[px, H - 40], [px + 12, H - 40], [px + 12, H - 112], [px + 6, H - 122], [px, H - 112]], '#f3f1ea')
    out += rect(0, H - 100, doorX - 70, 8, '#e6e3da') + rect(doorX + 70, H - 100, W, 8, '#e6e3da')
  } else if (!newBuild && scene.rng.chance(0.6)) {
    out += hedge(scene, -10, H - 90, Math.min(doorX, driveX ?? W) - 170, 95)
  }
  if (newBuild) out += youngTree(scene, right ? x - depth - 40 : x + width + depth + 40, H - 60, 120) + lampPost(right ? 60 : W - 60, H - 30, 330)
  return out
}

/** A pair of semi-detached houses, mirrored on the party wall: 1930s (bays, render, a hipped roof) or new-build. */
function semiScene(scene: Scene, kind: 'semi_1930s' | 'semi_new'): string {
  const horizon = 500
  const baseY = scene.rng.int(635, 660)
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, mix('#7d9a5c', '#9aa58a', 0.2))
  const thirties = kind === 'semi_1930s'
  const half = scene.rng.int(380, 430)
  const width = half * 2
  const x = (W - width) / 2 + scene.rng.int(-70, 70)
  const storeyH = 150
  const top = baseY - 2 * storeyH
  const brick = brickPattern(scene, scene.rng.pick(thirties ? BRICKS : ['#b88a5a', '#a8683f', '#c49a6a', '#9c5a3c']))
  const rendered = thirties && scene.rng.chance(0.7)
  const upper = rendered ? scene.rng.pick(['#efe8d8', '#e6dcc6', '#dcd6c8', '#f1e6cf']) : brick
  const roof = thirties ? tilePattern(scene, scene.rng.pick(CLAYS)) : tilePattern(scene, scene.rng.pick(['#4b4f55', '#5a4a42', '#3f444a']))
  const hipped = thirties || scene.rng.chance(0.3)
  out += sideTrees(scene, x, width, baseY)
  // Chimney on the party wall, then the roof over both halves.
  const roofH = 150
  out += rect(x + half - 26, top - roofH - 40, 52, roofH + 40, shade('#9c4a32', -0.1)) + rect(x + half - 30, top - roofH - 48, 60, 10, '#8f8a80')
  out += hipped
    ? poly([[x - 16, top], [x + width + 16, top], [x + width - roofH, top - roofH], [x + roofH, top - roofH]], roof)
    : poly([[x - 16, top], [x + width + 16, top], [x + width + 4, top - roofH * 0.8], [x - 4, top - roofH * 0.8]], roof)
  out += rect(x, top, width, storeyH, upper) + rect(x, top + storeyH, width, storeyH, brick)
  out += rect(x, top, width, 16, '#000000', 'opacity="0.22"') + rect(x - 16, top - 6, width + 32, 8, '#f2f2ee')
  out += rect(x + half - 3, top, 6, 2 * storeyH, '#2a2a2a', 'opacity="0.6"')
  const window: WindowStyle = thirties
    ? { frame: scene.rng.pick(['#f7f7f4', '#f7f7f4', '#efe9d9']), bars: 'grid', sill: '#d6d0c2' }
    : { frame: scene.rng.pick(['#3a3f44', '#f7f7f4']), bars: scene.rng.pick(['none', 'cross'] as const), sill: '#cfcac0' }
  const doors = [scene.rng.pick(DOORS), scene.rng.pick(DOORS)]
  // Mock-Tudor gables over both bays, or neither: a pair was built as one.
  const tudor = thirties && scene.rng.chance(0.5)
  for (const side of [0, 1]) {
    const hx = x + side * half
    const bayX = side === 0 ? hx + half * 0.3 : hx + half * 0.7
    const doorX = side === 0 ? hx + half * 0.78 : hx + half * 0.22
    if (thirties) {
      out += bay(scene, bayX, baseY, 150, 2, storeyH, brick, roof, window)
      if (tudor) out += tudorGable(bayX, top + 14, 220, 110, roof)
    } else {
      out += windowEl(scene, bayX - 80, top + storeyH * 0.22, 160, storeyH * 0.52, window) + windowEl(scene, bayX - 90, top + storeyH * 1.2, 180, storeyH * 0.58, window)
    }
    out += windowEl(scene, doorX - 40, top + storeyH * 0.22, 80, storeyH * 0.5, window)
    out += door(scene, doorX - 38, baseY, 76, storeyH * 0.82, doors[side] as string, window.frame)
  }
  out += wallLight(scene, x, top, width, 2 * storeyH)
  out += frontGarden(scene, baseY, x + half * 0.78, scene.rng.chance(0.7) ? x + width + 80 : null, !thirties)
  out += groundShadow(scene, x, baseY, width, 55)
  out += shrub(scene, x + 40, baseY + 12, 60) + shrub(scene, x + width - 40, baseY + 12, 60)
  if (thirties && scene.rng.chance(0.6)) out += hedge(scene, -10, H - 90, x + half * 0.78 - 110, 95)
  if (!thirties) out += youngTree(scene, scene.rng.float(40, 160), H - 50, 120) + lampPost(W - 70, H - 20, 330)
  return out
}

/** A street of terraced houses: Victorian (bays, sashes, railings, chimneys on every party wall) or a new-build row. */
function terraceScene(scene: Scene, kind: 'terrace_victorian' | 'terrace_new'): string {
  const horizon = 470
  const baseY = 640
  const victorian = kind === 'terrace_victorian'
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8a8f86')
  const unitW = scene.rng.int(victorian ? 240 : 270, victorian ? 290 : 320)
  const pastel = victorian && scene.rng.chance(0.2)
  const brickColour = victorian ? scene.rng.pick(['#9c4a32', '#a35a3c', '#8e4430', '#c9a56e', '#b89a6a', '#a8503a']) : scene.rng.pick(['#b88a5a', '#a8683f', '#c49a6a'])
  const brick = brickPattern(scene, brickColour)
  const roof = victorian ? tilePattern(scene, scene.rng.pick(SLATES)) : tilePattern(scene, scene.rng.pick(['#4b4f55', '#5a4a42']))
  const win: WindowStyle = victorian
    ? { frame: scene.rng.pick(['#f7f7f4', '#f7f7f4', '#efe9d9']), bars: 'sash', sill: '#e2dccd', lintel: '#e2dccd' }
    : { frame: scene.rng.pick(['#3a3f44', '#f7f7f4']), bars: 'none', sill: '#cfcac0' }
  const start = -scene.rng.int(40, 160)
  const storeyH = 150
  const top = baseY - 2 * storeyH
  out += poly([[-20, top], [W + 20, top], [W + 20, top - 120], [-20, top - 120]], roof)
  for (let x = start, i = 0; x < W; x += unitW, i++) {
    const wall = pastel ? scene.rng.pick(PASTELS) : scene.rng.chance(victorian ? 0.12 : 0.2) ? scene.rng.pick(RENDERS) : brick
    out += rect(x, top, unitW, 2 * storeyH, wall)
    const doorLeft = i % 2 === 0
    const doorX = doorLeft ? x + unitW * 0.24 : x + unitW * 0.76
    const winX = doorLeft ? x + unitW * 0.66 : x + unitW * 0.34
    if (victorian) {
      // Chimney stack on every other party wall, a ground-floor bay, sashes above.
      if (doorLeft) out += rect(x - 24, top - 170, 48, 60, shade(brickColour, -0.1)) + rect(x - 28, top - 176, 56, 8, '#8f8a80') + rect(x - 18, top - 196, 10, 20, '#a25a3a') + rect(x + 6, top - 192, 10, 16, '#a25a3a')
      out += bay(scene, winX, baseY, Math.min(120, unitW * 0.42), 1, storeyH, wall, tilePattern(scene, '#5a6066'), win)
      out += windowEl(scene, winX - 50, top + storeyH * 0.2, 100, storeyH * 0.56, win) + windowEl(scene, doorX - 34, top + storeyH * 0.2, 68, storeyH * 0.56, win)
      out += rect(doorX - 46, baseY - storeyH * 0.92, 92, storeyH * 0.92, '#e2dccd')
      out += door(scene, doorX - 34, baseY, 68, storeyH * 0.78, scene.rng.pick(DOORS), '#f2f0ea')
    } else {
      out += windowEl(scene, winX - 60, top + storeyH * 0.24, 120, storeyH * 0.5, win) + windowEl(scene, doorX - 35, top + storeyH * 0.24, 70, storeyH * 0.5, win)
      out += windowEl(scene, winX - 65, top + storeyH * 1.22, 130, storeyH * 0.52, win)
      out += door(scene, doorX - 36, baseY, 72, storeyH * 0.8, scene.rng.pick(DOORS), win.frame)
    }
    out += rect(x - 2, top, 4, 2 * storeyH, '#000000', 'opacity="0.12"')
  }
  out += rect(0, top, W, 16, '#000000', 'opacity="0.22"') + rect(-20, top - 6, W + 40, 8, victorian ? '#e2dccd' : '#f2f2ee')
  out += wallLight(scene, 0, top, W, 2 * storeyH)
  // Front yards behind a low wall (and railings), the pavement, kerb and road.
  out += rect(0, baseY, W, 50, victorian ? '#a8a39a' : '#b7b0a2') + rect(0, baseY + 50, W, 60, '#bdb9b1') + rect(0, baseY + 110, W, 10, '#8f8b84') + rect(0, baseY + 120, W, H - baseY - 120, '#55585c')
  out += groundShadow(scene, 0, baseY, W, 36)
  out += rect(0, baseY + 22, W, 30, brickPattern(scene, brickColour)) + rect(0, baseY + 18, W, 6, '#d6d0c2')
  if (victorian && scene.rng.chance(0.7)) out += railings(0, W, baseY + 18, 40)
  out += bins(scene, scene.rng.float(100, W - 300), baseY + 58)
  out += lampPost(scene.rng.float(200, W - 200), baseY + 112, 380)
  if (scene.rng.chance(0.8)) out += car(scene, scene.rng.float(250, W - 250), H - 20)
  return out
}

/** A row of three-storey townhouses: Georgian (stucco, tall sashes, parapet, railings) or modern (integral garage, balconies). */
function townhouseScene(scene: Scene, georgian: boolean): string {
  const horizon = 440
  const baseY = 665
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8a8f86')
  const unitW = scene.rng.int(300, 360)
  const storeyH = 168
  const top = baseY - 3 * storeyH
  const brick = brickPattern(scene, georgian ? scene.rng.pick(['#b89a6a', '#a35a3c', '#c9a56e', '#8e4430']) : scene.rng.pick(['#b88a5a', '#a8683f', '#6e6a66']))
  const win: WindowStyle = georgian ? { frame: '#f7f7f4', bars: 'grid', sill: '#ece7dc' } : { frame: '#34383c', bars: 'none', sill: '#bdbab2' }
  const roof = tilePattern(scene, scene.rng.pick(SLATES))
  if (!georgian) out += poly([[-20, top], [W + 20, top], [W + 20, top - 90], [-20, top - 90]], roof)
  const start = -scene.rng.int(60, 200)
  for (let x = start, i = 0; x < W; x += unitW, i++) {
    out += rect(x, top, unitW, 3 * storeyH, brick)
    if (georgian) {
      out += rect(x, baseY - storeyH, unitW, storeyH, '#f1ede4') + rect(x, top - 40, unitW, 40, brick) + rect(x - 4, top - 46, unitW + 8, 10, '#ece7dc')
      for (let s = 1; s < 3; s++) for (const c of [0.25, 0.75]) out += windowEl(scene, x + unitW * c - 42, baseY - (s + 1) * storeyH + storeyH * 0.14, 84, storeyH * (s === 1 ? 0.74 : 0.6), win)
      out += windowEl(scene, x + unitW * 0.72 - 48, baseY - storeyH + 30, 96, storeyH * 0.6, win)
      out += door(scene, x + unitW * 0.22 - 36, baseY, 72, storeyH * 0.82, scene.rng.pick(['#1d1d1f', '#1f3a5f', '#24452f', '#7a1f2b']), '#f2f0ea')
      out += rect(x + unitW * 0.22 - 60, baseY - storeyH * 0.95, 120, 10, '#ece7dc')
      out += rect(x + unitW * 0.5, baseY - storeyH * 1.1, unitW * 0.5, 10, '#1d1f21') + railings(x + unitW * 0.5, x + unitW, baseY - storeyH * 1.1 + 2, 26)
    } else {
      out += rect(x + unitW * 0.08, baseY - storeyH * 0.8, unitW * 0.5, storeyH * 0.8, '#d9d8d4')
      for (let g = 0; g < 8; g++) out += rect(x + unitW * 0.08, baseY - storeyH * 0.8 + g * (storeyH * 0.1), unitW * 0.5, 2, '#b5b4b0')
      out += door(scene, x + unitW * 0.8 - 32, baseY, 64, storeyH * 0.75, scene.rng.pick(DOORS), win.frame)
      out += rect(x + unitW * 0.1, baseY - 2 * storeyH, unitW * 0.8, storeyH, claddingPattern(scene, scene.rng.pick(['#c9ccc8', '#8d9498', '#d8cdb8', '#5c6166'])))
      out += windowEl(scene, x + unitW * 0.2, baseY - 2 * storeyH + 20, unitW * 0.6, storeyH * 0.78, win)
      out += rect(x + unitW * 0.18, baseY - 2 * storeyH + storeyH * 0.55, unitW * 0.64, storeyH * 0.3, '#a9c3cf', 'opacity="0.4"') + rect(x + unitW * 0.18, baseY - 2 * storeyH + storeyH * 0.55, unitW * 0.64, 5, '#3a3f44')
      for (const c of [0.3, 0.7]) out += windowEl(scene, x + unitW * c - 40, top + 30, 80, storeyH * 0.55, win)
    }
    out += rect(x - 2, top, 4, 3 * storeyH, '#000000', 'opacity="0.14"')
  }
  out += wallLight(scene, 0, top, W, 3 * storeyH)
  out += rect(0, baseY, W, 80, '#bdb9b1') + rect(0, baseY + 80, W, 10, '#8f8b84') + rect(0, baseY + 90, W, H - baseY - 90, '#55585c')
  out += groundShadow(scene, 0, baseY, W, 40)
  if (georgian) out += railings(0, W, baseY + 30, 70)
  out += lampPost(scene.rng.float(150, W - 150), baseY + 86, 420)
  if (scene.rng.chance(0.7)) out += car(scene, scene.rng.float(250, W - 250), H - 12)
  return out
}

/**
 * An Edwardian or Victorian mansion block: red or stock brick with stone bands, bays, an arched
 * entrance, railings and street trees; its height, roofline (Dutch gables, a slate mansard with
 * dormers, a plain parapet), ground floor and window rhythm vary from block to block.
 */
function mansionBlockScene(scene: Scene): string {
  const horizon = 400
  const baseY = scene.rng.int(670, 700)
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8d948a')
  const storeys = scene.rng.int(4, 6)
  const storeyH = Math.round(scene.rng.float(560, 620) / storeys)
  const roofline = scene.rng.pick(['gables', 'mansard', 'parapet'] as const)
  const top = baseY - storeys * storeyH + (roofline === 'mansard' ? 60 : 0)
  const x = scene.rng.int(-260, 60)
  const width = W - x + scene.rng.int(-120, 200)
  const brickColour = scene.rng.pick(['#9c4a32', '#a8503a', '#8e4430', '#b06b4a', '#c9a56e', '#b89a6a'])
  const brick = brickPattern(scene, brickColour, 0.5)
  const stone = scene.rng.pick(['#e6dcc6', '#f2efe8', '#d9d4c8'])
  const win: WindowStyle = { frame: scene.rng.pick(['#f7f7f4', '#f7f7f4', '#2b2b2b']), bars: scene.rng.pick(['sash', 'sash', 'grid'] as const), sill: stone, lintel: scene.rng.chance(0.7) ? stone : undefined }
  out += rect(x, top, width, baseY - top, brick)
  const cols = Math.max(5, Math.round(width / scene.rng.int(120, 165)))
  const colW = width / cols
  if (roofline === 'gables') {
    for (let gx = x + colW * 1.5; gx < x + width; gx += colW * 4) out += `<path d="M ${gx - colW * 0.7} ${top} L ${gx - colW * 0.7} ${top - 50} Q ${gx} ${top - 130} ${gx + colW * 0.7} ${top - 50} L ${gx + colW * 0.7} ${top} Z" fill="${brick}"/>` + rect(gx - colW * 0.7 - 8, top - 56, 16, 10, stone) + rect(gx + colW * 0.7 - 8, top - 56, 16, 10, stone)
  } else if (roofline === 'mansard') {
    const slate = tilePattern(scene, scene.rng.pick(SLATES))
    out += poly([[x - 10, top], [x + width + 10, top], [x + width, top - 90], [x, top - 90]], slate)
    for (let c = 0; c < cols; c += 2) out += rect(x + colW * (c + 0.5) - 34, top - 80, 68, 70, stone) + windowEl(scene, x + colW * (c + 0.5) - 24, top - 70, 48, 52, win)
  } else {
    out += rect(x - 6, top - 40, width + 12, 40, brick) + rect(x - 10, top - 46, width + 20, 10, stone)
  }
  out += rect(x, top - 10, width, 14, stone)
  for (let s = 0; s < storeys; s++) out += rect(x, baseY - (s + 1) * storeyH + storeyH - 10, width, 10, stone, 'opacity="0.9"')
  // A rusticated stone ground floor on some blocks.
  if (scene.rng.chance(0.4)) {
    out += rect(x, baseY - storeyH, width, storeyH, stone)
    for (let y = baseY - storeyH + 22; y < baseY; y += 22) out += rect(x, y, width, 2, shade(stone, -0.2))
  }
  const entrance = scene.rng.int(1, cols - 2)
  const bayEvery = scene.rng.int(3, 4)
  for (let c = 0; c < cols; c++) {
    const cx = x + colW * (c + 0.5)
    if (c % bayEvery === 1) out += rect(cx - colW * 0.48, top, colW * 0.96, baseY - top, '#000000', `opacity="${scene.sunLeft ? 0.06 : 0.1}"`) + rect(cx + colW * 0.4, top, colW * 0.08, baseY - top, '#000000', 'opacity="0.22"')
    for (let s = 0; s < storeys; s++) {
      if (s === 0 && c === entrance) continue
      const fy = baseY - (s + 1) * storeyH
      out += windowEl(scene, cx - colW * 0.26, fy + storeyH * 0.2, colW * 0.52, storeyH * 0.58, win)
    }
  }
  const ex = x + colW * (entrance + 0.5)
  const door = scene.rng.pick(['#2f4a3c', '#1d1d1f', '#1f3a5f', '#5c2a22'])
  out += `<path d="M ${ex - 78} ${baseY} L ${ex - 78} ${baseY - 120} Q ${ex} ${baseY - 190} ${ex + 78} ${baseY - 120} L ${ex + 78} ${baseY} Z" fill="${stone}"/>`
  out += `<path d="M ${ex - 56} ${baseY} L ${ex - 56} ${baseY - 112} Q ${ex} ${baseY - 164} ${ex + 56} ${baseY - 112} L ${ex + 56} ${baseY} Z" fill="#2c3238"/>`
  out += rect(ex - 46, baseY - 110, 92, 110, door) + rect(ex - 3, baseY - 110, 6, 110, shade(door, -0.3))
  out += rect(x, top, width, 12, '#000000', 'opacity="0.2"')
  out += wallLight(scene, x, top, width, baseY - top)
  out += rect(0, baseY, W, H - baseY, '#b3afa7') + rect(0, baseY + 110, W, 8, '#8f8b84') + rect(0, baseY + 118, W, H, '#55585c')
  out += groundShadow(scene, 0, baseY, W, 40)
  out += railings(0, ex - 110, baseY + 30, 60) + railings(ex + 110, W, baseY + 30, 60)
  if (scene.rng.chance(0.7)) out += tree(scene, scene.rng.pick([scene.rng.float(40, 260), scene.rng.float(W - 260, W - 40)]), H - 20, scene.rng.float(230, 300), '#55803f')
  out += lampPost(scene.rng.float(200, W - 140), baseY + 112, 420)
  if (scene.rng.chance(0.6)) out += car(scene, scene.rng.float(300, 980), H + 10)
  return out
}

/** A converted Victorian warehouse by a canal: tall brick, arched windows, loading bays turned into glazed balconies. */
function warehouseScene(scene: Scene): string {
  const horizon = 380
  const baseY = 640
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8d948a')
  // The city beyond: other mills and blocks, paled by distance.
  for (let bx = -40; bx < W; bx += scene.rng.int(90, 200)) {
    const bh = scene.rng.int(120, 300)
    out += rect(bx, baseY - bh, scene.rng.int(80, 190), bh, mix(scene.rng.pick(['#8e6a5a', '#9a9a96', '#a48e7a']), '#b9c6cf', 0.55))
  }
  const storeys = 6
  const storeyH = 96
  const top = baseY - storeys * storeyH
  const x = scene.rng.int(60, 180)
  const width = scene.rng.int(940, 1080)
  const brickColour = scene.rng.pick(['#7f3d2b', '#8e4430', '#6e3a2c', '#9c5a3c', '#a87b55'])
  const brick = brickPattern(scene, brickColour, 0.45)
  out += rect(x, top, width, baseY - top, brick) + rect(x - 8, top - 24, width + 16, 26, shade(brickColour, -0.2))
  const cols = Math.round(width / 110)
  const colW = width / cols
  const hoist = scene.rng.int(2, cols - 3)
  const frame = scene.rng.pick(['#2b2b2b', '#3a4650', '#5c2a22'])
  for (let c = 0; c < cols; c++) {
    const cx = x + colW * (c + 0.5)
    for (let s = 0; s < storeys; s++) {
      const fy = baseY - (s + 1) * storeyH
      const ww = c === hoist ? colW * 0.8 : colW * 0.5
      const wy = fy + storeyH * 0.22
      const wh = storeyH * (c === hoist ? 0.78 : 0.6)
      // A segmental arch over each opening.
      out += `<path d="M ${cx - ww / 2 - 6} ${wy + 4} Q ${cx} ${wy - 20} ${cx + ww / 2 + 6} ${wy + 4} L ${cx + ww / 2 + 6} ${wy + 10} L ${cx - ww / 2 - 6} ${wy + 10} Z" fill="${shade(brickColour, -0.25)}"/>`
      out += windowEl(scene, cx - ww / 2, wy + 6, ww, wh - 6, { frame, bars: c === hoist ? 'none' : 'grid', sill: '#9a9488' })
      if (c === hoist && s > 0) out += rect(cx - ww / 2 - 6, wy + wh * 0.55, ww + 12, wh * 0.45, '#a9c3cf', 'opacity="0.35"') + rect(cx - ww / 2 - 6, wy + wh * 0.55, ww + 12, 4, '#2b2b2b')
    }
  }
  const hx = x + colW * (hoist + 0.5)
  out += rect(hx - 4, top - 60, 8, 60, '#2b2b2b') + rect(hx - 4, top - 60, 70, 8, '#2b2b2b')
  out += rect(x, top, width, 12, '#000000', 'opacity="0.25"')
  out += wallLight(scene, x, top, width, baseY - top)
  // Towpath, then the canal with the building's reflection softened in it.
  out += rect(0, baseY, W, 44, '#9d978c') + rect(0, baseY + 40, W, 8, '#6f6b64')
  const water = id(scene, 'water')
  scene.defs.push(vGradient(water, [[0, '#4b5a5c'], [1, '#6f8485']]))
  out += rect(0, baseY + 48, W, H - baseY - 48, `url(#${water})`)
  out += rect(x, baseY + 48, width, Math.min(H - baseY - 48, 120), brickColour, 'opacity="0.25"')
  for (let y = baseY + 60; y < H; y += 12) out += line(scene.rng.float(0, W * 0.5), y, scene.rng.float(W * 0.5, W), y, '#dfe8ea', 1.5, 'opacity="0.25"')
  if (scene.rng.chance(0.5)) {
    // A narrowboat moored along the towpath.
    const bx = scene.rng.float(80, W - 620)
    const hull = scene.rng.pick(['#1f3a5f', '#24452f', '#7a1f2b'])
    out += rect(bx, baseY + 52, 560, 34, '#1d1d1f') + rect(bx + 60, baseY + 8, 460, 46, hull) + rect(bx + 60, baseY + 4, 460, 8, '#c9a54a')
    for (let wx = bx + 90; wx < bx + 500; wx += 70) out += rect(wx, baseY + 20, 30, 18, '#e5e0cc')
  }
  return out
}

/** A modern block of flats: brick with cladding, balconies, a flat roof. */
function flatsScene(scene: Scene): string {
  const horizon = 430
  const baseY = 680
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8d948a')
  const storeys = scene.rng.int(4, 6)
  const storeyH = Math.min(118, (baseY - 70) / (storeys + 0.3))
  const width = scene.rng.int(860, 1060)
  const x = (W - width) / 2 + scene.rng.int(-80, 80)
  const top = baseY - storeys * storeyH
  const lower = brickPattern(scene, scene.rng.pick(['#b88a5a', '#a8683f', '#c49a6a', '#6e6a66', '#9c5a3c', '#d6cfc2']), 0.5)
  const panel = scene.rng.pick(['#c9ccc8', '#8d9498', '#d8cdb8', '#b5bdb3', '#3f4a52', '#c77d4a'])
  const upper = claddingPattern(scene, panel)
  out += rect(x, top, width, baseY - top, lower)
  out += rect(x, top, width, storeyH * 1.2, upper)
  // Full-height cladding on some bays.
  const cols = Math.round(width / 150)
  const colW = width / cols
  for (let c = 0; c < cols; c += scene.rng.int(3, 4)) out += rect(x + colW * c, top, colW, baseY - top, upper)
  out += rect(x - 10, top - 16, width + 20, 18, '#d7d5cf')
  out += rect(x, top, width, 10, '#000000', 'opacity="0.2"')
  const frame = scene.rng.pick(['#3a3f44', '#f7f7f4', '#2b2b2b'])
  const win: WindowStyle = { frame, bars: 'none', sill: '#c9c5bb' }
  for (let s = 0; s < storeys; s++) {
    const fy = baseY - (s + 1) * storeyH
    for (let c = 0; c < cols; c++) {
      const cx = x + colW * (c + 0.5)
      if (s === 0 && c === Math.floor(cols / 2)) {
        out += rect(cx - 70, baseY - storeyH * 0.9, 140, storeyH * 0.9, '#3a4650')
        out += rect(cx - 62, baseY - storeyH * 0.82, 124, storeyH * 0.82, '#7d95a6', 'opacity="0.85"')
        out += rect(cx - 2, baseY - storeyH * 0.82, 4, storeyH * 0.82, '#3a4650')
        out += rect(cx - 100, baseY - storeyH * 0.98, 200, 12, '#2f3a42')
        continue
      }
      const ww = colW * 0.56
      out += windowEl(scene, cx - ww / 2, fy + storeyH * 0.16, ww, storeyH * 0.66, win)
      if (s > 0 && c % 2 === 1) {
        // A glass balcony with its shadow on the wall.
        out += rect(cx - colW * 0.45, fy + storeyH * 0.92, colW * 0.9, 14, '#000000', 'opacity="0.25"')
        out += rect(cx - colW * 0.45, fy + storeyH * 0.6, colW * 0.9, storeyH * 0.32, '#a9c3cf', 'opacity="0.45"')
        out += rect(cx - colW * 0.45, fy + storeyH * 0.58, colW * 0.9, 5, '#4a4f55')
        out += rect(cx - colW * 0.45, fy + storeyH * 0.92, colW * 0.9, 8, '#d5d3cc')
      }
    }
  }
  out += wallLight(scene, x, top, width, baseY - top)
  out += rect(x + width - 12, top, 7, baseY - top, '#2a2a2a', 'opacity="0.7"')
  out += rect(0, baseY, W, H - baseY, '#a8a49c') + groundShadow(scene, x, baseY, width, 50)
  for (let px = 0; px < W; px += 160) out += rect(px, baseY + 60, 150, 4, '#f2f2f2', 'opacity="0.8"')
  out += hedge(scene, -10, baseY - 40, x - 30, 50) + hedge(scene, x + width + 30, baseY - 40, W, 50)
  out += tree(scene, scene.rng.float(30, 160), H - 60, 210, '#55803f') + shrub(scene, W - 120, H - 20, 90)
  out += lampPost(scene.rng.float(300, W - 300), H - 30, 360)
  if (scene.rng.chance(0.6)) out += car(scene, scene.rng.float(420, 860), H - 30)
  return out
}

function parkHomeScene(scene: Scene): string {
  const horizon = 480
  const baseY = 640
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#7c9a5b')
  const width = 880
  const x = 200
  const h = 150
  const wallColour = scene.rng.pick(['#f3f1ea', '#e5ead9', '#efe6d2', '#dfe6ea'])
  out += rect(x - 10, baseY - 30, width + 20, 30, '#8e8a82')
  out += rect(x, baseY - 30 - h, width, h, claddingPattern(scene, wallColour))
  out += poly([[x - 20, baseY - 30 - h], [x + width + 20, baseY - 30 - h], [x + width - 40, baseY - 30 - h - 60], [x + 40, baseY - 30 - h - 60]], pickRoof(scene))
  const win: WindowStyle = { frame: '#f7f7f4', bars: 'none', sill: '#d8d4ca' }
  for (const wx of [x + 60, x + 300, x + 620, x + 760]) out += windowEl(scene, wx, baseY - 30 - h + 30, 110, 80, win)
  out += door(scene, x + 470, baseY - 30, 70, 120, scene.rng.pick(DOORS), '#f7f7f4')
  // Decking with a balustrade in front of the door.
  out += rect(x + 380, baseY - 40, 260, 40, '#a47a52') + rect(x + 380, baseY - 110, 6, 70, '#8c6642') + rect(x + 634, baseY - 110, 6, 70, '#8c6642')
  out += rect(x + 380, baseY - 112, 260, 6, '#8c6642')
  for (let bx = x + 392; bx < x + 630; bx += 18) out += rect(bx, baseY - 106, 4, 66, '#9b7350')
  out += lawn(scene, baseY)
  out += poly([[x + 420, baseY], [x + 600, baseY], [x + 700, H], [x + 320, H]], '#cfc6b4')
  out += shrub(scene, x + 100, baseY + 20, 70) + shrub(scene, x + 800, baseY + 20, 70)
  return out
}

function commercialScene(scene: Scene): string {
  const horizon = 420
  const baseY = 690
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8d948a')
  if (scene.rng.chance(0.5)) {
    // A modern office: glazed curtain wall over a car park.
    const x = 170
    const width = 940
    const storeys = 3
    const sh = 140
    const top = baseY - storeys * sh
    const gid = id(scene, 'cw')
    scene.defs.push(vGradient(gid, [[0, '#a9c6da'], [1, '#3e5a70']]))
    out += rect(x, top, width, baseY - top, `url(#${gid})`)
    for (let gx = x; gx <= x + width; gx += 94) out += rect(gx - 3, top, 6, baseY - top, '#d9dde0')
    for (let gy = top; gy <= baseY; gy += sh / 2) out += rect(x, gy - 3, width, 6, '#d9dde0')
    out += rect(x - 20, top - 24, width + 40, 26, '#e4e6e8')
    out += rect(x + width / 2 - 90, baseY - 120, 180, 120, '#2f4050') + rect(x + width / 2 - 110, baseY - 134, 220, 16, '#e4e6e8')
    out += rect(0, baseY, W, H - baseY, '#6b6e72')
    for (let px = 40; px < W; px += 140) out += line(px, baseY + 20, px - 60, H, '#f2f2f2', 5)
    out += car(scene, 330, H - 40) + car(scene, 880, H - 30)
  } else {
    // A high-street shop with offices above.
    const unitW = 620
    for (const [x, wallColour] of [[-300, scene.rng.pick(RENDERS)], [330, 'brick'], [950, scene.rng.pick(PASTELS)]] as const) {
      const wall = wallColour === 'brick' ? brickPattern(scene, scene.rng.pick(BRICKS)) : wallColour
      const top = baseY - 3 * 140
      out += rect(x, top, unitW, baseY - top, wall)
      out += rect(x - 6, top - 22, unitW + 12, 24, '#d9d4c8')
      const win = pickWindow(scene, true)
      for (let s = 1; s < 3; s++) for (let c = 0; c < 3; c++) out += windowEl(scene, x + 60 + c * 190, baseY - (s + 1) * 140 + 26, 110, 90, win)
      const fascia = scene.rng.pick(['#1f3a5f', '#24452f', '#2b2b2b', '#7a1f2b'])
      out += rect(x + 20, baseY - 140, unitW - 40, 34, fascia)
      const gid = id(scene, 'shop')
      scene.defs.push(vGradient(gid, [[0, '#c3d4df'], [1, '#435563']]))
      out += rect(x + 30, baseY - 104, unitW - 60, 104, shade(fascia, 0.1))
      out += rect(x + 40, baseY - 98, unitW - 200, 92, `url(#${gid})`)
      out += rect(x + unitW - 150, baseY - 98, 100, 98, shade(fascia, -0.2))
    }
    out += rect(0, baseY, W, 70, '#b9b5ad') + rect(0, baseY + 70, W, H - baseY - 70, '#55585c')
    out += rect(0, baseY + 70, W, 8, '#8f8b84')
  }
  return out
}

function landScene(scene: Scene): string {
  const horizon = scene.rng.int(380, 460)
  let out = ''
  const greens = ['#7fa04f', '#94ad5c', '#6f9147', '#a9b36a', '#c9b86a', '#88a457']
  // Rolling fields as bands from the horizon down, with hedgerows between them.
  let y = horizon
  let band = 0
  while (y < H) {
    const h = 22 + band * band * 9
    const colour = scene.rng.pick(greens)
    const wob = scene.rng.float(-18, 18)
    out += `<path d="M 0 ${y + wob} Q ${W / 2} ${y - 20 - wob} ${W} ${y + wob * 0.5} L ${W} ${H} L 0 ${H} Z" fill="${mix(colour, '#b8c6c9', Math.max(0, 0.45 - band * 0.12))}"/>`
    if (band < 4) for (let hx = -20; hx < W; hx += scene.rng.int(16, 30)) out += ellipse(hx, y + wob + 2 + Math.sin(hx / 200) * 6, 12 + band * 3, 6 + band * 2, mix('#3f5f2f', '#9fb3b8', Math.max(0, 0.4 - band * 0.1)))
    y += h
    band++
  }
  let far = ''
  for (let t = 0; t < 5; t++) far += tree(scene, scene.rng.float(0, W), horizon + scene.rng.float(10, 60), scene.rng.float(50, 110), '#55723f', true)
  out += far
  // A five-bar gate and fence in the foreground.
  const gx = scene.rng.float(120, W - 520)
  const gy = H - 90
  for (let p = 0; p < 6; p++) out += rect(gx + p * 80, gy - 150, 14, 170, '#7b6248')
  for (let b = 0; b < 5; b++) out += rect(gx, gy - 140 + b * 30, 420, 10, '#9a7b58')
  out += line(gx, gy - 10, gx + 420, gy - 140, '#9a7b58', 10)
  let grass = ''
  for (let gxx = 0; gxx < W; gxx += 7) grass += line(gxx, H, gxx + scene.rng.float(-8, 8), H - scene.rng.float(20, 70), shade('#6f8f3f', scene.rng.float(-0.2, 0.2)), 3)
  return out + grass
}

/** One exterior photo of the given kind, varied by the stream. */
export function renderExterior(kind: ExteriorKind, rng: Random): string {
  const season = rng.weighted([['summer', 4], ['spring', 2], ['autumn', 3], ['winter', 1]] as const)
  const scene: Scene = {
    rng,
    defs: [],
    ids: 0,
    season,
    mood: rng.weighted([['sun', 5], ['overcast', season === 'winter' ? 4 : 2], ['late', 2]] as const),
    sunLeft: rng.chance(0.5),
  }
  const horizon = kind === 'land' ? 440 : kind === 'flats_modern' ? 430 : kind === 'mansion_block' ? 400 : kind === 'warehouse' ? 380 : 500
  const skyLayer = sky(scene, horizon)
  let body: string
  switch (kind) {
    case 'villa':
    case 'detached_new':
    case 'cottage':
    case 'bungalow':
      body = detachedScene(scene, kind)
      break
    case 'semi_1930s':
    case 'semi_new':
      body = semiScene(scene, kind)
      break
    case 'terrace_victorian':
    case 'terrace_new':
      body = terraceScene(scene, kind)
      break
    case 'townhouse':
    case 'townhouse_new':
      body = townhouseScene(scene, kind === 'townhouse')
      break
    case 'mansion_block':
      body = mansionBlockScene(scene)
      break
    case 'warehouse':
      body = warehouseScene(scene)
      break
    case 'flats_modern':
      body = flatsScene(scene)
      break
    case 'park_home':
      body = parkHomeScene(scene)
      break
    case 'commercial':
      body = commercialScene(scene)
      break
    case 'land':
      body = landScene(scene)
      break
  }
  return svgDocument(W, H, scene.defs.join(''), skyLayer + body + light(scene))
}

/**
 * The light of the moment the photo was taken: sun from one side (a warm wash there, a soft shade
 * falling away from it), a grey overcast flattening the colours, or the low gold of a late afternoon.
 */
function light(scene: Scene): string {
  const mood = scene.mood
  const fromLeft = scene.sunLeft
  const gid = id(scene, 'light')
  const [near, far] = fromLeft ? [0, 1] : [1, 0]
  if (mood === 'overcast') {
    scene.defs.push(`<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9cdd2" stop-opacity="0.22"/><stop offset="1" stop-color="#6d737a" stop-opacity="0.16"/></linearGradient>`)
  } else {
    const warm = mood === 'late' ? '#ffb860' : '#fff1c9'
    const strength = mood === 'late' ? 0.26 : 0.14
    scene.defs.push(
      `<linearGradient id="${gid}" x1="${near}" y1="0" x2="${far}" y2="0.35"><stop offset="0" stop-color="${warm}" stop-opacity="${strength}"/><stop offset="0.55" stop-color="${warm}" stop-opacity="0"/><stop offset="1" stop-color="#1d2430" stop-opacity="${mood === 'late' ? 0.3 : 0.18}"/></linearGradient>`,
    )
  }
  return rect(0, 0, W, H, `url(#${gid})`)
}
