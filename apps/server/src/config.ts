import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { DEFAULT_LEAD_ENQUIRY_LIMITS, loadAccountsEnv, type AccountsEnv, type FeedsOptions, type LeadEnquiryLimits } from '@agency/api'
import { parseAllowedMediaHosts, parseMediaStoreSettings, type MediaStoreSettings } from '@agency/db'
import { DEFAULT_DIGEST_SCHEDULE, parsePreMarketRule, type DigestSchedule } from '@agency/domain'
import { z } from 'zod'
import { defaultMaxHeapUsedBytes, type LoadSheddingOptions } from './load-shedding.ts'

/** How many demo properties an empty embedded database gets when SEED_PROPERTIES is not set. */
export const DEFAULT_DEMO_PROPERTIES = 2000

/** OpenStreetMap's standard tiles, with the attribution their tile usage policy asks for. */
export const DEFAULT_MAP_TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const

/** Environment variables, validated at start (docs/configuration.md lists each one). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // This machine only, unless told otherwise: a site put on a network says so (the Docker image sets 0.0.0.0).
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  // Read replicas of DATABASE_URL for the reads a visitor makes (lists, counts, markers, place search,
  // property pages): one PostgreSQL URL or several, comma separated.
  DATABASE_READ_URL: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const urls = (text ?? '').split(',').map((part) => part.trim()).filter(Boolean)
      for (const url of urls) {
        if (!/^postgres(ql)?:\/\/[^/]/.test(url) || !URL.canParse(url)) {
          ctx.addIssue({ code: 'custom', message: 'one or more postgres:// URLs, comma separated' })
          return z.NEVER
        }
      }
      return urls
    }),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3_600).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_PROPERTIES: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SEED: z.coerce.number().int().default(1),
  DEMO_POOL_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text)
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed })
        return z.NEVER
      }
      return parsed
    }),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  // How long a visitor's search API answer is kept (0 keeps none), as the page cache keeps pages.
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(10),
  // Load shedding: 503 with Retry-After past these (0 turns a check off).
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).optional(),
  // The longest a request waits for the database (PostgreSQL: a pooled connection, 3 s by default;
  // the embedded database: the queries before it, 15 s by default, as its one connection renders a
  // cold start's first pages one after another) before a 503 with Retry-After (0: for ever), and the
  // longest one PostgreSQL statement may run (0: no limit).
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  DB_PREPARED_STATEMENTS: z.coerce.number().int().min(0).max(10_000).optional(),
  // The embedded database runs in a thread of its own (false: in the site's thread, as the CLI tools run it).
  EMBEDDED_DATABASE_THREAD: z.enum(['true', 'false']).default('true'),
  // The longest one statement may run in that thread before it is taken as stuck and the thread is
  // started again (0: never).
  EMBEDDED_DATABASE_STALL_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  // How many times in ten minutes a stopped thread is started again before the server exits to be
  // started again itself (0: at once).
  EMBEDDED_DATABASE_RESTARTS: z.coerce.number().int().min(0).max(100).default(3),
  // Checked by the places provider (values and their combination); read here and nowhere else.
  PLACES_PROVIDER: z.string().optional(),
  ADDRESS_PROVIDER: z.string().optional(),
  IDEAL_POSTCODES_API_KEY: z.string().optional(),
  GOOGLE_PLACES_API_KEY: z.string().optional(),
  // The property feed import (POST /api/feeds/blm): no key, no uploads.
  FEED_API_KEY: z.string().min(16, { error: 'FEED_API_KEY must be at least 16 characters' }).optional(),
  FEED_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(200),
  FEED_MAX_WITHDRAW_SHARE: z.coerce.number().min(0).max(1).default(0.2),
  // Media link hosts a feed may name that are fetched even at addresses that are not public (the CRM's own).
  IMPORT_ALLOWED_MEDIA_HOSTS: z.string().optional().transform(parseAllowedMediaHosts),
  FEED_PRE_MARKET: z
    .string()
    .default('unpublished')
    .transform((text, ctx) => parsePreMarketRule(text) ?? (ctx.addIssue({ code: 'custom', message: 'a list of `unpublished` and `status:N`, or `none`' }), z.NEVER)),
  // Heads Up e-mails: how often the alert worker runs (0: not in this process), and how long an instant
  // alert's first match waits for others to join it in one e-mail (at most 5 minutes).
  ALERT_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  ALERT_BATCH_MS: z.coerce.number().int().min(0).max(300_000).default(60_000),
  // How long an e-mail the outbox worker took stays its own: a process killed while sending leaves it
  // to the others once this has passed.
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  // Lead enquiries one IP address may send in an hour (429 past it); a test run sets more.
  LEAD_ENQUIRIES_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_LEAD_ENQUIRY_LIMITS.perIp.limit),
  // Daily and weekly alerts go at this local hour (Europe/London), weekly ones on this day (0 Sunday … 6 Saturday).
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  ALERT_DIGEST_WEEKDAY: z.coerce.number().int().min(0).max(6).default(1),
  // The maps' tile server: a URL template with {z}, {x} and {y} (and optionally {s}, {r}), and its attribution (HTML).
  MAP_TILE_URL: z
    .string()
    .default(DEFAULT_MAP_TILES.url)
    .refine((url) => /^(https?:)?\/\//.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), {
      error: 'MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}',
    }),
  MAP_ATTRIBUTION: z.string().min(1).max(500).default(DEFAULT_MAP_TILES.attribution),
  // The old name of ALTCHA_HMAC_KEY: it only ever keyed the captcha.
  SESSION_SECRET: z.string().optional(),
})

/** Which proxies may name the client: none, a number of hops, or their addresses (IP or CIDR). */
export type TrustProxy = false | number | string[]

/** What TRUST_PROXY=true now answers: trusting every hop lets any client write its own address. */
export const TRUST_PROXY_TRUE_REFUSED =
  "`true` trusts every X-Forwarded-For entry, which the client itself writes, so any client could choose its own address and pass every per-address limit: give the number of proxies in front of the site (e.g. 1 for nginx) or their addresses as a comma-separated list of IPs or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)"

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** Whether an entry of TRUST_PROXY is an IP address, a CIDR range or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = net.isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (version === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY as the server uses it, or the message of why it is refused: `false` (or unset, or 0)
 * trusts no proxy, a whole number trusts that many hops in front of the site, and a comma-separated
 * list of IP addresses or CIDR ranges trusts those proxies. `true` is refused.
 */
export function parseTrustProxy(text: string): TrustProxy | string {
  const value = text.trim()
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') return TRUST_PROXY_TRUE_REFUSED
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return hops <= 10 ? hops : 'a number of proxies from 1 to 10'
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isProxyAddress(entry))
  if (bad.length > 0) return `not an IP address or CIDR range: ${bad.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')} (give a number of proxies, or their addresses separated by commas)`
  return entries
}

/** The server's validated configuration. */
export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  publicUrl: string
  dataDir: string
  /**
   * Where the originals are kept: the disk under DATA_DIR (the embedded database's default),
   * PostgreSQL (DATABASE_URL) or an S3-compatible bucket (MEDIA_S3_*). Holds the bucket's keys: never logged whole.
   */
  media: MediaStoreSettings
  /** This machine's cache of derived picture variants. */
  cacheDir: string
  databaseUrl: string | undefined
  /**
   * The read replicas (DATABASE_READ_URL; none: every read on the primary) and the lag past which a
   * replica is skipped (DATABASE_READ_MAX_LAG_SECONDS). The URLs hold passwords: never logged.
   */
  readReplicas: { urls: string[]; maxLagSeconds: number }
  /** How long a query waits for the database (a pooled connection, or the embedded database's turn), and how long a PostgreSQL statement may run (ms; 0: no limit). */
  database: { acquireTimeoutMs: number; statementTimeoutMs: number; preparedStatements: number | undefined; thread: boolean; stallTimeoutMs: number; maxRestarts: number }
  logLevel: string
  seedProperties: number
  seed: number
  /** A folder the demo's rendered pictures are kept in between set-ups (DEMO_POOL_DIR), copied from rather than rendered again. */
  demoPoolDir: string | undefined
  /**
   * Behind reverse proxies: how many hops (a number) or which proxies' addresses (a list) are trusted
   * to append to X-Forwarded-For; false reads the socket's address.
   */
  trustProxy: TrustProxy
  /** How many server processes share the port (node:cluster); above 1 only on PostgreSQL. */
  workers: number
  /** How many visitor pages the shared page cache keeps (0 turns it off). */
  pageCacheEntries: number
  searchCacheSeconds: number
  /** When a request is refused with 503 rather than queued. */
  loadShedding: LoadSheddingOptions
  /** E-mail transport and captcha keys (the captcha key may still be generated at start: secrets.ts). */
  accounts: AccountsEnv
  /** The places provider's settings. */
  places: { PLACES_PROVIDER: string | undefined; GOOGLE_PLACES_API_KEY: string | undefined }
  /** Address suggestions (GET /api/addresses): `database` (the offline provider) unless set otherwise. */
  addresses: { ADDRESS_PROVIDER: string | undefined; IDEAL_POSTCODES_API_KEY: string | undefined }
  /** What the environment asks that still works but should change (logged at start). */
  warnings: string[]
  /** The feed import's key and limits. */
  feeds: FeedsOptions
  /** The maps' tile server (MAP_TILE_URL, MAP_ATTRIBUTION), handed to the pages. */
  mapTiles: { url: string; attribution: string }
  /** The Heads Up alert worker: its interval (0: off) and the instant alerts' batch window. */
  alerts: { intervalMs: number; instantBatchMs: number; digest: DigestSchedule }
  /** Limits on lead enquiries (LEAD_ENQUIRIES_PER_IP_HOUR). */
  leadLimits: LeadEnquiryLimits
  /** How long a claimed outbox row stays reserved for the worker that took it (OUTBOX_LEASE_SECONDS). */
  outboxLeaseMs: number
}

/** The warning for a server still given the captcha key under its old name. */
export const SESSION_SECRET_WARNING = 'SESSION_SECRET is deprecated: it keys only the login captcha, so name it ALTCHA_HMAC_KEY'

/**
 * Reads and validates the environment, the only place the site reads it; the parts are passed down
 * from here. Throws a readable error listing every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.DATABASE_READ_URL.length > 0 && !e.DATABASE_URL) {
    throw new Error('Invalid environment:\n  DATABASE_READ_URL: read replicas need DATABASE_URL (the primary they replicate)')
  }
  if (e.WORKERS !== undefined && e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new Error('Invalid environment:\n  WORKERS: more than one process needs DATABASE_URL (the embedded database belongs to one process)')
  }
  const dataDir = path.resolve(e.DATA_DIR)
  const media = parseMediaStoreSettings(env, { dataDir, databaseUrl: e.DATABASE_URL || undefined })
  if ('errors' in media) throw new Error(`Invalid environment:\n${media.errors.map((line) => `  ${line}`).join('\n')}`)
  // SESSION_SECRET still works as the captcha key, so processes that share it keep sharing challenges.
  const warnings = e.SESSION_SECRET === undefined ? [] : [SESSION_SECRET_WARNING]
  const accountsEnv = e.SESSION_SECRET !== undefined && env.ALTCHA_HMAC_KEY === undefined ? { ...env, ALTCHA_HMAC_KEY: e.SESSION_SECRET } : env
  const accounts = loadAccountsEnv(accountsEnv, { dataDir })
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    media: media.settings,
    cacheDir: path.join(dataDir, 'cache'),
    databaseUrl: e.DATABASE_URL || undefined,
    readReplicas: { urls: e.DATABASE_READ_URL, maxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS },
    database: { acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS ?? (e.DATABASE_URL ? 3000 : 15_000), statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS, preparedStatements: e.DB_PREPARED_STATEMENTS, thread: e.EMBEDDED_DATABASE_THREAD === 'true', stallTimeoutMs: e.EMBEDDED_DATABASE_STALL_MS, maxRestarts: e.EMBEDDED_DATABASE_RESTARTS },
    logLevel: e.LOG_LEVEL,
    // Demo data by default only on the embedded database: a PostgreSQL one is an agency's own.
    seedProperties: e.SEED_PROPERTIES ?? (e.DATABASE_URL ? 0 : DEFAULT_DEMO_PROPERTIES),
    seed: e.SEED,
    demoPoolDir: e.DEMO_POOL_DIR ? path.resolve(e.DEMO_POOL_DIR) : undefined,
    trustProxy: e.TRUST_PROXY,
    // One process per core on PostgreSQL, which they share; the embedded database allows one.
    workers: e.WORKERS ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    pageCacheEntries: e.PAGE_CACHE_ENTRIES,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    loadShedding: {
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: e.MAX_HEAP_USED_BYTES ?? defaultMaxHeapUsedBytes(),
      retryAfterSeconds: 5,
    },
    accounts,
    places: { PLACES_PROVIDER: e.PLACES_PROVIDER, GOOGLE_PLACES_API_KEY: e.GOOGLE_PLACES_API_KEY },
    addresses: { ADDRESS_PROVIDER: e.ADDRESS_PROVIDER, IDEAL_POSTCODES_API_KEY: e.IDEAL_POSTCODES_API_KEY },
    alerts: {
      intervalMs: e.ALERT_INTERVAL_MS,
      instantBatchMs: e.ALERT_BATCH_MS,
      digest: { ...DEFAULT_DIGEST_SCHEDULE, hour: e.ALERT_DIGEST_HOUR, weekday: e.ALERT_DIGEST_WEEKDAY },
    },
    outboxLeaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
    leadLimits: { ...DEFAULT_LEAD_ENQUIRY_LIMITS, perIp: { ...DEFAULT_LEAD_ENQUIRY_LIMITS.perIp, limit: e.LEAD_ENQUIRIES_PER_IP_HOUR } },
    warnings,
    feeds: {
      apiKey: e.FEED_API_KEY,
      maxBytes: e.FEED_MAX_MB * 1024 * 1024,
      maxWithdrawShare: e.FEED_MAX_WITHDRAW_SHARE,
      preMarket: e.FEED_PRE_MARKET,
      allowedMediaHosts: e.IMPORT_ALLOWED_MEDIA_HOSTS,
    },
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
  }
}
