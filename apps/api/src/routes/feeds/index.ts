import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import { importBlm, type MediaStore } from '@agency/db'
import { ApiErrorSchema, DEFAULT_PRE_MARKET_RULE, FeedImportReportSchema, type PreMarketRule } from '@agency/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_MESSAGES } from '#app/messages.ts'

/** The feed import's settings, from the server's configuration. */
export interface FeedsOptions {
  /** The key a feed upload must carry (`Authorization: Bearer …`); with none set every upload is refused. */
  apiKey: string | undefined
  /** The largest upload, in bytes. */
  maxBytes: number
  /** Share of the live feed stock one file may withdraw without `force`. */
  maxWithdrawShare: number
  /** Which records are pre-market (locked). */
  preMarket: PreMarketRule
  /** Media link hosts fetched even at addresses that are not public (IMPORT_ALLOWED_MEDIA_HOSTS). */
  allowedMediaHosts: readonly string[]
  /** Where uploads are streamed while they are imported (default: `agency-feed-uploads` in the OS's temporary directory). */
  uploadDir?: string
}

/** The defaults a server without feed settings runs with. */
export const DEFAULT_FEEDS_OPTIONS: FeedsOptions = {
  apiKey: undefined,
  maxBytes: 200 * 1024 * 1024,
  maxWithdrawShare: 0.2,
  preMarket: DEFAULT_PRE_MARKET_RULE,
  allowedMediaHosts: [],
}

const FEED_CONTENT_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream', 'text/plain']

const QuerySchema = z.object({
  dry_run: z.enum(['true', 'false']).default('false').describe('read and count everything, write nothing but the report'),
  force: z.enum(['true', 'false']).default('false').describe('import even what the safe-import guard refuses'),
  name: z.string().max(200).optional().describe('the file name the report gives the upload'),
})

const RefusalSchema = ApiErrorSchema.extend({ report: FeedImportReportSchema })

/** Compares in constant time: both sides hashed first, so their lengths say nothing either. */
function isKey(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest())
}

function toBearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  return match ? (match[1] as string) : null
}

class TooLargeError extends Error {
  statusCode = 413
  code = 'FST_ERR_CTP_BODY_TOO_LARGE'
  constructor() {
    super('Request body is too large')
  }
}

/**
 * POST /api/feeds/blm: a BLM v3 file, or a zip of one and its media, as the raw request body. Keyed
 * by the feed API key of the server's configuration, never a session. The upload is streamed to a
 * temporary file (never held in memory) and imported as `npm run import:blm` would.
 */
const feeds: FastifyPluginAsyncZod<{ mediaStore: MediaStore; feeds: FeedsOptions }> = async (app, options) => {
  const settings = options.feeds
  const uploads = settings.uploadDir ?? path.join(os.tmpdir(), 'agency-feed-uploads')

  // The body goes to a temporary file, counted as it arrives; the parsed body is that file's path.
  app.addContentTypeParser(FEED_CONTENT_TYPES, async (_request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    await mkdir(uploads, { recursive: true })
    const file = path.join(uploads, `${Date.now()}-${randomBytes(8).toString('hex')}`)
    let bytes = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length
        callback(bytes > settings.maxBytes ? new TooLargeError() : null, chunk)
      },
    })
    try {
      await pipeline(payload, counter, createWriteStream(file))
    } catch (error) {
      await rm(file, { force: true })
      throw error
    }
    return file
  })

  app.post(
    '/blm',
    {
      // Called by agency software with its key, not by pages: no Origin to check.
      config: { originCheck: false },
      schema: {
        summary: 'Import a property feed: a Rightmove BLM v3 file, or a zip of one and its media (Authorization: Bearer FEED_API_KEY)',
        tags: ['feeds'],
        security: [{ feedApiKey: [] }],
        querystring: QuerySchema,
        consumes: FEED_CONTENT_TYPES,
        response: {
          200: FeedImportReportSchema,
          401: ApiErrorSchema,
          409: RefusalSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          422: RefusalSchema,
        },
      },
      // Before the body is read: a caller without the key uploads nothing.
      // However the request ended (an invalid query string stops it before the handler), the upload goes.
      onResponse: async (request) => {
        if (typeof request.body === 'string') await rm(request.body, { force: true })
      },
      onRequest: async (request, reply) => {
        const given = toBearer(request)
        if (!settings.apiKey || !given || !isKey(given, settings.apiKey)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ message: API_MESSAGES.FEED_KEY_REQUIRED })
        }
        const length = Number(request.headers['content-length'] ?? 0)
        if (length > settings.maxBytes) return reply.code(413).send({ message: API_MESSAGES.FEED_TOO_LARGE })
        return undefined
      },
    },
    async (request, reply) => {
      const file = request.body as unknown
      if (typeof file !== 'string') return reply.code(415).send({ message: API_MESSAGES.FEED_CONTENT_TYPE })
      let report
      try {
        report = await importBlm(
          { db: app.db },
          {
            file,
            name: request.query.name ?? 'upload',
            mediaStore: options.mediaStore,
            dryRun: request.query.dry_run === 'true',
            force: request.query.force === 'true',
            maxWithdrawShare: settings.maxWithdrawShare,
            preMarket: settings.preMarket,
            allowedMediaHosts: settings.allowedMediaHosts,
            log: (message, details) => request.log.info({ report: details }, message),
          },
        )
      } finally {
        await rm(file, { force: true })
      }
      if (report.outcome === 'refused') return reply.code(409).send({ message: report.reason ?? API_MESSAGES.INVALID_DATA, report })
      if (report.outcome === 'invalid') return reply.code(422).send({ message: report.reason ?? API_MESSAGES.INVALID_DATA, report })
      return reply.code(200).send(report)
    },
  )

  // Fastify's own 413 (the body ran past the limit while streaming) and 415 keep the API's error shape.
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error.statusCode === 413) return reply.code(413).send({ message: API_MESSAGES.FEED_TOO_LARGE })
    if (error.statusCode === 415) return reply.code(415).send({ message: API_MESSAGES.FEED_CONTENT_TYPE })
    throw error
  })
}

export default feeds
