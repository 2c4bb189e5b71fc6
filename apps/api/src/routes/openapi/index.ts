import type { FastifyPluginAsync } from 'fastify'

/** The OpenAPI document @fastify/swagger builds from the routes' zod schemas. */
const openapi: FastifyPluginAsync = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}

export default openapi
