/**
 * The media store: where originals live (pictures, floor plans, EPCs, brochures, the company's
 * documents), under keys such as `feeds/ab/ab12….jpg` or `pool/exterior-3.jpg`. One interface, three
 * places: the local disk (`${DATA_DIR}/media`, the embedded database's default), PostgreSQL (a table
 * of parts, every machine of a site on one database reaches it), or an S3-compatible object store.
 * Variants are not kept here: each machine derives them on demand and caches them on its own disk.
 */
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'

/** What the store knows of one object. */
export interface MediaObjectInfo {
  /** Bytes. */
  size: number
  contentType: string
  /** Changes whenever the bytes may have changed (a content hash, an ETag, or size and time on disk). */
  version: string
  /** The SHA-256 of the bytes (hex), where the store keeps it (PostgreSQL, S3); not on disk. */
  sha256?: string | undefined
}

/** One object to read: its bytes as a stream, and what the store knows of it. */
export interface MediaObject extends MediaObjectInfo {
  body: Readable
}

/** What may be put: the bytes, or a stream of them (read to its end before the object appears). */
export type MediaBody = Uint8Array | Readable

/** The kinds of store. */
export const MEDIA_STORE_KINDS = ['disk', 'postgres', 's3'] as const
export type MediaStoreKind = (typeof MEDIA_STORE_KINDS)[number]

/** Originals, under keys. A put replaces the object whole: a reader sees the old bytes or the new, never half. */
export interface MediaStore {
  readonly kind: MediaStoreKind
  /** Where it keeps media, for a log line (never a secret). */
  readonly description: string
  put(key: string, body: MediaBody, contentType: string): Promise<void>
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<MediaObject | null>
  /** What is known of the object without reading it, or null. */
  head(key: string): Promise<MediaObjectInfo | null>
  exists(key: string): Promise<boolean>
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>
  /** Every key (under `prefix`, when given), in no promised order. */
  list(prefix?: string): AsyncIterable<string>
  /** Lets go of what it holds open (a client); the database a PostgreSQL store uses is its owner's to close. */
  close(): Promise<void>
}

/** A media key: slash-separated names of letters, digits, `.`, `_` and `-`, none of them `.` or `..`. */
const KEY_PATTERN = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

/** Whether `key` is a key the store accepts (no absolute path, no way out of the store's root). */
export function isMediaKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '..' || part === '.')
}

/** Throws on a key the store does not accept. */
export function checkMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key.slice(0, 80))}`)
}

/** Whether `prefix` is a prefix a listing accepts (a key's beginning, or empty). */
export function checkMediaPrefix(prefix: string): void {
  if (prefix !== '' && !/^[A-Za-z0-9._/-]{1,512}$/.test(prefix)) throw new Error(`not a media key prefix: ${JSON.stringify(prefix.slice(0, 80))}`)
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
}

/** The content type a key's extension names (the disk keeps no other record of it). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  return CONTENT_TYPES[extension] ?? 'application/octet-stream'
}

/** The whole body as one buffer. */
export async function toBuffer(body: MediaBody): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** The object's bytes, or null when there is none. */
export async function readMedia(store: MediaStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key)
  return object ? toBuffer(object.body) : null
}

/** The SHA-256 of some bytes, in hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A stream of one buffer. */
export function streamOf(bytes: Buffer): Readable {
  return Readable.from([bytes], { objectMode: false })
}
