import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { typeOf } from './openapi-markdown.ts'
import { currentApiReference } from './openapi-reference.ts'

const DOCS_API = new URL('../../../docs/api.md', import.meta.url)

describe('docs/api.md', () => {
  it('is the API reference of the routes as they are (npm run docs:api writes it)', async () => {
    const current = await currentApiReference()
    expect(current).toContain('### POST `/api/leads/enquiry`')
    expect(await readFile(DOCS_API, 'utf8'), 'docs/api.md is stale: run `npm run docs:api`').toBe(current)
  }, 60_000)

  it('names a type in a few words', () => {
    expect(typeOf({ type: 'integer', minimum: 0, maximum: 100 })).toBe('integer 0–100')
    expect(typeOf({ type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })).toBe('integer')
    expect(typeOf({ anyOf: [{ type: 'string', maxLength: 256 }, { type: 'null' }] })).toBe('string ≤ 256 chars \\| null')
    expect(typeOf({ type: 'array', items: { enum: ['garden', 'parking'] } })).toBe('array of "garden" \\| "parking"')
  })
})
