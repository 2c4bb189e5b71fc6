/**
 * The picture variants the API's media route serves (apps/api media-ref.ts): a media URL ends
 * `/api/media/{media_id}/{variant}`, and every picture comes at these widths in WebP, AVIF and JPEG.
 */

/** Widths in pixels of the API's picture variants, smallest first. */
const WIDTHS = { thumb: 320, small: 480, card: 640, medium: 960, hd: 1280, large: 1600 } as const
type SizedVariant = keyof typeof WIDTHS
/** The JPEG copy of each width: `full` is the largest's. */
type JpegVariant = `${Exclude<SizedVariant, 'large'>}-jpeg` | 'full'
type MediaVariant = SizedVariant | `${SizedVariant}-avif` | JpegVariant

// A media's name is its random key (a version 4 UUID).
const MEDIA_URL = /^(.*)(\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\/(thumb|small|card|medium|hd|large|full)$/

/** The URL of another variant of the same picture; null when `url` is not a media URL. */
export function toMediaVariantUrl(url: string, variant: MediaVariant): string | null {
  const match = MEDIA_URL.exec(url)
  return match ? `${match[1]}${match[2]}/${variant}` : null
}

/** A `<source>`'s type and srcset. */
export interface PictureSource {
  type: 'image/avif' | 'image/webp'
  srcSet: string
}

/** A picture's sources: AVIF and WebP for `<source>`, JPEG for the `<img>` itself. */
export interface PictureSet {
  sources: PictureSource[]
  /** The JPEG srcset, for browsers that read neither AVIF nor WebP. */
  jpegSrcSet: string
  /** The JPEG copy closest above `boxWidth`, the `<img>`'s own src. */
  jpegSrc: string
}

/** The widths a picture shown at most `maxWidth` pixels wide needs: every one up to the first that covers it. */
function toWidths(maxWidth: number): SizedVariant[] {
  const variants = Object.keys(WIDTHS) as SizedVariant[]
  const covering = variants.findIndex((variant) => WIDTHS[variant] >= maxWidth)
  return covering === -1 ? variants : variants.slice(0, covering + 1)
}

const toJpegVariant = (variant: SizedVariant): JpegVariant => (variant === 'large' ? 'full' : `${variant}-jpeg`)

/**
 * The AVIF and WebP sources of a picture up to `maxWidth` (a thumbnail never needs the 1600px copy),
 * in the order a `<picture>` tries them; empty when `url` is not a media URL (an outside picture).
 */
export function toPictureSources(url: string, maxWidth: number = WIDTHS.large): PictureSource[] {
  return toPictureSet(url, maxWidth)?.sources ?? []
}

/**
 * A picture of the media route in every format and in the widths up to `maxWidth` (see toWidths);
 * null when `url` is not a media URL.
 */
export function toPictureSet(url: string, maxWidth: number = WIDTHS.large): PictureSet | null {
  const match = MEDIA_URL.exec(url)
  if (!match) return null
  // The media route is the site's own (/api): the srcset's variants are written as paths, which keeps
  // a list page's HTML short (a card names fifteen of them). The src stays as the API wrote it.
  const path = match[2]
  const widths = toWidths(maxWidth)
  const srcSet = (toVariant: (variant: SizedVariant) => MediaVariant) =>
    widths.map((variant) => `${path}/${toVariant(variant)} ${WIDTHS[variant]}w`).join(', ')
  const boxVariant = toWidths(maxWidth / 2).at(-1) ?? 'thumb'
  return {
    sources: [
      { type: 'image/avif', srcSet: srcSet((variant) => `${variant}-avif`) },
      { type: 'image/webp', srcSet: srcSet((variant) => variant) },
    ],
    jpegSrcSet: srcSet(toJpegVariant),
    jpegSrc: `${match[1]}${path}/${toJpegVariant(boxVariant)}`,
  }
}
