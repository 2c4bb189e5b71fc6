/**
 * SPEC §3 and §9 ids, option lists and limits. Texts come from messages.ts; price, radius and room
 * options live in price.ts, radius.ts and rooms.ts.
 */
import { FURNISHING_VALUES, INCLUSION_VALUES, MUST_HAVE_VALUES } from './catalogue.ts'
import type { SearchType } from './catalogue.ts'
import { FURNISHING_LABELS, INCLUSION_LABELS, LABELS, MUST_HAVE_LABELS } from './messages.ts'

/** A value with its visible label, as select, radio and checkbox lists use. */
export interface Option<V> {
  readonly value: V
  readonly label: string
}

// ---------------------------------------------------------------------------------------------
// Salutations (SPEC §3, §9)
// ---------------------------------------------------------------------------------------------

/** SPEC §3 salutation ids: Dr 1, Miss 2, Mr 3, Mrs 4, Ms 5, Unknown 16 (hidden). */
export const SALUTATION = { DR: 1, MISS: 2, MR: 3, MRS: 4, MS: 5, UNKNOWN: 16 } as const
/** A salutation id. */
export type SalutationId = (typeof SALUTATION)[keyof typeof SALUTATION]

/** SPEC §3 salutation rows. `is_dot` says whether the name is written with a full stop ("Dr."); UK usage writes none. */
export const SALUTATIONS = [
  { salutation_id: 1, name: 'Dr', is_dot: false, is_hidden: false },
  { salutation_id: 2, name: 'Miss', is_dot: false, is_hidden: false },
  { salutation_id: 3, name: 'Mr', is_dot: false, is_hidden: false },
  { salutation_id: 4, name: 'Mrs', is_dot: false, is_hidden: false },
  { salutation_id: 5, name: 'Ms', is_dot: false, is_hidden: false },
  { salutation_id: 16, name: 'Unknown', is_dot: false, is_hidden: true },
] as const

/** SPEC §3/§9: salutation_id defaults to 2 (Miss). */
export const SALUTATION_DEFAULT: SalutationId = SALUTATION.MISS

/** The salutations a visitor may choose (the hidden 'Unknown' left out), as select options. */
export const SALUTATION_OPTIONS: readonly Option<SalutationId>[] = SALUTATIONS.filter((s) => !s.is_hidden).map((s) => ({
  value: s.salutation_id,
  label: s.name,
}))

/** The avatar a contact shows. */
export type Avatar = 'male' | 'female'

/** SPEC §3: salutation 3 (Mr) shows a male avatar, any other a female one. */
export function toAvatar(salutationId: number): Avatar {
  return salutationId === SALUTATION.MR ? 'male' : 'female'
}

// ---------------------------------------------------------------------------------------------
// Applicants (SPEC §4, §9)
// ---------------------------------------------------------------------------------------------

/** SPEC §4 applicant profile ids: vendor 2, buyer 3, landlord 4, tenant 5. */
export const APPLICANT_PROFILE = { VENDOR: 2, BUYER: 3, LANDLORD: 4, TENANT: 5 } as const
/** An applicant profile id. */
export type ApplicantProfileId = (typeof APPLICANT_PROFILE)[keyof typeof APPLICANT_PROFILE]
/** The profiles an alert may have (SPEC §3: buyer or tenant). */
export const ALERT_PROFILE_IDS = [APPLICANT_PROFILE.BUYER, APPLICANT_PROFILE.TENANT] as const
/** An alert's profile id: 3 buyer or 5 tenant. */
export type AlertProfileId = (typeof ALERT_PROFILE_IDS)[number]

/** SPEC §4: sales uses the buyer profile, lettings the tenant profile. */
export const SEARCH_TYPE_PROFILE: Record<SearchType, AlertProfileId> = {
  sales: APPLICANT_PROFILE.BUYER,
  lettings: APPLICANT_PROFILE.TENANT,
}

/** The search type of an alert profile (buyer means sales, tenant means lettings; SPEC §2 PROPERTIES route). */
export function toSearchTypeOfProfile(profileId: AlertProfileId): SearchType {
  return profileId === APPLICANT_PROFILE.TENANT ? 'lettings' : 'sales'
}

/** SPEC §7 GET contact_questions/{type}: the question type of an alert profile. */
export function toQuestionType(profileId: AlertProfileId): 'buyer' | 'tenant' {
  return profileId === APPLICANT_PROFILE.TENANT ? 'tenant' : 'buyer'
}

/** SPEC §4 applicant status: ON 1, OFF 2 (disabled). */
export const APPLICANT_STATUS = { ON: 1, OFF: 2 } as const
/** An applicant status id. */
export type ApplicantStatusId = (typeof APPLICANT_STATUS)[keyof typeof APPLICANT_STATUS]

/** SPEC §3/§9: contact_source_id of an online registration. */
export const CONTACT_SOURCE_ONLINE_REGISTRATION = 35

/**
 * Communication method ids of a contact's communication infos (SPEC §3: e-mail or mobile phone).
 * SPEC names the two methods without ids; these are this product's own.
 */
export const COMMUNICATION_METHOD = { EMAIL: 1, MOBILE_PHONE: 2 } as const
/** A communication method id: 1 e-mail, 2 mobile phone. */
export type CommunicationMethodId = (typeof COMMUNICATION_METHOD)[keyof typeof COMMUNICATION_METHOD]

/** SPEC §9 valuation types: Sales 1, Lettings 2. */
export const VALUATION_TYPE = { SALES: 1, LETTINGS: 2 } as const
/** A valuation type id. */
export type ValuationTypeId = (typeof VALUATION_TYPE)[keyof typeof VALUATION_TYPE]

// ---------------------------------------------------------------------------------------------
// Lead form options (SPEC §3, §9)
// ---------------------------------------------------------------------------------------------

/**
 * SPEC §3 i_would_like choices (the lead form checkboxes; at least one, SPEC §5 rule 1). SPEC names
 * 'to-view-a-property' (the default) and, in rule 1's message, "more details"; the selling and letting
 * choices serve SPEC §1's enquiries "about selling or letting their own property". A valuation is asked
 * through the separate my_property_valued yes/no.
 */
export const I_WOULD_LIKE_VALUES = ['to-view-a-property', 'more-details', 'to-sell-my-property', 'to-let-my-property'] as const
/** One i_would_like choice. */
export type IWouldLike = (typeof I_WOULD_LIKE_VALUES)[number]
/** SPEC §3: i_would_like defaults to 'to-view-a-property'. */
export const I_WOULD_LIKE_DEFAULT: IWouldLike = 'to-view-a-property'
/** The i_would_like checkboxes. */
export const I_WOULD_LIKE_OPTIONS: readonly Option<IWouldLike>[] = [
  { value: 'to-view-a-property', label: 'To view a property' },
  { value: 'more-details', label: 'More details' },
  { value: 'to-sell-my-property', label: 'To sell my property' },
  { value: 'to-let-my-property', label: 'To let my property' },
]

/** SPEC §9 lead 'property to sell' values. */
export const PROPERTY_TO_SELL_VALUES = ['no', 'yes-not-yet-on-market', 'on-market-already', 'under-offer', 'exchanged'] as const
/** One 'property to sell' answer. */
export type PropertyToSell = (typeof PROPERTY_TO_SELL_VALUES)[number]
/** SPEC §9 lead 'property to sell' options: no; yes, not yet on market; on market already; under offer; exchanged. */
export const PROPERTY_TO_SELL_OPTIONS: readonly Option<PropertyToSell>[] = [
  { value: 'no', label: 'No' },
  { value: 'yes-not-yet-on-market', label: 'Yes, not yet on market' },
  { value: 'on-market-already', label: 'On market already' },
  { value: 'under-offer', label: 'Under offer' },
  { value: 'exchanged', label: 'Exchanged' },
]

/** SPEC §9 lead 'property to let' values. */
export const PROPERTY_TO_LET_VALUES = ['no', 'not-yet-intend-buy-to-let', 'available-to-let-now', 'available-soon', 'currently-occupied'] as const
/** One 'property to let' answer. */
export type PropertyToLet = (typeof PROPERTY_TO_LET_VALUES)[number]
/** SPEC §9 lead 'property to let' options: no; not yet intend buy to let; available to let now; available soon; currently occupied. */
export const PROPERTY_TO_LET_OPTIONS: readonly Option<PropertyToLet>[] = [
  { value: 'no', label: 'No' },
  { value: 'not-yet-intend-buy-to-let', label: 'Not yet intend buy to let' },
  { value: 'available-to-let-now', label: 'Available to let now' },
  { value: 'available-soon', label: 'Available soon' },
  { value: 'currently-occupied', label: 'Currently occupied' },
]

/** SPEC §3: the lead payload's confirm value. */
export const LEAD_CONFIRM_VALUE = 'confirmed'

// ---------------------------------------------------------------------------------------------
// Filters (SPEC §3, §9)
// ---------------------------------------------------------------------------------------------

/** SPEC §9 furnishing options (default 'any'). */
export const FURNISHING_OPTIONS = FURNISHING_VALUES.map((value) => ({ value, label: FURNISHING_LABELS[value] }))
/** SPEC §3: furnishing defaults to any. */
export const FURNISHING_DEFAULT = 'any' as const

/** SPEC §9 inclusion options of each yes/no filter (default 'include'). */
export const INCLUSION_OPTIONS = INCLUSION_VALUES.map((value) => ({ value, label: INCLUSION_LABELS[value] }))
/** Inclusion filters default to 'include' (the list shows both kinds). */
export const INCLUSION_DEFAULT = 'include' as const

/** SPEC §9 must-have options: Garden, Parking. */
export const MUST_HAVE_OPTIONS = MUST_HAVE_VALUES.map((value) => ({ value, label: MUST_HAVE_LABELS[value] }))

/** SPEC §9 garden types 1 to 8. */
export const GARDEN_TYPES = [
  { garden_type_id: 1, name: 'Back' },
  { garden_type_id: 2, name: 'Communal' },
  { garden_type_id: 3, name: 'Enclosed' },
  { garden_type_id: 4, name: 'Front' },
  { garden_type_id: 5, name: 'Patio' },
  { garden_type_id: 6, name: 'Private' },
  { garden_type_id: 7, name: 'Rear' },
  { garden_type_id: 8, name: 'Terrace' },
] as const
/** A garden type id, 1 to 8. */
export type GardenTypeId = (typeof GARDEN_TYPES)[number]['garden_type_id']

/** SPEC §9 rating preferences 1 to 5. */
export const RATING_VALUES = [1, 2, 3, 4, 5] as const
/** One rating. */
export type Rating = (typeof RATING_VALUES)[number]

/** SPEC §2 'Show me Properties' radio: For Sale / For Rent. */
export const SHOW_ME_PROPERTIES_OPTIONS: readonly Option<SearchType>[] = [
  { value: 'sales', label: LABELS.FOR_SALE },
  { value: 'lettings', label: LABELS.FOR_RENT },
]

// ---------------------------------------------------------------------------------------------
// Limits and timings (SPEC §9)
// ---------------------------------------------------------------------------------------------

/** SPEC §4/§9: live search runs after 1500 ms of quiet. */
export const LOCATION_SEARCH_DEBOUNCE_MS = 1500
/** SPEC §9: the map-drag handler waits 500 ms. */
export const MAP_DRAG_DEBOUNCE_MS = 500
/** SPEC §5/§9: the location search input takes at most 256 characters. */
export const SEARCH_INPUT_MAX_LENGTH = 256
/** SPEC §2/§9: a locked card's image is blurred by 14px. */
export const LOCKED_IMAGE_BLUR_PX = 14

/** SPEC §9 map constants. */
export const MAP = {
  HEIGHT_PX: 500,
  DEFAULT_ZOOM: 11,
  FIT_PADDING_PX: 100,
  MIN_ZOOM: 3,
  MAX_ZOOM: 13,
  SINGLE_MARKER_ZOOM: 13,
} as const

/** SPEC §2/§9: the generic modal popup's default width. */
export const POPUP_DEFAULT_WIDTH_PX = 750
/** SPEC §2/§9: the alert list scrolls at this height. */
export const ALERT_LIST_MAX_HEIGHT_PX = 600
/** SPEC §2/§9: property card grid v1 uses 3 columns on wide screens. */
export const PROPERTY_LIST_V1_COLUMNS = 3

/** SPEC §2: the 12 slider arrow variants. */
export const SLIDER_ARROW_VARIANTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const
/** A slider arrow variant. */
export type SliderArrowVariant = (typeof SLIDER_ARROW_VARIANTS)[number]

/** SPEC §2: alert register screen variants v1 to v5. */
export const REGISTER_VARIANTS = ['v1', 'v2', 'v3', 'v4', 'v5'] as const
/** A register screen variant. */
export type RegisterVariant = (typeof REGISTER_VARIANTS)[number]

/** A stored register variant setting ('v1' … 'v5'), or null when it is not one. */
export function toRegisterVariant(value: unknown): RegisterVariant | null {
  return REGISTER_VARIANTS.find((variant) => variant === value) ?? null
}

/** SPEC §2 alert register tabs, in order: Contact, Property Type, Circumstances. */
export const ALERT_TABS = ['contact', 'property-type', 'circumstances'] as const
/** One alert register tab. */
export type AlertTab = (typeof ALERT_TABS)[number]
/** The visible name of each alert register tab. */
export const ALERT_TAB_LABELS: Record<AlertTab, string> = {
  contact: LABELS.CONTACT_TAB,
  'property-type': LABELS.PROPERTY_TYPE_TAB,
  circumstances: LABELS.CIRCUMSTANCES_TAB,
}
/** SPEC §9: the register screen has 3 tabs. */
export const REGISTER_TAB_COUNT = ALERT_TABS.length

// ---------------------------------------------------------------------------------------------
// Paths (SPEC §2)
// ---------------------------------------------------------------------------------------------

/**
 * SPEC §2 PROPERTIES: the entry redirect to sales or lettings, and where a contact goes after logging
 * in when no page asked for them.
 */
export const PROPERTIES_PATH = '/properties'

/** SPEC §2 routes of the alert flows and the PROPERTIES entry redirect. */
export const ALERT_PATHS = {
  PROPERTIES: PROPERTIES_PATH,
  REGISTER: '/heads-up-alerts/register',
  REGISTER_BUY: '/heads-up-alerts/register/buy',
  REGISTER_RENT: '/heads-up-alerts/register/rent',
  /** SPEC §2 update-alert entry. */
  UPDATE: '/heads-up-alerts/update',
  /** A contact's alerts, each with its on/off switch (after logging in). */
  MY_ALERTS: '/heads-up-alerts/my-alerts',
} as const

/** SPEC §2: the update page of one alert, /heads-up-alerts/profiles/{applicantKey}. */
export function toAlertUpdatePath(applicantKey: string): string {
  return `/heads-up-alerts/profiles/${encodeURIComponent(applicantKey)}`
}
