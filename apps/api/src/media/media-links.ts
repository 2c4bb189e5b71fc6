import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed addresses of pictures a mail client must show without a session: the card picture of a
 * pre-market property in a Heads Up e-mail, sent only to a contact the property is open to. The
 * token names one media and one variant, expires, and is signed with a key derived from the site's
 * (never the site key itself), so it opens that one picture and nothing else, and stops doing so
 * after MEDIA_LINK_TTL_MS. Shape: `m1.<expiry, seconds, base 36>.<HMAC, base64url>`.
 */

/** How long a signed picture shows: as long as the e-mail's other links open (alert-links.ts). */
export const MEDIA_LINK_TTL_MS = 30 * 24 * 60 * 60_000

/** The query parameter that carries the token. */
export const MEDIA_ACCESS_PARAM = 'access'

const TOKEN_SHAPE = /^m1\.[0-9a-z]{1,11}\.[A-Za-z0-9_-]{43}$/

/** Signs and checks picture addresses. */
export interface MediaLinks {
  /** A token that opens `variant` of `mediaKey`, valid MEDIA_LINK_TTL_MS from `now`. */
  sign(mediaKey: string, variant: string, now: Date): string
  /** Whether a token is well signed for this media and variant and unexpired at `now`. */
  verify(token: string, mediaKey: string, variant: string, now: Date): boolean
}

/** The picture links signed with a key derived from `siteKey`. */
export function createMediaLinks(siteKey: string): MediaLinks {
  if (siteKey.length < 16) throw new Error('The media link key must be at least 16 characters')
  const key = createHmac('sha256', siteKey).update('media-links').digest()
  const mac = (mediaKey: string, variant: string, expiry: string) => createHmac('sha256', key).update(`${mediaKey}.${variant}.${expiry}`).digest('base64url')
  return {
    sign(mediaKey, variant, now) {
      const expiry = Math.floor((now.getTime() + MEDIA_LINK_TTL_MS) / 1000).toString(36)
      return `m1.${expiry}.${mac(mediaKey, variant, expiry)}`
    },
    verify(token, mediaKey, variant, now) {
      if (!TOKEN_SHAPE.test(token)) return false
      const [, expiry = '', signature = ''] = token.split('.')
      const given = Buffer.from(signature)
      const expected = Buffer.from(mac(mediaKey, variant, expiry))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
      return Number.parseInt(expiry, 36) * 1000 > now.getTime()
    },
  }
}
