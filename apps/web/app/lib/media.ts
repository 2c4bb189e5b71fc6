/**
 * The picture variants the API's media route serves (apps/api media-ref.ts): a media URL ends
 * `/api/media/{media_id}/{variant}`, and every picture comes at these widths in WebP and in AVIF.
 */

/** Widths in CSS pixels of the API's picture variants, smallest first. */
const WIDTHS = { thumb: 320, card: 640, medium: 960, large: 1600 } as const
type SizedVariant = keyof typeof WIDTHS

// A media's name is its random key (a version 4 UUID).
const MEDIA_URL = /^(.*\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\/(thumb|card|medium|large|full)$/

/** The URL of another variant of the same picture; null when `url` is not a media URL. */
export function toMediaVariantUrl(url: string, variant: SizedVariant | `${SizedVariant}-avif` | 'full'): string | null {
  const match = MEDIA_URL.exec(url)
  return match ? `${match[1]}/${variant}` : null
}

/** A `<source>`'s type and srcset. */
export interface PictureSource {
  type: 'image/avif' | 'image/webp'
  srcSet: string
}

/**
 * The AVIF and WebP sources of a picture up to `maxWidth` (a thumbnail never needs the 1600px copy),
 * in the order a `<picture>` tries them; empty when `url` is not a media URL (an outside picture).
 */
export function toPictureSources(url: string, maxWidth: number = WIDTHS.large): PictureSource[] {
  if (!MEDIA_URL.test(url)) return []
  const variants = (Object.keys(WIDTHS) as SizedVariant[]).filter((variant, index) => index === 0 || WIDTHS[variant] <= maxWidth)
  const srcSet = (suffix: string) => variants.map((variant) => `${toMediaVariantUrl(url, `${variant}${suffix}` as SizedVariant)} ${WIDTHS[variant]}w`).join(', ')
  return [
    { type: 'image/avif', srcSet: srcSet('-avif') },
    { type: 'image/webp', srcSet: srcSet('') },
  ]
}
