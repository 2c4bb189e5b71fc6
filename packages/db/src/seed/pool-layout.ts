/**
 * The image pool's layout: which files exist, by category, as paths relative to the media root.
 * Properties reference these; `pool.ts` renders them once per media root, and a property's own
 * documents (EPC, floor plans) as a run needs them.
 */

/** Bump when the pictures change, so existing pools are rendered again. */
export const POOL_VERSION = 3

/** The pool's folder under the media root. */
export const POOL_DIR = 'pool'

/** Exterior scenes by what they show, and how many of each. */
export const EXTERIOR_KINDS = {
  detached: 16,
  semi: 16,
  terrace: 16,
  bungalow: 8,
  flats: 32,
  cottage: 6,
  park_home: 4,
  commercial: 5,
  land: 4,
} as const
/** One exterior kind. */
export type ExteriorKind = keyof typeof EXTERIOR_KINDS

/** Interior scenes by room, and how many of each. */
export const INTERIOR_KINDS = {
  living: 14,
  kitchen: 14,
  bedroom: 14,
  bathroom: 10,
  dining: 4,
  office: 4,
} as const
/** One interior kind. */
export type InteriorKind = keyof typeof INTERIOR_KINDS

/** Garden scenes. */
export const GARDEN_COUNT = 12

/** EPC ratings, best first. */
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const
/** One EPC rating. */
export type EpcRating = (typeof EPC_RATINGS)[number]

const pad = (n: number) => String(n).padStart(2, '0')
const series = (prefix: string, count: number, ext: string) =>
  Array.from({ length: count }, (_, i) => `${POOL_DIR}/${prefix}-${pad(i + 1)}.${ext}`)

function byKind<K extends string>(counts: Record<K, number>, prefix: string, ext: string): Record<K, string[]> {
  const out = {} as Record<K, string[]>
  for (const kind of Object.keys(counts) as K[]) out[kind] = series(`${prefix}-${kind}`, counts[kind], ext)
  return out
}

/** Every pool file by category (paths relative to the media root). */
export const POOL = {
  exteriors: byKind(EXTERIOR_KINDS, 'exterior', 'jpg'),
  interiors: byKind(INTERIOR_KINDS, 'interior', 'jpg'),
  gardens: series('garden', GARDEN_COUNT, 'jpg'),
}

/**
 * A property's documents are drawn from its own facts (its EPC scores, its rooms) and rendered as a
 * run needs them, under `pool/docs/`, named by what they show: a file once drawn serves every
 * property with the same certificate or plan.
 */
export const DOCS_DIR = `${POOL_DIR}/docs`

const score3 = (n: number) => String(n).padStart(3, '0')

/** The EPC chart of these scores. */
export function toEpcChartFile(current: number, potential: number): string {
  return `${DOCS_DIR}/epc-chart-${score3(current)}-${score3(potential)}.png`
}

/** The EPC certificate (PDF) of these scores. */
export function toEpcPdfFile(current: number, potential: number): string {
  return `${DOCS_DIR}/epc-${score3(current)}-${score3(potential)}.pdf`
}

/** The manifest written last, so a pool interrupted half-way is rendered again. */
export const POOL_MANIFEST = `${POOL_DIR}/manifest.json`

/** Every file of the pool, in a stable order. */
export function listPoolFiles(): string[] {
  return [
    ...Object.values<string[]>(POOL.exteriors).flat(),
    ...Object.values<string[]>(POOL.interiors).flat(),
    ...POOL.gardens,
  ]
}
