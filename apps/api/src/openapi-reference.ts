import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDatabase, createDiskMediaStore } from '@agency/db'
import { buildApp } from './app.ts'
import { renderApiReference, type OpenApiDocument } from './openapi-markdown.ts'

/** docs/api.md as the routes are now: the API built on an empty in-memory embedded database, its OpenAPI document rendered. */
export async function currentApiReference(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'api-docs-'))
  // Nothing is read from it: the document comes from the routes' schemas alone.
  const database = await createDatabase({ dataDir: 'memory' })
  try {
    const app = await buildApp({ database, mediaStore: createDiskMediaStore(dir), cacheDir: dir, publicUrl: 'http://localhost:3000' })
    try {
      const document = (await app.inject('/api/openapi.json')).json<OpenApiDocument>()
      return renderApiReference(document)
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
    await rm(dir, { recursive: true, force: true })
  }
}
