import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/**
 * After a load (a seed, a feed import): fresh statistics for the catalogue's tables, so the next
 * searches are planned on what they now hold, and a vacuum, which marks their pages all-visible, so
 * that a count reads the covering index alone (an index-only scan) rather than visiting the table for
 * every entry. The embedded database has no autovacuum: without this, neither would ever happen
 * there. On PostgreSQL it does now what autovacuum would do later. Not inside a transaction.
 */
export async function vacuumCatalogue(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) properties, property_medias, floor_plans, epcs, price_history, property_documents, branches`)
}
