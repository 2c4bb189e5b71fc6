/**
 * An address as a visitor types it into the alert and lead forms: the lines they typed and, when it
 * ends with one, a full UK postcode. The offline address provider builds its suggestion from these
 * and the gazetteer, never from another person's address (apps/api addresses/provider.ts).
 */

/** What a typed address holds. */
export interface TypedAddress {
  /** The lines before the postcode (or all of it), spaces and commas tidied: '12 Park Row, Leeds'. */
  lines: string
  /** The full postcode it ends with, in capitals with one space ('LS1 5HD'), or null. */
  postcode: string | null
}

/**
 * A full UK postcode at the end of what was typed, the inward code's space optional: an outward code
 * (area of one or two letters, a digit, then a digit or letter or nothing) and an inward code (a
 * digit and two letters). The letters the Royal Mail never uses are not told apart: a postcode that
 * looks right is taken as typed.
 */
const TRAILING_POSTCODE = /(?:^|[\s,])([A-Za-z]{1,2}\d[A-Za-z\d]?)\s*(\d[A-Za-z]{2})\s*$/

/**
 * Tidies spaces and commas ('a ,  b,,c ,' → 'a, b, c') and, when it was typed all in lower case (as
 * on a phone), starts each word with a capital ('12 park row' → '12 Park Row'); what was typed with
 * capitals is left as it is ('McAdam Close').
 */
function tidy(text: string): string {
  const tidied = text
    .split(',')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ')
  return tidied === tidied.toLowerCase() ? tidied.replace(/(^|[\s,-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()) : tidied
}

/** Splits a typed address into its lines and the postcode it ends with. */
export function toTypedAddress(typed: string): TypedAddress {
  const match = TRAILING_POSTCODE.exec(typed)
  if (!match?.[1] || !match[2]) return { lines: tidy(typed), postcode: null }
  // The match starts at the space or comma before the postcode, if any: the lines end before it.
  return { lines: tidy(typed.slice(0, match.index)), postcode: `${match[1].toUpperCase()} ${match[2].toUpperCase()}` }
}

/** The outward code (district) of a full postcode: 'LS1 5HD' → 'LS1'. */
export function toPostcodeDistrict(postcode: string): string {
  return postcode.split(' ')[0] ?? postcode
}

/**
 * The lines of a typed address without its last line when that line is the town (any case), so that
 * the town is written once: ('12 Park Row, leeds', 'Leeds') → '12 Park Row'.
 */
export function withoutTown(lines: string, town: string): string {
  const parts = lines.split(', ')
  if (parts.length > 0 && parts[parts.length - 1]!.toLowerCase() === town.toLowerCase()) parts.pop()
  return parts.join(', ')
}

/**
 * The last line of a typed address, which may name its town, and the lines before it: '3 Mill Lane,
 * Otley' → ('3 Mill Lane', 'Otley'). Null for one line: a last word is as often a street's ('Road',
 * 'Street', both also places) as a town's.
 */
export function toTownGuess(lines: string): { street: string; town: string } | null {
  const comma = lines.lastIndexOf(', ')
  if (comma <= 0) return null
  return { street: lines.slice(0, comma), town: lines.slice(comma + 2) }
}

/** An address line as two spellings of it compare: lower case, runs of spaces as one, none around commas. */
function toComparableLine(line: string): string {
  return line.toLowerCase().replace(/\s*,\s*/g, ',').replace(/\s+/g, ' ').trim()
}

/**
 * The suggestion whose line is exactly what was typed, but for case and spaces: typing an address as
 * a suggestion reads it counts as choosing that suggestion (SPEC §5 lead rule 7, 'Address must be
 * selected'). Null for anything else, however close.
 */
export function findTypedSuggestion<S extends { readonly display_name: string }>(suggestions: readonly S[], typed: string): S | null {
  const line = toComparableLine(typed)
  if (line === '') return null
  return suggestions.find((suggestion) => toComparableLine(suggestion.display_name) === line) ?? null
}
