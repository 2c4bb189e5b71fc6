import { LRUCache } from 'lru-cache'

/**
 * A short-lived cache of the answers every visitor gets alike (a search without a session: no locked
 * details, no match percentages), as the page cache keeps visitors' pages. Requests for the same
 * address while its answer is computed share that one computation. A change to a property shows in
 * these answers within the cache's lifetime; answers for a logged-in contact are never kept.
 */
export interface VisitorAnswerCache {
  /** Whether answers are kept at all (a lifetime above 0). */
  readonly keeps: boolean
  /** The kept answer for `key`, else `load`'s (kept for the cache's lifetime). */
  get<T extends object>(key: string, load: () => Promise<T>): Promise<T>
}

/** The cache; with a lifetime of 0 every call loads afresh. */
export function createVisitorAnswerCache(options: { ttlMs: number; maxEntries?: number }): VisitorAnswerCache {
  if (options.ttlMs <= 0) return { keeps: false, get: (_key, load) => load() }
  /** One request's load, and the computation it started for everyone waiting on the key, if it did. */
  interface Context {
    load: () => Promise<object>
    pending?: Promise<object>
  }
  const cache = new LRUCache<string, object, Context>({
    max: options.maxEntries ?? 500,
    ttl: options.ttlMs,
    // Kept for its lifetime from when it was computed, whatever the reads.
    updateAgeOnGet: false,
    fetchMethod: (_key, _stale, { context }) => (context.pending = context.load()),
  })
  return {
    keeps: true,
    async get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      const context: Context = { load }
      let answer: object | undefined
      try {
        answer = await cache.fetch(key, { context })
      } catch (error) {
        // An entry pushed out while it was computed (a burst of other addresses) fails every request
        // waiting on it with lru-cache's 'evicted': the request whose computation it was still answers
        // with it, each other one computes for itself. A computation's own failure stays its request's.
        if (context.pending) return (await context.pending) as T
        if (error instanceof Error && error.message === 'evicted') return load()
        throw error
      }
      // fetchMethod always answers an object; undefined would mean it was aborted.
      return (answer ?? (await load())) as T
    },
  }
}
