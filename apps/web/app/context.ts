import type { ApiClient } from '@agency/api-client'

/**
 * What the server hands every loader (apps/server builds it per request). Loaders reach the API only
 * through `api`: on the server it calls the API in-process, so pages never fetch over the network.
 */
declare module 'react-router' {
  interface AppLoadContext {
    api: ApiClient
    /** The site's public origin without a trailing slash, for canonical links. */
    publicUrl: string
    /** The maps' tile server (MAP_TILE_URL, MAP_ATTRIBUTION), from the server's configuration. */
    mapTiles: { url: string; attribution: string }
  }
}

export {}
