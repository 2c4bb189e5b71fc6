/**
 * The catalogue's plain values: SPEC §3 ids, option lists, query parameter formats and paths, with no
 * zod in them, so browser code that needs a constant or formatter does not load the validation library.
 * The wire contract itself (the JSON shapes and the search query schema) is in catalogue.schema.ts.
 */
import type { Bounds, LocationFilter, PropertySearchQuery, PropertyTypeSelection } from './catalogue.schema.ts'

/** SPEC §3: transaction types. Sales 1, lettings 2 (the same ids as valuation types, SPEC §9). */
export const TRANSACTION_TYPE = { SALES: 1, LETTINGS: 2 } as const
/** A transaction type id: 1 sales, 2 lettings. */
export type TransactionTypeId = (typeof TRANSACTION_TYPE)[keyof typeof TRANSACTION_TYPE]
/** Search type names used in routes and settings. */
export const SEARCH_TYPES = ['sales', 'lettings'] as const
/** 'sales' or 'lettings'. */
export type SearchType = (typeof SEARCH_TYPES)[number]

/** The list page path of each search type (SPEC §2). */
export const LIST_PATHS: Record<SearchType, string> = {
  sales: '/sales/property-for-sale',
  lettings: '/lettings/property-to-rent',
}

/** Converts a transaction type id to its search type. */
export function toSearchType(transactionTypeId: TransactionTypeId): SearchType {
  return transactionTypeId === TRANSACTION_TYPE.LETTINGS ? 'lettings' : 'sales'
}

/** Converts a search type to its transaction type id. */
export function toTransactionTypeId(searchType: SearchType): TransactionTypeId {
  return searchType === 'lettings' ? TRANSACTION_TYPE.LETTINGS : TRANSACTION_TYPE.SALES
}

/** Availability of a property. 'available' is the only one shown without include_unavailable. */
export const AVAILABILITY_VALUES = ['available', 'sstc', 'under_offer', 'let_agreed'] as const
/** One availability value. */
export type Availability = (typeof AVAILABILITY_VALUES)[number]
/** The badge text of each availability (SPEC §3 custom_property_status_title). */
export const AVAILABILITY_TITLES: Record<Availability, string> = {
  available: 'Available',
  sstc: 'SSTC',
  under_offer: 'Under Offer',
  let_agreed: 'Let Agreed',
}

/** SPEC §3/§9 inclusion option of a yes/no filter: Include, Exclude, Show Only. */
export const INCLUSION_VALUES = ['include', 'exclude', 'show_only'] as const
/** One inclusion value. */
export type Inclusion = (typeof INCLUSION_VALUES)[number]

/** SPEC §9 furnishing: Any, Furnished, Part Furnished, Unfurnished. */
export const FURNISHING_VALUES = ['any', 'furnished', 'part_furnished', 'unfurnished'] as const
/** One furnishing value. */
export type Furnishing = (typeof FURNISHING_VALUES)[number]

/** SPEC §9 must-haves: garden, parking. */
export const MUST_HAVE_VALUES = ['garden', 'parking'] as const
/** One must-have. */
export type MustHave = (typeof MUST_HAVE_VALUES)[number]

/** The include/exclude/show-only filters of SPEC §3, by their query parameter names. */
export const INCLUSION_FILTERS = [
  'new_homes',
  'shared_ownership',
  'retirement_homes',
  'short_let',
  'house_flat_share',
  'pets_allowed',
  'bills_included',
] as const
/** One include/exclude/show-only filter name. */
export type InclusionFilter = (typeof INCLUSION_FILTERS)[number]

/** Sort orders of the property list. */
export const SORT_VALUES = ['newest', 'price_desc', 'price_asc', 'distance', 'most_reduced'] as const
/** One sort order. */
export type Sort = (typeof SORT_VALUES)[number]

/** The 'Added to site' choices: properties added within this many days (none: any time). */
export const ADDED_WITHIN_DAYS_VALUES = [1, 3, 7, 14] as const
/** One 'Added to site' choice. */
export type AddedWithinDays = (typeof ADDED_WITHIN_DAYS_VALUES)[number]

/** The longest keyword search a caller may send. */
export const KEYWORDS_MAX_LENGTH = 200

/**
 * The cards of a page of the property list when the caller names no page size: twelve, as agency
 * sites show (four rows of three on a wide screen, six of two, twelve on a phone), which keeps the
 * list page's HTML within its 40 KB budget (issue 13); a link may ask for more with `page_size`.
 */
export const PAGE_SIZE_DEFAULT = 12
/** The largest page size a caller may ask for (API.md). */
export const PAGE_SIZE_MAX = 100

/**
 * A search counts its matches up to this many. Past it, `total` is this number and `total_capped` is
 * true: a person reads 'over 1,000 properties', as the portals show past a threshold, and no search
 * counts a hundred thousand rows to print one number.
 */
export const SEARCH_COUNT_LIMIT = 1_000

/**
 * Company setting ids. SPEC fixes 51 (registration intro text); the others are this product's own.
 */
export const COMPANY_SETTING = {
  REGISTRATION_TEXT: 51,
  AGENCY_NAME: 100,
  DEFAULT_SEARCH_TYPE: 101,
  PROPERTY_CARD_VARIANT: 102,
  PROMO_CARDS: 103,
  SEARCH_PANEL_THEME: 104,
  SLIDER_ARROW_VARIANT: 105,
  REGISTER_VARIANT: 106,
  /** SPEC §2 Redirect screen: slug → absolute https URL (redirects.ts). SPEC names no id. */
  REDIRECT_TARGETS: 107,
  /**
   * SPEC §2: the alert register screen's variant on a phone (106 is the desktop one). Read by the
   * register pages alone (GET /company_settings/108), so it is not one of the site settings.
   */
  REGISTER_VARIANT_MOBILE: 108,
  /**
   * The agency's company and compliance details (company-profile.schema.ts): legal name, company
   * number, redress scheme, client money protection, fees, complaints, data controller, logo.
   */
  COMPANY_PROFILE: 109,
} as const

/** SPEC §2: property card grid variants. */
export const CARD_VARIANTS = ['v1', 'v2'] as const
/** A card grid variant. */
export type CardVariant = (typeof CARD_VARIANTS)[number]

// ---------------------------------------------------------------------------------------------
// The search query (SPEC §3 "Search filters"), as it travels in URLs and in GET /api/properties.
// ---------------------------------------------------------------------------------------------

/** The most locations one search takes. */
export const MAX_LOCATIONS = 10

/** Bounds to about 10 metres: enough for a place's outline, and short in a URL. */
const toBoundsDegrees = (degrees: number) => Math.round(degrees * 10_000) / 10_000

/** Formats a location filter as its query value. */
export function toLocationParam(location: LocationFilter): string {
  const centre = `${location.lat},${location.lng},${location.radius}`
  const { bounds } = location
  if (!bounds) return centre
  return `${centre},${[bounds.south, bounds.west, bounds.north, bounds.east].map(toBoundsDegrees).join(',')}`
}

/** Formats a type selection as its query value. */
export function toPropertyTypeParam(selection: PropertyTypeSelection): string {
  return selection.property_style_ids.length
    ? `${selection.property_type_id}:${selection.property_style_ids.join(',')}`
    : String(selection.property_type_id)
}

/** Formats the visible map area as its query value, to about a metre. */
export function toBoundsParam(bounds: Bounds): string {
  const round = (degrees: number) => Math.round(degrees * 100_000) / 100_000
  return [bounds.south, bounds.west, bounds.north, bounds.east].map(round).join(',')
}

/** The answer to a `bounds` value that is not one. */
export const BOUNDS_PARAM_MESSAGE = 'The bounds must be south,west,north,east in decimal degrees, south not north of north.'

/** The answer to a `locations` value that is not one. */
export const LOCATION_PARAM_MESSAGE = 'Each location must be lat,lng,radius_miles, optionally followed by the place\'s bounds south,west,north,east.'

/** The criteria of a search without paging and sort: what an alert would save. */
export type PropertySearchFilters = Omit<PropertySearchQuery, 'page' | 'page_size' | 'sort'>

/**
 * Serialises a parsed query back to URLSearchParams, leaving out defaults, so URLs stay short and
 * canonical. `transaction_type_id` is left out too: the list path carries it.
 */
export function toSearchParams(query: Partial<PropertySearchQuery>): URLSearchParams {
  const params = new URLSearchParams()
  for (const loc of query.locations ?? []) params.append('locations', toLocationParam(loc))
  if (query.bounds) params.set('bounds', toBoundsParam(query.bounds))
  if (query.min_price) params.set('min_price', String(query.min_price))
  if (query.max_price) params.set('max_price', String(query.max_price))
  for (const key of ['min_bedroom', 'max_bedroom', 'min_bathroom', 'max_bathroom', 'min_reception', 'max_reception'] as const) {
    const v = query[key]
    if (v !== null && v !== undefined) params.set(key, String(v))
  }
  for (const sel of query.property_types ?? []) params.append('property_types', toPropertyTypeParam(sel))
  for (const m of query.must_haves ?? []) params.append('must_haves', m)
  if (query.furnishing && query.furnishing !== 'any') params.set('furnishing', query.furnishing)
  for (const key of INCLUSION_FILTERS) {
    const v = query[key]
    if (v && v !== 'include') params.set(key, v)
  }
  if (query.include_unavailable) params.set('include_unavailable', 'true')
  if (query.keywords?.trim()) params.set('keywords', query.keywords.trim())
  if (query.added_within_days) params.set('added_within_days', String(query.added_within_days))
  if (query.reduced) params.set('reduced', 'true')
  if (query.branch_id) params.set('branch_id', String(query.branch_id))
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort)
  if (query.page && query.page !== 1) params.set('page', String(query.page))
  if (query.page_size && query.page_size !== PAGE_SIZE_DEFAULT) params.set('page_size', String(query.page_size))
  return params
}

/** Reads a URLSearchParams into the raw object the schema parses (repeatable keys become arrays). */
export function fromSearchParams(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key)
    out[key] = all.length > 1 ? all : (all[0] ?? '')
  }
  return out
}

/**
 * What a locked (pre-market) property is called where its details are hidden (SPEC §2 locked card: no
 * price or rooms): a heading that names neither its rooms nor its type.
 */
export function toLockedHeading(searchType: SearchType): string {
  return searchType === 'sales' ? 'Pre-market property for sale' : 'Pre-market property to rent'
}

/** A locked property's slug, the same for every caller: its heading and town, never its rooms. */
export function toLockedSlug(searchType: SearchType, town: string): string {
  return toUrlSlug(`${toLockedHeading(searchType)} ${town}`)
}

/** A URL slug: lower-case words without accents or apostrophes, joined by hyphens ('King’s Lynn' → 'kings-lynn'). */
export function toUrlSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2019']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The detail page path of a property (SPEC §3 detail_page_url; route PROPERTY_DETAIL, param :propertyId). */
export function toDetailPageUrl(propertyProfileId: number, slug?: string): string {
  return slug ? `/property/${propertyProfileId}/${slug}` : `/property/${propertyProfileId}`
}

