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

/** At most `perSecond` place searches a second in one server process, whoever sends them, in bursts of up to `burst`. */
export interface PlaceSearchCeiling {
  perSecond: number
  burst: number
}

/**
 * The process's ceiling on place searches that reach the database, across all addresses (a token
 * bucket): a flood from many addresses, which the per-address limit cannot see, takes at most this
 * share of the database's cores from the pages. `take` answers whether one more search may run now.
 */
export function createSearchCeiling(rule: PlaceSearchCeiling, now: () => number = () => performance.now()) {
  let tokens = rule.burst
  let last = now()
  return {
    take(): boolean {
      const time = now()
      tokens = Math.min(rule.burst, tokens + ((time - last) / 1000) * rule.perSecond)
      last = time
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}
