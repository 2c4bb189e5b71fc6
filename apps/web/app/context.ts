import type { SiteServices } from '@agency/api/site-services'

/**
 * What the server hands every loader and action (apps/server builds it per request). They call the
 * API's services directly through `services`, with the API's own authorisation, redaction and write
 * protocol (no request, JSON or second validation between: a visitor's search goes from
 * routes/sales.tsx to the SQL by go-to-definition). The browser calls the HTTP API with packages/api-client.
 */
declare module 'react-router' {
  interface AppLoadContext {
    services: SiteServices
    /** The site's public origin without a trailing slash, for canonical links. */
    publicUrl: string
    /** The maps' tile server (MAP_TILE_URL, MAP_ATTRIBUTION), from the server's configuration. */
    mapTiles: { url: string; attribution: string }
  }
}

export {}
