/**
 * How long what every visitor gets alike (a visitor's catalogue page, a search answer without a
 * session) may be kept by a shared cache (a CDN, a caching proxy, the server's own page cache): a new
 * or changed property shows within VISITOR_SHARED_SECONDS, or VISITOR_STALE_SECONDS more where a
 * cache answers with the stale copy while it asks the site again in the background (RFC 5861). A
 * browser checks before each reuse (max-age=0), with the answer's ETag.
 */
export const VISITOR_SHARED_SECONDS = 10

/** How long past VISITOR_SHARED_SECONDS a shared cache may answer with a visitor's answer while it revalidates. */
export const VISITOR_STALE_SECONDS = 60

/** The Cache-Control of an answer every visitor gets alike. */
export const VISITOR_CACHE_CONTROL = `public, max-age=0, s-maxage=${VISITOR_SHARED_SECONDS}, stale-while-revalidate=${VISITOR_STALE_SECONDS}`
