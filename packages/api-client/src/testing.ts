/**
 * Answers of the API as it really gives them, for tests of the client and of the pages that fake
 * the API. apps/server checks every one against the OpenAPI document the API serves, so a fake
 * cannot drift from the real shapes (absolute media URLs, health `ok`, 400 for a malformed query
 * and 422 for a form the API refuses).
 */
import { MESSAGES, type PropertyCard, type PropertyDetail } from '@agency/domain'

/** One answer: the operation as the OpenAPI document names it, the status and the JSON body. */
export interface ApiAnswer {
  readonly method: 'GET' | 'POST' | 'DELETE'
  /** The path template of the OpenAPI document: `/api/properties/{property_profile_id}`. */
  readonly path: string
  readonly status: number
  readonly body: unknown
}

const ORIGIN = 'https://agency.example'

/** A visible card, as GET /api/properties lists it. */
export const CARD: PropertyCard = {
  property_profile_id: 7,
  image: `${ORIGIN}/api/media/5f0c8d2e-4b1a-4c7e-9d3f-2a6b8e1c0f47/card`,
  is_locked: false,
  custom_property_status_title: 'Available',
  advert_heading: '4 bedroom detached house for sale',
  display_address: 'Kent Road, Harrogate',
  full_address: '12 Kent Road, Harrogate HG1 2LE',
  price: { type: { name: 'Guide Price' }, price: '£650,000', numberPrice: 650000 },
  bedroom: 4,
  bathroom: 2,
  reception: 2,
  summary: 'A generous family home.',
  detail_page_url: '/property/7/4-bedroom-detached-house-for-sale-in-harrogate',
  match_percentage: null,
  medias: [
    {
      property_profile_media_id: '5f0c8d2e-4b1a-4c7e-9d3f-2a6b8e1c0f47',
      background: `${ORIGIN}/api/media/5f0c8d2e-4b1a-4c7e-9d3f-2a6b8e1c0f47/medium`,
      mediaLink: `${ORIGIN}/api/media/5f0c8d2e-4b1a-4c7e-9d3f-2a6b8e1c0f47/full`,
      isDownloadable: false,
      isIframePlayable: false,
      isVirtualTour: false,
    },
  ],
  transaction_type_id: 1,
  branch_id: 1,
  lat: 53.99,
  lng: -1.54,
  created_at: '2026-11-01T09:00:00.000Z',
}

/** The same property's detail, as GET /api/properties/{id} answers it. */
export const DETAIL: PropertyDetail = {
  ...CARD,
  description: 'A generous family home.\n\nWith a garden.',
  features: ['Garden'],
  floor_plans: [{ image: `${ORIGIN}/api/media/9b2e4c1a-7d3f-4e8b-a5c6-1f0d2e3b4a59/medium` }],
  epcs: [],
  branch: null,
  property_type: { property_type_id: 1, name: 'House' },
  property_style: { property_style_id: 1, property_type_id: 1, name: 'Detached House' },
  postcode: 'HG1 2LE',
  material_information: null,
  price_history: [],
  updated_at: '2026-11-02T09:00:00.000Z',
}

/** A place as GET /api/places/{place_id} answers it. */
export const MANCHESTER = {
  location: 'Manchester, Greater Manchester',
  place_id: 'gb:town:2643123',
  bounds: { north: 53.52, south: 53.44, east: -2.17, west: -2.31 },
  location_type: 'city',
  lat: 53.48095,
  lng: -2.23743,
} as const

/** The logged-in contact, as GET /api/contacts/me answers it. */
export const CONTACT = {
  contact_id: 4,
  salutation_id: 3,
  name: 'James',
  surname: 'Whitaker',
  avatar: 'male',
  contact_profiles: [3],
  communication_infos: [{ value: 'buyer@example.com', preferred: true, communication_method_id: 1 }],
  contact_addresses: [],
  contact_source_id: 35,
  subscription_types: [1],
  applicants: [{ contact_applicant_id: 9, applicant_key: 'k-9', profile_id: 3, contact_applicant_status_id: 1, created_at: '2026-11-01T09:00:00.000Z' }],
  active_contact_applicant_id: 9,
}

const INVALID = 'The given data was invalid.'

/** The answers the client's tests fake, by what they show. */
export const API_ANSWERS = {
  searchPage: { method: 'GET', path: '/api/properties', status: 200, body: { data: [CARD], total: 1, page: 2, page_size: 24 } },
  emptySearch: { method: 'GET', path: '/api/properties', status: 200, body: { data: [], total: 0, page: 1, page_size: 24 } },
  // API.md: a query the schema refuses (page_size over 100) is a malformed request, 400.
  searchRefused: {
    method: 'GET',
    path: '/api/properties',
    status: 400,
    body: { message: INVALID, errors: { page_size: ['Too big: expected number to be <=100'] } },
  },
  markers: {
    method: 'GET',
    path: '/api/properties/markers',
    status: 200,
    body: {
      data: [
        {
          property_profile_id: CARD.property_profile_id,
          lat: 53.99,
          lng: -1.54,
          is_locked: false,
          image: CARD.image,
          advert_heading: CARD.advert_heading,
          display_address: CARD.display_address,
          custom_property_status_title: CARD.custom_property_status_title,
          price: CARD.price?.price ?? null,
          bedroom: CARD.bedroom,
          detail_page_url: CARD.detail_page_url,
        },
      ],
      total: 1,
      page: 1,
      page_size: 500,
    },
  },
  detail: { method: 'GET', path: '/api/properties/{property_profile_id}', status: 200, body: { data: DETAIL } },
  propertyNotFound: { method: 'GET', path: '/api/properties/{property_profile_id}', status: 404, body: { message: 'Property not found' } },
  propertyTypes: { method: 'GET', path: '/api/properties/property_types', status: 200, body: { data: [{ property_type_id: 1, name: 'House' }] } },
  propertyStyles: {
    method: 'GET',
    path: '/api/properties/property_styles',
    status: 200,
    body: { data: [{ property_style_id: 1, property_type_id: 1, name: 'Detached House' }] },
  },
  branchesEmpty: { method: 'GET', path: '/api/branches', status: 200, body: { data: [] } },
  companySetting: { method: 'GET', path: '/api/company_settings/{setting_id}', status: 200, body: { data: { setting_id: 101, value: 'lettings' } } },
  health: { method: 'GET', path: '/api/health', status: 200, body: { status: 'ok', database: 'ok' } },
  placeSearch: {
    method: 'GET',
    path: '/api/places',
    status: 200,
    body: { data: [{ name: 'Manchester', description: 'Greater Manchester', place_id: 'gb:town:2643123' }] },
  },
  place: { method: 'GET', path: '/api/places/{place_id}', status: 200, body: { data: MANCHESTER } },
  placeNotFound: { method: 'GET', path: '/api/places/{place_id}', status: 404, body: { message: 'Place not found' } },
  keywordTooLong: {
    method: 'GET',
    path: '/api/places',
    status: 400,
    body: { message: INVALID, errors: { keyword: ['The keyword may not be greater than 256 characters.'] } },
  },
  magicLinkSent: {
    method: 'POST',
    path: '/api/contacts/oauth/magic-links',
    status: 202,
    body: { data: { message: MESSAGES.MAGIC_LINK_SENT } },
  },
  // API.md: a well-formed request whose field the rules refuse is 422, with the field errors.
  magicLinkRefused: {
    method: 'POST',
    path: '/api/contacts/oauth/magic-links',
    status: 422,
    body: { message: MESSAGES.MAGIC_LINK_EMAIL_INVALID, errors: { email: [MESSAGES.MAGIC_LINK_EMAIL_INVALID] } },
  },
  session: { method: 'POST', path: '/api/contacts/oauth/sessions', status: 200, body: { data: { contact_id: 4, redirect_to: '/sales/property-for-sale' } } },
  invalidLink: {
    method: 'POST',
    path: '/api/contacts/oauth/sessions',
    status: 400,
    body: { message: 'This login link is invalid or has expired.', errors: { token: ['This login link is invalid or has expired.'] } },
  },
  me: { method: 'GET', path: '/api/contacts/me', status: 200, body: { data: CONTACT } },
  loginRequired: { method: 'GET', path: '/api/contacts/me', status: 401, body: { message: 'Please log in to continue.' } },
  captchaConfig: {
    method: 'GET',
    path: '/api/captcha/config',
    status: 200,
    body: { data: { provider: 'altcha', challenge_url: '/api/captcha/challenge' } },
  },
} as const satisfies Record<string, ApiAnswer>
