import type { SiteServices } from '@agency/api/site-services'
import type { ApiClient } from '@agency/api-client'

/**
 * What the server hands every loader (apps/server builds it per request). Loaders call the API's
 * services directly through `services` (no request, JSON or second validation between: a visitor's
 * search goes from routes/sales.tsx to the SQL by go-to-definition); those not moved to them yet
 * reach the API through `api`, which on the server calls it in the process.
 */
declare module 'react-router' {
  interface AppLoadContext {
    services: SiteServices
    api: ApiClient
    /** The site's public origin without a trailing slash, for canonical links. */
    publicUrl: string
    /** The maps' tile server (MAP_TILE_URL, MAP_ATTRIBUTION), from the server's configuration. */
    mapTiles: { url: string; attribution: string }
  }
}

export {}
