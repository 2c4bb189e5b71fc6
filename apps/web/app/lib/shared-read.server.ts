/**
 * Reads that are the same for every visitor and change rarely (company settings, branches), kept by
 * the server process for a short while so a page does not ask the API for them on every render.
 */
import { LRUCache } from 'lru-cache'

/** How long a shared read is kept: a change (e.g. `npm run settings`) shows within this time. */
export const SHARED_READ_TTL_MS = 30_000

/**
 * One value kept for the whole process. `get` answers it while it is fresh; otherwise it reads, once
 * for every caller asking meanwhile. A read that fails is not kept: every caller waiting on it gets
 * the error, and the next `get` reads again.
 */
export interface SharedRead<T, C> {
  /** The kept value, or a new read with `context` (the request's, for its API client). */
  get(context: C): Promise<T>
  /** Forgets the kept value, so the next `get` reads again. */
  clear(): void
}

/** A shared read kept for `ttlMs`; `perf` is the clock (tests move it by hand). */
export function createSharedRead<T extends object, C>(
  read: (context: C) => Promise<T>,
  options: { ttlMs?: number; perf?: { now(): number } } = {},
): SharedRead<T, C> {
  // The context type stays lru-cache's `unknown`: its conditional fetch types cannot follow a type
  // parameter, and only `get` below passes one in.
  const cache = new LRUCache<'shared', T>({
    max: 1,
    ttl: options.ttlMs ?? SHARED_READ_TTL_MS,
    // Ask the clock every time instead of trusting its last answer for a millisecond.
    ttlResolution: 0,
    ...(options.perf ? { perf: options.perf } : {}),
    fetchMethod: (_key, _stale, { context }) => read(context as C),
  })
  return {
    async get(context) {
      const value = await cache.fetch('shared', { context })
      // fetchMethod answers a value or throws; lru-cache answers undefined only for an aborted read.
      if (value === undefined) throw new Error('The shared read was abandoned')
      return value
    },
    clear() {
      cache.clear()
    },
  }
}
