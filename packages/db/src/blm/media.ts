/**
 * Feed media into the media store (`${DATA_DIR}/media`), content-addressed under `feeds/`: a picture
 * goes through sharp once (EXIF orientation applied, metadata — GPS included — dropped, at most
 * 2,048 px, JPEG for photos and PNG for drawings); the API derives the sizes and the blurred locked
 * picture it serves from that original, as it does for every picture. A PDF is kept as it is. The
 * same bytes always land on the same path, so media already stored cost nothing again.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

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

async function writeAtomically(target: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true })
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await writeFile(temporary, body)
    await rename(temporary, target)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
}

function toStorePath(bytes: Uint8Array, recipe: string, extension: string): string {
  const hash = createHash('sha256').update(`${RECIPE_VERSION}\0${recipe}\0`).update(bytes).digest('hex')
  return `feeds/${hash.slice(0, 2)}/${hash}.${extension}`
}

/** Stores a picture; returns its path under the media root, and whether it was already there. */
export async function storePicture(mediaDir: string, bytes: Buffer, kind: PictureKind): Promise<{ file: string; reused: boolean }> {
  if (isPdf(bytes)) throw new MediaError('is a PDF, not a picture')
  const file = toStorePath(bytes, kind, kind === 'photo' ? 'jpg' : 'png')
  const target = path.join(mediaDir, file)
  if (existsSync(target)) return { file, reused: true }
  let body: Buffer
  try {
    const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    body = kind === 'photo' ? await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer() : await image.png().toBuffer()
  } catch (error) {
    throw new MediaError(`is not a picture sharp can read (${(error as Error).message})`)
  }
  await writeAtomically(target, body)
  return { file, reused: false }
}

/** Stores a PDF as it is; returns its path under the media root, and whether it was already there. */
export async function storePdf(mediaDir: string, bytes: Buffer): Promise<{ file: string; reused: boolean }> {
  if (!isPdf(bytes)) throw new MediaError('is not a PDF')
  const file = toStorePath(bytes, 'pdf', 'pdf')
  const target = path.join(mediaDir, file)
  if (existsSync(target)) return { file, reused: true }
  await writeAtomically(target, bytes)
  return { file, reused: false }
}

const EPC_PREVIEW_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420"><rect width="600" height="420" fill="#ffffff" stroke="#c8ccd0" stroke-width="4"/><text x="300" y="190" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#1d2b36">Energy Performance</text><text x="300" y="236" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#1d2b36">Certificate</text><text x="300" y="300" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#5b6770">PDF document</text></svg>`

/** The picture shown for an EPC that came as a PDF with no graph beside it. */
export async function storeEpcPreview(mediaDir: string): Promise<string> {
  const { file } = await storePicture(mediaDir, await sharp(Buffer.from(EPC_PREVIEW_SVG)).png().toBuffer(), 'drawing')
  return file
}
