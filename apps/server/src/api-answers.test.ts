import { createDiskMediaStore } from '@agency/db'
import os from 'node:os'
import { buildApp } from '@agency/api'
import { API_ANSWERS } from '@agency/api-client/testing'
import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>
  components?: { schemas?: Record<string, unknown> }
}

/**
 * The schema with its `#/components/schemas/…` references put in place; a recursive one (a JSON
 * value) stands for any value below a depth no answer reaches.
 */
function inlineReferences(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineReferences(item, components, depth))
  if (typeof schema !== 'object' || schema === null) return schema
  const ref = (schema as { $ref?: unknown }).$ref
  if (typeof ref === 'string') {
    const target = components[ref.replace('#/components/schemas/', '')]
    if (target === undefined) throw new Error(`the document does not define ${ref}`)
    return depth > 8 ? {} : inlineReferences(target, components, depth + 1)
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineReferences(value, components, depth)]))
}

describe("the api-client tests' fake answers", () => {
  let database: TestDatabase
  let document: OpenApiDocument

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    const app = await buildApp({ database, mediaStore: createDiskMediaStore(os.tmpdir()), cacheDir: os.tmpdir(), publicUrl: 'https://agency.example' })
    try {
      document = (await app.inject('/api/openapi.json')).json()
    } finally {
      await app.close()
    }
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  it.each(Object.entries(API_ANSWERS))('%s matches the answer the OpenAPI document describes', (_name, answer) => {
    const operation = document.paths[answer.path]?.[answer.method.toLowerCase()]
    expect(operation, `${answer.method} ${answer.path} is in the document`).toBeDefined()
    const schema = operation?.responses?.[String(answer.status)]?.content?.['application/json']?.schema
    expect(schema, `${answer.method} ${answer.path} answers ${answer.status} with JSON`).toBeDefined()
    const validator = z.fromJSONSchema(inlineReferences(schema, document.components?.schemas ?? {}) as Parameters<typeof z.fromJSONSchema>[0])
    const result = validator.safeParse(answer.body)
    expect(result.error?.issues ?? []).toEqual([])
  })

  it('rejects an answer that breaks the document, so the check can fail', () => {
    const schema = document.paths['/api/health']?.get?.responses?.['200']?.content?.['application/json']?.schema
    const validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0])
    expect(validator.safeParse({ status: 'ok', database: 'up' }).success).toBe(false)
    const card = document.paths['/api/properties']?.get?.responses?.['200']?.content?.['application/json']?.schema
    const cards = z.fromJSONSchema(inlineReferences(card, document.components?.schemas ?? {}) as Parameters<typeof z.fromJSONSchema>[0])
    expect(cards.safeParse({ ...API_ANSWERS.searchPage.body, page: 'two' }).success).toBe(false)
  })
})
