import type { AddressSearchResult, ApiError, ApplicantQuestion, ApplicantView, Bounds, Branch, BranchDetails, CompanyProfile, CompanySetting, ContactQuestionType, ContactView, LeadEnquiryAnswer, LeadEnquiryPayload, NearbyPlace, PropertyCard, PropertyCardsWithoutMediasResponse, PropertyDetail, PropertySearchQuery, RedirectTarget, SavedProperty, SearchResultPlace, SiteSettings, SubscriptionType } from '@agency/domain'
import type { AlertConfirmation, AlertConfirmationLinkState, AlertCriteriaUpdatePayload, AlertPayload, ApplicantStatusAnswer, ApplicantStatusId, LoginLinkState, PendingApplicant } from '@agency/domain'

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
/**
 * A place's position and bounds, as a search around it needs them (an area's bounds; none for a point such as a
 * station, `toPlaceSearchBounds`), and its one-line label (SPEC §3 Location `location`).
 */
export interface PlacePosition {
  name: string
  lat: number
  lng: number
  bounds: Bounds | null
}

/** Which captcha widget the forms show (GET /api/captcha/config). */
export type CaptchaWidget = { provider: 'altcha'; challenge_url: string } | { provider: 'recaptcha'; site_key: string } | { provider: 'none' }

/** A question for a form sent without JavaScript: its answer stands in for the browser's captcha. */
export interface CaptchaQuestionAsked {
  text: string
  token: string
  expires_at: string
}

/** One page of the sitemap's property pages; `next_after` null on the last. */
export interface SitemapPage {
  data: Array<{ property_profile_id: number; detail_page_url: string; updated_at: string }>
  next_after: number | null
}

/**
 * What a write answered: its data, or the API's error (status and messages) as the HTTP route would
 * answer it; and the Set-Cookie header values the page's answer must carry (a session, a pending item).
 */
export type WriteResult<T> = { ok: true; status: number; data: T; setCookie: string[] } | { ok: false; status: number; error: ApiError; setCookie: string[] }

/** A login link asked for (POST /api/contacts/oauth/magic-links). */
export interface LoginLinkRequest {
  email: string
  request_page_url: string
  /** The captcha's solution, or an answered question's token. */
  recaptcha_token: string
}

/** A lead enquiry sent (POST /api/leads/enquiry): SPEC §3's payload with the captcha. */
export type LeadEnquiryRequest = LeadEnquiryPayload & {
  /** The captcha's solution, or an answered question's token. */
  recaptcha_token: string
}

/** The options of an alert's registration (POST /api/contact_applicants). */
export interface AlertCreateOptions {
  /** Makes a retry the same registration: it stores nothing new and gets the first answer. */
  idempotencyKey?: string
  /** The captcha's solution, or an answered question's token: a visitor's registration needs one. */
  captchaToken?: string
}

/** The options of an alert's change by a caller without the owner's session. */
export interface AlertChangeOptions {
  /** The alert's applicant key or its e-mail's signed update link (sent as X-Applicant-Key). */
  applicantKey?: string
  /** The captcha's solution, or an answered question's token: an update by key, or on again by key, needs one. */
  captchaToken?: string
}

export interface SiteServices {
  /** SPEC §3 search as the list pages show it, each card with its one picture (GET /api/properties?include_medias=false). */
  searchPropertyCards(query: PropertySearchQuery): Promise<PropertyCardsWithoutMediasResponse>
  /** One property as the visitor may see it (GET /api/properties/:id); null for an unknown id. */
  getProperty(propertyProfileId: number): Promise<PropertyDetail | null>
  /** Up to 4 properties like this one (GET /api/properties/:id/similar); null for an unknown id. */
  getSimilarProperties(propertyProfileId: number): Promise<PropertyCard[] | null>
  /** The stations, schools and pubs nearest a position, with distances in miles (GET /api/places/nearby). */
  getNearbyPlaces(at: { lat: number; lng: number }): Promise<NearbyPlace[]>
  /** SPEC §7 place search by keyword (GET /api/places); null for a keyword the API refuses (over 256 characters). */
  searchPlaces(keyword: string): Promise<SearchResultPlace[] | null>
  /** The places spelt nearest a keyword that finds none (GET /api/places/nearest-spellings); null for a refused keyword. */
  findNearestSpellings(keyword: string): Promise<SearchResultPlace[] | null>
  /** Where a place is (GET /api/places/:place_id); null for an id that names nothing or is refused. */
  getPlace(placeId: string): Promise<PlacePosition | null>
  /** Which captcha the login and lead forms show. */
  getCaptchaConfig(): Promise<CaptchaWidget>
  /** A new question for a form sent without JavaScript; null where questions are not accepted (reCAPTCHA alone). */
  issueCaptchaQuestion(): Promise<CaptchaQuestionAsked | null>
  /** The property pages anyone may see, in id order after `after` (GET /api/sitemap/properties). */
  getSitemapPage(after: number): Promise<SitemapPage>
  /** The configured target of a redirect slug (GET /api/redirects/:slug); null for a slug not configured or not a slug. */
  getRedirect(slug: string): Promise<RedirectTarget | null>
  /** The logged-in contact (GET /api/contacts/me); null for a visitor or a session that has ended. */
  getCurrentContact(): Promise<ContactView | null>
  /** The ids of the logged-in contact's saved properties, the latest saved first (GET /api/contacts/me/saved_properties/ids); null for a visitor. */
  getSavedPropertyIds(): Promise<number[] | null>
  /** A company setting the site reads (GET /api/company_settings/:id); null when it is not set or not public. */
  getCompanySetting(settingId: number): Promise<CompanySetting | null>
  /** The questions of a buyer's or tenant's alert, with their options (GET /api/contact_questions/:type). */
  getContactQuestions(type: ContactQuestionType): Promise<ApplicantQuestion[]>
  /** What the alert form's consent checkbox subscribes to (GET /api/subscription_types). */
  getSubscriptionTypes(): Promise<SubscriptionType[]>
  /** One alert by its applicant key or signed update link (GET /api/contact_applicants/u/:key): in full for its owner, without its people for anyone else; null for a key that names none. */
  getAlertByKey(key: string): Promise<ApplicantView | null>
  /** The logged-in contact's alerts, newest first (GET /api/contact_applicants/applicants_of_contact/:id); null for a visitor. */
  getMyApplicants(): Promise<ApplicantView[] | null>
  /** Every company setting the site reads, a setting not set as its default (GET /api/site_settings). */
  getSiteSettings(): Promise<SiteSettings>
  /** The agency's company and compliance details (GET /api/company); null while they are not set. */
  getCompanyProfile(): Promise<CompanyProfile | null>
  /** The branches as SPEC §3 map markers (GET /api/branches). */
  listBranches(): Promise<Branch[]>
  /** A branch with its opening hours and team (GET /api/branches/:id); null for an unknown id. */
  getBranch(branchId: number): Promise<BranchDetails | null>
  /** SPEC §7 a login link by e-mail: the same answer for every address (POST /api/contacts/oauth/magic-links). */
  requestLoginLink(request: LoginLinkRequest, options?: { idempotencyKey?: string }): Promise<WriteResult<{ message: string }>>
  /**
   * What a login link's token is now, read without spending it: usable, used, expired, or invalid
   * (anything the site never sent, whatever its shape). For the link's page before Log in is pressed.
   */
  checkLoginLink(token: string): Promise<LoginLinkState>
  /** Logs in with a login link's token (POST /api/contacts/oauth/sessions); the session cookie in `setCookie`. */
  logInWithLink(token: string): Promise<WriteResult<{ contact_id: number; redirect_to: string }>>
  /** Logs out (DELETE /api/contacts/oauth/sessions/current); the cleared cookie in `setCookie`. */
  logOut(): Promise<WriteResult<null>>
  /** The cards of the given properties still on the market, in the order asked (GET /api/properties/cards); null for a list the route refuses. */
  getPropertyCards(ids: readonly number[]): Promise<PropertyCard[] | null>
  /** The logged-in contact's saved properties, the latest saved first (GET /api/contacts/me/saved_properties); null for a visitor. */
  getSavedProperties(): Promise<SavedProperty[] | null>
  /** Saves a property to the logged-in contact (PUT /api/contacts/me/saved_properties/:id): 404 gone, 422 a full list, 401 a visitor. */
  saveProperty(propertyProfileId: number, savedPrice?: number | null): Promise<WriteResult<null>>
  /** Removes a saved property (DELETE /api/contacts/me/saved_properties/:id). */
  unsaveProperty(propertyProfileId: number): Promise<WriteResult<null>>
  /**
   * SPEC §7 a lead enquiry (POST /api/leads/enquiry): the lead id and `contact.contact_id`, with the
   * cookie that remembers a visitor's enquiry in `setCookie`. Pass an `idempotencyKey` so a retry stores
   * nothing new; a refused payload is a 422 whose message is the first field message, too many enquiries a 429.
   */
  sendLeadEnquiry(enquiry: LeadEnquiryRequest, options?: { idempotencyKey?: string }): Promise<WriteResult<LeadEnquiryAnswer>>
  /** Address suggestions for the lead and alert forms (GET /api/addresses); null for a keyword the API refuses (over 256 characters). */
  searchAddresses(keyword: string): Promise<AddressSearchResult[] | null>
  /**
   * SPEC §7 an alert registered (POST /api/contact_applicants): a signed-in contact's confirmed at once
   * and made active; a visitor's pending its e-mailed confirmation, with the cookie that remembers it
   * in `setCookie`. A refused payload is a 422 with SPEC §5's messages.
   */
  createAlert(payload: AlertPayload, options?: AlertCreateOptions): Promise<WriteResult<ApplicantView>>
  /**
   * SPEC §7 an alert updated (PATCH /api/contact_applicants/:id): by its owner's session; or by its key
   * with the captcha, its criteria, answers and frequency only (403 with people); anyone else 404.
   */
  updateAlert(contactApplicantId: number, payload: AlertPayload | AlertCriteriaUpdatePayload, options?: AlertChangeOptions): Promise<WriteResult<ApplicantView>>
  /** SPEC §4 an alert switched on or off (PATCH /api/contact_applicants/status/:id), with the session's active alert afterwards. */
  setAlertStatus(contactApplicantId: number, status: ApplicantStatusId, options?: AlertChangeOptions): Promise<WriteResult<ApplicantStatusAnswer>>
  /**
   * What an alert's confirmation token is now, read without spending it or changing the alert:
   * usable, confirmed (the alert already is), expired (still unconfirmed), or invalid.
   */
  checkAlertConfirmationLink(token: string): Promise<AlertConfirmationLinkState>
  /** An alert confirmed from its e-mail (POST /api/contact_applicants/confirmations): logged in, the session cookie and the cleared pending-alert cookie in `setCookie`. */
  confirmAlert(token: string): Promise<WriteResult<AlertConfirmation>>
  /** The visitor's own alert awaiting its e-mailed confirmation, remembered by the pending-alert cookie (GET /api/contact_applicants/pending); null when none. */
  getPendingAlert(): Promise<PendingApplicant | null>
}
