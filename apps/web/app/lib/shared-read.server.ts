/**
 * Reads that are the same for every visitor and change rarely (company settings, branches), kept by
 * the server process for a short while so a page does not ask the API for them on every render.
 */

/** How long a shared read is kept: a change (e.g. `npm run settings`) shows within this time. */
export const SHARED_READ_TTL_MS = 30_000

/** One read's answer and whether it may be kept (a read that fell back to defaults may not). */
export interface SharedReadResult<T> {
  value: T
  keep: boolean
}

/** A shared read: `get(read)` answers the kept value while it is fresh, else calls `read` once for every caller waiting. */
export interface SharedRead<T> {
  get(read: () => Promise<SharedReadResult<T>>): Promise<T>
  /** Forgets the kept value, so the next `get` reads again. */
  clear(): void
}

/** A shared read kept for `ttlMs`; `now` is the clock (milliseconds). */
export function createSharedRead<T>(ttlMs: number = SHARED_READ_TTL_MS, now: () => number = Date.now): SharedRead<T> {
  let kept: { value: T; expires: number } | null = null
  let pending: Promise<T> | null = null
  return {
    get(read) {
      if (kept && now() < kept.expires) return Promise.resolve(kept.value)
      if (pending) return pending
      const started = now()
      const current = read().then(
        (result) => {
          if (pending === current) pending = null
          if (result.keep) kept = { value: result.value, expires: started + ttlMs }
          return result.value
        },
        (error: unknown) => {
          if (pending === current) pending = null
          throw error
        },
      )
      pending = current
      return current
    },
    clear() {
      kept = null
      pending = null
    },
  }
}
