import { queryRows, type Db } from '@agency/db'
import { sql } from 'drizzle-orm'

/** True when the catalogue holds no property, so demo data may be loaded. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ any: boolean }>(db, sql`select exists(select 1 from properties) as any`)
  return !rows[0]?.any
}
