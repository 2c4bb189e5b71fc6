import { gzipSync } from 'node:zlib'
import type { FastifyReply } from 'fastify'
import { VISITOR_CACHE_CONTROL } from '@agency/domain'
import { entityTag, gzipEntityTag, isVisitorRequest, notModified } from '#app/http-cache.ts'
import type { VisitorAnswerCache } from '#app/queries/visitor-cache.ts'

/**
 * An answer kept for many callers (visitor-cache.ts) as the bytes it is sent as: the UTF-8 of the
 * JSON text the route's serializer made once, and that text gzipped, made on the first request that
 * accepts gzip. Sending bytes skips, for every caller, what Fastify would do again with the text: count
 * its UTF-8 bytes for the length, then encode it into the socket (a text with one character outside
 * Latin-1, say the ’ of "St Peter’s Way", is held by V8 as two bytes a character, and encoding 88 KB of
 * it cost the process half of what its answers took), and, for a browser, compress it.
 */
export class KeptAnswer {
  readonly json: Buffer
  readonly #gzipLevel: number
  #gzip: Buffer | undefined
  #etag: string | undefined

  /**
   * `serialized`: what the route's serializer made of the answer (`reply.serialize`); `gzipLevel` 6
   * for an answer made once and sent many times, 1 for one sent once.
   */
  constructor(serialized: string | Buffer | ArrayBuffer, gzipLevel = 6) {
    this.json = typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized)
    this.#gzipLevel = gzipLevel
  }

  /** The JSON gzipped, made once. */
  get gzip(): Buffer {
    this.#gzip ??= gzipSync(this.json, { level: this.#gzipLevel })
    return this.#gzip
  }

  /** The strong entity tag of the JSON as it is (http-cache.ts), made once. */
  get etag(): string {
    this.#etag ??= entityTag(this.json, 'identity')
    return this.#etag
  }
}

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3): `gzip` or `x-gzip`, else `*`,
 * with a weight above 0.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false
  let wildcard = false
  for (const entry of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase())
    const q = params.find((param) => param.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    const accepted = Number.isFinite(weight) && weight > 0
    if (name === 'gzip' || name === 'x-gzip') return accepted
    if (name === '*') wildcard = accepted
  }
  return wildcard
}

/**
 * A route's answer from `cache`, kept by the request's address as the bytes the route's own serializer
 * made of `load`'s answer (checked against its response schema then), and sent as JSON: gzipped to a
 * caller that accepts it, else as it is, either way saying it varies by Accept-Encoding, so a cache
 * between keeps the two apart. A visitor's request (no cookie, no credentials) gets it cacheable by
 * HTTP (http-cache.ts: `public` with `s-maxage` and `stale-while-revalidate`, a strong ETag, 304 to
 * an If-None-Match that names it), whether or not this process keeps it; any other caller gets what
 * every API answer gets (`private, no-cache`). A cache that keeps nothing answers a caller with a
 * cookie `load()` as a route would.
 */
export async function answerKept<T extends object>(
  cache: VisitorAnswerCache,
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  reply: FastifyReply,
  load: () => Promise<T>,
): Promise<T | FastifyReply> {
  const visitor = isVisitorRequest(request.method, request.headers)
  if (!cache.keeps && !visitor) return load()
  const kept = cache.keeps ? await cache.get(request.url, async () => new KeptAnswer(reply.serialize(await load()))) : new KeptAnswer(reply.serialize(await load()), 1)
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  const gzip = acceptsGzip(request.headers['accept-encoding'])
  if (visitor && !reply.hasHeader('set-cookie')) {
    const etag = gzip ? gzipEntityTag(kept.etag) : kept.etag
    reply.header('cache-control', VISITOR_CACHE_CONTROL).header('etag', etag)
    if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send()
  }
  if (gzip) return reply.header('content-encoding', 'gzip').send(kept.gzip)
  return reply.send(kept.json)
}
