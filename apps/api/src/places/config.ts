import type { Db } from '@agency/db'
import { z } from 'zod'
import { createDatabasePlacesProvider, type DatabasePlacesOptions } from './database-provider.ts'

/**
 * Place searches one server process sends to the database a second, whoever sends them (search-limit.ts):
 * a visitor typing a place sends a few, and a word many type ('manc') is answered from the routes'
 * cache, so 60 a second is far above what an agency's visitors ask; a flood from many addresses is
 * spaced to it, and a search whose turn is more than 2 s off is answered 503 with Retry-After.
 */
const PLACE_SEARCH_CEILING = { perSecond: 60, burst: 30, maxWaitMs: 2000 }

/**
 * On the embedded database: 2 searches run and 16 wait, of which one trigram comparison runs and one
 * waits (database-provider.ts); names are compared in memory, not by PGlite's pg_trgm (trigrams.ts).
 */
const EMBEDDED_PLACE_SEARCH = { searchSlots: { running: 2, waiting: 16 }, similarSlots: { running: 1, waiting: 1 }, trigrams: 'memory', searchCeiling: PLACE_SEARCH_CEILING } as const
/**
 * On PostgreSQL, per server process: 4 searches run and 32 wait, of which 2 trigram comparisons run
 * and 2 wait. A comparison takes a few milliseconds, so this is hundreds a second per process; a flood
 * of random keywords beyond it is answered by the start of its keyword alone, and cannot take the
 * database's cores from the pages (the place flood of `npm run test:security`).
 */
const POSTGRES_PLACE_SEARCH = { searchSlots: { running: 4, waiting: 32 }, similarSlots: { running: 2, waiting: 2 }, searchCeiling: PLACE_SEARCH_CEILING }
import { createGooglePlacesProvider, type FetchLike, type PlacesLogger } from './google-provider.ts'
import type { PlacesProvider } from './provider.ts'

/**
 * The places provider's environment. `PLACES_PROVIDER`: `database` (default, the offline gazetteer)
 * or `google` (Places API (New), which needs `GOOGLE_PLACES_API_KEY`).
 */
export const PlacesEnvSchema = z
  .object({
    PLACES_PROVIDER: z.enum(['database', 'google']).default('database'),
    GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
  })
  .refine((env) => env.PLACES_PROVIDER !== 'google' || env.GOOGLE_PLACES_API_KEY !== undefined, {
    message: 'GOOGLE_PLACES_API_KEY is required when PLACES_PROVIDER is google',
    path: ['GOOGLE_PLACES_API_KEY'],
  })

/** What the providers may need. */
export interface PlacesDependencies {
  db: Db
  /** Which database `db` is: how many searches and trigram comparisons may run at once (database-provider.ts). */
  dbKind?: 'pglite' | 'postgres'
  log: PlacesLogger
  fetch?: FetchLike
}

/** The provider the environment asks for; throws a readable error for a bad environment. */
export function createPlacesProvider(env: Record<string, string | undefined>, dependencies: PlacesDependencies): PlacesProvider {
  const parsed = PlacesEnvSchema.safeParse({
    // An empty or blank variable (as `.env` files leave them) counts as unset.
    PLACES_PROVIDER: env.PLACES_PROVIDER?.trim() || undefined,
    GOOGLE_PLACES_API_KEY: env.GOOGLE_PLACES_API_KEY?.trim() || undefined,
  })
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid places configuration:\n${lines.join('\n')}`)
  }
  const { PLACES_PROVIDER, GOOGLE_PLACES_API_KEY } = parsed.data
  if (PLACES_PROVIDER === 'google' && GOOGLE_PLACES_API_KEY) {
    return createGooglePlacesProvider({ apiKey: GOOGLE_PLACES_API_KEY, fetch: dependencies.fetch, log: dependencies.log })
  }
  return createDatabasePlacesProvider(dependencies.db, toPlaceSearchOptions(dependencies.dbKind))
}

/** How the offline gazetteer runs on this kind of database (bounds, and where names are compared). */
export function toPlaceSearchOptions(dbKind: PlacesDependencies['dbKind']): DatabasePlacesOptions {
  return dbKind === 'pglite' ? EMBEDDED_PLACE_SEARCH : dbKind === 'postgres' ? POSTGRES_PLACE_SEARCH : {}
}
