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
}

const AUTUMN = ['#b5651d', '#c98a2b', '#8f3b1b', '#d4a640', '#7a6a2a'] as const

function id(scene: Scene, prefix: string): string {
  scene.ids += 1
  return `${prefix}${scene.ids}`
}

function brickPattern(scene: Scene, colour: string): string {
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
    `<pattern id="${pid}" width="168" height="56" patternUnits="userSpaceOnUse">${rect(0, 0, 168, 56, mortar)}${bricks}${rect(168 - 21 + 1, 15, 20, 12, shade(colour, 0.02))}${rect(168 - 21 + 1, 43, 20, 12, shade(colour, -0.05))}</pattern>`,
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
  const mood = scene.rng.weighted([['blue', 6], ['soft', 3], ['golden', 1]] as const)
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
function house(scene: Scene, s: HouseSpec): string {
  const top = s.baseY - s.storeys * s.storeyH
  let out = ''
  const shape = roofShape(s, top)
  for (const cx of s.chimneys) {
    const ch = s.roofH + 40
    out += rect(cx - 20, top - ch, 40, ch, shade(s.wall.startsWith('url') ? '#9c4a32' : s.wall, -0.1))
    out += rect(cx - 24, top - ch - 8, 48, 10, '#8f8a80')
    out += rect(cx - 14, top - ch - 26, 10, 20, '#a25a3a') + rect(cx + 4, top - ch - 22, 10, 16, '#a25a3a')
  }
  out += poly(shape, s.roof)
  out += poly(shape, '#000000', 'opacity="0.08"')
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

function frontGarden(scene: Scene, baseY: number, pathX: number, driveX: number | null): string {
  let out = lawn(scene, baseY)
  out += poly([[pathX - 30, baseY + 10], [pathX + 30, baseY + 10], [pathX + 80, H], [pathX - 80, H]], '#c8c1b4')
  out += poly([[pathX - 30, baseY + 10], [pathX + 30, baseY + 10], [pathX + 80, H], [pathX - 80, H]], '#000000', 'opacity="0.05"')
  if (driveX !== null) {
    const gid = id(scene, 'drive')
    scene.defs.push(vGradient(gid, [[0, '#9a958c'], [1, '#b7b1a6']]))
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

function detachedScene(scene: Scene, kind: 'detached' | 'semi' | 'cottage' | 'bungalow'): string {
  const horizon = 500
  const baseY = 650
  let out = treeLine(scene, horizon)
  out += rect(0, horizon + 10, W, baseY - horizon, '#7d9a5c')
  const period = kind === 'cottage' || scene.rng.chance(0.35)
  const wall = kind === 'cottage' ? (scene.rng.chance(0.6) ? stonePattern(scene, scene.rng.pick(STONES)) : scene.rng.pick(RENDERS)) : pickWall(scene)
  const roofColour = kind === 'cottage' && scene.rng.chance(0.4) ? '#9c8150' : undefined
  const roof = roofColour ? tilePattern(scene, roofColour) : pickRoof(scene)
  const storeys = kind === 'bungalow' ? 1 : 2
  const storeyH = kind === 'cottage' ? 128 : 150
  const width = kind === 'semi' ? 760 : kind === 'bungalow' ? 700 : kind === 'cottage' ? 560 : scene.rng.int(540, 640)
  const x = kind === 'semi' ? 240 : (W - width) / 2 + scene.rng.int(-120, 120)
  const sideTrees = scene.rng.int(1, 2)
  for (let t = 0; t < sideTrees; t++) {
    const tx = t === 0 ? scene.rng.float(40, x - 40) : scene.rng.float(x + width + 60, W - 40)
    if (tx > 0 && tx < W) out += tree(scene, tx, baseY - 10, scene.rng.float(150, 230), scene.rng.pick(['#4f7a3a', '#5e8a43', '#6b7f3a']))
  }
  const spec: HouseSpec = {
    x,
    baseY,
    width,
    storeys,
    storeyH,
    wall,
    roof,
    roofType: kind === 'bungalow' ? 'hip' : kind === 'semi' ? 'hip' : scene.rng.pick(['hip', 'gable', 'gable', 'front-gable'] as const),
    roofH: kind === 'bungalow' ? 160 : scene.rng.int(110, 150),
    window: pickWindow(scene, period),
    doorColour: scene.rng.pick(DOORS),
    doorAt: kind === 'semi' ? 0 : scene.rng.int(0, 1),
    bay: kind !== 'cottage' && scene.rng.chance(0.5),
    chimneys: [],
  }
  if (spec.roofType !== 'front-gable') spec.chimneys = scene.rng.chance(0.7) ? [x + width * scene.rng.pick([0.2, 0.8])] : []
  if (kind === 'semi') spec.chimneys = [x + width / 2]
  out += house(scene, spec)
  if (kind === 'semi') {
    // The attached neighbour: a second door at the far side and a downpipe on the party line.
    out += door(scene, x + width - 120, baseY, 76, 150, scene.rng.pick(DOORS), spec.window.frame)
    out += rect(x + width / 2 - 3, baseY - 2 * storeyH, 6, 2 * storeyH, '#2a2a2a', 'opacity="0.75"')
  }
  if (kind === 'bungalow' && scene.rng.chance(0.5)) {
    const dx = x + width / 2 - 60
    const dy = baseY - storeyH - 120
    out += poly([[dx - 10, dy + 10], [dx + 130, dy + 10], [dx + 60, dy - 40]], roof) + rect(dx, dy + 10, 120, 70, '#f2f2ee')
    out += windowEl(scene, dx + 18, dy + 20, 84, 52, spec.window)
  }
  if (kind === 'cottage') {
    for (let i = 0; i < 18; i++) out += ellipse(x + scene.rng.float(0, 80), baseY - scene.rng.float(20, 240), 14, 10, shade('#4f7a3a', scene.rng.float(-0.2, 0.1)))
    for (let i = 0; i < 10; i++) out += ellipse(x + scene.rng.float(0, 80), baseY - scene.rng.float(30, 230), 4, 4, '#d9738a')
  }
  const doorX = x + (width / Math.max(2, Math.round(width / 170))) * (spec.doorAt + 0.5)
  const hasDrive = kind !== 'cottage' && scene.rng.chance(0.7)
  out += frontGarden(scene, baseY, doorX, hasDrive ? Math.min(W - 200, x + width + 40) : null)
  out += shrub(scene, x + 40, baseY + 10, 60) + shrub(scene, x + width - 40, baseY + 10, 55)
  if (scene.rng.chance(0.7)) {
    out += hedge(scene, -10, H - 90, doorX - 110, 95)
    const rightWidth = hasDrive ? x + width - 250 - doorX : W - doorX
    if (rightWidth > 120) out += hedge(scene, doorX + 110, H - 90, rightWidth, 95)
  }
  return out
}

function terraceScene(scene: Scene): string {
  const horizon = 470
  const baseY = 660
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8a8f86')
  const unitW = scene.rng.int(250, 300)
  const pastel = scene.rng.chance(0.3)
  const brick = brickPattern(scene, scene.rng.pick(BRICKS))
  const roof = pickRoof(scene)
  const win = pickWindow(scene, scene.rng.chance(0.6))
  const start = -scene.rng.int(40, 160)
  for (let x = start, i = 0; x < W; x += unitW, i++) {
    const spec: HouseSpec = {
      x,
      baseY,
      width: unitW,
      storeys: 2,
      storeyH: 150,
      wall: pastel ? scene.rng.pick(PASTELS) : scene.rng.chance(0.15) ? scene.rng.pick(RENDERS) : brick,
      roof,
      roofType: 'gable',
      roofH: 120,
      window: win,
      doorColour: scene.rng.pick(DOORS),
      doorAt: i % 2,
      bay: scene.rng.chance(0.5),
      chimneys: i % 2 === 0 ? [x] : [],
    }
    out += house(scene, spec)
  }
  // Pavement, kerb and a low front wall: terraces open straight onto the street.
  out += rect(0, baseY, W, 70, '#b9b5ad') + rect(0, baseY + 70, W, 10, '#8f8b84') + rect(0, baseY + 80, W, H - baseY - 80, '#55585c')
  out += rect(0, baseY + 40, W, 30, brickPattern(scene, scene.rng.pick(BRICKS)))
  out += rect(0, baseY + 36, W, 6, '#d6d0c2')
  if (scene.rng.chance(0.7)) out += car(scene, scene.rng.float(250, W - 250), H - 40)
  return out
}

function flatsScene(scene: Scene): string {
  const horizon = 430
  const baseY = 680
  let out = treeLine(scene, horizon) + rect(0, horizon + 10, W, baseY - horizon, '#8d948a')
  const storeys = scene.rng.int(4, 5)
  const storeyH = Math.min(125, (baseY - 80) / (storeys + 0.3))
  const width = scene.rng.int(860, 1040)
  const x = (W - width) / 2 + scene.rng.int(-60, 60)
  const top = baseY - storeys * storeyH
  const lower = brickPattern(scene, scene.rng.pick(BRICKS))
  const upper = scene.rng.chance(0.5) ? claddingPattern(scene, scene.rng.pick(['#c9ccc8', '#8d9498', '#d8cdb8', '#b5bdb3'])) : lower
  out += rect(x, top, width, baseY - top, lower)
  out += rect(x, top, width, storeyH * 1.2, upper)
  out += rect(x - 10, top - 16, width + 20, 18, '#d7d5cf')
  out += rect(x, top, width, 10, '#000000', 'opacity="0.2"')
  const cols = Math.round(width / 150)
  const colW = width / cols
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
      out += windowEl(scene, cx - ww / 2, fy + storeyH * 0.18, ww, storeyH * 0.62, win)
      if (s > 0 && c % 2 === 1) {
        out += rect(cx - colW * 0.45, fy + storeyH * 0.62, colW * 0.9, storeyH * 0.3, '#a9c3cf', 'opacity="0.45"')
        out += rect(cx - colW * 0.45, fy + storeyH * 0.6, colW * 0.9, 5, '#4a4f55')
        out += rect(cx - colW * 0.45, fy + storeyH * 0.92, colW * 0.9, 8, '#d5d3cc')
      }
    }
  }
  out += rect(x + width - 12, top, 7, baseY - top, '#2a2a2a', 'opacity="0.7"')
  out += rect(0, baseY, W, H - baseY, '#a8a49c')
  for (let px = 0; px < W; px += 160) out += rect(px, baseY + 60, 150, 4, '#f2f2f2', 'opacity="0.8"')
  out += hedge(scene, -10, baseY - 40, x - 30, 50) + hedge(scene, x + width + 30, baseY - 40, W, 50)
  out += tree(scene, scene.rng.float(30, 160), H - 60, 210, '#55803f') + shrub(scene, W - 120, H - 20, 90)
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
  const scene: Scene = { rng, defs: [], ids: 0, season: rng.weighted([['summer', 4], ['spring', 2], ['autumn', 3], ['winter', 1]] as const) }
  const horizon = kind === 'land' ? 440 : kind === 'flats' ? 430 : 500
  const skyLayer = sky(scene, horizon)
  let body: string
  switch (kind) {
    case 'detached':
    case 'semi':
    case 'cottage':
    case 'bungalow':
      body = detachedScene(scene, kind)
      break
    case 'terrace':
      body = terraceScene(scene)
      break
    case 'flats':
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
  const mood = scene.rng.weighted([['sun', 5], ['overcast', scene.season === 'winter' ? 4 : 2], ['late', 2]] as const)
  const fromLeft = scene.rng.chance(0.5)
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
