import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { isMediaKey, readMedia, toBuffer, type MediaStore } from '@agency/db'
import sharp, { type Sharp } from 'sharp'
import { IMAGE_VARIANTS, type ImageVariant } from './media-ref.ts'

/**
 * Bumped when the recipe of a variant changes, so variants cached on disk by an older recipe are
 * not served again.
 */
const RECIPE_VERSION = 2

/** SPEC §2 locked card: sharp's sigma for the blur of the tiny copy the locked picture is made from. */
const BLUR_SOURCE_WIDTH = 48
const BLUR_SIGMA = 3

const CONTENT_TYPES = { webp: 'image/webp', jpeg: 'image/jpeg', avif: 'image/avif' } as const

/**
 * AVIF encoding is slow; effort 1 of 9 keeps a first render of the largest size near a second on a
 * small server, for files within a few per cent of the best effort's.
 */
const AVIF_EFFORT = 1

/**
 * AVIF quality: 45 keeps a card picture on a phone (the 640px copy) near 10 KB with no loss visible
 * at that size; 55 made it 14–17 KB. (sharp's default is 50.)
 */
const AVIF_QUALITY = 45

/** A file ready to send. */
export interface StoredFile {
  body: Buffer
  contentType: string
  etag: string
}

/**
 * Derives picture variants from the originals of the media store (the disk, PostgreSQL or a bucket,
 * shared by every machine) and keeps them under `cacheDir`, this machine's own cache.
 */
export interface VariantStore {
  /** The variant of the original under `file` (its key in the media store); null when it is missing. */
  getImage(file: string, variant: ImageVariant): Promise<StoredFile | null>
  /** An original as it is (an EPC's PDF); null when it is missing. */
  getOriginal(file: string, contentType: string): Promise<StoredFile | null>
}

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

async function render(source: Buffer, variant: ImageVariant): Promise<Buffer> {
  const spec = IMAGE_VARIANTS[variant]
  let image: Sharp
  if (variant === 'blurred') {
    const tiny = await sharp(source)
      .rotate()
      .resize({ width: BLUR_SOURCE_WIDTH })
      .blur(BLUR_SIGMA)
      .toBuffer()
    image = sharp(tiny).resize({ width: spec.width })
  } else {
    // .rotate() applies the EXIF orientation; metadata (GPS included) is dropped by default.
    image = sharp(source).rotate().resize({ width: spec.width, withoutEnlargement: true })
  }
  switch (spec.format) {
    case 'webp':
      return image.webp({ quality: variant === 'blurred' ? 50 : 78 }).toBuffer()
    case 'avif':
      return image.avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }).toBuffer()
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer()
  }
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await writeFile(temporary, body)
    await rename(temporary, file)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
}

/**
 * Creates the store. Variants are keyed by the original's key and version (its hash, ETag, or size
 * and time on disk), so shared originals share them and a replaced original is derived again.
 */
export function createVariantStore(options: { store: MediaStore; cacheDir: string }): VariantStore {
  const inFlight = new Map<string, Promise<Buffer | null>>()
  const { store } = options

  return {
    async getImage(file, variant) {
      if (!isMediaKey(file)) return null
      const info = await store.head(file)
      if (!info) return null
      const key = createHash('sha256').update(`${RECIPE_VERSION}\0${variant}\0${file}\0${info.size}\0${info.version}`).digest('hex')
      const spec = IMAGE_VARIANTS[variant]
      const cached = path.join(options.cacheDir, 'variants', key.slice(0, 2), `${key}.${spec.format}`)
      const result = { contentType: CONTENT_TYPES[spec.format], etag: `"${key.slice(0, 32)}"` }

      const hit = await readOrNull(cached)
      if (hit) return { ...result, body: hit }

      // Concurrent requests for the same variant share one read of the original and one render.
      let pending: Promise<Buffer | null> | undefined = inFlight.get(key)
      if (!pending) {
        pending = readMedia(store, file).then(async (source) => {
          if (!source) return null
          const body = await render(source, variant)
          await writeAtomically(cached, body)
          return body
        })
        inFlight.set(key, pending)
        void pending.then(
          () => inFlight.delete(key),
          () => inFlight.delete(key),
        )
      }
      const body = await pending
      return body ? { ...result, body } : null
    },

    async getOriginal(file, contentType) {
      if (!isMediaKey(file)) return null
      const object = await store.get(file)
      if (!object) return null
      const body = await toBuffer(object.body)
      const etag = createHash('sha256').update(`${file}\0${object.size}\0${object.version}`).digest('hex')
      return { body, contentType, etag: `"${etag.slice(0, 32)}"` }
    },
  }
}
