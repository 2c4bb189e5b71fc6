import type { PictureFormat } from '@agency/domain'

/** The quality (`q`) an Accept header gives one media type by name; 0 when it names it not at all. */
function qualityOf(accept: string, type: string): number {
  for (const range of accept.split(',')) {
    const [name = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase())
    if (name !== type) continue
    const q = params.find((param) => param.startsWith('q='))
    if (q === undefined) return 1
    const value = Number(q.slice(2))
    return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0
  }
  return 0
}

/**
 * The format of a picture for a request whose URL leaves it open (`/api/m/{key}/{width}`): AVIF when
 * the browser names it in its `Accept` (every browser that decodes it does, for pictures), else WebP
 * when named, else JPEG, which every browser reads. `image/*` and `*\/*` do not count: a browser that
 * sends only those may read neither. AVIF is the smaller at the same quality, so it wins a tie.
 */
export function pickPictureFormat(accept: string | undefined): PictureFormat {
  if (!accept) return 'jpeg'
  const avif = qualityOf(accept, 'image/avif')
  const webp = qualityOf(accept, 'image/webp')
  if (avif > 0 && avif >= webp) return 'avif'
  if (webp > 0) return 'webp'
  return 'jpeg'
}
