import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('GET /api/openapi.json on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  it('lists every catalogue route, generated from the route schemas', async () => {
    const response = await api.app.inject('/api/openapi.json')
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/branches',
        '/api/company_settings/{setting_id}',
        '/api/health',
        '/api/media/{media_id}/{variant}',
        '/api/properties',
        '/api/properties/property_styles',
        '/api/properties/property_types',
        '/api/properties/{property_profile_id}',
        '/api/redirects/{slug}',
      ]),
    )
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json')
  })

  it('documents the search query as optional parameters and the card fields of the answer', async () => {
    const document = (await api.app.inject('/api/openapi.json')).json()
    const search = document.paths['/api/properties'].get
    const parameters = search.parameters as Array<{ name: string; in: string; required: boolean }>
    expect(parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['transaction_type_id', 'locations', 'min_price', 'sort', 'page', 'page_size']))
    expect(parameters.every((p) => p.in === 'query' && p.required === false)).toBe(true)
    const answer = search.responses['200'].content['application/json'].schema
    expect(answer.required).toEqual(['data', 'total', 'page', 'page_size'])
    const card = answer.properties.data.items.oneOf ?? answer.properties.data.items.anyOf
    expect(card).toHaveLength(2)
    expect(Object.keys(card[0].properties)).toEqual(expect.arrayContaining(['property_profile_id', 'price', 'medias', 'detail_page_url']))
    expect(search.responses['400'].content['application/json'].schema.required).toEqual(['message'])
  })

  it('defines every schema its references point to', async () => {
    const document = (await api.app.inject('/api/openapi.json')).json()
    const refs = [...JSON.stringify(document.paths).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1])
    expect(refs.length).toBeGreaterThan(0)
    for (const name of refs) expect(document.components?.schemas?.[name ?? ''], name).toBeDefined()
  })

  it('documents ids as canonical decimal digits', async () => {
    const document = (await api.app.inject('/api/openapi.json')).json()
    const idSchema = { type: 'string', maxLength: 10, pattern: '^[1-9]\\d*$' }
    const detail = document.paths['/api/properties/{property_profile_id}'].get.parameters as Array<{ name: string; schema: unknown }>
    expect(detail.find((p) => p.name === 'property_profile_id')?.schema).toEqual(idSchema)
    const search = document.paths['/api/properties'].get.parameters as Array<{ name: string; schema: unknown }>
    expect(search.find((p) => p.name === 'transaction_type_id')?.schema).toEqual(idSchema)
  })
})
