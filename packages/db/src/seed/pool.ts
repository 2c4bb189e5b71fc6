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
import { DOCS_DIR, POOL, POOL_DIR, POOL_MANIFEST, POOL_VERSION, interiorEra, listPoolFiles, type ExteriorKind, type InteriorKind } from './pool-layout.ts'
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
 *
 * With `cache` (a folder's store kept between demo set-ups, DEMO_POOL_DIR: test runs start many servers
 * on fresh data folders), a complete pool of the current version there is copied instead of rendered
 * (some 20–40 s of both cores), and a pool rendered here is copied there for the next set-up.
 */
export async function ensureImagePool(store: MediaStore, cache?: MediaStore): Promise<boolean> {
  if (await isPoolComplete(store)) return false
  if (cache && (await isPoolComplete(cache))) {
    await copyPool(cache, store)
    return false
  }
  await renderPool(store)
  if (cache) await copyPool(store, cache)
  return true
}

/** Copies a complete pool from one store to another, its manifest last (so a copy cut short is not taken for a pool). */
async function copyPool(from: MediaStore, to: MediaStore): Promise<void> {
  const files = listPoolFiles()
  let next = 0
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!
      const bytes = await readMedia(from, file)
      if (!bytes) throw new Error(`the image pool in ${from.description} lacks ${file}`)
      await to.put(file, bytes, contentTypeOf(file))
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  const manifest = await readMedia(from, POOL_MANIFEST)
  if (!manifest) throw new Error(`the image pool in ${from.description} has no manifest`)
  await to.put(POOL_MANIFEST, manifest, 'application/json')
}

async function renderPool(store: MediaStore): Promise<void> {
  const present = await keysUnder(store, POOL_DIR)
  const lens = makeLens()
  const tasks: Array<{ file: string; render: () => Promise<Buffer> }> = []

  for (const kind of Object.keys(POOL.exteriors) as ExteriorKind[]) {
    POOL.exteriors[kind].forEach((file, i) => {
      tasks.push({ file, render: () => toPhoto(renderExterior(kind, streamFor(file, i)), lens) })
    })
  }
  for (const kind of Object.keys(POOL.interiors) as InteriorKind[]) {
    POOL.interiors[kind].forEach((file, i) => {
      tasks.push({ file, render: () => toPhoto(renderInterior(kind, interiorEra(i), streamFor(file, i)), lens) })
    })
  }
  POOL.gardens.forEach((file, i) => tasks.push({ file, render: () => toPhoto(renderGarden(streamFor(file, i)), lens) }))
  // A pool of an older version is rendered again whole; a pool cut short (a stopped start) is finished.
  const previous = await readManifest(store)
  const missing = previous?.version === POOL_VERSION ? tasks.filter((task) => !present.has(task.file)) : tasks
  await runTasks(store, missing)
  await store.put(POOL_MANIFEST, Buffer.from(JSON.stringify({ version: POOL_VERSION, files: listPoolFiles() }, null, 2)), 'application/json')
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
      await store.put(task.file, await task.render(), contentTypeOf(task.file))
    }
  }
  await Promise.all([worker(), worker()])
}

function contentTypeOf(file: string): string {
  return file.endsWith('.pdf') ? 'application/pdf' : file.endsWith('.png') ? 'image/png' : 'image/jpeg'
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

/** What a lens and a sensor add to every photo: grain (an offset per pixel) and a vignette (a gain per pixel, 1/256ths). */
interface Lens {
  grain: Int8Array
  vignette: Uint16Array
}

/**
 * Film-like grain, and a vignette darkening the corners by up to 28%. Applied to the raw pixels in
 * one pass: libvips' soft-light composite of a grain layer and an SVG vignette cost more than
 * drawing the picture.
 */
function makeLens(): Lens {
  const rng = new Random(POOL_SEED)
  const n = PHOTO_WIDTH * PHOTO_HEIGHT
  const grain = new Int8Array(n)
  for (let i = 0; i < n; i++) grain[i] = Math.round((rng.next() + rng.next() - 1) * 9)
  const vignette = new Uint16Array(n)
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const dx = (x - PHOTO_WIDTH / 2) / PHOTO_WIDTH
      const dy = (y - PHOTO_HEIGHT / 2) / PHOTO_HEIGHT
      const t = Math.min(1, Math.max(0, (Math.sqrt(dx * dx + dy * dy) / 0.75 - 0.55) / 0.45))
      vignette[y * PHOTO_WIDTH + x] = Math.round(256 * (1 - 0.28 * t))
    }
  }
  return { grain, vignette }
}

async function toPhoto(svg: string, lens: Lens): Promise<Buffer> {
  // Rasterise with a touch of softness (the vector edges off, as a lens would), then grain and vignette.
  const data = await sharp(Buffer.from(svg)).blur(0.7).removeAlpha().raw().toBuffer()
  const { grain, vignette } = lens
  for (let p = 0, i = 0; p < grain.length; p++, i += 3) {
    const gain = vignette[p] as number
    const offset = grain[p] as number
    for (let c = i; c < i + 3; c++) {
      const v = (((data[c] as number) * gain) >> 8) + offset
      data[c] = v < 0 ? 0 : v > 255 ? 255 : v
    }
  }
  return sharp(data, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } }).jpeg({ quality: PHOTO_QUALITY }).toBuffer()
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
