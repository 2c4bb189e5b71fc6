/**
 * Record ids as they appear in URLs. One property has one address: an id is written in decimal digits
 * only, with no sign, exponent, hex prefix, spaces or leading zeros, and it lies within PostgreSQL's
 * `integer` range, so no odd form reaches a query and no two paths name the same record.
 */

/** The largest id a record can have: PostgreSQL's `integer` maximum. */
export const ID_MAX = 2_147_483_647

/** The canonical form of an id: a positive decimal without leading zeros. */
export const CANONICAL_ID = /^[1-9]\d*$/

/** The answer to an id that is not one. */
export const ID_MESSAGE = 'An id must be a positive whole number written in decimal digits.'

/**
 * Reads the id segment of a page path: decimal digits naming a possible record, leading zeros
 * allowed (the page then redirects to the canonical form). Anything else — no digits, a sign, an
 * exponent, zero, or beyond `ID_MAX` — is null: no record has that id.
 */
export function parseIdSegment(value: string): number | null {
  if (!/^\d+$/.test(value)) return null
  const digits = value.replace(/^0+/, '')
  if (digits === '' || digits.length > String(ID_MAX).length) return null
  const id = Number(digits)
  return id >= 1 && id <= ID_MAX ? id : null
}
