/**
 * The image pool's layout: which files exist, by category, as paths relative to the media root.
 * Properties reference these; `pool.ts` renders them once per media root, and a property's own
 * documents (EPC, floor plans) as a run needs them.
 */

/** Bump when the pictures change, so existing pools are rendered again. */
export const POOL_VERSION = 4

/** The pool's folder under the media root. */
export const POOL_DIR = 'pool'

/**
 * Exterior scenes by archetype (what a buyer would call the building), and how many of each. A
 * property shows one of the archetypes its type, style and age allow (`exteriorKindsFor`).
 */
export const EXTERIOR_KINDS = {
  villa: 12,
  detached_new: 10,
  semi_1930s: 12,
  semi_new: 8,
  terrace_victorian: 14,
  terrace_new: 8,
  townhouse: 6,
  townhouse_new: 6,
  cottage: 8,
  bungalow: 10,
  mansion_block: 14,
  warehouse: 10,
  flats_modern: 16,
  park_home: 6,
  commercial: 6,
  land: 4,
} as const
/** One exterior kind. */
export type ExteriorKind = keyof typeof EXTERIOR_KINDS

/**
 * The archetypes a property of this style (SPEC §3 style ids) may show: a flat a block of flats, a
 * bungalow a bungalow, a semi a pair of semis, a new home a new-build; older homes any of the forms
 * of their style, so a town's pictures of a style are many.
 */
export function exteriorKindsFor(styleId: number, newHome: boolean): readonly ExteriorKind[] {
  switch (styleId) {
    case 1:
    case 7:
      return newHome ? ['detached_new'] : ['villa', 'detached_new']
    case 2:
      return newHome ? ['semi_new'] : ['semi_1930s', 'semi_new']
    case 3:
    case 4:
      return newHome ? ['terrace_new'] : ['terrace_victorian', 'terrace_new']
    case 5:
    case 8:
      return newHome ? ['townhouse_new'] : ['townhouse', 'townhouse_new']
    case 6:
      return ['cottage']
    case 9:
    case 10:
    case 11:
    case 13:
      return newHome ? ['flats_modern'] : ['mansion_block', 'warehouse', 'flats_modern']
    case 12:
      return newHome ? ['flats_modern'] : ['warehouse', 'flats_modern']
    case 14:
    case 15:
    case 16:
      return ['bungalow']
    case 17:
    case 18:
    case 19:
      return ['park_home']
    case 20:
    case 21:
    case 22:
      return ['commercial']
    default:
      return ['land']
  }
}

/** Archetypes built before the war: their rooms are shown with period details (cornices, fireplaces). */
export const PERIOD_EXTERIORS: ReadonlySet<ExteriorKind> = new Set(['villa', 'semi_1930s', 'terrace_victorian', 'townhouse', 'cottage', 'mansion_block'])

/** The archetype a pool exterior shows, from its file name. */
export function toExteriorKind(file: string): ExteriorKind | null {
  const kind = /exterior-([a-z0-9_]+)-\d+\.jpg$/.exec(file)?.[1]
  return kind !== undefined && kind in EXTERIOR_KINDS ? (kind as ExteriorKind) : null
}

/** Interior scenes by room, and how many of each. */
export const INTERIOR_KINDS = {
  living: 16,
  kitchen: 16,
  bedroom: 16,
  bathroom: 12,
  dining: 6,
  office: 4,
} as const
/** One interior kind. */
export type InteriorKind = keyof typeof INTERIOR_KINDS

/** An interior's era: the pool's odd-numbered rooms are period, the even-numbered ones modern. */
export type InteriorEra = 'period' | 'modern'

/** The era of the pool's interior at this index (0-based) of its kind. */
export function interiorEra(index: number): InteriorEra {
  return index % 2 === 0 ? 'period' : 'modern'
}

/** The pool's interiors of a room and era. */
export function interiorsOf(kind: InteriorKind, era: InteriorEra): string[] {
  return POOL.interiors[kind].filter((_, i) => interiorEra(i) === era)
}

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
