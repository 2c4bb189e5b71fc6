import type { Db } from '@agency/db'
import { z } from 'zod'
import { createDatabasePlacesProvider } from './database-provider.ts'

/** On the embedded database: 2 searches run and 16 wait, of which one trigram comparison runs and one waits (database-provider.ts). */
const EMBEDDED_PLACE_SEARCH = { searchSlots: { running: 2, waiting: 16 }, similarSlots: { running: 1, waiting: 1 } }
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
  /** Which database `db` is: on the embedded one, trigram comparisons wait their turn (database-provider.ts). */
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
  return createDatabasePlacesProvider(dependencies.db, dependencies.dbKind === 'pglite' ? EMBEDDED_PLACE_SEARCH : {})
}
