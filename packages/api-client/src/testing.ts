/**
 * Answers of the API as it really gives them, for tests of the client and of the pages that fake
 * the API. apps/server checks every one against the OpenAPI document the API serves, so a fake
 * cannot drift from the real shapes (absolute media URLs, health `ok`, 400 for a malformed query
 * and 422 for a form the API refuses).
 */
import { MESSAGES, type ApplicantQuestion, type ApplicantView, type PropertyCard, type PropertyDetail } from '@agency/domain'

/** One answer: the operation as the OpenAPI document names it, the status and the JSON body. */
export interface ApiAnswer {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
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
  location_precision: 'postcode',
  created_at: '2026-11-01T09:00:00.000Z',
}

/** The same property's detail, as GET /api/properties/{id} answers it. */
export const DETAIL: PropertyDetail = {
  ...CARD,
  description: 'A generous family home.\n\nWith a garden.',
  features: ['Garden'],
  floor_plans: [{ image: `${ORIGIN}/api/media/9b2e4c1a-7d3f-4e8b-a5c6-1f0d2e3b4a59/medium` }],
  epcs: [],
  documents: [],
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

/** An alert of the logged-in contact, as the alert routes answer it. */
export const APPLICANT: ApplicantView = {
  contact_applicant_id: 9,
  applicant_key: 'Jd8wq3VwGmQ0lq2b0n5u1c5x7l6k4Zt9pYx2sA1bC3d',
  profile_id: 3,
  contact_applicant_status_id: 1,
  is_confirmed: true,
  contacts_withheld: false,
  contacts: [
    {
      contact_id: 4,
      salutation_id: 3,
      name: 'James',
      surname: 'Whitaker',
      avatar: 'male',
      contact_profiles: [3],
      communication_infos: [{ value: 'buyer@example.com', preferred: true, communication_method_id: 1 }],
      contact_addresses: [
        {
          contact_address_id: 2,
          display_name: '12 Station Road, Harrogate HG1 1AB',
          address_line_1: '12 Station Road',
          address_line_2: null,
          town: 'Harrogate',
          county: null,
          postcode: 'HG1 1AB',
          lat: 53.99,
          lng: -1.54,
        },
      ],
      contact_source_id: 35,
      subscription_types: [1],
    },
  ],
  created_at: '2026-11-01T09:00:00.000Z',
  criteria: {
    locations: [{ location: 'Harrogate, North Yorkshire', place_id: 'gb:town:2647428', lat: 53.99, lng: -1.54, distance: 3 }],
    min_price: 250000,
    max_price: 450000,
    min_bedroom: 3,
    max_bedroom: null,
    min_bathroom: null,
    max_bathroom: null,
    min_reception: null,
    max_reception: null,
    property_types: [],
    must_haves: ['garden'],
    furnishing: 'any',
    new_homes: 'include',
    shared_ownership: 'include',
    retirement_homes: 'include',
    short_let: 'include',
    house_flat_share: 'include',
    pets_allowed: 'include',
    bills_included: 'include',
    include_unavailable: false,
  },
  question_answers: [{ contact_question_id: 2, answer: 7 }],
  alert_frequency: 'instant',
}

/** One buyer question, as GET /api/contact_questions/{type} lists it. */
export const QUESTION: ApplicantQuestion = {
  contact_question_id: 2,
  question: 'Do you have a property to sell?',
  question_key: 'property_to_sell',
  is_required: true,
  contact_question_options: [
    { contact_question_option_id: 7, label: 'No' },
    { contact_question_option_id: 8, label: 'Yes, not yet on the market' },
  ],
}

const { medias: _medias, ...CARD_WITHOUT_MEDIAS } = CARD

const INVALID = 'The given data was invalid.'

/** The answers the client's tests fake, by what they show. */
export const API_ANSWERS = {
  searchPage: { method: 'GET', path: '/api/properties', status: 200, body: { data: [CARD], total: 1, page: 2, page_size: 24 } },
  // include_medias=false: each card without its photo list.
  searchPageWithoutMedias: { method: 'GET', path: '/api/properties', status: 200, body: { data: [CARD_WITHOUT_MEDIAS], total: 1, page: 2, page_size: 24 } },
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
          pin_price: '£650k',
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
  contactQuestions: { method: 'GET', path: '/api/contact_questions/{type}', status: 200, body: { data: [QUESTION] } },
  subscriptionTypes: { method: 'GET', path: '/api/subscription_types', status: 200, body: { data: [{ subscription_type_id: 1, name: 'Property alerts and news' }] } },
  applicantsOfContact: { method: 'GET', path: '/api/contact_applicants/applicants_of_contact/{contact_id}', status: 200, body: { data: [APPLICANT] } },
  applicantByKey: { method: 'GET', path: '/api/contact_applicants/u/{applicant_key}', status: 200, body: { data: APPLICANT } },
  applicantNotFound: { method: 'GET', path: '/api/contact_applicants/u/{applicant_key}', status: 404, body: { message: MESSAGES.APPLICANT_NOT_FOUND } },
  applicantPendingNone: { method: 'GET', path: '/api/contact_applicants/pending', status: 200, body: { data: null } },
  applicantCreated: {
    method: 'POST',
    path: '/api/contact_applicants',
    status: 201,
    body: { data: { ...APPLICANT, is_confirmed: false } },
  },
  // SPEC §5 alert submit: the first message is the one the page shows.
  applicantRefused: {
    method: 'POST',
    path: '/api/contact_applicants',
    status: 422,
    body: {
      message: MESSAGES.LOCATION_REQUIRED,
      errors: { 'property_criteria.locations': [MESSAGES.LOCATION_REQUIRED], 'property_criteria.min_price': [MESSAGES.MIN_PRICE_REQUIRED] },
    },
  },
  applicantUpdated: { method: 'PATCH', path: '/api/contact_applicants/{contact_applicant_id}', status: 200, body: { data: APPLICANT } },
  applicantStatus: {
    method: 'PATCH',
    path: '/api/contact_applicants/status/{contact_applicant_id}',
    status: 200,
    body: { data: { ...APPLICANT, contact_applicant_status_id: 2 }, active_contact_applicant_id: null },
  },
  applicantConfirmed: {
    method: 'POST',
    path: '/api/contact_applicants/confirmations',
    status: 200,
    body: { data: { contact_id: 4, contact_applicant_id: 9, applicant_key: APPLICANT.applicant_key, redirect_to: '/properties' } },
  },
  confirmationInvalid: {
    method: 'POST',
    path: '/api/contact_applicants/confirmations',
    status: 400,
    body: { message: 'This confirmation link is invalid or has expired.', errors: { token: ['This confirmation link is invalid or has expired.'] } },
  },
  addresses: {
    method: 'GET',
    path: '/api/addresses',
    status: 200,
    body: {
      data: [
        { suggestion_id: 'property:7', display_name: '12 Kent Road, Harrogate HG1 2LE', address_line_1: '12 Kent Road', town: 'Harrogate', postcode: 'HG1 2LE', lat: 53.99, lng: -1.54 },
      ],
    },
  },
  captchaConfig: {
    method: 'GET',
    path: '/api/captcha/config',
    status: 200,
    body: { data: { provider: 'altcha', challenge_url: '/api/captcha/challenge' } },
  },
} as const satisfies Record<string, ApiAnswer>

/** One call a fake fetch received. */
export interface FetchCall {
  url: string
  init: RequestInit | undefined
}

/** A fake fetch for the client's tests: records each call and answers the canned responses in order. */
export function fakeFetch(...responses: Array<() => Response>) {
  const calls: FetchCall[] = []
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url, init })
    const next = responses[calls.length - 1]
    if (!next) throw new Error(`unexpected call ${url}`)
    return next()
  }
  return { fetch, calls }
}

/** A canned JSON response for fakeFetch. */
export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
