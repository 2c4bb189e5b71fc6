/**
 * The message of a call that waited longer than its limit for the embedded database, which
 * isDatabaseBusy knows (as it knows the pool's acquire timeout on PostgreSQL).
 */
export const EMBEDDED_BUSY_MESSAGE = 'timeout exceeded waiting for the embedded database'

/** The calls Drizzle makes on a PGlite client; each runs alone, as PGlite itself runs them. */
const GATED = new Set<PropertyKey>(['query', 'exec', 'transaction'])

/**
 * PGlite runs one statement or transaction at a time and queues the rest for as long as it takes.
 * This puts a queue of its own in front, in which a call waits at most `timeoutMs` before it fails
 * with EMBEDDED_BUSY_MESSAGE, so a request behind a long transaction answers 503 rather than hang.
 * The queue is ours, not PGlite's, so a call that gave up is taken out of it and never runs late.
 * For PGlite in this thread; in a thread of its own the database's thread queues the calls
 * (pglite-thread.ts), with the same bound and the same message.
 */
export function gatePglite<Client extends object>(client: Client, timeoutMs: number): Client {
  let busy = false
  const waiting: (() => void)[] = []

  function enter(): Promise<void> {
    if (!busy) {
      busy = true
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(admit), 1)
        reject(new Error(EMBEDDED_BUSY_MESSAGE))
      }, timeoutMs)
      waiting.push(admit)
    })
  }

  function leave(): void {
    const next = waiting.shift()
    // The gate stays taken when it is handed to the next call.
    if (next) next()
    else busy = false
  }

  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function' || property === 'constructor') return value
      // PGlite's own methods reach its private state, so they run on the client, not on the proxy.
      if (!GATED.has(property)) return value.bind(target)
      return async (...args: unknown[]) => {
        await enter()
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        } finally {
          leave()
        }
      }
    },
  })
}
