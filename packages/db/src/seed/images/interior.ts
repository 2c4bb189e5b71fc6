/**
 * Interior scenes: a room seen through a simple pinhole camera, so walls, floorboards and furniture
 * (drawn as shaded boxes in metres) converge as in a photo taken from the doorway.
 */
import type { Random } from '../random.ts'
import type { InteriorEra, InteriorKind } from '../pool-layout.ts'
import { PHOTO_HEIGHT as H, PHOTO_WIDTH as W, ellipse, line, poly, rect, shade, svgDocument, vGradient } from './svg.ts'

const WALLS = ['#f1ede4', '#ebe6dc', '#dfe3dc', '#e4e9ec', '#efe3dc', '#e8e1d3', '#d8ddd0', '#f4f2ee'] as const
const FEATURE_WALLS = ['#5d7a6b', '#2f4858', '#b9a58a', '#8c9c8f', '#6d5a72', '#c9a78f'] as const
const WOOD_FLOORS = ['#b98a5a', '#a47548', '#c9a173', '#8a6240', '#d2b58e'] as const
const CARPETS = ['#b9b2a6', '#a6a39d', '#c8bfb0', '#8f8c88'] as const
const FABRICS = ['#6c7a89', '#b8aa96', '#4f5d57', '#8d6e63', '#d1c7b7', '#3e4a5c', '#7d8f7a', '#9a6b5a'] as const
const ACCENTS = ['#d9a441', '#c8553d', '#588b8b', '#f2d0a4', '#7d5ba6', '#e6e1d3', '#2e6f95'] as const
const UNITS = ['#f4f2ee', '#e9e6df', '#7f9184', '#2f3e4e', '#b6b8b5', '#c9b79a', '#4a5a4f'] as const
const WORKTOPS = ['#e8e4dc', '#2b2b2b', '#b48a5e', '#d9d6cf', '#5b5753'] as const

interface Camera {
  vx: number
  vy: number
  f: number
  /** Eye height (m). */
  h: number
}

interface Room {
  cam: Camera
  halfW: number
  depth: number
  height: number
  near: number
  rng: Random
  defs: string[]
  ids: number
  /** Period rooms have cornices, picture rails, fireplaces and older fittings; modern ones clean lines. */
  era: InteriorEra
}

type P3 = [number, number, number]

function project(cam: Camera, [x, y, z]: P3): [number, number] {
  return [cam.vx + (cam.f * x) / z, cam.vy + (cam.f * (cam.h - y)) / z]
}

function quad(room: Room, pts: P3[], fill: string, extra = ''): string {
  return poly(pts.map((p) => project(room.cam, p)), fill, extra)
}

function nextId(room: Room, prefix: string): string {
  room.ids += 1
  return `${prefix}${room.ids}`
}

/** A shaded box from (x0, y0, z0) to (x1, y1, z1); only the faces the camera sees are drawn. */
function box(room: Room, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, colour: string): string {
  let out = ''
  const { h } = room.cam
  if (x0 > 0) out += quad(room, [[x0, y0, z0], [x0, y1, z0], [x0, y1, z1], [x0, y0, z1]], shade(colour, -0.16))
  if (x1 < 0) out += quad(room, [[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], shade(colour, -0.16))
  if (y1 < h) out += quad(room, [[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], shade(colour, 0.1))
  if (y0 > h) out += quad(room, [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], shade(colour, -0.25))
  out += quad(room, [[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], colour)
  return out
}

/** The room's shell: ceiling, walls, floor, skirting, with light falling from a window. */
function shell(room: Room, floor: 'wood' | 'carpet' | 'tile', wall: string, feature: string | null): string {
  const { halfW: hw, depth: d, height: ht, near: n } = room
  const defs = room.defs
  const ceilId = nextId(room, 'ceil')
  defs.push(vGradient(ceilId, [[0, '#e9e7e2'], [1, '#f7f6f3']]))
  let out = rect(0, 0, W, H, '#f3f1ec')
  out += quad(room, [[-hw, ht, n], [hw, ht, n], [hw, ht, d], [-hw, ht, d]], `url(#${ceilId})`)
  out += quad(room, [[-hw, 0, n], [-hw, ht, n], [-hw, ht, d], [-hw, 0, d]], shade(wall, -0.06))
  out += quad(room, [[hw, 0, n], [hw, ht, n], [hw, ht, d], [hw, 0, d]], shade(wall, -0.1))
  out += quad(room, [[-hw, 0, d], [hw, 0, d], [hw, ht, d], [-hw, ht, d]], feature ?? wall)
  // Floor, then its texture.
  const floorColour = floor === 'wood' ? room.rng.pick(WOOD_FLOORS) : floor === 'carpet' ? room.rng.pick(CARPETS) : room.rng.pick(['#d9d4ca', '#bfbab2', '#e6e3dd', '#8f8d8a'])
  out += quad(room, [[-hw, 0, n], [hw, 0, n], [hw, 0, d], [-hw, 0, d]], floorColour)
  if (floor === 'wood') {
    for (let x = -hw; x < hw; x += 0.16) {
      out += line(...project(room.cam, [x, 0, n]), ...project(room.cam, [x, 0, d]), shade(floorColour, -0.22), 1.2)
      let z = d - room.rng.float(0, 1.2)
      while (z > n) {
        const [ax, ay] = project(room.cam, [x, 0, z])
        const [bx, by] = project(room.cam, [x + 0.16, 0, z])
        out += line(ax, ay, bx, by, shade(floorColour, -0.2), 1)
        out += quad(room, [[x, 0, z], [x + 0.16, 0, z], [x + 0.16, 0, z - 0.6], [x, 0, z - 0.6]], shade(floorColour, room.rng.float(-0.08, 0.08)), 'opacity="0.5"')
        z -= room.rng.float(0.9, 1.8)
      }
    }
  } else if (floor === 'tile') {
    for (let x = -hw; x <= hw; x += 0.45) out += line(...project(room.cam, [x, 0, n]), ...project(room.cam, [x, 0, d]), shade(floorColour, -0.2), 1.5)
    for (let z = d; z > n; z -= 0.45) out += line(...project(room.cam, [-hw, 0, z]), ...project(room.cam, [hw, 0, z]), shade(floorColour, -0.2), 1.5)
  }
  // Skirting boards and the cornice.
  out += quad(room, [[-hw, 0, d], [hw, 0, d], [hw, 0.1, d], [-hw, 0.1, d]], '#fbfbf9')
  out += quad(room, [[-hw, 0, n], [-hw, 0.1, n], [-hw, 0.1, d], [-hw, 0, d]], '#f2f2ef')
  out += quad(room, [[hw, 0, n], [hw, 0.1, n], [hw, 0.1, d], [hw, 0, d]], '#e9e9e6')
  out += quad(room, [[-hw, ht - 0.05, d], [hw, ht - 0.05, d], [hw, ht, d], [-hw, ht, d]], '#fbfbf9')
  if (room.era === 'period') {
    // A deep cornice with its shadow, a picture rail and tall skirting.
    const c = 0.16
    out += quad(room, [[-hw, ht - c, d], [hw, ht - c, d], [hw, ht, d], [-hw, ht, d]], '#fbfbf9') + quad(room, [[-hw, ht - c - 0.03, d], [hw, ht - c - 0.03, d], [hw, ht - c, d], [-hw, ht - c, d]], '#000000', 'opacity="0.12"')
    out += quad(room, [[-hw, ht - c, n], [-hw, ht, n], [-hw, ht, d], [-hw, ht - c, d]], '#f4f3ef') + quad(room, [[hw, ht - c, n], [hw, ht, n], [hw, ht, d], [hw, ht - c, d]], '#ecebe7')
    const rail = ht - 0.45
    out += quad(room, [[-hw, rail, d], [hw, rail, d], [hw, rail + 0.03, d], [-hw, rail + 0.03, d]], '#f7f6f2')
    out += quad(room, [[-hw, rail, n], [-hw, rail + 0.03, n], [-hw, rail + 0.03, d], [-hw, rail, d]], '#f7f6f2') + quad(room, [[hw, rail, n], [hw, rail + 0.03, n], [hw, rail + 0.03, d], [hw, rail, d]], '#efeeea')
    out += quad(room, [[-hw, 0, d], [hw, 0, d], [hw, 0.2, d], [-hw, 0.2, d]], '#fbfbf9')
    out += quad(room, [[-hw, 0, n], [-hw, 0.2, n], [-hw, 0.2, d], [-hw, 0, d]], '#f2f2ef') + quad(room, [[hw, 0, n], [hw, 0.2, n], [hw, 0.2, d], [hw, 0, d]], '#e9e9e6')
    // A ceiling rose.
    const [rx, ry] = project(room.cam, [0, ht - 0.001, (n + d) / 2 + 0.6])
    const s = room.cam.f / ((n + d) / 2 + 0.6)
    out += ellipse(rx, ry, 0.28 * s, 0.05 * s, '#f8f7f3') + ellipse(rx, ry, 0.14 * s, 0.025 * s, '#ecebe6')
  }
  return out
}

/** A soft shadow on the floor under a piece of furniture. */
function floorShadow(room: Room, x0: number, x1: number, z0: number, z1: number): string {
  const g = 0.12
  return quad(room, [[x0 - g, 0.003, z0 - g], [x1 + g, 0.003, z0 - g], [x1 + g, 0.003, z1 + g], [x0 - g, 0.003, z1 + g]], '#1b1510', 'opacity="0.1"') + quad(room, [[x0, 0.004, z0], [x1, 0.004, z0], [x1, 0.004, z1], [x0, 0.004, z1]], '#1b1510', 'opacity="0.14"')
}

/** A chimney breast on the back wall centred at `xc`, with its fireplace and a mirror over the mantel. */
function backFireplace(room: Room, xc: number): string {
  const d = room.depth
  const ht = room.height
  const z = d - 0.4
  let out = box(room, xc - 0.8, xc + 0.8, 0, ht, z, d, shade(room.rng.pick(WALLS), -0.03))
  const surround = room.rng.pick(['#f4f2ec', '#e9e4da', '#2b2b2b', '#d8d2c6'])
  const face = (x0: number, x1: number, y0: number, y1: number, dz: number, fill: string) => quad(room, [[x0, y0, z - dz], [x1, y0, z - dz], [x1, y1, z - dz], [x0, y1, z - dz]], fill)
  out += face(xc - 0.65, xc + 0.65, 0, 1.15, 0.001, surround)
  out += face(xc - 0.38, xc + 0.38, 0.05, 0.85, 0.002, '#1c1c1c')
  out += face(xc - 0.26, xc + 0.26, 0.05, 0.5, 0.003, room.rng.chance(0.5) ? '#3a2a20' : '#2a2d30')
  out += box(room, xc - 0.75, xc + 0.75, 1.15, 1.21, z - 0.2, z, surround)
  out += quad(room, [[xc - 0.75, 0.006, z - 0.45], [xc + 0.75, 0.006, z - 0.45], [xc + 0.75, 0.006, z], [xc - 0.75, 0.006, z]], room.rng.pick(['#3b3b3b', '#8a8078', '#b5b0a6']))
  out += face(xc - 0.45, xc + 0.45, 1.4, 2.15, 0.004, '#c9a46a') + face(xc - 0.39, xc + 0.39, 1.46, 2.09, 0.005, '#d6e2e6')
  out += box(room, xc + 0.42, xc + 0.5, 1.21, 1.45, z - 0.14, z - 0.06, room.rng.pick(ACCENTS)) + box(room, xc - 0.5, xc - 0.4, 1.21, 1.36, z - 0.14, z - 0.06, room.rng.pick(ACCENTS))
  return out
}

/**
 * A chimney breast on the right wall with a fireplace: a painted or marble surround, a cast-iron
 * insert, a hearth and a mirror over the mantel.
 */
function fireplace(room: Room, z0: number, z1: number): string {
  const hw = room.halfW
  const ht = room.height
  const x = hw - 0.4
  const wall = shade(room.rng.pick(WALLS), -0.04)
  let out = box(room, x, hw, 0, ht, z0, z1, wall)
  const zm = (z0 + z1) / 2
  const surround = room.rng.pick(['#f4f2ec', '#e9e4da', '#2b2b2b', '#d8d2c6'])
  out += quad(room, [[x - 0.001, 0, zm - 0.65], [x - 0.001, 1.15, zm - 0.65], [x - 0.001, 1.15, zm + 0.65], [x - 0.001, 0, zm + 0.65]], surround)
  out += quad(room, [[x - 0.002, 0.05, zm - 0.38], [x - 0.002, 0.85, zm - 0.38], [x - 0.002, 0.85, zm + 0.38], [x - 0.002, 0.05, zm + 0.38]], '#1c1c1c')
  out += quad(room, [[x - 0.003, 0.05, zm - 0.26], [x - 0.003, 0.5, zm - 0.26], [x - 0.003, 0.5, zm + 0.26], [x - 0.003, 0.05, zm + 0.26]], room.rng.chance(0.5) ? '#3a2a20' : '#2a2d30')
  out += box(room, x - 0.2, x, 1.15, 1.21, zm - 0.75, zm + 0.75, surround)
  out += quad(room, [[x - 0.45, 0.006, zm - 0.75], [x, 0.006, zm - 0.75], [x, 0.006, zm + 0.75], [x - 0.45, 0.006, zm + 0.75]], room.rng.pick(['#3b3b3b', '#8a8078', '#b5b0a6']))
  // A mirror over the mantel, and a candlestick or vase on it.
  out += quad(room, [[x - 0.004, 1.4, zm - 0.45], [x - 0.004, 2.15, zm - 0.45], [x - 0.004, 2.15, zm + 0.45], [x - 0.004, 1.4, zm + 0.45]], '#c9a46a')
  out += quad(room, [[x - 0.005, 1.46, zm - 0.39], [x - 0.005, 2.09, zm - 0.39], [x - 0.005, 2.09, zm + 0.39], [x - 0.005, 1.46, zm + 0.39]], '#d6e2e6')
  out += box(room, x - 0.14, x - 0.06, 1.21, 1.45, zm - 0.5, zm - 0.42, room.rng.pick(ACCENTS))
  return out
}

/** A window on the left wall, with daylight, frame, curtains and a patch of sun on the floor. */
function leftWindow(room: Room, z0: number, z1: number, y0: number, y1: number): string {
  const hw = room.halfW
  const x = -hw
  const dayId = nextId(room, 'day')
  room.defs.push(vGradient(dayId, [[0, '#dcecf8'], [0.6, '#f4f8fb'], [0.75, '#b9cf9e'], [1, '#8fae72']]))
  let out = quad(room, [[x, y0 - 0.06, z0 + 0.06], [x, y1 + 0.06, z0 + 0.06], [x, y1 + 0.06, z1 - 0.06], [x, y0 - 0.06, z1 - 0.06]], '#fafaf8')
  out += quad(room, [[x, y0, z0], [x, y1, z0], [x, y1, z1], [x, y0, z1]], `url(#${dayId})`)
  const zm = (z0 + z1) / 2
  out += line(...project(room.cam, [x, y0, zm]), ...project(room.cam, [x, y1, zm]), '#fafaf8', 6)
  const ym = y0 + (y1 - y0) * 0.65
  out += line(...project(room.cam, [x, ym, z0]), ...project(room.cam, [x, ym, z1]), '#fafaf8', 5)
  const sunX = 1.4
  out += quad(room, [[x, 0.001, z0], [x + sunX, 0.001, z0 - 0.5], [x + sunX, 0.001, z1 - 0.5], [x, 0.001, z1]], '#fff8e6', 'opacity="0.22"')
  if (room.rng.chance(0.7)) {
    const curtain = room.rng.pick(FABRICS)
    out += quad(room, [[x + 0.02, 0.05, z0 - 0.02], [x + 0.02, y1 + 0.2, z0 - 0.02], [x + 0.02, y1 + 0.2, z0 - 0.35], [x + 0.02, 0.05, z0 - 0.35]], curtain)
    out += quad(room, [[x + 0.02, 0.05, z1 + 0.35], [x + 0.02, y1 + 0.2, z1 + 0.35], [x + 0.02, y1 + 0.2, z1 + 0.02], [x + 0.02, 0.05, z1 + 0.02]], shade(curtain, -0.08))
  }
  return out
}

/** A window in the back wall. */
function backWindow(room: Room, xc: number, w: number, y0: number, y1: number): string {
  const z = room.depth - 0.001
  const dayId = nextId(room, 'bday')
  room.defs.push(vGradient(dayId, [[0, '#d7e9f7'], [0.55, '#f2f7fb'], [0.7, '#a9c493'], [1, '#7e9d64']]))
  let out = quad(room, [[xc - w / 2 - 0.06, y0 - 0.06, z], [xc + w / 2 + 0.06, y0 - 0.06, z], [xc + w / 2 + 0.06, y1 + 0.06, z], [xc - w / 2 - 0.06, y1 + 0.06, z]], '#fafaf8')
  out += quad(room, [[xc - w / 2, y0, z], [xc + w / 2, y0, z], [xc + w / 2, y1, z], [xc - w / 2, y1, z]], `url(#${dayId})`)
  out += line(...project(room.cam, [xc, y0, z]), ...project(room.cam, [xc, y1, z]), '#fafaf8', 5)
  return out
}

function artwork(room: Room, xc: number, yc: number, w: number, h: number): string {
  const z = room.depth - 0.02
  let out = box(room, xc - w / 2, xc + w / 2, yc - h / 2, yc + h / 2, z - 0.03, z, room.rng.pick(['#2b2b2b', '#c9a46a', '#f5f5f2']))
  out += quad(room, [[xc - w / 2 + 0.05, yc - h / 2 + 0.05, z - 0.031], [xc + w / 2 - 0.05, yc - h / 2 + 0.05, z - 0.031], [xc + w / 2 - 0.05, yc + h / 2 - 0.05, z - 0.031], [xc - w / 2 + 0.05, yc + h / 2 - 0.05, z - 0.031]], '#f7f4ee')
  const a = room.rng.pick(ACCENTS)
  const b = room.rng.pick(FABRICS)
  out += quad(room, [[xc - w / 2 + 0.1, yc - h / 2 + 0.1, z - 0.032], [xc + w * 0.1, yc - h / 2 + 0.1, z - 0.032], [xc + w * 0.1, yc + h * 0.1, z - 0.032], [xc - w / 2 + 0.1, yc + h * 0.1, z - 0.032]], a, 'opacity="0.85"')
  out += quad(room, [[xc - w * 0.1, yc - h * 0.2, z - 0.033], [xc + w / 2 - 0.1, yc - h * 0.2, z - 0.033], [xc + w / 2 - 0.1, yc + h / 2 - 0.1, z - 0.033], [xc - w * 0.1, yc + h / 2 - 0.1, z - 0.033]], b, 'opacity="0.8"')
  return out
}

function plant(room: Room, x: number, z: number, size: number): string {
  let out = box(room, x - 0.16, x + 0.16, 0, 0.32, z - 0.16, z + 0.16, room.rng.pick(['#e9e5dc', '#3b3b3b', '#b86b4b']))
  const [px, py] = project(room.cam, [x, 0.32 + size * 0.45, z])
  const scale = room.cam.f / z
  const green = room.rng.pick(['#4e7a3d', '#5f8f46', '#3f6b3a'])
  for (let i = 0; i < 14; i++) {
    out += ellipse(px + room.rng.float(-0.3, 0.3) * size * scale, py + room.rng.float(-0.45, 0.35) * size * scale, 0.1 * size * scale, 0.05 * size * scale, shade(green, room.rng.float(-0.2, 0.2)), `transform="rotate(${room.rng.int(-60, 60)} ${px} ${py})"`)
  }
  return out
}

function pendant(room: Room, x: number, z: number, drop: number): string {
  const top = project(room.cam, [x, room.height, z])
  const bottom = project(room.cam, [x, room.height - drop, z])
  const s = room.cam.f / z
  let out = line(top[0], top[1], bottom[0], bottom[1], '#333333', 2)
  out += poly([[bottom[0] - 0.08 * s, bottom[1]], [bottom[0] + 0.08 * s, bottom[1]], [bottom[0] + 0.2 * s, bottom[1] + 0.2 * s], [bottom[0] - 0.2 * s, bottom[1] + 0.2 * s]], room.rng.pick(['#2b2b2b', '#c9a46a', '#e8e4dc', '#5d7a6b']))
  out += ellipse(bottom[0], bottom[1] + 0.2 * s, 0.16 * s, 0.03 * s, '#fff4d6')
  return out
}

function lamp(room: Room, x: number, y: number, z: number): string {
  const s = room.cam.f / z
  const [bx, by] = project(room.cam, [x, y, z])
  const glowId = nextId(room, 'glow')
  room.defs.push(`<radialGradient id="${glowId}"><stop offset="0" stop-color="#fff3d0" stop-opacity="0.7"/><stop offset="1" stop-color="#fff3d0" stop-opacity="0"/></radialGradient>`)
  let out = ellipse(bx, by - 0.45 * s, 0.5 * s, 0.4 * s, `url(#${glowId})`)
  out += rect(bx - 0.015 * s, by - 0.3 * s, 0.03 * s, 0.3 * s, '#8c7b62')
  out += poly([[bx - 0.1 * s, by - 0.5 * s], [bx + 0.1 * s, by - 0.5 * s], [bx + 0.15 * s, by - 0.3 * s], [bx - 0.15 * s, by - 0.3 * s]], '#f2ead8')
  return out
}

function rug(room: Room, x0: number, x1: number, z0: number, z1: number): string {
  const c = room.rng.pick(['#d8cfc0', '#9aa5a8', '#c7b299', '#6f7d8c', '#e4ded3'])
  let out = quad(room, [[x0, 0.005, z0], [x1, 0.005, z0], [x1, 0.005, z1], [x0, 0.005, z1]], c)
  out += quad(room, [[x0 + 0.12, 0.006, z0 + 0.12], [x1 - 0.12, 0.006, z0 + 0.12], [x1 - 0.12, 0.006, z1 - 0.12], [x0 + 0.12, 0.006, z1 - 0.12]], 'none', `stroke="${shade(c, -0.25)}" stroke-width="3"`)
  return out
}

function living(room: Room): string {
  const d = room.depth
  const fabric = room.rng.pick(FABRICS)
  let out = ''
  // In a period room the fireplace takes the back wall's right half and the sofa moves left.
  const sx = room.era === 'period' ? -room.halfW + 0.75 : room.rng.float(-0.6, 0.4)
  out += artwork(room, sx + 1.05, 1.65, room.rng.float(0.6, 1.1), room.rng.float(0.5, 0.8))
  if (room.rng.chance(0.5)) out += artwork(room, sx + 0.2, 1.6, 0.45, 0.6)
  if (room.era === 'modern') out += box(room, sx + 2.25, sx + 2.65, 0, 0.55, d - 0.5, d - 0.1, '#8a6b4f') + lamp(room, sx + 2.45, 0.55, d - 0.3)
  out += plant(room, -room.halfW + 0.45, d - 0.5, 1.1)
  // Sofa: base, back, arms, seat cushions, scatter cushions.
  const x0 = sx
  const x1 = sx + 2.1
  const z0 = d - 0.95
  out += box(room, x0, x1, 0.05, 0.85, d - 0.3, d - 0.08, shade(fabric, -0.05))
  out += box(room, x0, x1, 0.05, 0.42, z0, d - 0.3, fabric)
  out += box(room, x0 + 0.2, (x0 + x1) / 2, 0.42, 0.52, z0, d - 0.32, shade(fabric, 0.05))
  out += box(room, (x0 + x1) / 2, x1 - 0.2, 0.42, 0.52, z0, d - 0.32, shade(fabric, 0.05))
  out += box(room, x0, x0 + 0.2, 0.05, 0.62, z0, d - 0.08, shade(fabric, -0.04))
  out += box(room, x1 - 0.2, x1, 0.05, 0.62, z0, d - 0.08, shade(fabric, -0.04))
  for (const [cx, c] of [[x0 + 0.45, room.rng.pick(ACCENTS)], [x1 - 0.45, room.rng.pick(ACCENTS)]] as const) out += box(room, cx - 0.2, cx + 0.2, 0.5, 0.86, d - 0.42, d - 0.32, c)
  out += rug(room, x0 - 0.3, x1 + 0.3, z0 - 1.9, z0 + 0.1)
  // Coffee table.
  const tc = room.rng.pick(['#8a6b4f', '#2b2b2b', '#c9a173', '#e8e4dc'])
  const tz = z0 - 1.2
  for (const [lx, lz] of [[x0 + 0.5, tz + 0.05], [x1 - 0.5, tz + 0.05], [x0 + 0.5, tz + 0.55], [x1 - 0.5, tz + 0.55]] as const) out += box(room, lx - 0.03, lx + 0.03, 0, 0.4, lz, lz + 0.04, shade(tc, -0.1))
  out += box(room, x0 + 0.4, x1 - 0.4, 0.4, 0.45, tz, tz + 0.65, tc)
  out += box(room, x0 + 0.8, x0 + 1.05, 0.45, 0.5, tz + 0.2, tz + 0.38, room.rng.pick(ACCENTS))
  out += pendant(room, (x0 + x1) / 2, d - 1.6, 0.5)
  if (room.era === 'period') out += backFireplace(room, room.halfW - 1.05)
  return floorShadow(room, x0, x1, z0, d - 0.08) + out
}

function kitchen(room: Room): string {
  const d = room.depth
  const hw = room.halfW
  const period = room.era === 'period'
  // Period kitchens: painted shaker doors, oak worktops and a range cooker.
  const unit = period ? room.rng.pick(['#7f9184', '#2f3e4e', '#e9e2d0', '#4a5a4f', '#b9b3a3', '#8c6f5a']) : room.rng.pick(UNITS)
  const top = period ? room.rng.pick(['#b48a5e', '#9a7048', '#e8e4dc']) : room.rng.pick(WORKTOPS)
  let out = ''
  // Splashback of metro tiles.
  const tileId = nextId(room, 'metro')
  const tileColour = room.rng.pick(['#f4f4f0', '#dfe8e6', '#e9e0d2', '#cfd8dc'])
  room.defs.push(`<pattern id="${tileId}" width="30" height="15" patternUnits="userSpaceOnUse">${rect(0, 0, 30, 15, shade(tileColour, -0.12))}${rect(1, 1, 28, 6, tileColour)}${rect(-14, 8.5, 28, 6, tileColour)}${rect(16, 8.5, 28, 6, tileColour)}</pattern>`)
  out += quad(room, [[-hw, 0.9, d - 0.001], [hw, 0.9, d - 0.001], [hw, 1.45, d - 0.001], [-hw, 1.45, d - 0.001]], `url(#${tileId})`)
  const windowAt = room.rng.float(-0.6, 0.6)
  out += backWindow(room, windowAt, 1.1, 1.05, 2.0)
  // Wall units either side of the window.
  const fridgeX = hw - 0.62
  for (let x = -hw; x + 0.6 <= fridgeX + 0.01; x += 0.6) {
    if (x + 0.6 > windowAt - 0.7 && x < windowAt + 0.7) continue
    out += box(room, x + 0.01, x + 0.59, 1.45, 2.15, d - 0.35, d, unit)
    out += rect(...project(room.cam, [x + 0.5, 1.5, d - 0.35]), 14, 4, '#9a9a9a')
  }
  // Extractor over the hob.
  const hobX = windowAt > 0 ? -hw + 1.2 : hw - 1.2
  out += box(room, hobX - 0.35, hobX + 0.35, 1.5, 1.62, d - 0.45, d, '#c0c3c5') + box(room, hobX - 0.12, hobX + 0.12, 1.62, 2.3, d - 0.3, d, '#c0c3c5')
  // Base units, oven, sink.
  for (let x = -hw; x + 0.6 <= fridgeX + 0.01; x += 0.6) {
    out += box(room, x + 0.01, x + 0.59, 0.1, 0.88, d - 0.6, d, unit)
    const [hx, hy] = project(room.cam, [x + 0.3, 0.8, d - 0.6])
    if (period) out += quad(room, [[x + 0.08, 0.18, d - 0.601], [x + 0.52, 0.18, d - 0.601], [x + 0.52, 0.7, d - 0.601], [x + 0.08, 0.7, d - 0.601]], 'none', `stroke="${shade(unit, -0.22)}" stroke-width="2.5"`)
    out += period ? ellipse(hx, hy + 2, 4, 4, '#c9a54a') : rect(hx - 12, hy, 24, 4, '#8c8c8c')
  }
  // A filler panel closes the gap between the last whole unit and the fridge housing.
  const lastEnd = -hw + Math.floor((fridgeX + hw + 0.01) / 0.6) * 0.6
  if (fridgeX - lastEnd > 0.02) out += box(room, lastEnd, fridgeX, 0.1, 0.88, d - 0.6, d, shade(unit, -0.04))
  if (period) {
    const range = room.rng.pick(['#1d1d1f', '#f0ebe0', '#7a1f2b', '#2f3e4e'])
    out += box(room, hobX - 0.5, hobX + 0.5, 0.1, 0.9, d - 0.65, d - 0.6, range)
    for (const ox of [-0.25, 0.25]) out += quad(room, [[hobX + ox - 0.2, 0.2, d - 0.651], [hobX + ox + 0.2, 0.2, d - 0.651], [hobX + ox + 0.2, 0.65, d - 0.651], [hobX + ox - 0.2, 0.65, d - 0.651]], shade(range, -0.3)) + box(room, hobX + ox - 0.15, hobX + ox + 0.15, 0.7, 0.73, d - 0.68, d - 0.65, '#c0c3c5')
  } else {
    out += box(room, hobX - 0.29, hobX + 0.29, 0.15, 0.75, d - 0.61, d - 0.6, '#2a2d30')
  }
  out += box(room, -hw, fridgeX, 0.88, 0.92, d - 0.64, d, top)
  out += quad(room, [[hobX - 0.28, 0.921, d - 0.55], [hobX + 0.28, 0.921, d - 0.55], [hobX + 0.28, 0.921, d - 0.08], [hobX - 0.28, 0.921, d - 0.08]], '#1e1e1e')
  out += quad(room, [[windowAt - 0.3, 0.922, d - 0.5], [windowAt + 0.3, 0.922, d - 0.5], [windowAt + 0.3, 0.922, d - 0.12], [windowAt - 0.3, 0.922, d - 0.12]], '#b9bcbf')
  out += box(room, windowAt - 0.02, windowAt + 0.02, 0.92, 1.22, d - 0.1, d - 0.06, '#a9acae')
  // Tall fridge housing at the far end.
  out += box(room, fridgeX, hw, 0, 2.15, d - 0.62, d, unit)
  if (room.rng.chance(0.6)) {
    // An island with stools.
    // Far enough from the camera that its top does not fill the frame.
    const iz = d - 1.45
    out += box(room, -0.8, 0.8, 0.05, 0.88, iz - 0.7, iz, unit)
    out += box(room, -0.9, 0.9, 0.88, 0.93, iz - 0.8, iz + 0.05, top)
    for (const sx of [-0.55, 0, 0.55]) {
      out += box(room, sx - 0.02, sx + 0.02, 0, 0.62, iz - 1.0, iz - 0.96, '#444444')
      out += box(room, sx - 0.16, sx + 0.16, 0.62, 0.67, iz - 1.12, iz - 0.84, room.rng.pick(['#2b2b2b', '#c9a173', '#6c7a89']))
    }
    out += pendant(room, -0.45, iz - 0.4, 0.75) + pendant(room, 0.45, iz - 0.4, 0.75)
  }
  return out
}

function bedroom(room: Room): string {
  const d = room.depth
  const linen = room.rng.pick(['#f4f2ee', '#e8e6e1', '#dfe5ea', '#efe6dc'])
  const throwColour = room.rng.pick(FABRICS)
  const head = room.rng.pick(FABRICS)
  const bx = room.rng.float(-0.4, 0.3)
  let out = artwork(room, bx, 1.75, 0.9, 0.55)
  out += box(room, bx - 0.95, bx + 0.95, 0.1, 1.25, d - 0.12, d - 0.02, head)
  out += box(room, bx - 0.8, bx + 0.8, 0.1, 0.45, d - 2.1, d - 0.12, shade(head, -0.1))
  out += box(room, bx - 0.82, bx + 0.82, 0.45, 0.62, d - 2.12, d - 0.14, linen)
  out += box(room, bx - 0.82, bx + 0.82, 0.45, 0.64, d - 1.6, d - 1.2, throwColour)
  out += box(room, bx - 0.7, bx - 0.08, 0.62, 0.8, d - 0.45, d - 0.16, shade(linen, 0.03)) + box(room, bx + 0.08, bx + 0.7, 0.62, 0.8, d - 0.45, d - 0.16, shade(linen, 0.03))
  for (const side of [-1, 1]) {
    const cx = bx + side * 1.25
    out += box(room, cx - 0.25, cx + 0.25, 0, 0.55, d - 0.45, d - 0.02, room.rng.pick(['#8a6b4f', '#f4f2ee', '#2b2b2b']))
    out += lamp(room, cx, 0.55, d - 0.25)
  }
  out += leftWindow(room, d - 2.6, d - 1.3, 0.9, 2.1)
  // A wardrobe on the right wall.
  const hw = room.halfW
  const wc = room.rng.pick(['#f4f2ee', '#c9a173', '#d8d4cc'])
  if (room.era === 'period') out += fireplace(room, d - 2.1, d - 0.6)
  else out += box(room, hw - 0.6, hw, 0, 2.1, d - 2.8, d - 1.4, wc)
  out += rug(room, bx - 1.2, bx + 1.2, d - 2.9, d - 1.6)
  return floorShadow(room, bx - 0.82, bx + 0.82, d - 2.12, d - 0.1) + out
}

function bathroom(room: Room): string {
  const d = room.depth
  const hw = room.halfW
  const tileColour = room.rng.pick(['#f2f2ef', '#dfe6e8', '#e7e1d6', '#c9d3cf', '#2f3e4e'])
  const tileId = nextId(room, 'btile')
  room.defs.push(`<pattern id="${tileId}" width="24" height="24" patternUnits="userSpaceOnUse">${rect(0, 0, 24, 24, shade(tileColour, -0.15))}${rect(1, 1, 22, 22, tileColour)}</pattern>`)
  let out = quad(room, [[-hw, 0, d - 0.001], [hw, 0, d - 0.001], [hw, 1.3, d - 0.001], [-hw, 1.3, d - 0.001]], `url(#${tileId})`)
  out += quad(room, [[-hw + 0.001, 0, room.near], [-hw + 0.001, 1.3, room.near], [-hw + 0.001, 1.3, d], [-hw + 0.001, 0, d]], `url(#${tileId})`, 'opacity="0.9"')
  const bathEnd = -hw + 1.5
  if (room.era === 'period') {
    // A roll-top bath on feet, its outside painted, standing off the wall.
    const outside = room.rng.pick(['#2f3e4e', '#4a5a4f', '#f4f2ee', '#7a1f2b', '#1d1d1f'])
    out += floorShadow(room, -hw + 0.15, bathEnd + 0.1, d - 0.85, d - 0.1)
    for (const [fx, fz] of [[-hw + 0.3, d - 0.8], [bathEnd - 0.1, d - 0.8]] as const) out += box(room, fx - 0.04, fx + 0.04, 0, 0.14, fz, fz + 0.06, '#c9a54a')
    out += box(room, -hw + 0.15, bathEnd + 0.1, 0.12, 0.62, d - 0.82, d - 0.12, outside)
    out += box(room, -hw + 0.12, bathEnd + 0.13, 0.6, 0.66, d - 0.85, d - 0.09, '#fbfbfa')
    out += quad(room, [[-hw + 0.2, 0.661, d - 0.78], [bathEnd + 0.05, 0.661, d - 0.78], [bathEnd + 0.05, 0.661, d - 0.16], [-hw + 0.2, 0.661, d - 0.16]], '#e6ebee')
    out += box(room, -hw + 0.5, -hw + 0.54, 0.66, 1.1, d - 0.14, d - 0.1, '#c9a54a')
  } else {
    // Bath with panel and screen.
    out += box(room, -hw, bathEnd, 0, 0.55, d - 0.75, d, '#fbfbfa')
    out += quad(room, [[-hw + 0.08, 0.551, d - 0.68], [bathEnd - 0.08, 0.551, d - 0.68], [bathEnd - 0.08, 0.551, d - 0.07], [-hw + 0.08, 0.551, d - 0.07]], '#e6ebee')
    out += quad(room, [[-hw + 1.1, 0.55, d - 0.75], [-hw + 1.1, 2, d - 0.75], [-hw + 1.1, 2, d], [-hw + 1.1, 0.55, d]], '#cfe3ee', 'opacity="0.35" stroke="#b5c2c9" stroke-width="3"')
    out += box(room, -hw + 0.3, -hw + 0.36, 1.5, 1.95, d - 0.05, d, '#c0c3c5')
  }
  // Basin on a vanity with a mirror.
  const vx = hw - 0.55
  out += box(room, vx - 0.4, vx + 0.4, 0.1, 0.8, d - 0.48, d, room.rng.pick(['#8a6b4f', '#f4f2ee', '#4a5a4f', '#2f3e4e']))
  out += box(room, vx - 0.3, vx + 0.3, 0.8, 0.9, d - 0.44, d - 0.04, '#fbfbfa')
  out += box(room, vx - 0.35, vx + 0.35, 1.2, 1.9, d - 0.03, d, '#c5d6df')
  out += quad(room, [[vx - 0.3, 1.25, d - 0.031], [vx + 0.3, 1.25, d - 0.031], [vx + 0.3, 1.85, d - 0.031], [vx - 0.3, 1.85, d - 0.031]], '#e3eef4', 'opacity="0.8"')
  // Toilet between them.
  const tx = (bathEnd + vx - 0.4) / 2
  out += box(room, tx - 0.2, tx + 0.2, 0.4, 0.85, d - 0.2, d, '#fbfbfa')
  out += box(room, tx - 0.16, tx + 0.16, 0.05, 0.42, d - 0.7, d - 0.2, '#f4f4f2')
  out += box(room, tx - 0.2, tx + 0.2, 0.42, 0.46, d - 0.74, d - 0.2, '#fbfbfa')
  // Towel rail and a plant.
  out += box(room, hw - 0.03, hw, 0.5, 1.3, d - 1.6, d - 1.0, '#d5d8da') + box(room, hw - 0.09, hw - 0.03, 0.75, 1.25, d - 1.55, d - 1.05, room.rng.pick(['#f4f2ee', '#9aa5a8', '#d8cfc0']))
  out += plant(room, -hw + 0.3, d - 1.2, 0.5)
  return out
}

function dining(room: Room): string {
  const d = room.depth
  const wood = room.rng.pick(['#8a6240', '#b98a5a', '#5b4636', '#e8e4dc'])
  const chair = room.rng.pick(['#b8aa96', '#6c7a89', '#c9a173', '#f4f2ee', '#8d9b8a'])
  const tz = d - 2.2
  let out = artwork(room, 0, 1.6, 1.2, 0.7)
  out += box(room, -0.9, 0.9, 0, 0.8, d - 0.45, d - 0.02, shade(wood, -0.1))
  out += room.era === 'period' ? fireplace(room, d - 2.1, d - 0.6) : plant(room, room.halfW - 0.45, d - 0.5, 1)
  out += backWindow(room, -room.halfW + 0.9, 0.9, 0.9, 2.1)
  for (const cx of [-0.6, 0, 0.6]) out += box(room, cx - 0.2, cx + 0.2, 0, 0.95, tz + 1.05, tz + 1.1, chair) + box(room, cx - 0.2, cx + 0.2, 0.42, 0.47, tz + 0.7, tz + 1.1, chair)
  for (const [lx, lz] of [[-0.85, tz + 0.05], [0.8, tz + 0.05], [-0.85, tz + 0.85], [0.8, tz + 0.85]] as const) out += box(room, lx, lx + 0.05, 0, 0.74, lz, lz + 0.05, shade(wood, -0.15))
  out += box(room, -0.95, 0.95, 0.74, 0.78, tz, tz + 0.95, wood)
  for (const cx of [-0.6, 0, 0.6]) out += box(room, cx - 0.2, cx + 0.2, 0.42, 0.47, tz - 0.45, tz - 0.05, chair) + box(room, cx - 0.2, cx + 0.2, 0, 0.95, tz - 0.5, tz - 0.45, chair)
  out += pendant(room, -0.4, tz + 0.45, 0.8) + pendant(room, 0.4, tz + 0.45, 0.8)
  return floorShadow(room, -0.95, 0.95, tz, tz + 0.95) + out
}

function office(room: Room): string {
  const d = room.depth
  const hw = room.halfW
  let out = ''
  // Suspended ceiling grid with light panels.
  for (let x = -hw; x < hw; x += 0.6) {
    for (let z = d; z > room.near + 0.6; z -= 0.6) {
      const lit = Math.round((x + hw) / 0.6) % 3 === 1 && Math.round(z / 0.6) % 2 === 0
      out += quad(room, [[x, room.height - 0.001, z], [x + 0.6, room.height - 0.001, z], [x + 0.6, room.height - 0.001, z - 0.6], [x, room.height - 0.001, z - 0.6]], lit ? '#fdfdf6' : '#e9e8e4', 'stroke="#c9c8c3" stroke-width="1.5"')
    }
  }
  out += backWindow(room, -1.2, 1.6, 0.9, 2.2) + backWindow(room, 1.2, 1.6, 0.9, 2.2)
  for (const row of [d - 1.2, d - 3]) {
    for (const side of [-1, 1]) {
      const x0 = side < 0 ? -hw + 0.3 : 0.3
      const x1 = side < 0 ? -0.3 : hw - 0.3
      for (const [lx, lz] of [[x0, row], [x1 - 0.05, row], [x0, row + 0.75], [x1 - 0.05, row + 0.75]] as const) out += box(room, lx, lx + 0.05, 0, 0.72, lz, lz + 0.05, '#9a9a9a')
      out += box(room, x0, x1, 0.72, 0.75, row, row + 0.8, '#f4f2ee')
      for (let mx = x0 + 0.4; mx < x1 - 0.2; mx += 0.8) {
        out += box(room, mx - 0.25, mx + 0.25, 0.85, 1.15, row + 0.5, row + 0.53, '#1f2326') + box(room, mx - 0.03, mx + 0.03, 0.75, 0.85, row + 0.55, row + 0.58, '#555555')
        out += box(room, mx - 0.25, mx + 0.25, 0.45, 0.95, row - 0.35, row - 0.3, '#2b2b2b') + box(room, mx - 0.25, mx + 0.25, 0.42, 0.48, row - 0.4, row - 0.05, '#3a3f44')
      }
    }
  }
  out += plant(room, hw - 0.4, d - 0.4, 1.2) + plant(room, -hw + 0.4, d - 0.4, 1)
  return out
}

/** One interior photo of the given room, varied by the stream. */
export function renderInterior(kind: InteriorKind, era: InteriorEra, rng: Random): string {
  const room: Room = {
    cam: { vx: W / 2 + rng.float(-110, 110), vy: 370 + rng.float(-30, 30), f: kind === 'office' ? 760 : 900, h: kind === 'office' ? 1.75 : 1.4 },
    halfW: kind === 'bathroom' ? 1.6 : kind === 'office' ? 3.2 : rng.float(2.1, 2.5),
    depth: kind === 'bathroom' ? 3.4 : kind === 'office' ? 7.5 : rng.float(4.3, 4.9),
    height: kind === 'office' ? 2.7 : era === 'period' ? 2.8 : 2.5,
    near: 0.6,
    rng,
    defs: [],
    ids: 0,
    era: kind === 'office' ? 'modern' : era,
  }
  const wall = rng.pick(WALLS)
  const feature = kind !== 'bathroom' && kind !== 'office' && rng.chance(0.35) ? rng.pick(FEATURE_WALLS) : null
  const floor = kind === 'bathroom' || kind === 'kitchen' ? (rng.chance(0.7) ? 'tile' : 'wood') : kind === 'bedroom' || kind === 'office' ? 'carpet' : rng.chance(0.75) ? 'wood' : 'carpet'
  let body = shell(room, floor, wall, feature)
  if (kind !== 'bedroom' && kind !== 'kitchen' && kind !== 'office' && rng.chance(0.6)) body += leftWindow(room, room.depth - 2.4, room.depth - 1.1, 0.9, 2.1)
  switch (kind) {
    case 'living':
      body += living(room)
      break
    case 'kitchen':
      body += kitchen(room)
      break
    case 'bedroom':
      body += bedroom(room)
      break
    case 'bathroom':
      body += bathroom(room)
      break
    case 'dining':
      body += dining(room)
      break
    case 'office':
      body += office(room)
      break
  }
  // Daylight from the left, falling off to the right.
  const lightId = nextId(room, 'light')
  room.defs.push(`<linearGradient id="${lightId}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff6e0" stop-opacity="0.16"/><stop offset="1" stop-color="#1a1a1a" stop-opacity="0.08"/></linearGradient>`)
  body += rect(0, 0, W, H, `url(#${lightId})`)
  return svgDocument(W, H, room.defs.join(''), body)
}
