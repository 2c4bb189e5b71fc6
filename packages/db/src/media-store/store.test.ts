import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, startS3TestServer, testDatabaseKinds, type S3TestServer, type TestDatabase } from '../testing.ts'
import { createDiskMediaStore } from './disk.ts'
import { moveMedia } from './move.ts'
import { createPostgresMediaStore } from './postgres.ts'
import { createS3MediaStore } from './s3.ts'
import { readMedia, toBuffer, type MediaStore } from './store.ts'

/** A store to test, made fresh for one describe block, and how to throw it away. */
interface Subject {
  store: MediaStore
  cleanup: () => Promise<void>
}

const subjects: Array<[string, () => Promise<Subject>]> = [
  [
    'the disk',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'agency-media-store-'))
      return { store: createDiskMediaStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) }
    },
  ],
  ...testDatabaseKinds().map((kind): [string, () => Promise<Subject>] => [
    `the database (${kind})`,
    async () => {
      const database: TestDatabase = await createTestDatabase(kind)
      // Small parts, so that the tests' objects span several.
      return { store: createPostgresMediaStore(database, { partBytes: 64 * 1024 }), cleanup: () => database.close() }
    },
  ]),
  [
    'an S3-compatible server',
    async () => {
      const server: S3TestServer = await startS3TestServer()
      const store = await createS3MediaStore(server.options)
      return {
        store,
        cleanup: async () => {
          await store.close()
          await server.stop()
        },
      }
    },
  ],
]

/** Bytes no two tests share, of any length. */
function bytesOf(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length)
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed * 7) & 0xff
  return bytes
}

async function keysOf(store: MediaStore, prefix?: string): Promise<string[]> {
  const keys: string[] = []
  for await (const key of store.list(prefix)) keys.push(key)
  return keys.sort()
}

describe.each(subjects)('the media store on %s', (_name, make) => {
  let subject: Subject
  let store: MediaStore
  beforeAll(async () => {
    subject = await make()
    store = subject.store
  })
  afterAll(() => subject?.cleanup())

  it('gives back what was put, with its size and type', async () => {
    const bytes = bytesOf(1000, 1)
    await store.put('feeds/ab/one.jpg', bytes, 'image/jpeg')
    const object = await store.get('feeds/ab/one.jpg')
    expect(object).toMatchObject({ size: 1000, contentType: 'image/jpeg' })
    expect((await toBuffer(object!.body)).equals(bytes)).toBe(true)
    expect(await store.head('feeds/ab/one.jpg')).toMatchObject({ size: 1000, contentType: 'image/jpeg' })
    expect(await store.exists('feeds/ab/one.jpg')).toBe(true)
  })

  it('answers null for a key with nothing under it', async () => {
    expect(await store.get('feeds/ab/none.jpg')).toBeNull()
    expect(await store.head('feeds/ab/none.jpg')).toBeNull()
    expect(await store.exists('feeds/ab/none.jpg')).toBe(false)
    expect(await readMedia(store, 'feeds/ab/none.jpg')).toBeNull()
  })

  it('takes a stream, and keeps an object larger than one part whole', async () => {
    const bytes = bytesOf(300 * 1024 + 17, 2)
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, 200_000), bytes.subarray(200_000)]
    await store.put('docs/big.pdf', Readable.from(pieces), 'application/pdf')
    expect(await store.head('docs/big.pdf')).toMatchObject({ size: bytes.length, contentType: 'application/pdf' })
    expect((await readMedia(store, 'docs/big.pdf'))?.equals(bytes)).toBe(true)
  })

  it('replaces an object whole, with a new version', async () => {
    await store.put('company/certificate.pdf', bytesOf(200 * 1024, 3), 'application/pdf')
    const before = await store.head('company/certificate.pdf')
    const smaller = bytesOf(500, 4)
    await store.put('company/certificate.pdf', smaller, 'application/pdf')
    const after = await store.head('company/certificate.pdf')
    expect(after?.size).toBe(500)
    expect(after?.version).not.toBe(before?.version)
    expect((await readMedia(store, 'company/certificate.pdf'))?.equals(smaller)).toBe(true)
  })

  it('lists keys, under a prefix or all', async () => {
    await store.put('pool/a.jpg', bytesOf(10, 5), 'image/jpeg')
    await store.put('pool/b.jpg', bytesOf(10, 6), 'image/jpeg')
    expect(await keysOf(store, 'pool/')).toEqual(['pool/a.jpg', 'pool/b.jpg'])
    expect(await keysOf(store)).toEqual(['company/certificate.pdf', 'docs/big.pdf', 'feeds/ab/one.jpg', 'pool/a.jpg', 'pool/b.jpg'])
    expect(await keysOf(store, 'nothing/')).toEqual([])
  })

  it('deletes, and deleting what is not there is no error', async () => {
    await store.delete('pool/a.jpg')
    expect(await store.exists('pool/a.jpg')).toBe(false)
    expect(await keysOf(store, 'pool/')).toEqual(['pool/b.jpg'])
    await expect(store.delete('pool/a.jpg')).resolves.toBeUndefined()
  })

  it('refuses keys that are not media keys', async () => {
    for (const key of ['../outside.jpg', '/etc/passwd', 'feeds//x.jpg', 'feeds/../../x.jpg', '', 'a b.jpg']) {
      await expect(store.put(key, bytesOf(1, 7), 'image/jpeg'), key).rejects.toThrow('not a media key')
      await expect(store.get(key), key).rejects.toThrow('not a media key')
    }
  })

  it('is filled from a disk store by a move, which a second run leaves alone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agency-media-move-'))
    try {
      await mkdir(path.join(dir, 'moved', 'x'), { recursive: true })
      await writeFile(path.join(dir, 'moved', 'x', 'one.png'), bytesOf(5000, 8))
      await writeFile(path.join(dir, 'moved', 'two.pdf'), bytesOf(90 * 1024, 9))
      // A file another process is still writing is not media yet.
      await writeFile(path.join(dir, 'moved', 'three.jpg.123.0badc0de.tmp'), bytesOf(10, 10))
      const disk = createDiskMediaStore(dir)
      const first = await moveMedia(disk, store)
      const second = await moveMedia(disk, store)
      expect(first).toMatchObject({ found: 2, copied: 2, unchanged: 0, bytesCopied: 5000 + 90 * 1024 })
      expect(second).toMatchObject({ found: 2, copied: 0, unchanged: 2, bytesCopied: 0 })
      expect(await store.head('moved/x/one.png')).toMatchObject({ size: 5000, contentType: 'image/png' })
      expect((await readMedia(store, 'moved/two.pdf'))?.equals(await readFile(path.join(dir, 'moved', 'two.pdf')))).toBe(true)
      // A file changed on the disk since is copied again.
      await writeFile(path.join(dir, 'moved', 'two.pdf'), bytesOf(90 * 1024, 11))
      expect(await moveMedia(disk, store)).toMatchObject({ copied: 1, unchanged: 1 })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
