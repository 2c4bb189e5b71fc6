/**
 * Writes docs/api.md, the API reference, from the OpenAPI document of the routes (`npm run docs:api`;
 * run it after changing a route: a test fails while the file is stale). Builds the API on an empty
 * in-memory database, reads GET /api/openapi.json and renders it (openapi-markdown.ts).
 */
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { currentApiReference } from '../openapi-reference.ts'

const target = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url))
await writeFile(target, await currentApiReference())
console.log(`wrote ${target}`)
