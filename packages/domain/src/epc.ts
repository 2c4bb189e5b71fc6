/**
 * Energy Performance Certificate ratings: the bands A (most efficient) to G and the SAP scores each
 * covers, as printed on every EPC for a home in England, Wales and Northern Ireland (Scotland's
 * certificate uses the same bands).
 */

/** EPC ratings, best first. */
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const
/** One EPC rating. */
export type EpcRating = (typeof EPC_RATINGS)[number]

/** The SAP score range of each rating: A 92 or more … G 1 to 20. */
export const EPC_BANDS: ReadonlyArray<{ rating: EpcRating; min: number; max: number | null }> = [
  { rating: 'A', min: 92, max: null },
  { rating: 'B', min: 81, max: 91 },
  { rating: 'C', min: 69, max: 80 },
  { rating: 'D', min: 55, max: 68 },
  { rating: 'E', min: 39, max: 54 },
  { rating: 'F', min: 21, max: 38 },
  { rating: 'G', min: 1, max: 20 },
]

/** Whether a value is an EPC rating. */
export function isEpcRating(value: unknown): value is EpcRating {
  return typeof value === 'string' && (EPC_RATINGS as readonly string[]).includes(value)
}

/** The rating of a SAP score (1 or more); null for anything else. */
export function toEpcRating(score: number): EpcRating | null {
  if (!Number.isInteger(score) || score < 1) return null
  return EPC_BANDS.find((band) => score >= band.min)?.rating ?? null
}

/** The score range of a rating as the certificate prints it: '92+', '81-91'. */
export function toEpcBandLabel(rating: EpcRating): string {
  const band = EPC_BANDS.find((b) => b.rating === rating)!
  return band.max === null ? `${band.min}+` : `${band.min}-${band.max}`
}
