import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { serializerCompiler } from '#app/schemas.ts'

// The API writes every answer through its response schema, compiled (schemas.ts serializerCompiler):
// what the schema does not name never leaves the server, and an answer the schema refuses is an error,
// not a half-checked body.
describe("the API's serialiser", () => {
  const CardSchema = z.object({ id: z.number().int(), heading: z.string(), price: z.number().nullable(), medias: z.array(z.object({ key: z.string(), kind: z.enum(['photo', 'video']) })) })
  const ListSchema = z.object({ data: z.array(CardSchema), total: z.number().int() })

  async function appAnswering(answer: unknown) {
    const app = Fastify()
    app.setSerializerCompiler(serializerCompiler)
    app.get('/list', { schema: { response: { 200: ListSchema } } }, async () => answer)
    await app.ready()
    return app
  }

  it('writes what the schema names and leaves out every other field, at every depth', async () => {
    const medias = [{ key: 'a', kind: 'photo' as const, file: 'secret/a.jpg' }, { key: 'b', kind: 'video' as const, file: 'secret/b.jpg' }]
    const cards = Array.from({ length: 24 }, (_, i) => ({ id: i + 1, heading: `Card ${i + 1}`, price: i % 3 ? 250_000 + i : null, medias, contact_email: 'owner@example.com' }))
    const app = await appAnswering({ data: cards, total: 24, internal: { query: 'select 1' } })
    const response = await app.inject({ method: 'GET', url: '/list' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: cards.map(({ contact_email: _email, medias: list, ...card }) => ({ ...card, medias: list.map(({ file: _file, ...media }) => media) })),
      total: 24,
    })
    expect(response.body).not.toContain('secret')
    expect(response.body).not.toContain('owner@example.com')
    // The same text zod's own encoding of the answer gives.
    expect(response.body).toBe(JSON.stringify(z.encode(ListSchema, { data: cards, total: 24 })))
    await app.close()
  })

  it('answers 500 and writes nothing of an answer its schema refuses', async () => {
    const app = await appAnswering({ data: [{ id: 1, heading: 'Card', price: 'a lot', medias: [] }], total: 1 })
    const response = await app.inject({ method: 'GET', url: '/list' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('a lot')
    await app.close()
  })
})
