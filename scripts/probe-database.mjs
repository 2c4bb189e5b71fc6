// The hostile-input probe's view of the database (scripts/probe.mjs): a fingerprint of every table,
// taken between the probe's phases, so that a phase of rejected requests can be shown to have
// written nothing. PostgreSQL is read live through its own connection; the embedded database
// belongs to the server's one process, so the probe reads it while that server is stopped.
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'

/**
 * Tables a rejected request may legitimately change, and why. Every other table must hold exactly
 * the same rows before and after a phase of rejected requests.
 */
export const MAY_CHANGE_ON_REJECTION = {
  rate_limit_buckets: 'a request counts towards its rate limit before it is refused, and the 429 itself is counted',
  spent_captcha_challenges: 'a captcha solution or question is spent by its first answer, right or wrong, so it cannot be replayed',
}

/** Runs `use(query)` on the database: a PostgreSQL URL, or the embedded database under `dataDir`. */
export async function withDatabase({ databaseUrl, dataDir }, use) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return await use(async (text, values) => (await client.query(text, values)).rows)
    } finally {
      await client.end()
    }
  }
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { cube, earthdistance, fuzzystrmatch, pg_trgm } })
  try {
    return await use(async (text, values) => (await client.query(text, values)).rows)
  } finally {
    await client.close()
  }
}

/**
 * Every table's rows, as a count of each row's md5: two fingerprints are equal only when every
 * table holds the same rows (as a multiset, so the order rows are read in does not matter and a
 * table without a primary key is compared as well).
 */
export async function fingerprint(query) {
  const tables = await query(
    `select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by schemaname, tablename`,
  )
  const result = new Map()
  for (const { schemaname, tablename } of tables) {
    const name = schemaname === 'public' ? tablename : `${schemaname}.${tablename}`
    const rows = await query(`select md5(t::text) as h from "${schemaname}"."${tablename}" t`)
    const hashes = new Map()
    for (const { h } of rows) hashes.set(h, (hashes.get(h) ?? 0) + 1)
    result.set(name, { schema: schemaname, table: tablename, rows: rows.length, hashes })
  }
  return result
}

/**
 * What changed between two fingerprints, table by table: rows added and removed (a changed row
 * is one of each), with the text of up to three added rows read from the database now.
 */
export async function diffFingerprints(before, after, query) {
  const changes = []
  for (const [name, now] of after) {
    const then = before.get(name) ?? { rows: 0, hashes: new Map() }
    const added = [...now.hashes].filter(([h, n]) => (then.hashes.get(h) ?? 0) < n).map(([h]) => h)
    const removed = [...then.hashes].filter(([h, n]) => (now.hashes.get(h) ?? 0) < n).map(([h]) => h)
    if (added.length === 0 && removed.length === 0) continue
    const samples = added.length
      ? (await query(`select left(t::text, 300) as row from "${now.schema}"."${now.table}" t where md5(t::text) = any($1) limit 3`, [added])).map((r) => r.row)
      : []
    changes.push({ table: name, rowsBefore: then.rows, rowsAfter: now.rows, added: added.length, removed: removed.length, samples })
  }
  for (const name of before.keys()) if (!after.has(name)) changes.push({ table: name, rowsBefore: before.get(name).rows, rowsAfter: 0, added: 0, removed: before.get(name).rows, samples: [] })
  return changes
}
