import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const HealthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']) })

/** A database that does not answer within this time counts as down. */
const DATABASE_TIMEOUT_MS = 2_000

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        summary: 'Liveness and database reachability',
        tags: ['operations'],
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          app.db.execute(sql`select 1`),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database did not answer in time')), DATABASE_TIMEOUT_MS)
          }),
        ])
        return { status: 'ok' as const, database: 'ok' as const }
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable')
        return reply.code(503).send({ status: 'error', database: 'error' })
      } finally {
        clearTimeout(timer)
      }
    },
  )
}

export default health
