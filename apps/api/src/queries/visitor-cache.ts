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
  const cache = new LRUCache<string, object, () => Promise<object>>({
    max: options.maxEntries ?? 500,
    ttl: options.ttlMs,
    // Kept for its lifetime from when it was computed, whatever the reads.
    updateAgeOnGet: false,
    fetchMethod: (_key, _stale, { context }) => context(),
  })
  return {
    keeps: true,
    async get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      const answer = await cache.fetch(key, { context: load })
      // fetchMethod always answers an object; undefined would mean it was aborted.
      return (answer ?? (await load())) as T
    },
  }
}
