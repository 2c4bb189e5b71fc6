/**
 * Renders the image pool once per media store: exterior, interior and garden photos (JPEG); and a
 * property's documents (EPC charts and floor plans as PNG, EPC PDFs) as a run needs them. Properties
 * only reference these files; documents are shared by every property with the same scores or rooms,
 * so disk grows far slower than the catalogue. A manifest written last marks a complete pool.
 */
import sharp from 'sharp'
import { z } from 'zod'
import { readMedia, type MediaStore } from '../media-store/store.ts'
import { AGENCY_NAME } from './branches.ts'
import { renderEpcChart, renderEpcPdf, type EpcScores } from './images/epc.ts'
import { renderExterior } from './images/exterior.ts'
import { renderFloorPlan } from './images/floor-plan.ts'
import { renderGarden } from './images/garden.ts'
import { renderInterior } from './images/interior.ts'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './images/svg.ts'
import { DOCS_DIR, POOL, POOL_DIR, POOL_MANIFEST, POOL_VERSION, listPoolFiles, type ExteriorKind, type InteriorKind } from './pool-layout.ts'
import type { PlanSpec } from './rooms.ts'
import { Random, hashString } from './random.ts'

/** The pool looks the same whatever the data seed: it belongs to the media store, not to a run. */
const POOL_SEED = 2024

/** Photo JPEG quality (the media service derives smaller variants from these). */
export const PHOTO_QUALITY = 78

const ManifestSchema = z.object({ version: z.number().int(), files: z.array(z.string()) })

/**
 * Makes sure the store's `pool/` holds every pool file of the current version; renders what is
 * missing when it does not. Returns whether it rendered.
 */
export async function ensureImagePool(store: MediaStore): Promise<boolean> {
  if (await isPoolComplete(store)) return false
  const present = await keysUnder(store, POOL_DIR)
  const grain = await makeGrain()
  const tasks: Array<{ file: string; render: () => Promise<Buffer> }> = []

  for (const kind of Object.keys(POOL.exteriors) as ExteriorKind[]) {
    POOL.exteriors[kind].forEach((file, i) => {
      tasks.push({ file, render: () => toPhoto(renderExterior(kind, streamFor(file, i)), grain) })
    })
  }
  for (const kind of Object.keys(POOL.interiors) as InteriorKind[]) {
    POOL.interiors[kind].forEach((file, i) => {
      tasks.push({ file, render: () => toPhoto(renderInterior(kind, streamFor(file, i)), grain) })
    })
  }
  POOL.gardens.forEach((file, i) => tasks.push({ file, render: () => toPhoto(renderGarden(streamFor(file, i)), grain) }))
  // A pool of an older version is rendered again whole; a pool cut short (a stopped start) is finished.
  const previous = await readManifest(store)
  const missing = previous?.version === POOL_VERSION ? tasks.filter((task) => !present.has(task.file)) : tasks
  await runTasks(store, missing)
  await store.put(POOL_MANIFEST, Buffer.from(JSON.stringify({ version: POOL_VERSION, files: listPoolFiles() }, null, 2)), 'application/json')
  return true
}

/** A property's document, as a run asks for it. */
export type DocumentSpec =
  | { kind: 'epc-chart'; file: string; scores: EpcScores }
  | { kind: 'epc-pdf'; file: string; scores: EpcScores }
  | { kind: 'floor-plan'; file: string; plan: PlanSpec }

/** The keys of the documents already in a store (one listing, not a question a file). */
export async function listDocuments(store: MediaStore): Promise<Set<string>> {
  return keysUnder(store, DOCS_DIR)
}

/**
 * Renders the documents not yet in the media store (a file's name says what it shows, so one that
 * exists is the right one); `present` is what listDocuments found, and takes in what this renders.
 * Returns how many it rendered.
 */
export async function ensureDocuments(store: MediaStore, specs: Iterable<DocumentSpec>, present?: Set<string>): Promise<number> {
  const there = present ?? (await listDocuments(store))
  const wanted = new Map<string, DocumentSpec>()
  for (const spec of specs) if (!wanted.has(spec.file) && !there.has(spec.file)) wanted.set(spec.file, spec)
  const tasks = [...wanted.values()].map((spec) => ({
    file: spec.file,
    render: async (): Promise<Buffer> =>
      spec.kind === 'epc-chart'
        ? toDocumentPng(renderEpcChart(spec.scores))
        : spec.kind === 'epc-pdf'
          ? renderEpcPdf(spec.scores, AGENCY_NAME)
          : toDocumentPng(renderFloorPlan(spec.plan)),
  }))
  await runTasks(store, tasks)
  for (const task of tasks) there.add(task.file)
  return tasks.length
}

/** Two at a time: libvips threads inside each render use the rest of the machine. */
async function runTasks(store: MediaStore, tasks: ReadonlyArray<{ file: string; render: () => Promise<Buffer> }>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as (typeof tasks)[number]
      await store.put(task.file, await task.render(), task.file.endsWith('.pdf') ? 'application/pdf' : task.file.endsWith('.png') ? 'image/png' : 'image/jpeg')
    }
  }
  await Promise.all([worker(), worker()])
}

async function keysUnder(store: MediaStore, dir: string): Promise<Set<string>> {
  const keys = new Set<string>()
  for await (const key of store.list(`${dir}/`)) keys.add(key)
  return keys
}

async function readManifest(store: MediaStore): Promise<z.infer<typeof ManifestSchema> | null> {
  try {
    const bytes = await readMedia(store, POOL_MANIFEST)
    return bytes ? ManifestSchema.parse(JSON.parse(bytes.toString('utf8'))) : null
  } catch {
    return null
  }
}

async function isPoolComplete(store: MediaStore): Promise<boolean> {
  const manifest = await readManifest(store)
  if (manifest?.version !== POOL_VERSION) return false
  const present = await keysUnder(store, POOL_DIR)
  return listPoolFiles().every((file) => present.has(file))
}

function streamFor(file: string, index: number): Random {
  return Random.for(POOL_SEED, hashString(file), index)
}

/** Film-like grain around mid-grey: soft-light blending leaves the picture's tones and adds texture. */
async function makeGrain(): Promise<Buffer> {
  const rng = new Random(POOL_SEED)
  const pixels = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT)
  for (let i = 0; i < pixels.length; i++) pixels[i] = 128 + Math.round((rng.next() + rng.next() - 1) * 40)
  return sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 1 } }).png().toBuffer()
}

const VIGNETTE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}"><defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`,
)

async function toPhoto(svg: string, grain: Buffer): Promise<Buffer> {
  // Rasterise first, then add grain and a vignette, as a lens would.
  const base = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer()
  return sharp(base)
    .composite([
      { input: grain, blend: 'soft-light' },
      { input: VIGNETTE, blend: 'over' },
    ])
    .jpeg({ quality: PHOTO_QUALITY })
    .toBuffer()
}

/** How a document's drawing is scaled to its picture: plans 1024 × 768, EPC charts 880 × 720. */
export const DOCUMENT_SCALE = 0.8

/**
 * A document's picture: a run may need a thousand, so they are rasterised at four fifths of the
 * drawing (still larger than the page shows them) with light compression, about 40% faster.
 */
async function toDocumentPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * DOCUMENT_SCALE }).png({ compressionLevel: 3 }).toBuffer()
}
