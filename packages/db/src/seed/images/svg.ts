/** Small helpers for composing SVG scenes as strings. */

/** Photo size of the pool (3:2, as estate agents' cameras shoot). */
export const PHOTO_WIDTH = 1280
/** Photo height of the pool. */
export const PHOTO_HEIGHT = 853

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)]
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`
}

/** Mixes two colours: t = 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a)
  const y = parseHex(b)
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

/** Darkens (negative) or lightens (positive) a colour by up to 1. */
export function shade(hex: string, amount: number): string {
  return amount < 0 ? mix(hex, '#000000', -amount) : mix(hex, '#ffffff', amount)
}

/** Escapes text for SVG. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A rectangle element. */
export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}" ${extra}/>`
}

/** A polygon from [x, y] points. */
export function poly(points: Array<[number, number]>, fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}" fill="${fill}" ${extra}/>`
}

/** An ellipse. */
export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}" ${extra}/>`
}

/** A line. */
export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string {
  return `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`
}

/** A vertical linear gradient definition. */
export function vGradient(id: string, stops: Array<[number, string, number?]>): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('')}</linearGradient>`
}

/** A horizontal linear gradient definition. */
export function hGradient(id: string, stops: Array<[number, string, number?]>): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('')}</linearGradient>`
}

/**
 * Wraps defs and body into a full SVG document. An element's `opacity` becomes fill and stroke
 * opacity: the same picture for shapes whose fill and stroke do not overlap (all of these), and
 * librsvg then paints each shape straight onto the canvas instead of through a layer of its own,
 * which made a photo three to four times slower to rasterise.
 */
export function svgDocument(width: number, height: number, defs: string, body: string): string {
  const flat = body.replace(/ opacity="([0-9.]+)"/g, ' fill-opacity="$1" stroke-opacity="$1"')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${flat}</svg>`
}

/** Rounds to one decimal place to keep the SVG small. */
export function r1(n: number): string {
  return String(Math.round(n * 10) / 10)
}
