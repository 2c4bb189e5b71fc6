import type { Database, Db, ReadDatabase } from '@agency/db'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isVisitorRequest } from '#app/http-cache.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database the API reads and writes: the primary. */
    db: Db
    /**
     * Where the reads that may be a moment behind go: the read replicas (DATABASE_READ_URL), or the
     * primary itself when there are none. Only through `dbFor`, for a visitor's request.
     */
    readDb: Db
    /**
     * The database a request's catalogue reads go to (docs/architecture.md, read-your-writes): a
     * visitor's (a GET with no cookie and no credentials, so no session) to `readDb`; anyone else's
     * to the primary, so that what a person just did is in what they read next.
     */
    dbFor: (request: Pick<FastifyRequest, 'method' | 'headers'>) => Db
    /** Which driver `db` runs on: PostgreSQL's pool runs statements side by side, PGlite one at a time. */
    dbKind: Database['kind']
  }
}

/**
 * Shares the database opened by the composition root, and the read replicas' handle when there is
 * one; that root also closes them.
 */
export default fp<{ database: Database; readDatabase?: ReadDatabase | undefined }>(
  async (app, options) => {
    const primary = options.database.db
    const replicas = options.readDatabase
    app.decorate('db', primary)
    app.decorate('readDb', replicas?.db ?? primary)
    // Each visitor's request reads from one replica, the next in turn.
    app.decorate('dbFor', (request: Pick<FastifyRequest, 'method' | 'headers'>) => (replicas && isVisitorRequest(request.method, request.headers) ? replicas.next() : primary))
    app.decorate('dbKind', options.database.kind)
  },
  { name: 'db' },
)
