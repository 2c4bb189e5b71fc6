import type { Db } from '@agency/db'

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
