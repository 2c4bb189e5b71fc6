import fp from 'fastify-plugin'
import { createPlacesProvider } from '#app/places/config.ts'
import type { FetchLike } from '#app/places/google-provider.ts'
import type { PlacesProvider } from '#app/places/provider.ts'
import type { PlaceSearchLimit } from '#app/places/search-limit.ts'
import placesRoutes from '#app/routes/places/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Place search and details (SPEC §7), from the provider the configuration chose. */
    places: PlacesProvider
  }
}

/** Options of the places plugin; by default the offline gazetteer. */
export interface PlacesPluginOptions {
  /** A provider to use as it is. */
  provider?: PlacesProvider
  /** `PLACES_PROVIDER` and `GOOGLE_PLACES_API_KEY`, from the server's configuration. */
  env?: Record<string, string | undefined>
  /** The fetch Google is called with; defaults to the global one. */
  fetch?: FetchLike
  /** How long a place search's answer is kept, in ms (0 or left out: not kept). */
  answerCacheTtlMs?: number
  /** Place searches one address may send (default DEFAULT_PLACE_SEARCH_LIMIT). */
  searchLimit?: PlaceSearchLimit
}

/**
 * GET /places and /places/:place_id in the scope it is registered in (the API, under /api), with the
 * provider chosen by PLACES_PROVIDER: the offline gazetteer, or Google Places.
 */
export default fp<PlacesPluginOptions>(
  async (app, options) => {
    const provider =
      options.provider ??
      createPlacesProvider(options.env ?? {}, {
        // Place search reads the gazetteer, which is the same for everyone: the replicas may answer it.
        db: app.readDb,
        dbKind: app.dbKind,
        log: app.log,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
    app.decorate('places', provider)
    await app.register(placesRoutes, {
      prefix: '/places',
      answerCacheTtlMs: options.answerCacheTtlMs ?? 0,
      ...(options.searchLimit ? { searchLimit: options.searchLimit } : {}),
    })
  },
  { name: 'places', dependencies: ['db'] },
)
