import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES } from '#app/messages.ts'
import errors, { BUSY_RETRY_AFTER_SECONDS } from './errors.ts'

const failures: Record<string, () => Error> = {
  terminated: () => new Error('Failed query: select 1', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }),
  restarting: () => Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
  crashed: () => Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' }),
  reset: () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
  refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  lost: () => new Error('Connection terminated unexpectedly'),
  timeout: () => new Error('Connection terminated due to connection timeout'),
  bug: () => new TypeError("Cannot read properties of undefined (reading 'price')"),
}

describe('the API error handler', () => {
  const app = Fastify({ logger: false })

  beforeAll(async () => {
    await app.register(errors)
    app.get('/fail/:kind', async (request) => {
      throw failures[(request.params as { kind: string }).kind]!()
    })
    await app.ready()
  })
  afterAll(() => app.close())

  it('answers 503 with Retry-After when the connection to the database was lost, refused or timed out', async () => {
    for (const kind of ['terminated', 'restarting', 'crashed', 'reset', 'refused', 'lost', 'timeout']) {
      const response = await app.inject(`/fail/${kind}`)
      expect([kind, response.statusCode, response.headers['retry-after'], response.headers['cache-control']]).toEqual([kind, 503, String(BUSY_RETRY_AFTER_SECONDS), 'no-store'])
      expect(response.json()).toEqual({ message: API_MESSAGES.BUSY })
    }
  })

  it('answers 500 for any other failure, and says nothing of it', async () => {
    const response = await app.inject('/fail/bug')
    expect(response.statusCode).toBe(500)
    expect(response.headers['retry-after']).toBeUndefined()
    expect(response.json()).toEqual({ message: API_MESSAGES.SERVER_ERROR })
  })
})
