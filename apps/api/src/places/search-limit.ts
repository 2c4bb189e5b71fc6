import { LRUCache } from 'lru-cache'

/** At most `limit` place searches from one address in `windowMs`. */
export interface PlaceSearchLimit {
  limit: number
  windowMs: number
}

/**
 * Place searches one address may send: a visitor typing sends one a keystroke or so; a flood of
 * keywords from one address is refused (429) before it reaches the database.
 */
export const DEFAULT_PLACE_SEARCH_LIMIT: PlaceSearchLimit = { limit: 60, windowMs: 10_000 }

/**
 * Counts searches by address in this process's memory (a search writes nothing to the database, so
 * neither does its count): a fixed window per address, the least recently seen addresses forgotten
 * beyond `maxAddresses`. `hit` answers the seconds until the address may search again, or 0.
 */
export function createPlaceSearchLimiter(rule: PlaceSearchLimit, options: { maxAddresses?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const windows = new LRUCache<string, { start: number; count: number }>({ max: options.maxAddresses ?? 10_000 })
  return {
    hit(address: string): number {
      const time = now()
      let window = windows.get(address)
      if (!window || time - window.start >= rule.windowMs) {
        window = { start: time, count: 0 }
        windows.set(address, window)
      }
      window.count++
      return window.count > rule.limit ? Math.max(1, Math.ceil((window.start + rule.windowMs - time) / 1000)) : 0
    },
  }
}

/** How many place searches one process runs at once, and how many more may wait their turn. */
export interface PlaceSearchConcurrency {
  running: number
  waiting: number
}

/**
 * Place searches one process runs at a time. A search costs the database a fuzzy match over every
 * named place; a flood of them from many addresses (which the per-address limit does not stop) would
 * otherwise take every core from the pages and searches of everyone else. Visitors typing never meet
 * the queue (a search takes a few milliseconds, and the words people type are answered from the cache).
 */
export const DEFAULT_PLACE_SEARCH_CONCURRENCY: PlaceSearchConcurrency = { running: 2, waiting: 64 }

/** A place search that found the queue full: the caller answers 503 with Retry-After. */
export class PlaceSearchesBusyError extends Error {
  constructor() {
    super('too many place searches waiting')
    this.name = 'PlaceSearchesBusyError'
  }
}

/** Runs place searches at most `running` at once, the next in the order they came; past `waiting` more, refuses. */
export function createPlaceSearchGate(rule: PlaceSearchConcurrency) {
  let running = 0
  const queue: Array<() => void> = []
  return {
    async run<T>(search: () => Promise<T>): Promise<T> {
      if (running >= rule.running) {
        if (queue.length >= rule.waiting) throw new PlaceSearchesBusyError()
        // The search that ends hands its place on (running stays as it is).
        await new Promise<void>((resolve) => queue.push(resolve))
      } else {
        running++
      }
      try {
        return await search()
      } finally {
        const next = queue.shift()
        if (next) next()
        else running--
      }
    },
    /** Searches running and waiting now. */
    get load() {
      return { running, waiting: queue.length }
    },
  }
}
