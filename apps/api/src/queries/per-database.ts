import type { Db } from '@agency/db'
import { LRUCache } from 'lru-cache'

/**
 * `build`'s answer for each database, built at its first use and kept as long as the database is:
 * for statements Drizzle writes once (`prepare`) rather than at every request.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let answer = built.get(db)
    if (answer === undefined) {
      answer = build(db)
      built.set(db, answer)
    }
    return answer
  }
}

/**
 * Answers kept for each database by a key (a search's shape), each built at its key's first use; the
 * `max` most recently used are kept, so that a caller sending ever new keys cannot grow memory.
 */
export function perDatabaseAndKey<T extends object>(max: number): (db: Db, key: string, build: () => T) => T {
  const kept = perDatabase(() => new LRUCache<string, T>({ max }))
  return (db, key, build) => {
    const ofDatabase = kept(db)
    let answer = ofDatabase.get(key)
    if (answer === undefined) {
      answer = build()
      ofDatabase.set(key, answer)
    }
    return answer
  }
}
