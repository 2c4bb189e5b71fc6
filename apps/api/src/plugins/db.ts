import type { Database, Db } from '@agency/db'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database the API reads and writes. */
    db: Db
    /** Which driver `db` runs on: PostgreSQL's pool runs statements side by side, PGlite one at a time. */
    dbKind: Database['kind']
  }
}

/** Shares the database opened by the composition root; that root also closes it. */
export default fp<{ database: Database }>(
  async (app, options) => {
    app.decorate('db', options.database.db)
    app.decorate('dbKind', options.database.kind)
  },
  { name: 'db' },
)
