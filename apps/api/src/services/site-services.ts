import type { PropertyCardsWithoutMediasResponse, PropertyDetail, PropertySearchQuery } from '@agency/domain'

/**
 * What a page's loaders ask of the API inside the server process: its services, called for the
 * page's own visitor, with the same authorisation and redaction as the HTTP routes that call them
 * (services/catalogue.ts), and no request, JSON or second validation between. The server hands one
 * to each page render through React Router's context (`context.services`); the browser and outside
 * clients use the HTTP API through packages/api-client.
 *
 * Only types from domain here: the web imports this file (`@agency/api/site-services`) and nothing
 * else of the API.
 */
export interface SiteServices {
  /** SPEC §3 search as the list pages show it, each card with its one picture (GET /api/properties?include_medias=false). */
  searchPropertyCards(query: PropertySearchQuery): Promise<PropertyCardsWithoutMediasResponse>
  /** One property as the visitor may see it (GET /api/properties/:id); null for an unknown id. */
  getProperty(propertyProfileId: number): Promise<PropertyDetail | null>
}
