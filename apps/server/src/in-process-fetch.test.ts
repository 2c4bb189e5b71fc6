import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessFetch } from './in-process-fetch.ts'

describe('the in-process fetch the pages call the API with', () => {
  let app: FastifyInstance

  beforeAll(async () => {
    app = Fastify()
    app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    app.all('/api/echo', async (request, reply) => {
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/'])
      reply.header('x-answer', 'yes')
      return { method: request.method, url: request.url, ip: request.ip, headers: request.headers, body: request.body ?? null }
    })
    app.delete('/api/nothing', async (_request, reply) => reply.code(204).send())
    app.get('/api/missing', async (_request, reply) => reply.code(404).send({ message: 'Not found' }))
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
  })

  const incoming = new Headers({ cookie: 'sid=visitor', 'user-agent': 'Browser/1.0', 'accept-language': 'en-GB' })
  const fetchOf = () => createInProcessFetch(app, incoming, '203.0.113.9')

  it("calls the route with the call's path, query and headers, the visitor's cookie and address, and answers what it wrote", async () => {
    const answer = await fetchOf()('http://agency.example/api/echo?page=2&q=a%20b', { method: 'GET', headers: new Headers({ accept: 'application/json' }) })
    expect(answer.ok).toBe(true)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-answer')).toBe('yes')
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    const echoed = (await answer.json()) as { method: string; url: string; ip: string; headers: Record<string, string>; body: unknown }
    expect(echoed).toMatchObject({ method: 'GET', url: '/api/echo?page=2&q=a%20b', ip: '203.0.113.9', body: null })
    expect(echoed.headers).toMatchObject({ accept: 'application/json', cookie: 'sid=visitor', 'user-agent': 'Browser/1.0', 'accept-language': 'en-GB' })
  })

  it('sends a JSON body, and a header the call sets wins over the visitor’s', async () => {
    const answer = await fetchOf()('http://agency.example/api/echo', {
      method: 'post',
      headers: { 'Content-Type': 'application/json', Cookie: 'sid=other' },
      body: JSON.stringify({ name: 'Ann' }),
    })
    const echoed = (await answer.json()) as { method: string; headers: Record<string, string>; body: unknown }
    expect(echoed.method).toBe('POST')
    expect(echoed.body).toEqual({ name: 'Ann' })
    expect(echoed.headers).toMatchObject({ 'content-type': 'application/json', cookie: 'sid=other' })
  })

  it('sends a body of another kind as a Request would', async () => {
    const form = new FormData()
    form.set('note', 'hello')
    const answer = await fetchOf()('http://agency.example/api/echo', { method: 'POST', body: form })
    const echoed = (await answer.json()) as { headers: Record<string, string>; body: string }
    expect(echoed.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(echoed.body).toContain('name="note"')
    expect(echoed.body).toContain('hello')
  })

  it('answers an empty body for 204, and a refusal with its status and JSON', async () => {
    const none = await fetchOf()('http://agency.example/api/nothing', { method: 'DELETE' })
    expect([none.ok, none.status, await none.text()]).toEqual([true, 204, ''])
    const missing = await fetchOf()('http://agency.example/api/missing')
    expect([missing.ok, missing.status]).toEqual([false, 404])
    expect(await missing.json()).toEqual({ message: 'Not found' })
  })

  it("carries the process's internal-call key, which a visitor's own header cannot set", async () => {
    const keyed = Fastify()
    keyed.decorate('internalCallKey', 'the-key-of-this-process')
    keyed.get('/api/echo', async (request) => ({ key: request.headers['x-internal-call'] ?? null }))
    await keyed.ready()
    try {
      const visitor = new Headers({ 'x-internal-call': 'guessed' })
      const answer = await createInProcessFetch(keyed, visitor, '203.0.113.9')('http://agency.example/api/echo')
      expect(await answer.json()).toEqual({ key: 'the-key-of-this-process' })
    } finally {
      await keyed.close()
    }
  })
})
