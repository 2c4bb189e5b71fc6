import type { Db } from '@agency/db'

/**
 * Calls `record` with the text of each statement the database runs outside a transaction: Drizzle's
 * sessions call the client's `query` for every one, PGlite's or the pool's on PostgreSQL (a named
 * statement's text in its config there).
 */
export function recordStatements(db: Db, record: (text: string) => void): void {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
  const query = client.query.bind(client)
  client.query = (...args: unknown[]) => {
    const [statement] = args
    record(typeof statement === 'object' && statement !== null && 'text' in statement ? String(statement.text) : String(statement))
    return query(...args)
  }
}
