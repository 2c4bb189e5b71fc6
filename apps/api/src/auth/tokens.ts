import { createHash, randomBytes } from 'node:crypto'

export { isTokenShaped } from '@agency/domain'

/** 32 bytes (256 bits) from the CSPRNG, base64url: 43 characters (the domain's TOKEN_SHAPE). */
const TOKEN_BYTES = 32

/** A fresh secret for a login link, a session id or an applicant key. */
export function createToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url')
}

/**
 * The SHA-256 of a token, hex. The tokens are 256 random bits, so a plain hash is enough: nothing can
 * be guessed from the stored value, and a leaked table logs nobody in.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
