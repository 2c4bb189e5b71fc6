import { LRUCache } from 'lru-cache'

/**
 * A short-lived shared cache of rendered pages, as a CDN in front of the site would keep them: only
 * answers a route marks `public` with an `s-maxage`, only for requests that carry no cookie and no
 * credentials (a visitor's page, never a logged-in one: `isVisitorRequest` of @agency/api, web.ts),
 * and only 200s without Set-Cookie. Requests for the same page while it renders wait for that one
 * render instead of rendering it again.
 *
 * Why it stays beside caching by HTTP (pages carry `s-maxage`, `stale-while-revalidate` and a strong
 * ETag, so a CDN in front does this work): a site run without a CDN, as `npm start` and the Docker
 * image run it, would render every visitor's page for every request; with this cache a kept list or
 * property page is answered from memory, gzipped once, at some five times the rendered rate (`npm run
 * bench`, the `(page cache)` lines against the `(rendered)` ones; docs/performance.md), and a burst of
 * requests for one page costs one render. It is the one in-process cache of whole answers the site
 * keeps for pages.
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

/** The shared page cache; see the module comment. */
export interface PageCache {
  /** Answers `key` from a fresh kept page, else renders it (once for every request waiting on it) and keeps it when allowed. */
  serve(key: string, render: () => Promise<Response>): Promise<PageCacheResult>
  /** How many pages are kept. */
  readonly size: number
}

/** What one `serve` call hands the render it may start: its own render, and what came of it. */
interface RenderContext {
  render: () => Promise<Response>
  rendered: boolean
  /** The render this request started for everyone waiting on the page. */
  pending?: Promise<Response>
  unkept?: Response
}

/** A render's answer as a page to keep, or null when a shared cache may not keep it. */
async function toKeepablePage(response: Response, now: number): Promise<CachedPage | null> {
  const maxAge = sharedMaxAge(response.headers.get('cache-control'))
  if (response.status !== 200 || maxAge === null || response.headers.has('set-cookie')) return null
  const body = Buffer.from(await response.arrayBuffer())
  return { status: response.status, headers: [...response.headers.entries()], body, storedAt: now, expiresAt: now + maxAge * 1000 }
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now
  if (options.maxEntries <= 0) {
    return {
      serve: async (_key, render) => ({ response: await render() }),
      size: 0,
    }
  }
  // lru-cache keeps each page for its own s-maxage, within an entry and a byte limit, and shares one
  // render among every request for the same address that arrives while it runs (`fetch`).
  const pages = new LRUCache<string, CachedPage, RenderContext>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (page) => Math.max(1, page.body.byteLength),
    perf: { now },
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { options: setOptions, context }) => {
      context.rendered = true
      context.pending = context.render()
      const response = await context.pending
      const page = await toKeepablePage(response.clone(), now())
      if (!page) {
        context.unkept = response
        return undefined
      }
      // lru-cache keeps an entry while its age is at most ttl; HTTP freshness ends when age reaches s-maxage.
      setOptions.ttl = page.expiresAt - page.storedAt - 1
      return page
    },
  })

  return {
    async serve(key, render) {
      const context: RenderContext = { render, rendered: false }
      let page: CachedPage | undefined
      try {
        page = await pages.fetch(key, { context })
      } catch (error) {
        // A page pushed out of the cache while it rendered (a burst of other addresses) fails every
        // request waiting on it with lru-cache's 'evicted': the request whose render it was still
        // answers with that render, and each other one renders for itself. A render's own failure
        // stays its request's.
        if (context.pending) return { response: await context.pending }
        if (context.rendered) throw error
        return { response: await render() }
      }
      if (page) return { page, hit: !context.rendered }
      if (context.unkept) return { response: context.unkept }
      // The render this request waited on could not be kept: this one renders for itself.
      return { response: await render() }
    },
    get size() {
      return pages.size
    },
  }
}
