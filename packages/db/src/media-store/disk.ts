/**
 * The media store on this machine's disk: a key is a file under the root (`${DATA_DIR}/media`), as
 * the site has always laid media out. The content type follows the key's extension.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createWriteStream } from 'node:fs'
import { checkMediaKey, checkMediaPrefix, contentTypeOfKey, type MediaObjectInfo, type MediaStore } from './store.ts'

/** A file being written (never listed, never served). */
const TEMPORARY = /\.\d+\.[0-9a-f]{8}\.tmp$/

export function createDiskMediaStore(root: string): MediaStore {
  const base = path.resolve(root)
  const fileOf = (key: string): string => {
    checkMediaKey(key)
    return path.join(base, ...key.split('/'))
  }

  async function head(key: string): Promise<MediaObjectInfo | null> {
    try {
      const info = await stat(fileOf(key))
      if (!info.isFile()) return null
      return { size: info.size, contentType: contentTypeOfKey(key), version: `${info.size}-${info.mtimeMs}` }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null
      throw error
    }
  }

  return {
    kind: 'disk',
    description: `the disk at ${base}`,

    async put(key, body) {
      const target = fileOf(key)
      await mkdir(path.dirname(target), { recursive: true })
      // Through a temporary file and a rename, so a reader (another process too) never sees half a file.
      const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(temporary))
        else await writeFile(temporary, body)
        await rename(temporary, target)
      } catch (error) {
        await unlink(temporary).catch(() => undefined)
        throw error
      }
    },

    async get(key) {
      const info = await head(key)
      if (!info) return null
      return { ...info, body: createReadStream(fileOf(key)) }
    },

    head,

    async exists(key) {
      return (await head(key)) !== null
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
    },

    async *list(prefix = '') {
      checkMediaPrefix(prefix)
      let entries
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw error
      }
      for (const entry of entries) {
        if (!entry.isFile() || TEMPORARY.test(entry.name)) continue
        const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
        if (key.startsWith(prefix)) yield key
      }
    },

    async close() {},
  }
}
