/**
 * The short form of a picture's URL that pages write in their `srcset`s: `/api/m/{key}/{width}`, e.g.
 * `/api/m/PyqcTosdTm-nxQ2ei3psVA/640` for the 640px copy in the best format the browser reads (the
 * media route picks AVIF, WebP or JPEG by the request's `Accept`), or `/api/m/{key}/{width}{format}`
 * for one format, e.g. `…/640a` for the AVIF copy. The long form `/api/media/{media_key}/{variant}`
 * made most of a card's HTML. The media key is the same random UUID, written as its 16 bytes in
 * base64url (22 characters instead of 36); the long form keeps working.
 */

/** Where the short picture URLs live. */
export const SHORT_MEDIA_PATH = '/api/m'

/** The widths in pixels every picture is made in, smallest first. */
export const PICTURE_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const
/** One of PICTURE_WIDTHS. */
export type PictureWidth = (typeof PICTURE_WIDTHS)[number]

/** The formats every picture is made in. */
export type PictureFormat = 'avif' | 'webp' | 'jpeg'

const FORMAT_LETTERS = { avif: 'a', webp: 'w', jpeg: 'j' } as const satisfies Record<PictureFormat, string>
const LETTER_FORMATS: Record<string, PictureFormat> = { a: 'avif', w: 'webp', j: 'jpeg' }

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const MEDIA_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
// 128 bits in 22 characters: the last one carries 2 bits, its other 4 are zero.
const SHORT_KEY = /^[A-Za-z0-9_-]{21}[AQgw]$/

/**
 * A media key (a lower-case version 4 UUID) as 22 base64url characters, the same as Node's
 * `Buffer.from(hex, 'hex').toString('base64url')`; null when `mediaKey` is not a media key.
 */
export function toShortMediaKey(mediaKey: string): string | null {
  if (!MEDIA_KEY.test(mediaKey)) return null
  // 32 hex digits and 4 zero bits are 11 groups of 12 bits, each two base64 characters.
  const hex = `${mediaKey.replaceAll('-', '')}0`
  let short = ''
  for (let i = 0; i < hex.length; i += 3) {
    const group = Number.parseInt(hex.slice(i, i + 3), 16)
    short += BASE64URL.charAt(group >> 6) + BASE64URL.charAt(group & 63)
  }
  return short
}

/** The media key a short key stands for; null when `short` is not one toShortMediaKey writes. */
export function fromShortMediaKey(short: string): string | null {
  if (!SHORT_KEY.test(short)) return null
  let hex = ''
  for (let i = 0; i < short.length; i += 2) {
    const group = BASE64URL.indexOf(short.charAt(i)) * 64 + BASE64URL.indexOf(short.charAt(i + 1))
    hex += group.toString(16).padStart(3, '0')
  }
  const key = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
  return MEDIA_KEY.test(key) ? key : null
}

/**
 * A short picture variant's name: its width and its format's letter (`640a`, `640w`, `640j`), or its
 * width alone (`640`) when the format is left to the request's `Accept` (`format` null).
 */
export function toShortMediaVariant(width: PictureWidth, format: PictureFormat | null): string {
  return format ? `${width}${FORMAT_LETTERS[format]}` : String(width)
}

/**
 * The width and format a short variant's name stands for (format null: chosen by the request's
 * `Accept`); null when it names none.
 */
export function parseShortMediaVariant(name: string): { width: PictureWidth; format: PictureFormat | null } | null {
  const match = /^(\d{3,4})([awj]?)$/.exec(name)
  if (!match) return null
  const width = PICTURE_WIDTHS.find((w) => String(w) === match[1])
  const letter = match[2] ?? ''
  const format = letter === '' ? null : LETTER_FORMATS[letter]
  return width && format !== undefined ? { width, format } : null
}

/** The short path of one copy of a picture (format null: the best the browser reads), from its short key (toShortMediaKey). */
export function toShortMediaPath(shortKey: string, width: PictureWidth, format: PictureFormat | null): string {
  return `${SHORT_MEDIA_PATH}/${shortKey}/${toShortMediaVariant(width, format)}`
}
