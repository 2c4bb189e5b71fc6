import { getHeapStatistics } from 'node:v8'
import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'

/** When the process refuses new requests rather than queue them until it runs out of time or memory. */
export interface LoadSheddingOptions {
  /** Event-loop delay, in milliseconds, past which requests are refused (0: not checked). */
  maxEventLoopDelayMs: number
  /** Heap in use, in bytes, past which requests are refused (0: not checked). */
  maxHeapUsedBytes: number
  /** The Retry-After a refused request is given, in seconds. */
  retryAfterSeconds: number
}

/** The message of a refused request (503), as the API's errors read. */
export const BUSY_MESSAGE = 'The site is busy. Please try again in a moment.'

/** The page a refused visitor sees: plain, with nothing more to load (also when the database is too busy: web.ts). */
export const BUSY_PAGE = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Busy</title></head><body><main><h1>${BUSY_MESSAGE}</h1></main></body></html>`

/** 85 % of the heap V8 will grow to: past it garbage collection runs hot and an out-of-memory crash is near. */
export function defaultMaxHeapUsedBytes(): number {
  return Math.floor(getHeapStatistics().heap_size_limit * 0.85)
}

/** The page's own scripts and styles: files named by their content, read from disk (web.ts). */
const ASSETS_PREFIX = '/assets/'

/**
 * Whether a request is let through however busy the process is: the scripts and styles of a page
 * already sent. They cost a file read, and refusing them leaves that page half-started for good
 * (a module script missing, the page never React's) where waiting a moment would have served it.
 */
export function passesUnderLoad(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && url.startsWith(ASSETS_PREFIX)
}

/**
 * Whether a reading of under-pressure is a measured overload. Its event-loop delay is the mean of the
 * last second's samples, and Infinity when that second recorded none: a stall longer than the sampling
 * interval, over by the time a request is read. That is no measure of now, and taking it as one refused
 * every request for a second after any long pause (a garbage collection, a machine briefly starved of
 * CPU), whatever the limit; a loop truly saturated still records samples, and a mean past the limit.
 */
export function isMeasuredOverload(type: string, value: number | undefined): boolean {
  if (type === 'eventLoopDelay') return value !== undefined && Number.isFinite(value)
  return true
}

/**
 * Sheds load for every route, pages and API alike (not the assets of a page already sent: passesUnderLoad): while the event loop lags or the heap is nearly
 * full, a request is answered at once with 503 and Retry-After instead of waiting its turn, so a
 * saturated process stays alive and recovers as soon as the load drops. The health check answers 503
 * too, which tells a load balancer to send traffic elsewhere.
 */
export async function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): Promise<void> {
  if (options.maxEventLoopDelayMs === 0 && options.maxHeapUsedBytes === 0) return
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxHeapUsedBytes: options.maxHeapUsedBytes,
    retryAfter: options.retryAfterSeconds,
    exposeStatusRoute: false,
    pressureHandler: (request, reply, type, value) => {
      // Nothing returned and nothing sent: under-pressure lets the request through.
      if (passesUnderLoad(request.method, request.url) || !isMeasuredOverload(type, value)) return
      request.log.warn({ method: request.method, url: request.url.split('?')[0], pressure: type, value }, 'busy: request refused')
      reply.code(503).header('retry-after', String(options.retryAfterSeconds)).header('cache-control', 'no-store')
      // A reply sent here ends the request (under-pressure's documented way).
      if (request.url === '/api' || request.url.startsWith('/api/')) void reply.type('application/json').send(JSON.stringify({ message: BUSY_MESSAGE }))
      else void reply.type('text/html; charset=utf-8').send(BUSY_PAGE)
    },
  })
}
