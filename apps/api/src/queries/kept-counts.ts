import type { Db } from '@agency/db'
import { LRUCache } from 'lru-cache'
import { perDatabase } from './per-database.ts'

/** The number of a search's matches (at most one past SEARCH_COUNT_LIMIT), and the catalogue's version it was counted at. */
export interface KeptCount {
  counted: number
  version: string
}

/**
 * The most searches whose counts a process keeps for each database; a search past them counts again.
 * A count and its key take some 300 bytes.
 */
const KEPT_COUNTS = 5_000

const keptCounts = perDatabase(() => new LRUCache<string, KeptCount>({ max: KEPT_COUNTS }))

/**
 * The count kept for a search's key (properties.ts `countKeyOf`), if any. It is the number of
 * matches for as long as the catalogue's version is the one it was counted at (packages/db
 * `catalogueVersion`); the search compares the version its page was read at.
 */
export function keptCountOf(db: Db, key: string): KeptCount | undefined {
  return keptCounts(db).get(key)
}

/**
 * Keeps a search's count with the catalogue's version it was counted at, in the same snapshot. A
 * count read without a version (inside a transaction that has written, or a database without the
 * version's row) is not kept.
 */
export function keepCount(db: Db, key: string, counted: number, version: string | null): void {
  if (version === null) return
  keptCounts(db).set(key, { counted, version })
}
