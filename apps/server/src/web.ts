import path from 'node:path'
import { gzipSync } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyHelmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import { acceptsGzip, entityTag, gzipEntityTag, isVisitorRequest, notModified } from '@agency/api'
import { createRequest } from '@remix-run/node-fetch-server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { DEFAULT_MAP_TILES } from './config.ts'
import { BUSY_PAGE } from './load-shedding.ts'
import { createPageCache, sharedMaxAge, type CachedPage } from './page-cache.ts'
import { PERMISSIONS_POLICY, pageSecurityHeaders, type PagePolicyOptions } from './security-headers.ts'

/** The web app to serve: a production build, or (in development) Vite's current build of the sources. */
export interface WebOptions {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  /** build/client of a production build, served as static files; left out when Vite serves the assets. */
  clientDir?: string
  publicUrl: string
  /** The maps' tile server; OpenStreetMap's standard tiles when left out. */
  mapTiles?: { url: string; attribution: string }
  /** How many visitor pages the shared page cache keeps (0: none). */
  pageCacheEntries: number
  /** The most bytes a form post may carry (the API's limit). */
  bodyLimit: number
  /** Google reCAPTCHA is configured: the pages' policy lets the login form load it. */
  recaptcha?: boolean
}

/** The most the shared page cache holds, in bytes of uncompressed HTML. */
const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024

/** The bodies a page's form may post: what an HTML form sends. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** The smallest page sent gzipped: a smaller one gains too little to be worth it. */
const GZIP_THRESHOLD_BYTES = 1024

/** What a visitor's page is sent as, made once for a kept page: its strong entity tag, and the page gzipped. */
interface SharedForms {
  etag: string
  gzipped?: Buffer
}
const sharedForms = new WeakMap<CachedPage, SharedForms>()

/**
 * A page every visitor gets alike (one the page cache keeps, or one a shared cache may keep), as it
 * was rendered: every answer of it is the same bytes (a page carries nothing of its own answer, no
 * nonce). It carries the route's Cache-Control (`public` with `s-maxage` and
 * `stale-while-revalidate`, app/lib/page-headers.server.ts) and a strong ETag, so a CDN or a caching
 * proxy in front keeps it and a browser revalidates it: a request whose If-None-Match names it gets a
 * 304 with no body. Gzipped for a browser that takes gzip (a kept page once, at level 6; a page sent
 * once at level 1, as @fastify/compress would), with an entity tag of its own.
 */
function sendSharedPage(req: FastifyRequest, reply: FastifyReply, page: CachedPage, cache: { hit: boolean } | null): FastifyReply {
  reply.code(page.status)
  for (const [name, value] of page.headers) reply.header(name, value)
  if (cache) {
    reply.header('age', String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))))
    reply.header('x-cache', cache.hit ? 'HIT' : 'MISS')
  }
  // Beside the page's own (Cookie): a cache between keeps the gzipped and the plain answer apart.
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
  let forms = sharedForms.get(page)
  if (!forms) sharedForms.set(page, (forms = { etag: entityTag(page.body, 'identity') }))
  const gzip = page.body.byteLength >= GZIP_THRESHOLD_BYTES && acceptsGzip(req.headers['accept-encoding'])
  const etag = gzip ? gzipEntityTag(forms.etag) : forms.etag
  reply.header('etag', etag)
  if (notModified(req.headers['if-none-match'], etag)) {
    reply.removeHeader('content-length')
    return reply.code(304).send()
  }
  if (gzip) {
    forms.gzipped ??= gzipSync(page.body, { level: cache ? 6 : 1 })
    return reply.header('content-encoding', 'gzip').send(forms.gzipped)
  }
  return reply.send(page.body)
}

/**
 * A render's answer as a page every visitor gets alike, or null when it is not one: a 200 its route
 * lets a shared cache keep (`public`, `s-maxage`), setting no cookie.
 */
async function toSharedPage(response: Response): Promise<CachedPage | null> {
  if (response.status !== 200 || sharedMaxAge(response.headers.get('cache-control')) === null || response.headers.has('set-cookie')) return null
  const now = Date.now()
  return { status: 200, headers: [...response.headers.entries()], body: Buffer.from(await response.arrayBuffer()), storedAt: now, expiresAt: now }
}

/**
 * The header with which a visitor's home, list or property page is asked for its hydration data
 * alone (apps/web/app/lib/hydration-flag.ts HYDRATION_DATA_HEADER; the page and the data answers vary
 * with it).
 */
const HYDRATION_DATA_HEADER = 'x-hydration-data'

/** What the page cache keeps an answer under: its address, and whether it is a page's hydration data. */
function pageCacheKey(req: FastifyRequest): string {
  return req.headers[HYDRATION_DATA_HEADER] === undefined ? req.url : `${req.url} ${HYDRATION_DATA_HEADER}`
}

/** A percent-encoded control character in a path. */
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)/i

/** A short HTML answer for a request the pages cannot take, with its status. */
function sendProblem(reply: FastifyReply, status: number, message: string): FastifyReply {
  const html = `<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>${message}</title><h1>${message}</h1><p><a href="/">Go to the home page</a></p></html>`
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
}

/**
 * The Fetch request React Router sees: built by the node-fetch-server adapter for the site's public
 * origin (never the Host header), with the body Fastify has already read within its limit.
 */
function toFetchRequest(req: FastifyRequest, reply: FastifyReply, publicOrigin: URL): Request {
  // The address the browser asked for: PUBLIC_URL's own, or another one of this server (127.0.0.1, a
  // LAN address), so React Router's check of a form post's Origin compares like with like.
  const other = req.host !== publicOrigin.host
  const request = createRequest(req.raw, reply.raw, other ? { host: req.host, protocol: `${req.protocol}:` } : { host: publicOrigin.host, protocol: publicOrigin.protocol })
  if (!Buffer.isBuffer(req.body)) return request
  return new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal, body: new Uint8Array(req.body) })
}

/**
 * Why a form post cannot reach a route's action, or null when it can: the pages take only what an
 * HTML form sends, and a body that does not parse as one is the sender's mistake (400), not the page's.
 */
async function refuseBody(request: Request): Promise<{ status: number; message: string } | null> {
  if (request.method === 'GET' || request.method === 'HEAD') return null
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === '' && request.headers.get('content-length') === '0') return null
  if (!FORM_TYPES.has(type)) return { status: 415, message: 'This page takes only form posts' }
  try {
    await request.clone().formData()
    return null
  } catch {
    return { status: 400, message: 'The form could not be read' }
  }
}

/**
 * Serves the web app on the API's Fastify instance: hashed assets from build/client with immutable
 * caching, everything else (but /api) through React Router's request handler. Registered in its own
 * encapsulated context, which reads a form post as raw bytes within the API's body limit and carries
 * the pages' security headers.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const handler = createRequestHandler(options.build, options.mode)
  const publicOrigin = new URL(options.publicUrl)
  const pageCache = createPageCache({ maxEntries: options.pageCacheEntries, maxBytes: PAGE_CACHE_MAX_BYTES })
  const policy: PagePolicyOptions = { publicOrigin, mapTileUrl: (options.mapTiles ?? DEFAULT_MAP_TILES).url, recaptcha: options.recaptcha ?? false }

  await app.register(async (web) => {
    web.removeAllContentTypeParsers()
    web.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.bodyLimit }, (_req, body, done) => done(null, body))
    await web.register(fastifyHelmet, pageSecurityHeaders(policy))
    web.addHook('onRequest', async (_req, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY)
    })
    // gzip, not brotli, for HTML rendered per request: brotli roughly halves SSR throughput. Level 1:
    // a page rendered for one caller (a signed-in buyer's) is compressed once, as it is sent, and
    // level 1 served 11–17% more of them a second than the default 6 (2,000 properties, PostgreSQL,
    // one process, by turns) for 14% more bytes (a list page 20.6 KB instead of 18.1 KB). A visitor's
    // kept page is gzipped once at level 6 (sendCachedPage).
    await web.register(fastifyCompress, { global: true, encodings: ['gzip'], threshold: GZIP_THRESHOLD_BYTES, zlibOptions: { level: 1 } })

    if (options.clientDir) {
      await web.register(fastifyStatic, {
        root: options.clientDir,
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        },
      })
    }

    web.setErrorHandler((error: { statusCode?: number }, _req, reply) => {
      // Fastify's own refusals (a body over the limit, a broken request) are the sender's; the rest is ours.
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
      if (status === 500) reply.log.error({ err: error }, 'page failed')
      return sendProblem(reply, status, status === 413 ? 'The form is too large' : status === 500 ? 'Something went wrong' : 'Bad request')
    })

    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (req, reply) => {
        if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?')) {
          return reply.code(404).send({ message: 'Not found' })
        }
        // No page's address holds a control character (%00–%1F, %7F): the 404 page, before the router
        // (which would turn '/%09/x:y' into the URL '//x:y' and fail).
        if (CONTROL_IN_PATH.test(req.url.split('?')[0]!)) return sendProblem(reply, 404, 'Page not found')
        const request = toFetchRequest(req, reply, publicOrigin)
        const refused = await refuseBody(request)
        if (refused) return sendProblem(reply, refused.status, refused.message)
        // Whether the database was too busy or unreachable for a service of this render: then the page is 503.
        let busy: string | null = null
        const render = () => {
          // The API's services for this page request, called directly by its loaders and actions.
          const services = app.siteServices(req, { onUnavailable: (retryAfter) => (busy = String(retryAfter)) })
          return handler(request, { services, publicUrl: options.publicUrl, mapTiles: options.mapTiles ?? DEFAULT_MAP_TILES })
        }
        // A visitor's request (no cookie, no credentials) may be answered with a page every visitor
        // gets alike, from the page cache or cacheable by HTTP (sendSharedPage); anyone else's is theirs.
        const visitor = isVisitorRequest(req.method, req.headers)
        let response: Response
        if (visitor && options.pageCacheEntries > 0) {
          const result = await pageCache.serve(pageCacheKey(req), render)
          if ('page' in result) return sendSharedPage(req, reply, result.page, { hit: result.hit })
          response = result.response
        } else {
          response = await render()
        }
        if (visitor && busy === null) {
          const shared = await toSharedPage(response)
          if (shared) return sendSharedPage(req, reply, shared, null)
        }
        // A page that failed because the database (through the API) was too busy tells the visitor so,
        // with Retry-After, as load shedding does, rather than 'Something went wrong'.
        if (busy !== null && response.status >= 500) {
          return reply.code(503).header('retry-after', busy).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(BUSY_PAGE)
        }
        // A page shows what its visitor may see (pre-market properties once logged in): unless the
        // route says otherwise, no shared cache keeps it and the browser checks before reusing it.
        if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache')
        return reply.send(response)
      },
    })
  })
}
