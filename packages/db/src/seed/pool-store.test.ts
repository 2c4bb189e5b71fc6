import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskMediaStore } from '../media-store/disk.ts'
import { moveMedia } from '../media-store/move.ts'
import { createPostgresMediaStore } from '../media-store/postgres.ts'
import { sha256Hex, type MediaStore } from '../media-store/store.ts'
import { createTestDatabase, testDatabaseKinds, testPoolCache, type TestDatabase } from '../testing.ts'
import { CMP_CERTIFICATE_FILE, ensureCompanyDocuments } from './company-documents.ts'
import { POOL_MANIFEST, listPoolFiles } from './pool-layout.ts'
import { ensureImagePool } from './pool.ts'

// The demo's media in a shared store: the pool a disk rendered, moved into the database, is complete
// there; a file missing from it is rendered again, alone.
describe.each(testDatabaseKinds())('the image pool in the database store on %s', (kind) => {
  let database: TestDatabase
  let dir: string
  let store: MediaStore

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    dir = await mkdtemp(path.join(os.tmpdir(), 'agency-pool-store-'))
    const disk = createDiskMediaStore(path.join(dir, 'disk'))
    // Drawn, or copied from the run's cache (DEMO_POOL_DIR), which then holds it either way.
    await ensureImagePool(disk, testPoolCache())
    store = createPostgresMediaStore(database)
    await moveMedia(disk, store)
  }, 240_000)

  afterAll(async () => {
    await database?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('is complete once moved, and a missing file is rendered again without the rest', async () => {
    const files = listPoolFiles()
    expect(await store.exists(POOL_MANIFEST)).toBe(true)
    expect(await ensureImagePool(store)).toBe(false)

    const [lost, kept] = files as [string, string]
    // A file the store holds is not rendered again: these bytes stay as they are.
    await store.put(kept, Buffer.from('kept as it is'), 'image/jpeg')
    const keptBefore = await store.head(kept)
    await store.delete(lost)
    expect(await ensureImagePool(store)).toBe(true)
    // The same picture as before (the pool is the same whatever the run); the others left as they were.
    expect((await store.head(lost))?.sha256).toBe(sha256Hex(await readFile(path.join(dir, 'disk', lost))))
    expect(await store.head(kept)).toEqual(keptBefore)
  })

  it('writes the demo certificate once, and keeps an agency’s own', async () => {
    expect(await ensureCompanyDocuments(store)).toBe(true)
    expect(await store.head(CMP_CERTIFICATE_FILE)).toMatchObject({ contentType: 'application/pdf' })
    expect(await ensureCompanyDocuments(store)).toBe(false)
  })

  it('copies the pool a set-up rendered from its cache (DEMO_POOL_DIR) into a fresh store instead of rendering it', async () => {
    const runCache = testPoolCache()
    if (runCache) for (const file of [...listPoolFiles(), POOL_MANIFEST]) expect(await runCache.exists(file)).toBe(true)
    const cache = createDiskMediaStore(path.join(dir, 'cache'))
    await moveMedia(createDiskMediaStore(path.join(dir, 'disk')), cache)
    // What the cache holds is what the fresh store gets: a changed file there shows it was copied.
    const [marked] = listPoolFiles() as [string]
    await cache.put(marked, Buffer.from('from the cache'), 'image/jpeg')
    const fresh = createDiskMediaStore(path.join(dir, 'fresh'))
    expect(await ensureImagePool(fresh, cache)).toBe(false)
    expect(await readFile(path.join(dir, 'fresh', marked), 'utf8')).toBe('from the cache')
    for (const file of [...listPoolFiles(), POOL_MANIFEST]) expect(await fresh.exists(file)).toBe(true)
    // A cache whose copy was cut short (no manifest) is not taken for a pool: the missing file is rendered.
    await cache.delete(POOL_MANIFEST)
    await fresh.delete(marked)
    expect(await ensureImagePool(fresh, cache)).toBe(true)
    expect(await readFile(path.join(dir, 'fresh', marked), 'utf8')).not.toBe('from the cache')
  })
})
