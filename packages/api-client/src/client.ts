import { z } from 'zod'
import { ApiClientError } from './errors.ts'
import {
  AddressSearchResultSchema,
  AlertConfirmationSchema,
  APPLICANT_KEY_HEADER,
  ApiErrorSchema,
  ApplicantStatusAnswerSchema,
  ApplicantViewSchema,
  BranchDetailsSchema,
  BranchSchema,
  ContactQuestionListSchema,
  PendingApplicantSchema,
  SubscriptionTypeSchema,
  CompanySettingSchema,
  CompanyProfileSchema,
  LeadEnquiryAnswerSchema,
  PotentialViewingSchema,
  NearbyPlaceSchema,
  PropertyCardSchema,
  PropertyDetailSchema,
  PropertyCardsWithoutMediasResponseSchema,
  PropertyListResponseSchema,
  PropertyMarkersResponseSchema,
  PropertyStyleSchema,
  PropertyTypeSchema,
  RedirectTargetSchema,
  SavedPropertySchema,
  SiteSettingsSchema,
  toSearchParams,
  TRANSACTION_TYPE,
} from '@agency/domain'
import type {
  AddressSearchResult,
  AlertConfirmation,
  AlertCriteriaUpdatePayload,
  AlertPayload,
  ApplicantQuestion,
  ApplicantStatusAnswer,
  ApplicantStatusId,
  ApplicantView,
  Branch,
  BranchDetails,
  ContactQuestionType,
  PendingApplicant,
  SubscriptionType,
  CompanySetting,
  CompanyProfile,
  LeadEnquiryAnswer,
  LeadEnquiryPayload,
  PotentialViewing,
  NearbyPlace,
  PropertyCard,
  PropertyCardsWithoutMediasResponse,
  PropertyDetail,
  PropertyListResponse,
  PropertyMarkersResponse,
  PropertySearchQuery,
  PropertyStyle,
  PropertyType,
  RedirectTarget,
  SavedProperty,
  SiteSettings,
} from '@agency/domain'
import {
  CaptchaClientConfigSchema,
  ContactViewSchema,
  CreatedSessionSchema,
  MagicLinkAnswerSchema,
} from './contacts.ts'
import { PlaceDetailsSchema, PlaceSearchAnswerSchema } from './places.ts'
import type { PlaceDetails, SearchResultPlace } from './places.ts'
import type { CaptchaClientConfig, ContactView, CreatedSession, MagicLinkRequestBody, WithSetCookie } from './contacts.ts'

/** What the client reads of an answer; a fetch Response is one. */
export interface ApiResponse {
  readonly ok: boolean
  readonly status: number
  readonly headers: Pick<Headers, 'get' | 'getSetCookie'>
  text(): Promise<string>
  json(): Promise<unknown>
}

/**
 * The fetch the client calls: the global one in the browser, or any that answers with no more than
 * an ApiResponse (a test's, an outside client's).
 */
export type FetchFunction = (input: string, init?: RequestInit) => Promise<ApiResponse>

/** How to reach the API. */
export interface ApiClientOptions {
  /** Prefix of every path, without a trailing slash: '/api' in the browser, any origin + '/api' on the server. */
  baseUrl: string
  fetch: FetchFunction
  /** Sent with every request, e.g. the visitor's cookie when the server calls the API on their behalf. */
  headers?: Record<string, string>
}

/** Per-call options. */
export interface RequestOptions {
  signal?: AbortSignal
}

/** Options of a command that creates something (API.md: a retry with the same key creates nothing new). */
export interface CreateOptions extends RequestOptions {
  idempotencyKey?: string
  /** The captcha token (the login form's), sent as `recaptcha_token`: a visitor's registration needs one. */
  captchaToken?: string
}

/**
 * Options of an alert change: the applicant key or e-mail link of the alert, when there is no session,
 * and then the captcha token an update needs.
 */
export interface ApplicantChangeOptions extends RequestOptions {
  applicantKey?: string
  captchaToken?: string
}

/** The captcha token as the body field the API reads. */
const captchaField = (options: { captchaToken?: string } | undefined) => (options?.captchaToken ? { recaptcha_token: options.captchaToken } : {})

/** The lead payload as sent: SPEC §3 fields plus the login form's captcha token. */
export type LeadEnquiryRequest = LeadEnquiryPayload & { recaptcha_token?: string }

/** GET /health answers a JSON object whose fields the operations side owns; the client only checks it is one. */
const HealthSchema = z.record(z.string(), z.json())
/** The answer of GET /health. */
export type Health = z.infer<typeof HealthSchema>

const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item })
// API.md: lists answer `{ data, total?, page?, page_size? }`; only `data` matters for reference lists.
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) })

/** One page of GET /sitemap/properties: property pages in id order, and the id to ask after next (null at the end). */
const SitemapPageSchema = z.object({
  data: z.array(z.object({ property_profile_id: z.number().int(), detail_page_url: z.string(), updated_at: z.string() })),
  next_after: z.number().int().nullable(),
})
/** One page of the sitemap's property pages. */
export type SitemapPage = z.infer<typeof SitemapPageSchema>

/** SPEC §7: property types and styles are fetched with `__limit=250`. */
const REFERENCE_LIST_LIMIT = '250'

/**
 * A failed API call (errors.ts). An answer that does not match the wire contract is reported as 502,
 * because the client cannot tell the caller anything more useful than "the API misbehaved".
 */
export { ApiClientError }

/** Whether a thrown value is an ApiClientError with status 404. */
export function isNotFoundError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && error.status === 404
}

/**
 * A search as the client sends it: parsed values (e.g. from `PropertySearchQuerySchema`), any of them
 * left out for its default. The schema's input type is not used because every key of it is required.
 */
export type SearchPropertiesQuery = Partial<PropertySearchQuery>

/** The typed API client; every answer is parsed with the @agency/domain schemas. */
export interface ApiClient {
  /** GET /properties: one page of cards. `transaction_type_id` defaults to sales, as in the schema. */
  searchProperties(query: SearchPropertiesQuery, options?: RequestOptions): Promise<PropertyListResponse>
  /**
   * GET /properties with `include_medias=false`: the same page of cards, each without its photo list
   * (three quarters of an answer's bytes), for a page that shows a card's one picture.
   */
  searchPropertyCards(query: SearchPropertiesQuery, options?: RequestOptions): Promise<PropertyCardsWithoutMediasResponse>
  /**
   * GET /properties/markers: the map markers of the same search (its filters, locations and bounds),
   * paged apart from the list (`page`, `page_size` up to 2,000; the list's sort does not apply).
   */
  searchPropertyMarkers(query: SearchPropertiesQuery, options?: RequestOptions): Promise<PropertyMarkersResponse>
  /** GET /properties/:id. Throws an ApiClientError with status 404 for an unknown id. */
  getProperty(propertyProfileId: number, options?: RequestOptions): Promise<PropertyDetail>
  /** GET /properties/:id/similar: up to 4 like it. Throws an ApiClientError with status 404 for an unknown id. */
  getSimilarProperties(propertyProfileId: number, options?: RequestOptions): Promise<PropertyCard[]>
  /** GET /sitemap/properties: one page of the property pages anyone may see, after the id `after`. */
  getSitemapPage(after: number, options?: RequestOptions): Promise<SitemapPage>
  getPropertyTypes(options?: RequestOptions): Promise<PropertyType[]>
  getPropertyStyles(options?: RequestOptions): Promise<PropertyStyle[]>
  getBranches(options?: RequestOptions): Promise<Branch[]>
  /** GET /branches/:id: a branch with its opening hours and team. Throws an ApiClientError with status 404 for an unknown id. */
  getBranch(branchId: number, options?: RequestOptions): Promise<BranchDetails>
  /** GET /company_settings/:id. The value is JSON; callers parse it for the setting they read. */
  getCompanySetting(settingId: number, options?: RequestOptions): Promise<CompanySetting>
  /** SPEC §2 Redirect screen (GET /redirects/:slug): the configured target; a 404 ApiClientError for an unknown slug. */
  getRedirect(slug: string, options?: RequestOptions): Promise<RedirectTarget>
  /** GET /site_settings: every setting the site reads, each already its default when not set. */
  getSiteSettings(options?: RequestOptions): Promise<SiteSettings>
  /** GET /company: the company and compliance details; null while they are not set (404). */
  getCompanyProfile(options?: RequestOptions): Promise<CompanyProfile | null>
  health(options?: RequestOptions): Promise<Health>
  /** SPEC §7 place search by keyword (GET /places): at most 256 characters, else a 400 ApiClientError. */
  searchPlaces(keyword: string, options?: RequestOptions): Promise<SearchResultPlace[]>
  /**
   * The places spelt nearest to a keyword the place search finds nothing for, best first (GET
   * /places/nearest-spellings): what a list page offers instead of the keyword ('Did you mean').
   */
  findNearestSpellings(keyword: string, options?: RequestOptions): Promise<SearchResultPlace[]>
  /** SPEC §7 place details by place_id (GET /places/:place_id). Throws a 404 ApiClientError for an unknown id. */
  getPlace(placeId: string, options?: RequestOptions): Promise<PlaceDetails>
  /** The stations, schools and pubs nearest a position, with distances in miles (GET /places/nearby). */
  getNearbyPlaces(at: { lat: number; lng: number }, options?: RequestOptions): Promise<NearbyPlace[]>
  /**
   * SPEC §7 POST /contacts/oauth/magic-links. The API answers 202 for every well-formed request
   * (known address or not); a malformed e-mail, a refused captcha or a cross-site call throws. With an
   * `idempotencyKey`, a retry of a request already handled sends no second e-mail.
   */
  requestMagicLink(body: MagicLinkRequestBody, options?: CreateOptions): Promise<{ message: string }>
  /**
   * POST /contacts/oauth/sessions: logs in with a login link's token, answering the contact id, the
   * page to go to and the session cookie to pass on. An invalid, used or expired token throws a 400.
   */
  createSession(token: string, options?: RequestOptions): Promise<WithSetCookie<CreatedSession>>
  /** DELETE /contacts/oauth/sessions/current: logs out, answering the cookie-clearing Set-Cookie to pass on. */
  deleteSession(options?: RequestOptions): Promise<WithSetCookie<null>>
  /** GET /contacts/me: the logged-in contact. Throws a 401 ApiClientError for a visitor. */
  getCurrentContact(options?: RequestOptions): Promise<ContactView>
  /** GET /captcha/config: which captcha the login form shows. */
  getCaptchaConfig(options?: RequestOptions): Promise<CaptchaClientConfig>
  /** GET /properties/cards?ids=: the cards of the given properties still on the market, in that order. */
  getPropertyCards(ids: readonly number[], options?: RequestOptions): Promise<PropertyCard[]>
  /** GET /contacts/me/saved_properties: the logged-in contact's saved properties. A 401 ApiClientError for a visitor. */
  getSavedProperties(options?: RequestOptions): Promise<SavedProperty[]>
  /** GET /contacts/me/saved_properties/ids: the ids only, the latest saved first. */
  getSavedPropertyIds(options?: RequestOptions): Promise<number[]>
  /** PUT /contacts/me/saved_properties/:id, with the price the contact saw when it is known. */
  saveProperty(propertyProfileId: number, savedPrice?: number | null, options?: RequestOptions): Promise<void>
  /** DELETE /contacts/me/saved_properties/:id. */
  unsaveProperty(propertyProfileId: number, options?: RequestOptions): Promise<void>
  /** SPEC §7 GET contact_questions/{type}: the Circumstances questions of a buyer or tenant alert. */
  getContactQuestions(type: ContactQuestionType, options?: RequestOptions): Promise<ApplicantQuestion[]>
  /** GET /subscription_types: what the consent checkbox subscribes to. */
  getSubscriptionTypes(options?: RequestOptions): Promise<SubscriptionType[]>
  /**
   * SPEC §7 GET contact_applicants/applicants_of_contact/{contactId}, newest first (`__order_by=-created_at`).
   * Needs the contact's own session: 401 for a visitor, 404 for another contact.
   */
  getApplicantsOfContact(contactId: number, options?: RequestOptions): Promise<ApplicantView[]>
  /** SPEC §7 GET contact_applicants/u/{applicantKey}. Throws a 404 ApiClientError for an unknown key. */
  getApplicantByKey(applicantKey: string, options?: RequestOptions): Promise<ApplicantView>
  /**
   * SPEC §7 POST contact_applicants (with `unknown_user_branch: true`). A logged-in contact's alert is
   * confirmed at once and becomes active; a visitor's is pending until the e-mailed link is used, and
   * the answer's Set-Cookie remembers it (GET contact_applicants/pending). Validation fails with a 422.
   */
  createApplicant(payload: AlertPayload, options?: CreateOptions): Promise<WithSetCookie<ApplicantView>>
  /**
   * SPEC §7 PATCH contact_applicants/{id}: the owner's session; or `applicantKey` (a key or an e-mail's
   * link) with `captchaToken` and a payload without contacts (403 with one); anyone else gets a 404.
   */
  updateApplicant(contactApplicantId: number, payload: AlertPayload | AlertCriteriaUpdatePayload, options?: ApplicantChangeOptions): Promise<ApplicantView>
  /** SPEC §7 PATCH contact_applicants/status/{id} (ON 1, OFF 2), with the session's active applicant afterwards. */
  setApplicantStatus(contactApplicantId: number, status: ApplicantStatusId, options?: ApplicantChangeOptions): Promise<ApplicantStatusAnswer>
  /** POST contact_applicants/confirmations: confirms an alert from its e-mail and logs in (Set-Cookie to pass on). 400 for a bad token. */
  confirmApplicant(token: string, options?: RequestOptions): Promise<WithSetCookie<AlertConfirmation>>
  /** GET contact_applicants/pending: the visitor's own unconfirmed alert, or null. */
  getPendingApplicant(options?: RequestOptions): Promise<PendingApplicant | null>
  /** GET /addresses?keyword=: address suggestions for the alert and lead forms (keyword ≤ 256, else 400). */
  searchAddresses(keyword: string, options?: RequestOptions): Promise<AddressSearchResult[]>
  /**
   * SPEC §7 POST leads/enquiry: the lead id and `contact.contact_id`, with the Set-Cookie that remembers
   * a visitor's enquiry. Pass an `idempotencyKey` so a retry stores nothing new. A refused payload throws
   * a 422 ApiClientError whose message is the first field message ('The viewing lead date must be a date
   * after now.' for a past viewing time, which pages show as SPEC §8 says); too many enquiries a 429.
   */
  sendLeadEnquiry(payload: LeadEnquiryRequest, options?: CreateOptions): Promise<WithSetCookie<LeadEnquiryAnswer>>
  /**
   * SPEC §7 'recording a potential viewing' (POST /potential_viewings): the logged-in contact opened the
   * property page. A visitor gets a 401 ApiClientError, an unknown property a 404.
   */
  recordPotentialViewing(propertyProfileId: number, options?: RequestOptions): Promise<PotentialViewing>
}

/** Creates an API client over the given fetch. */
export function createApiClient({ baseUrl, fetch, headers }: ApiClientOptions): ApiClient {
  const prefix = baseUrl.replace(/\/+$/, '')

  async function get<T extends z.ZodType>(
    path: string,
    params: URLSearchParams | undefined,
    schema: T,
    options: RequestOptions | undefined,
  ): Promise<z.infer<T>> {
    const query = params?.toString()
    const url = `${prefix}${path}${query ? `?${query}` : ''}`
    const requestHeaders = new Headers(headers)
    requestHeaders.set('accept', 'application/json')
    const response = await fetch(url, { method: 'GET', headers: requestHeaders, signal: options?.signal })
    const body: unknown = await readJson(response)
    if (!response.ok) {
      const parsed = ApiErrorSchema.safeParse(body)
      throw new ApiClientError(
        response.status,
        parsed.success ? parsed.data : { message: `GET ${path} failed with status ${response.status}` },
      )
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      throw new ApiClientError(502, { message: `GET ${path} answered a body that does not match the contract` }, {
        cause: parsed.error,
      })
    }
    return parsed.data
  }

  /** A JSON command (POST, PUT, PATCH, DELETE): the parsed answer (null for an empty one) with its Set-Cookie values. */
  async function send<T extends z.ZodType>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    schema: T,
    options: (RequestOptions & { headers?: Record<string, string> }) | undefined,
  ): Promise<WithSetCookie<z.infer<T>>> {
    const requestHeaders = new Headers(headers)
    for (const [name, value] of Object.entries(options?.headers ?? {})) requestHeaders.set(name, value)
    requestHeaders.set('accept', 'application/json')
    if (body !== undefined) requestHeaders.set('content-type', 'application/json')
    const response = await fetch(`${prefix}${path}`, {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options?.signal,
    })
    const answer: unknown = await readJson(response)
    if (!response.ok) {
      const parsed = ApiErrorSchema.safeParse(answer)
      throw new ApiClientError(
        response.status,
        parsed.success ? parsed.data : { message: `${method} ${path} failed with status ${response.status}` },
      )
    }
    const parsed = schema.safeParse(answer ?? null)
    if (!parsed.success) {
      throw new ApiClientError(502, { message: `${method} ${path} answered a body that does not match the contract` }, {
        cause: parsed.error,
      })
    }
    return { data: parsed.data, setCookie: response.headers.getSetCookie() }
  }

  return {
    searchProperties(query, options) {
      return get('/properties', toSearchApiParams(query), PropertyListResponseSchema, options)
    },
    searchPropertyCards(query, options) {
      const params = toSearchApiParams(query)
      params.set('include_medias', 'false')
      return get('/properties', params, PropertyCardsWithoutMediasResponseSchema, options)
    },
    searchPropertyMarkers(query, options) {
      const params = toSearchParams({ ...query, sort: undefined })
      params.set('transaction_type_id', String(query.transaction_type_id ?? TRANSACTION_TYPE.SALES))
      return get('/properties/markers', params, PropertyMarkersResponseSchema, options)
    },
    async getProperty(propertyProfileId, options) {
      const answer = await get(`/properties/${encodeURIComponent(propertyProfileId)}`, undefined, dataOf(PropertyDetailSchema), options)
      return answer.data
    },
    async getSimilarProperties(propertyProfileId, options) {
      const answer = await get(`/properties/${encodeURIComponent(propertyProfileId)}/similar`, undefined, dataOf(z.array(PropertyCardSchema)), options)
      return answer.data
    },
    getSitemapPage(after, options) {
      return get('/sitemap/properties', new URLSearchParams({ after: String(after) }), SitemapPageSchema, options)
    },
    async getPropertyTypes(options) {
      const params = new URLSearchParams({ __limit: REFERENCE_LIST_LIMIT })
      return (await get('/properties/property_types', params, listOf(PropertyTypeSchema), options)).data
    },
    async getPropertyStyles(options) {
      const params = new URLSearchParams({ __limit: REFERENCE_LIST_LIMIT })
      return (await get('/properties/property_styles', params, listOf(PropertyStyleSchema), options)).data
    },
    async getBranches(options) {
      return (await get('/branches', undefined, listOf(BranchSchema), options)).data
    },
    async getBranch(branchId, options) {
      return (await get(`/branches/${encodeURIComponent(branchId)}`, undefined, dataOf(BranchDetailsSchema), options)).data
    },
    async getCompanySetting(settingId, options) {
      const answer = await get(`/company_settings/${encodeURIComponent(settingId)}`, undefined, dataOf(CompanySettingSchema), options)
      return answer.data
    },
    async getRedirect(slug, options) {
      return (await get(`/redirects/${encodeURIComponent(slug)}`, undefined, dataOf(RedirectTargetSchema), options)).data
    },
    async getSiteSettings(options) {
      return (await get('/site_settings', undefined, dataOf(SiteSettingsSchema), options)).data
    },
    async getCompanyProfile(options) {
      try {
        return (await get('/company', undefined, dataOf(CompanyProfileSchema), options)).data
      } catch (error) {
        if (isNotFoundError(error)) return null
        throw error
      }
    },
    health(options) {
      return get('/health', undefined, HealthSchema, options)
    },
    async searchPlaces(keyword, options) {
      return (await get('/places', new URLSearchParams({ keyword }), dataOf(PlaceSearchAnswerSchema), options)).data
    },
    async findNearestSpellings(keyword, options) {
      return (await get('/places/nearest-spellings', new URLSearchParams({ keyword }), dataOf(PlaceSearchAnswerSchema), options)).data
    },
    async getPlace(placeId, options) {
      return (await get(`/places/${encodeURIComponent(placeId)}`, undefined, dataOf(PlaceDetailsSchema), options)).data
    },
    async getNearbyPlaces(at, options) {
      const params = new URLSearchParams({ lat: String(at.lat), lng: String(at.lng) })
      return (await get('/places/nearby', params, dataOf(z.array(NearbyPlaceSchema)), options)).data
    },
    async requestMagicLink(body, options) {
      const extra = options?.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined
      return (await send('POST', '/contacts/oauth/magic-links', body, dataOf(MagicLinkAnswerSchema), { ...options, headers: extra })).data.data
    },
    async createSession(token, options) {
      const answer = await send('POST', '/contacts/oauth/sessions', { token }, dataOf(CreatedSessionSchema), options)
      return { data: answer.data.data, setCookie: answer.setCookie }
    },
    deleteSession(options) {
      return send('DELETE', '/contacts/oauth/sessions/current', undefined, z.null(), options)
    },
    async getCurrentContact(options) {
      return (await get('/contacts/me', undefined, dataOf(ContactViewSchema), options)).data
    },
    async getCaptchaConfig(options) {
      return (await get('/captcha/config', undefined, dataOf(CaptchaClientConfigSchema), options)).data
    },
    async getPropertyCards(ids, options) {
      if (!ids.length) return []
      const params = new URLSearchParams({ ids: ids.join(',') })
      return (await get('/properties/cards', params, dataOf(z.array(PropertyCardSchema)), options)).data
    },
    async getSavedProperties(options) {
      return (await get('/contacts/me/saved_properties', undefined, dataOf(z.array(SavedPropertySchema)), options)).data
    },
    async getSavedPropertyIds(options) {
      return (await get('/contacts/me/saved_properties/ids', undefined, dataOf(z.array(z.number().int())), options)).data
    },
    async saveProperty(propertyProfileId, savedPrice, options) {
      const body = savedPrice === undefined ? undefined : { saved_price: savedPrice }
      await send('PUT', `/contacts/me/saved_properties/${encodeURIComponent(propertyProfileId)}`, body, z.null(), options)
    },
    async unsaveProperty(propertyProfileId, options) {
      await send('DELETE', `/contacts/me/saved_properties/${encodeURIComponent(propertyProfileId)}`, undefined, z.null(), options)
    },
    async getContactQuestions(type, options) {
      return (await get(`/contact_questions/${encodeURIComponent(type)}`, undefined, dataOf(ContactQuestionListSchema), options)).data
    },
    async getSubscriptionTypes(options) {
      return (await get('/subscription_types', undefined, listOf(SubscriptionTypeSchema), options)).data
    },
    async getApplicantsOfContact(contactId, options) {
      const params = new URLSearchParams({ __order_by: '-created_at' })
      const path = `/contact_applicants/applicants_of_contact/${encodeURIComponent(contactId)}`
      return (await get(path, params, listOf(ApplicantViewSchema), options)).data
    },
    async getApplicantByKey(applicantKey, options) {
      return (await get(`/contact_applicants/u/${encodeURIComponent(applicantKey)}`, undefined, dataOf(ApplicantViewSchema), options)).data
    },
    async createApplicant(payload, options) {
      const body = { ...payload, unknown_user_branch: true, ...captchaField(options) }
      const extra = options?.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined
      const answer = await send('POST', '/contact_applicants', body, dataOf(ApplicantViewSchema), { ...options, headers: extra })
      return { data: answer.data.data, setCookie: answer.setCookie }
    },
    async updateApplicant(contactApplicantId, payload, options) {
      const path = `/contact_applicants/${encodeURIComponent(contactApplicantId)}`
      const body = { ...payload, ...captchaField(options) }
      return (await send('PATCH', path, body, dataOf(ApplicantViewSchema), { ...options, headers: keyHeader(options) })).data.data
    },
    async setApplicantStatus(contactApplicantId, status, options) {
      const path = `/contact_applicants/status/${encodeURIComponent(contactApplicantId)}`
      const body = { status, contact_applicant_id: contactApplicantId }
      return (await send('PATCH', path, body, ApplicantStatusAnswerSchema, { ...options, headers: keyHeader(options) })).data
    },
    async confirmApplicant(token, options) {
      const answer = await send('POST', '/contact_applicants/confirmations', { token }, dataOf(AlertConfirmationSchema), options)
      return { data: answer.data.data, setCookie: answer.setCookie }
    },
    async getPendingApplicant(options) {
      return (await get('/contact_applicants/pending', undefined, dataOf(PendingApplicantSchema.nullable()), options)).data
    },
    async searchAddresses(keyword, options) {
      return (await get('/addresses', new URLSearchParams({ keyword }), listOf(AddressSearchResultSchema), options)).data
    },
    async sendLeadEnquiry(payload, options) {
      const extra = options?.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined
      const answer = await send('POST', '/leads/enquiry', payload, dataOf(LeadEnquiryAnswerSchema), { ...options, headers: extra })
      return { data: answer.data.data, setCookie: answer.setCookie }
    },
    async recordPotentialViewing(propertyProfileId, options) {
      const body = { property_profile_id: propertyProfileId }
      return (await send('POST', '/potential_viewings', body, dataOf(PotentialViewingSchema), options)).data.data
    },
  }
}

function keyHeader(options: ApplicantChangeOptions | undefined): Record<string, string> | undefined {
  return options?.applicantKey ? { [APPLICANT_KEY_HEADER]: options.applicantKey } : undefined
}

/** A search's parameters as GET /properties reads them. */
function toSearchApiParams(query: SearchPropertiesQuery): URLSearchParams {
  const params = toSearchParams(query)
  // toSearchParams leaves the transaction type to the page path; the API needs it explicitly.
  params.set('transaction_type_id', String(query.transaction_type_id ?? TRANSACTION_TYPE.SALES))
  return params
}

async function readJson(response: ApiResponse): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
