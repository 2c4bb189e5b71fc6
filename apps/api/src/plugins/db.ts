import type { Database, Db } from '@agency/db'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database the API reads and writes. */
    db: Db
  }
}

/** Shares the database opened by the composition root; that root also closes it. */
export default fp<{ database: Database }>(
  async (app, options) => {
    app.decorate('db', options.database.db)
  },
  { name: 'db' },
)
