/**
 * The picture variants the API's media route serves (apps/api media-ref.ts): a media URL ends
 * `/api/media/{media_id}/{variant}`, and every picture comes at these widths in WebP, AVIF and JPEG,
 * also under the short URLs that srcsets name (@agency/domain media-url.ts), which leave the format to
 * the browser's `Accept`.
 */
import { PICTURE_WIDTHS, toShortMediaKey, toShortMediaPath } from '@agency/domain'
import type { PictureWidth } from '@agency/domain'

/** Widths in pixels of the API's picture variants, smallest first. */
const WIDTHS = { thumb: 320, small: 480, card: 640, medium: 960, hd: 1280, large: 1600 } as const
type SizedVariant = keyof typeof WIDTHS
/** The JPEG copy of each width: `full` is the largest's. */
type JpegVariant = `${Exclude<SizedVariant, 'large'>}-jpeg` | 'full'
type MediaVariant = SizedVariant | `${SizedVariant}-avif` | JpegVariant

// A media's name is its random key (a version 4 UUID).
const MEDIA_URL = /^(.*\/api\/media\/)([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\/(thumb|small|card|medium|hd|large|full)$/

/** The URL of another variant of the same picture; null when `url` is not a media URL. */
export function toMediaVariantUrl(url: string, variant: MediaVariant): string | null {
  const match = MEDIA_URL.exec(url)
  return match ? `${match[1]}${match[2]}/${variant}` : null
}

/** A picture's `<img>` attributes. */
export interface PictureSet {
  /**
   * The copies at each width, each URL leaving the format to the browser's `Accept` (the media route
   * answers AVIF, WebP or JPEG, whichever is the best it reads): one srcset where a `<picture>` needed
   * three, the same files.
   */
  srcSet: string
  /** The JPEG copy closest above half the widest width, for browsers that read no srcset. */
  src: string
}

/** The widths a picture shown at most `maxWidth` pixels wide needs: every one up to the first that covers it. */
function toWidths(maxWidth: number): PictureWidth[] {
  const covering = PICTURE_WIDTHS.findIndex((width) => width >= maxWidth)
  return covering === -1 ? [...PICTURE_WIDTHS] : PICTURE_WIDTHS.slice(0, covering + 1)
}

/**
 * A picture of the media route in the widths up to `maxWidth` (see toWidths), in the best format each
 * browser reads; null when `url` is not a media URL (an outside picture, a blurred card picture).
 */
export function toPictureSet(url: string, maxWidth: number = WIDTHS.large): PictureSet | null {
  const match = MEDIA_URL.exec(url)
  if (!match) return null
  const mediaKey = match[2] ?? ''
  const shortKey = toShortMediaKey(mediaKey)
  if (!shortKey) return null
  // A card names five copies of its picture: the srcset writes them as the media route's short paths
  // (@agency/domain media-url.ts), without spaces between entries, which keeps a list page's HTML short.
  const srcSet = toWidths(maxWidth)
    .map((width) => `${toShortMediaPath(shortKey, width, null)} ${width}w`)
    .join(',')
  const boxWidth = toWidths(maxWidth / 2).at(-1) ?? WIDTHS.thumb
  return {
    srcSet,
    // The src, which browsers that read no srcset fetch, is the JPEG copy under its short path too.
    src: toShortMediaPath(shortKey, boxWidth, 'jpeg'),
  }
}
