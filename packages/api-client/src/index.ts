export { ApiClientError, createApiClient, isNotFoundError } from './client.ts'
export type { ApiClient, ApiClientOptions, ApiResponse, ApplicantChangeOptions, CreateOptions, FetchFunction, Health, LeadEnquiryRequest, RequestOptions, SearchPropertiesQuery, SitemapPage } from './client.ts'
export { ApplicantSummarySchema, CaptchaClientConfigSchema, ContactViewSchema, CreatedSessionSchema } from './contacts.ts'
export type {
  ApplicantSummary,
  CaptchaClientConfig,
  CaptchaQuestion,
  ContactView,
  CreatedSession,
  MagicLinkRequestBody,
  WithSetCookie,
} from './contacts.ts'
export { PlaceDetailsSchema, PlaceSearchAnswerSchema } from './places.ts'
export type { PlaceDetails, SearchResultPlace } from './places.ts'
export { createPlacesApi } from './places-api.ts'
export type { PlacesApi } from './places-api.ts'
export { createMapApi, parseMarkersAnswer } from './map-api.ts'
export type { MapApi } from './map-api.ts'
