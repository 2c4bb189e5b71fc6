/**
 * The media store in the database (migration 0036): an object is a row of `media_objects` and its
 * bytes are rows of `media_parts`, 1 MiB each, so that no statement carries a whole brochure and a
 * reader streams one part at a time. Every machine of a site on one PostgreSQL reaches it; a put
 * replaces an object in one transaction, so a reader sees the old bytes or the new.
 */
import { sql } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { queryRows, type Database } from '../client.ts'
import { checkMediaKey, checkMediaPrefix, sha256Hex, toBuffer, type MediaObjectInfo, type MediaStore } from './store.ts'

/** The bytes of one row of `media_parts`. */
export const MEDIA_PART_BYTES = 1024 * 1024

type ObjectRow = { content_type: string; size: number | string; sha256: string; parts: number }

const toInfo = (row: ObjectRow): MediaObjectInfo => ({ size: Number(row.size), contentType: row.content_type, version: row.sha256, sha256: row.sha256 })

/** bytea comes back as a Buffer from pg and as a Uint8Array from PGlite. */
const asBuffer = (value: Uint8Array): Buffer => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength))

/** The LIKE pattern of keys that start with `prefix`. */
const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function createPostgresMediaStore(database: Database, options: { partBytes?: number } = {}): MediaStore {
  const partBytes = options.partBytes ?? MEDIA_PART_BYTES
  const { db } = database

  async function head(key: string): Promise<(MediaObjectInfo & { parts: number }) | null> {
    checkMediaKey(key)
    const [row] = await queryRows<ObjectRow>(db, sql`select content_type, size, sha256, parts from media_objects where key = ${key}`)
    return row ? { ...toInfo(row), parts: row.parts } : null
  }

  return {
    kind: 'postgres',
    description: `the ${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} (media_objects)`,

    async put(key, body, contentType) {
      checkMediaKey(key)
      const bytes = await toBuffer(body)
      const parts = Math.ceil(bytes.length / partBytes)
      const sha256 = sha256Hex(bytes)
      await db.transaction(async (tx) => {
        // The upsert locks the row: two puts of one key take turns, and their parts never mix.
        await tx.execute(sql`insert into media_objects (key, content_type, size, sha256, parts) values (${key}, ${contentType}, ${bytes.length}, ${sha256}, ${parts})
          on conflict (key) do update set content_type = excluded.content_type, size = excluded.size, sha256 = excluded.sha256, parts = excluded.parts, stored_at = now()`)
        await tx.execute(sql`delete from media_parts where key = ${key}`)
        for (let part = 0; part < parts; part += 1) {
          const slice = bytes.subarray(part * partBytes, (part + 1) * partBytes)
          await tx.execute(sql`insert into media_parts (key, part, bytes) values (${key}, ${part}, ${slice})`)
        }
      })
    },

    async get(key) {
      const info = await head(key)
      if (!info) return null
      const { parts, ...rest } = info
      async function* read() {
        for (let part = 0; part < parts; part += 1) {
          const [row] = await queryRows<{ bytes: Uint8Array }>(db, sql`select bytes from media_parts where key = ${key} and part = ${part}`)
          // Deleted or replaced while it was read: the reader gets an error, not a mix of two objects.
          if (!row) throw new Error(`media ${key} changed while it was read`)
          yield asBuffer(row.bytes)
        }
      }
      return { ...rest, body: Readable.from(read(), { objectMode: false }) }
    },

    async head(key) {
      const info = await head(key)
      if (!info) return null
      const { parts: _parts, ...rest } = info
      return rest
    },

    async exists(key) {
      return (await head(key)) !== null
    },

    async delete(key) {
      checkMediaKey(key)
      // The parts go with it (on delete cascade).
      await db.execute(sql`delete from media_objects where key = ${key}`)
    },

    async *list(prefix = '') {
      checkMediaPrefix(prefix)
      let after = ''
      for (;;) {
        const rows = await queryRows<{ key: string }>(db, sql`select key from media_objects where key like ${likePrefix(prefix)} and key collate "C" > ${after} order by key collate "C" limit 1000`)
        for (const row of rows) yield row.key
        if (rows.length < 1000) return
        after = (rows.at(-1) as { key: string }).key
      }
    },

    async close() {},
  }
}
