/**
 * Where a feed comes from: a `.blm` file (its media, when they are files, beside it), or a zip that
 * holds one `.blm` and its media. Media are found by file name, whatever the case and folder.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { buffer as readStream } from 'node:stream/consumers'
import yauzl from 'yauzl'

/** A feed file and the media files that came with it. */
export interface BlmSource {
  /** The .blm's name, for the report. */
  name: string
  /** The .blm's bytes, streamed. */
  open(): AsyncIterable<Uint8Array>
  /**
   * What identifies a media file's content without reading it where possible (a zip's directory
   * holds each entry's CRC-32 and size); null when there is no such file.
   */
  fingerprint(file: string): Promise<string | null>
  /** A media file's bytes; null when there is no such file. */
  read(file: string): Promise<Buffer | null>
  close(): Promise<void>
}

/** The most bytes one media file may have (a 30 MB photo is already absurd). */
export const MAX_MEDIA_BYTES = 50 * 1024 * 1024

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

/** A feed that cannot be opened or read: no .blm in the zip, two of them, a broken or truncated zip, an entry whose size lies. */
export class BlmSourceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BlmSourceError'
  }
}

const toKey = (file: string) => path.posix.basename(file.replace(/\\/g, '/')).toLowerCase()

/** Opens a `.blm` or a zip, telling them apart by their first bytes. */
export async function openBlmSource(file: string, name = path.basename(file)): Promise<BlmSource> {
  const handle = await open(file, 'r')
  const head = Buffer.alloc(4)
  try {
    await handle.read(head, 0, 4, 0)
  } finally {
    await handle.close()
  }
  return head.equals(ZIP_MAGIC) ? openZip(file, name) : openPlain(file, name)
}

function openPlain(file: string, name: string): BlmSource {
  const dir = path.dirname(path.resolve(file))
  const resolve = (media: string) => {
    const full = path.resolve(dir, path.basename(media.replace(/\\/g, '/')))
    return full.startsWith(dir + path.sep) ? full : null
  }
  return {
    name,
    open: () => createReadStream(file, { highWaterMark: 64 * 1024 }),
    async fingerprint(media) {
      const bytes = await this.read(media)
      return bytes ? createHash('sha256').update(bytes).digest('hex') : null
    },
    async read(media) {
      const full = resolve(media)
      if (!full) return null
      try {
        const info = await stat(full)
        if (!info.isFile() || info.size > MAX_MEDIA_BYTES) return null
        return await readFile(full)
      } catch {
        return null
      }
    },
    close: async () => undefined,
  }
}

function toZipError(entry: yauzl.Entry, error: unknown): BlmSourceError {
  return new BlmSourceError(`the zip cannot be read: ${entry.fileName}: ${(error as Error).message}`)
}

async function openZip(file: string, name: string): Promise<BlmSource> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false })
  } catch (error) {
    throw new BlmSourceError(`the zip cannot be read: ${(error as Error).message}`)
  }
  const entries = new Map<string, yauzl.Entry>()
  const blms: yauzl.Entry[] = []
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue
      if (/\.blm$/i.test(entry.fileName)) blms.push(entry)
      else entries.set(toKey(entry.fileName), entry)
    }
  } catch (error) {
    zip.close()
    throw new BlmSourceError(`the zip cannot be read: ${(error as Error).message}`)
  }
  if (blms.length !== 1) {
    zip.close()
    throw new BlmSourceError(blms.length === 0 ? 'the zip holds no .blm file' : `the zip holds ${blms.length} .blm files; send one at a time`)
  }
  const blm = blms[0] as yauzl.Entry
  return {
    name: `${name}:${blm.fileName}`,
    open() {
      return {
        async *[Symbol.asyncIterator]() {
          // A broken entry (a size that lies, bad compressed data, a truncated file) is the zip's fault, not the site's.
          let stream: AsyncIterable<unknown>
          try {
            stream = await zip.openReadStreamPromise(blm)
          } catch (error) {
            throw toZipError(blm, error)
          }
          const chunks = stream[Symbol.asyncIterator]()
          for (;;) {
            let next: IteratorResult<unknown>
            try {
              next = await chunks.next()
            } catch (error) {
              throw toZipError(blm, error)
            }
            if (next.done) return
            yield next.value as Uint8Array
          }
        },
      }
    },
    async fingerprint(media) {
      const entry = entries.get(toKey(media))
      return entry ? `crc32:${entry.crc32.toString(16)}:${entry.uncompressedSize}` : null
    },
    async read(media) {
      const entry = entries.get(toKey(media))
      if (!entry || entry.uncompressedSize > MAX_MEDIA_BYTES) return null
      try {
        // yauzl stops a stream that runs past the entry's declared size, so the cap above holds.
        return await readStream(await zip.openReadStreamPromise(entry))
      } catch (error) {
        throw toZipError(entry, error)
      }
    },
    close: async () => zip.close(),
  }
}
