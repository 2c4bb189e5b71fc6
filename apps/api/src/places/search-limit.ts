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

/**
 * At most `perSecond` place searches a second reach the database from one server process, whoever
 * sends them, after a burst of up to `burst`; a search waits its turn for at most `maxWaitMs`.
 */
export interface PlaceSearchCeiling {
  perSecond: number
  burst: number
  maxWaitMs: number
}

/**
 * The process's ceiling on place searches that reach the database, across all addresses: a flood from
 * many addresses, which the per-address limit cannot see, takes at most this share of the database's
 * cores from the pages. Searches are spaced out rather than refused (each is given the next free
 * moment, a burst's worth of them at once), so a flood's clients are slowed to the ceiling instead of
 * being answered a fast refusal they would send again at once; only a search whose turn is further
 * off than `maxWaitMs` is refused. `turn` resolves true when the search may run, false when refused.
 */
export function createSearchCeiling(
  rule: PlaceSearchCeiling,
  clock: { now: () => number; sleep: (ms: number) => Promise<void> } = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
) {
  const interval = 1000 / rule.perSecond
  // The moment the next search may start (the "virtual scheduling" of GCRA): a burst may run up to
  // `burst` intervals ahead of the clock.
  let next = -Infinity
  return {
    async turn(): Promise<boolean> {
      const now = clock.now()
      const at = Math.max(next, now - (rule.burst - 1) * interval)
      const wait = at - now
      if (wait > rule.maxWaitMs) return false
      next = at + interval
      if (wait > 0) await clock.sleep(wait)
      return true
    },
  }
}
