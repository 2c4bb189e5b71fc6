/**
 * Media in URLs are named by their row's `media_key`: a random UUID (version 4) that PostgreSQL draws
 * for every photo, floor plan and EPC. Unlike the serial ids, keys can be neither counted nor guessed,
 * so the media of a property a caller may not see stay unknown to it (issue: locked properties
 * leaked their photo, floor plan and EPC counts through the gaps between sequential ids).
 */
/** A media key in its one written form: lower case, with hyphens. */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/**
 * Picture variants, derived from the original file on demand. Pages offer each picture at 320, 480,
 * 640, 960 and 1280 pixels in AVIF, WebP and JPEG (`srcset`/`sizes`), so a phone takes a small copy
 * and a sharp wide screen a large one, each in the best format it reads.
 */
export const IMAGE_VARIANTS = {
  thumb: { width: 320, format: 'webp' },
  small: { width: 480, format: 'webp' },
  card: { width: 640, format: 'webp' },
  medium: { width: 960, format: 'webp' },
  hd: { width: 1280, format: 'webp' },
  /** The lightbox's largest copy; `full` is the same size as a JPEG, for downloads and old browsers. */
  large: { width: 1600, format: 'webp' },
  full: { width: 1600, format: 'jpeg' },
  // Each WebP size again in AVIF, which browsers that can read it get first (the short URLs' choice
  // by Accept, picture-format.ts): about a third smaller again at the same quality.
  'thumb-avif': { width: 320, format: 'avif' },
  'small-avif': { width: 480, format: 'avif' },
  'card-avif': { width: 640, format: 'avif' },
  'medium-avif': { width: 960, format: 'avif' },
  'hd-avif': { width: 1280, format: 'avif' },
  'large-avif': { width: 1600, format: 'avif' },
  // And in JPEG, for browsers that read neither.
  'thumb-jpeg': { width: 320, format: 'jpeg' },
  'small-jpeg': { width: 480, format: 'jpeg' },
  'card-jpeg': { width: 640, format: 'jpeg' },
  'medium-jpeg': { width: 960, format: 'jpeg' },
  'hd-jpeg': { width: 1280, format: 'jpeg' },
  /**
   * SPEC §2 locked card: the picture a visitor may see of a pre-market property. It is made from a
   * 48px-wide copy, so no detail survives however the browser renders it.
   */
  blurred: { width: 640, format: 'webp' },
} as const
/**
 * The picture an e-mail shows of a property: the card's size in JPEG, which every mail program
 * displays (Outlook for Windows and many webmail readers show no WebP or AVIF, and an e-mail cannot
 * offer a choice of formats as a page's `srcset` does).
 */
export const EMAIL_PICTURE_VARIANT = 'card-jpeg' satisfies ImageVariant

/** The name of a picture variant. */
export type ImageVariant = keyof typeof IMAGE_VARIANTS

/** Every variant the media route serves: the pictures, and `pdf` for an EPC's document. */
export const MEDIA_VARIANTS = [...(Object.keys(IMAGE_VARIANTS) as ImageVariant[]), 'pdf'] as const
/** A variant the media route serves. */
export type MediaVariant = ImageVariant | 'pdf'

/**
 * The picture variant of a width and format (the short URLs' names, @agency/domain media-url.ts);
 * never `blurred`, which only the long URL names.
 */
export function toImageVariant(width: number, format: 'avif' | 'webp' | 'jpeg'): ImageVariant | null {
  const found = (Object.keys(IMAGE_VARIANTS) as ImageVariant[]).find(
    (name) => name !== 'blurred' && IMAGE_VARIANTS[name].width === width && IMAGE_VARIANTS[name].format === format,
  )
  return found ?? null
}

/** Builds the absolute URL of a media variant from the media's key. */
export function toMediaUrl(publicUrl: string, mediaKey: string, variant: MediaVariant): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/media/${mediaKey}/${variant}`
}
