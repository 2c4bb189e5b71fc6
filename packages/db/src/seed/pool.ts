/**
 * Renders the image pool once per media root: exterior, interior and garden photos (JPEG); and a
 * property's documents (EPC charts and floor plans as PNG, EPC PDFs) as a run needs them. Properties
 * only reference these files; documents are shared by every property with the same scores or rooms,
 * so disk grows far slower than the catalogue. A manifest written last marks a complete pool.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { z } from 'zod'
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

/** The pool looks the same whatever the data seed: it belongs to the media root, not to a run. */
const POOL_SEED = 2024

/** Photo JPEG quality (the media service derives smaller variants from these). */
export const PHOTO_QUALITY = 78

const ManifestSchema = z.object({ version: z.number().int(), files: z.array(z.string()) })

/**
 * Makes sure `${mediaDir}/pool` holds every pool file of the current version; renders the pool when
 * it does not. Returns whether it rendered.
 */
export async function ensureImagePool(mediaDir: string): Promise<boolean> {
  if (await isPoolComplete(mediaDir)) return false
  await mkdir(path.join(mediaDir, POOL_DIR), { recursive: true })
  const grain = await makeGrain()
  const tasks: Array<{ file: string; render: () => Promise<Buffer> }> = []

  for (const kind of Object.keys(POOL.exteriors) as ExteriorKind[]) {
    POOL.exteriors[kind].forEach((file, i) => {
      tasks.push({ file, render: () => toPhoto(renderExterior(kind, streamFor(file, i)), grain) })
    })
  }
  for (const kind of Object.keys(POOL.interiors) as InteriorKind[]) {
    POOL.interiors[kind].forEach((file, i) => {
      tasks.push({ file, render: () => toPhoto(renderInterior(kind, interiorEra(i), streamFor(file, i)), grain) })
    })
  }
  POOL.gardens.forEach((file, i) => tasks.push({ file, render: () => toPhoto(renderGarden(streamFor(file, i)), grain) }))
  await runTasks(mediaDir, tasks)
  await writeAtomically(
    path.join(mediaDir, POOL_MANIFEST),
    Buffer.from(JSON.stringify({ version: POOL_VERSION, files: listPoolFiles() }, null, 2)),
  )
  return true
}

/** A property's document, as a run asks for it. */
export type DocumentSpec =
  | { kind: 'epc-chart'; file: string; scores: EpcScores }
  | { kind: 'epc-pdf'; file: string; scores: EpcScores }
  | { kind: 'floor-plan'; file: string; plan: PlanSpec }

/**
 * Renders the documents not yet under the media root (a file's name says what it shows, so one that
 * exists is the right one). Returns how many it rendered.
 */
export async function ensureDocuments(mediaDir: string, specs: Iterable<DocumentSpec>): Promise<number> {
  await mkdir(path.join(mediaDir, DOCS_DIR), { recursive: true })
  const wanted = new Map<string, DocumentSpec>()
  for (const spec of specs) if (!wanted.has(spec.file) && !existsSync(path.join(mediaDir, spec.file))) wanted.set(spec.file, spec)
  const tasks = [...wanted.values()].map((spec) => ({
    file: spec.file,
    render: async (): Promise<Buffer> =>
      spec.kind === 'epc-chart'
        ? toDocumentPng(renderEpcChart(spec.scores))
        : spec.kind === 'epc-pdf'
          ? renderEpcPdf(spec.scores, AGENCY_NAME)
          : toDocumentPng(renderFloorPlan(spec.plan)),
  }))
  await runTasks(mediaDir, tasks)
  return tasks.length
}

/** Two at a time: libvips threads inside each render use the rest of the machine. */
async function runTasks(mediaDir: string, tasks: ReadonlyArray<{ file: string; render: () => Promise<Buffer> }>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as (typeof tasks)[number]
      await writeAtomically(path.join(mediaDir, task.file), await task.render())
    }
  }
  await Promise.all([worker(), worker()])
}

async function isPoolComplete(mediaDir: string): Promise<boolean> {
  const manifestPath = path.join(mediaDir, POOL_MANIFEST)
  if (!existsSync(manifestPath)) return false
  try {
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(manifestPath, 'utf8')))
    if (manifest.version !== POOL_VERSION) return false
    return listPoolFiles().every((file) => existsSync(path.join(mediaDir, file)))
  } catch {
    return false
  }
}

function streamFor(file: string, index: number): Random {
  return Random.for(POOL_SEED, hashString(file), index)
}

/** Another process (a second test file, a parallel seed) may render the same pool: never expose a half-written file. */
async function writeAtomically(target: string, data: Buffer): Promise<void> {
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temp, data)
  await rename(temp, target)
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
  // A touch of softness takes the vector edges off, as a lens and a sensor would.
  const base = await sharp(Buffer.from(svg)).blur(0.7).png({ compressionLevel: 1 }).toBuffer()
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
