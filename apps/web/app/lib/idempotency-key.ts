/**
 * A random key for one submission, sent as the API's Idempotency-Key. `crypto.randomUUID` exists in
 * secure contexts only (https, localhost): a site opened over plain http at a network address, as an
 * office might try it, has `crypto.getRandomValues` alone, so the key is made from that.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
