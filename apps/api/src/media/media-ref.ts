/**
 * Media ids in URLs: one letter for the table, then the row id. `p` is a property media row (a photo,
 * or the poster picture of a video or virtual tour), `f` a floor plan, `e` an EPC.
 */
export const MEDIA_KINDS = { p: 'property_media', f: 'floor_plan', e: 'epc' } as const
/** The table a media id points into. */
export type MediaKind = (typeof MEDIA_KINDS)[keyof typeof MEDIA_KINDS]

/** A parsed media id. */
export interface MediaRef {
  kind: MediaKind
  id: number
}

/** A media id as it appears in URLs; the id stays within PostgreSQL's integer range. */
export const MEDIA_ID_PATTERN = /^[pfe][1-9]\d{0,9}$/
const MAX_ID = 2_147_483_647

const PREFIX: Record<MediaKind, string> = { property_media: 'p', floor_plan: 'f', epc: 'e' }

/** Formats a media id: `p123`, `f45`, `e9`. */
export function toMediaId(ref: MediaRef): string {
  return `${PREFIX[ref.kind]}${ref.id}`
}

/** Parses a media id; null when it is not one. */
export function parseMediaId(value: string): MediaRef | null {
  if (!MEDIA_ID_PATTERN.test(value)) return null
  const id = Number(value.slice(1))
  if (id > MAX_ID) return null
  return { kind: MEDIA_KINDS[value[0] as keyof typeof MEDIA_KINDS], id }
}

/** Picture variants, derived from the original file on demand. */
export const IMAGE_VARIANTS = {
  thumb: { width: 320, format: 'webp' },
  card: { width: 640, format: 'webp' },
  medium: { width: 960, format: 'webp' },
  full: { width: 1600, format: 'jpeg' },
  /**
   * SPEC §2 locked card: the picture a visitor may see of a pre-market property. It is made from a
   * 48px-wide copy, so no detail survives however the browser renders it.
   */
  blurred: { width: 640, format: 'webp' },
} as const
/** The name of a picture variant. */
export type ImageVariant = keyof typeof IMAGE_VARIANTS

/** Every variant the media route serves: the pictures, and `pdf` for an EPC's document. */
export const MEDIA_VARIANTS = [...(Object.keys(IMAGE_VARIANTS) as ImageVariant[]), 'pdf'] as const
/** A variant the media route serves. */
export type MediaVariant = ImageVariant | 'pdf'

/** Builds the absolute URL of a media variant. */
export function toMediaUrl(publicUrl: string, ref: MediaRef, variant: MediaVariant): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/media/${toMediaId(ref)}/${variant}`
}
