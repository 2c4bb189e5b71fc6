import path from 'node:path'
import { loadAccountsEnv, type AccountsEnv } from '@agency/api'
import { z } from 'zod'

/** How many demo properties an empty embedded database gets when SEED_PROPERTIES is not set. */
export const DEFAULT_DEMO_PROPERTIES = 2000

/** Environment variables, validated at start (README lists each one). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_PROPERTIES: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SEED: z.coerce.number().int().default(1),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  // Checked by the places provider (values and their combination); read here and nowhere else.
  PLACES_PROVIDER: z.string().optional(),
  GOOGLE_PLACES_API_KEY: z.string().optional(),
  // Renamed: it only ever keyed the captcha.
  SESSION_SECRET: z.undefined({ error: 'SESSION_SECRET is now ALTCHA_HMAC_KEY (the key of the login captcha)' }).optional(),
})

/** The server's validated configuration. */
export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  publicUrl: string
  dataDir: string
  mediaDir: string
  cacheDir: string
  databaseUrl: string | undefined
  logLevel: string
  seedProperties: number
  seed: number
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean
  /** How many visitor pages the shared page cache keeps (0 turns it off). */
  pageCacheEntries: number
  /** E-mail transport and captcha keys (the captcha key may still be generated at start: secrets.ts). */
  accounts: AccountsEnv
  /** The places provider's settings. */
  places: { PLACES_PROVIDER: string | undefined; GOOGLE_PLACES_API_KEY: string | undefined }
}

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
  const dataDir = path.resolve(e.DATA_DIR)
  const accounts = loadAccountsEnv(env, { dataDir })
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    cacheDir: path.join(dataDir, 'cache'),
    databaseUrl: e.DATABASE_URL || undefined,
    logLevel: e.LOG_LEVEL,
    // Demo data by default only on the embedded database: a PostgreSQL one is an agency's own.
    seedProperties: e.SEED_PROPERTIES ?? (e.DATABASE_URL ? 0 : DEFAULT_DEMO_PROPERTIES),
    seed: e.SEED,
    trustProxy: e.TRUST_PROXY === 'true',
    pageCacheEntries: e.PAGE_CACHE_ENTRIES,
    accounts,
    places: { PLACES_PROVIDER: e.PLACES_PROVIDER, GOOGLE_PLACES_API_KEY: e.GOOGLE_PLACES_API_KEY },
  }
}
