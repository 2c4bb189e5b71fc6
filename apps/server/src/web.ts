import { existsSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import { createApiClient } from '@agency/api-client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { createInProcessFetch } from './in-process-fetch.ts'
import { createPageCache, isSharedRequest, type CachedPage } from './page-cache.ts'

/** Where the web app's production build lives. */
export interface WebOptions {
  buildDir: string
  publicUrl: string
  /** How many visitor pages the shared page cache keeps (0: none). */
  pageCacheEntries: number
}

/** The most the shared page cache holds, in bytes of uncompressed HTML. */
const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024

function sendCachedPage(reply: FastifyReply, page: CachedPage, hit: boolean): FastifyReply {
  reply.code(page.status)
  for (const [name, value] of page.headers) reply.header(name, value)
  reply.header('age', String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))))
  reply.header('x-cache', hit ? 'HIT' : 'MISS')
  return reply.send(page.body)
}

/** Loads the React Router server build; fails with a clear message when the web app is not built. */
export async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  const entry = path.join(buildDir, 'server', 'index.js')
  if (!existsSync(entry)) throw new Error(`The web app is not built (${path.relative(process.cwd(), entry)} is missing): run npm run build`)
  return (await import(pathToFileURL(entry).href)) as ServerBuild
}

function toFetchRequest(req: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit)
}

/**
 * Serves the web app on the API's Fastify instance: hashed assets from build/client with immutable
 * caching, everything else (but /api) through React Router's SSR handler. Registered in its own
 * encapsulated context whose only body parser is a no-op, so form posts reach React Router intact.
 */
export async function registerWeb(app: FastifyInstance, build: ServerBuild, options: WebOptions): Promise<void> {
  const handler = createRequestHandler(build, process.env.NODE_ENV === 'development' ? 'development' : 'production')
  const clientDir = path.join(options.buildDir, 'client')
  const origin = new URL(options.publicUrl).origin
  const pageCache = createPageCache({ maxEntries: options.pageCacheEntries, maxBytes: PAGE_CACHE_MAX_BYTES })

  await app.register(async (web) => {
    web.removeAllContentTypeParsers()
    web.addContentTypeParser('*', (_req, _payload, done) => done(null))
    // gzip, not brotli, for HTML rendered per request: brotli roughly halves SSR throughput.
    await web.register(fastifyCompress, { global: true, encodings: ['gzip'], threshold: 1024 })

    await web.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      },
    })

    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (req, reply) => {
        if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?')) {
          return reply.code(404).send({ message: 'Not found' })
        }
        const render = () => {
          const request = toFetchRequest(req, reply, origin)
          const api = createApiClient({ baseUrl: `${origin}/api`, fetch: createInProcessFetch(app, request.headers, req.ip) })
          return handler(request, { api, publicUrl: options.publicUrl })
        }
        let response: Response
        if (options.pageCacheEntries > 0 && isSharedRequest(req.method, req.headers)) {
          const result = await pageCache.serve(req.url, render)
          if ('page' in result) return sendCachedPage(reply, result.page, result.hit)
          response = result.response
        } else {
          response = await render()
        }
        // A page shows what its visitor may see (pre-market properties once logged in): unless the
        // route says otherwise, no shared cache keeps it and the browser checks before reusing it.
        if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache')
        return reply.send(response)
      },
    })
  })
}
