/**
 * A short-lived shared cache of rendered pages, as a CDN in front of the site would keep them: only
 * answers a route marks `public` with an `s-maxage`, only for requests that carry no cookie and no
 * credentials (a visitor's page, never a logged-in one), and only 200s without Set-Cookie. Requests
 * for the same page while it renders wait for that one render instead of rendering it again.
 */

/** A kept page: what is sent again while it is fresh. */
export interface CachedPage {
  status: number
  headers: Array<[string, string]>
  body: Buffer
  storedAt: number
  expiresAt: number
}

/** How a request was answered: from a kept page, or by a render that may not be kept. */
export type PageCacheResult = { page: CachedPage; hit: boolean } | { response: Response }

/** Limits of the cache; `now` is the clock in milliseconds. */
export interface PageCacheOptions {
  maxEntries: number
  maxBytes: number
  now?: () => number
}

/** The seconds a shared cache may keep an answer with this Cache-Control, or null when it may not. */
export function sharedMaxAge(cacheControl: string | null): number | null {
  if (!cacheControl) return null
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim())
  if (!directives.includes('public')) return null
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache' || d.startsWith('private='))) return null
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='))
  const seconds = sMaxAge ? Number(sMaxAge.slice('s-maxage='.length)) : NaN
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null
}

/** Whether a request may be answered from the shared cache: a plain GET with no cookie and no credentials. */
export function isSharedRequest(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  return method === 'GET' && headers.cookie === undefined && headers.authorization === undefined
}

/** The shared page cache; see the module comment. */
export interface PageCache {
  /** Answers `key` from a fresh kept page, else renders it (once for every request waiting on it) and keeps it when allowed. */
  serve(key: string, render: () => Promise<Response>): Promise<PageCacheResult>
  /** How many pages are kept. */
  readonly size: number
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now
  const pages = new Map<string, CachedPage>()
  const pending = new Map<string, Promise<PageCacheResult>>()
  let bytes = 0

  const forget = (key: string) => {
    const page = pages.get(key)
    if (!page) return
    bytes -= page.body.byteLength
    pages.delete(key)
  }

  const keep = (key: string, page: CachedPage) => {
    forget(key)
    if (page.body.byteLength > options.maxBytes) return
    pages.set(key, page)
    bytes += page.body.byteLength
    // A Map iterates in insertion order, and a hit re-inserts: the first key is the least recently used.
    while (pages.size > options.maxEntries || bytes > options.maxBytes) {
      const oldest = pages.keys().next().value
      if (oldest === undefined) break
      forget(oldest)
    }
  }

  const fresh = (key: string): CachedPage | undefined => {
    const page = pages.get(key)
    if (!page) return undefined
    if (now() >= page.expiresAt) {
      forget(key)
      return undefined
    }
    pages.delete(key)
    pages.set(key, page)
    return page
  }

  const renderAndKeep = async (key: string, render: () => Promise<Response>): Promise<PageCacheResult> => {
    const response = await render()
    const maxAge = sharedMaxAge(response.headers.get('cache-control'))
    if (response.status !== 200 || maxAge === null || response.headers.has('set-cookie')) return { response }
    const body = Buffer.from(await response.arrayBuffer())
    const storedAt = now()
    const page: CachedPage = { status: response.status, headers: [...response.headers.entries()], body, storedAt, expiresAt: storedAt + maxAge * 1000 }
    if (options.maxEntries > 0) keep(key, page)
    return { page, hit: false }
  }

  return {
    async serve(key, render) {
      const page = fresh(key)
      if (page) return { page, hit: true }
      const waiting = pending.get(key)
      if (waiting) {
        const shared = await waiting.catch(() => null)
        // The render this request waited on could not be kept (or failed): this one renders for itself.
        return shared && 'page' in shared ? { page: shared.page, hit: true } : { response: await render() }
      }
      const current = renderAndKeep(key, render).finally(() => pending.delete(key))
      pending.set(key, current)
      return current
    },
    get size() {
      return pages.size
    },
  }
}
