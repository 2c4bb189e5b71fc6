/**
 * Feed media into the media store (media-store/: the disk, PostgreSQL or a bucket), content-addressed under `feeds/`: a picture
 * goes through sharp once (EXIF orientation applied, metadata — GPS included — dropped, at most
 * 2,048 px, JPEG for photos and PNG for drawings); the API derives the sizes and the blurred locked
 * picture it serves from that original, as it does for every picture. A PDF is kept as it is. The
 * same bytes always land under the same key, so media already stored cost nothing again.
 */
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { MediaStore } from '../media-store/store.ts'

/** Bump when the recipe changes, so stored originals are made again. */
const RECIPE_VERSION = 1
/** The longest side of a stored original: the largest variant the site serves is 1,600 px wide. */
const MAX_SIDE = 2048

/** What a picture is: a photo (JPEG), or a drawing or chart (PNG keeps its lines sharp). */
export type PictureKind = 'photo' | 'drawing'

/** A media file that could not be stored, and why (for the report). */
export class MediaError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MediaError'
  }
}

/** Whether the bytes are a PDF. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-'
}

function toStorePath(bytes: Uint8Array, recipe: string, extension: string): string {
  const hash = createHash('sha256').update(`${RECIPE_VERSION}\0${recipe}\0`).update(bytes).digest('hex')
  return `feeds/${hash.slice(0, 2)}/${hash}.${extension}`
}

/** Stores a picture; returns its key in the media store, and whether it was already there. */
export async function storePicture(store: MediaStore, bytes: Buffer, kind: PictureKind): Promise<{ file: string; reused: boolean }> {
  if (isPdf(bytes)) throw new MediaError('is a PDF, not a picture')
  const file = toStorePath(bytes, kind, kind === 'photo' ? 'jpg' : 'png')
  if (await store.exists(file)) return { file, reused: true }
  let body: Buffer
  try {
    const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    body = kind === 'photo' ? await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer() : await image.png().toBuffer()
  } catch (error) {
    throw new MediaError(`is not a picture sharp can read (${(error as Error).message})`)
  }
  await store.put(file, body, kind === 'photo' ? 'image/jpeg' : 'image/png')
  return { file, reused: false }
}

/** Stores a PDF as it is; returns its key in the media store, and whether it was already there. */
export async function storePdf(store: MediaStore, bytes: Buffer): Promise<{ file: string; reused: boolean }> {
  if (!isPdf(bytes)) throw new MediaError('is not a PDF')
  const file = toStorePath(bytes, 'pdf', 'pdf')
  if (await store.exists(file)) return { file, reused: true }
  await store.put(file, bytes, 'application/pdf')
  return { file, reused: false }
}

const EPC_PREVIEW_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420"><rect width="600" height="420" fill="#ffffff" stroke="#c8ccd0" stroke-width="4"/><text x="300" y="190" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#1d2b36">Energy Performance</text><text x="300" y="236" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#1d2b36">Certificate</text><text x="300" y="300" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#5b6770">PDF document</text></svg>`

/** The picture shown for an EPC that came as a PDF with no graph beside it. */
export async function storeEpcPreview(store: MediaStore): Promise<string> {
  const { file } = await storePicture(store, await sharp(Buffer.from(EPC_PREVIEW_SVG)).png().toBuffer(), 'drawing')
  return file
}
