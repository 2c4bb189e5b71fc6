import { gzipSync } from 'node:zlib'
import type { FastifyReply } from 'fastify'
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
  #gzip: Buffer | undefined

  /** `serialized`: what the route's serializer made of the answer (`reply.serialize`). */
  constructor(serialized: string | Buffer | ArrayBuffer) {
    this.json = typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized)
  }

  /** The JSON gzipped, made once (level 6: a kept answer is made once and sent many times). */
  get gzip(): Buffer {
    this.#gzip ??= gzipSync(this.json, { level: 6 })
    return this.#gzip
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
 * between keeps the two apart. A cache that keeps nothing answers `load()` as a route would.
 */
export async function answerKept<T extends object>(
  cache: VisitorAnswerCache,
  request: { url: string; headers: Record<string, string | string[] | undefined> },
  reply: FastifyReply,
  load: () => Promise<T>,
): Promise<T | FastifyReply> {
  if (!cache.keeps) return load()
  const kept = await cache.get(request.url, async () => new KeptAnswer(reply.serialize(await load())))
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(kept.gzip)
  return reply.send(kept.json)
}
