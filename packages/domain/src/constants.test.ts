import { describe, expect, it } from 'vitest'
import {
  ALERT_LIST_MAX_HEIGHT_PX,
  ALERT_PATHS,
  PROPERTIES_PATH,
  ALERT_TAB_LABELS,
  ALERT_TABS,
  APPLICANT_PROFILE,
  APPLICANT_STATUS,
  COMMUNICATION_METHOD,
  CONTACT_SOURCE_ONLINE_REGISTRATION,
  FURNISHING_DEFAULT,
  FURNISHING_OPTIONS,
  GARDEN_TYPES,
  INCLUSION_DEFAULT,
  INCLUSION_OPTIONS,
  I_WOULD_LIKE_DEFAULT,
  I_WOULD_LIKE_OPTIONS,
  I_WOULD_LIKE_VALUES,
  LEAD_CONFIRM_VALUE,
  LOCATION_SEARCH_DEBOUNCE_MS,
  LOCKED_IMAGE_BLUR_PX,
  MAP,
  MAP_DRAG_DEBOUNCE_MS,
  MUST_HAVE_OPTIONS,
  POPUP_DEFAULT_WIDTH_PX,
  PROPERTY_LIST_V1_COLUMNS,
  PROPERTY_TO_LET_OPTIONS,
  PROPERTY_TO_LET_VALUES,
  PROPERTY_TO_SELL_OPTIONS,
  PROPERTY_TO_SELL_VALUES,
  RATING_VALUES,
  REGISTER_TAB_COUNT,
  REGISTER_VARIANTS,
  toRegisterVariant,
  SALUTATION,
  SALUTATION_DEFAULT,
  SALUTATION_OPTIONS,
  SALUTATIONS,
  SEARCH_INPUT_MAX_LENGTH,
  SEARCH_TYPE_PROFILE,
  SHOW_ME_PROPERTIES_OPTIONS,
  SLIDER_ARROW_VARIANTS,
  VALUATION_TYPE,
  toAlertUpdatePath,
  toAvatar,
  toQuestionType,
  toSearchTypeOfProfile,
} from './constants.ts'
import { COMPANY_SETTING } from './catalogue.ts'

describe('salutations (SPEC §3, §9)', () => {
  it('has the SPEC ids, with Unknown hidden', () => {
    expect(SALUTATIONS.map((s) => [s.salutation_id, s.name, s.is_hidden])).toEqual([
      [1, 'Dr', false],
      [2, 'Miss', false],
      [3, 'Mr', false],
      [4, 'Mrs', false],
      [5, 'Ms', false],
      [16, 'Unknown', true],
    ])
    expect(SALUTATION).toEqual({ DR: 1, MISS: 2, MR: 3, MRS: 4, MS: 5, UNKNOWN: 16 })
  })
  it('carries the four SPEC fields on every row', () => {
    for (const s of SALUTATIONS) expect(Object.keys(s)).toEqual(['salutation_id', 'name', 'is_dot', 'is_hidden'])
  })
  it('defaults to 2 and offers only the visible ones', () => {
    expect(SALUTATION_DEFAULT).toBe(2)
    expect(SALUTATION_OPTIONS).toEqual([
      { value: 1, label: 'Dr' },
      { value: 2, label: 'Miss' },
      { value: 3, label: 'Mr' },
      { value: 4, label: 'Mrs' },
      { value: 5, label: 'Ms' },
    ])
  })
  it.each([
    [1, 'female'],
    [2, 'female'],
    [3, 'male'],
    [4, 'female'],
    [5, 'female'],
    [16, 'female'],
  ])('salutation %i shows a %s avatar', (id, avatar) => {
    expect(toAvatar(id)).toBe(avatar)
  })
})

describe('applicants (SPEC §4, §9)', () => {
  it('has the SPEC profile and status ids', () => {
    expect(APPLICANT_PROFILE).toEqual({ VENDOR: 2, BUYER: 3, LANDLORD: 4, TENANT: 5 })
    expect(APPLICANT_STATUS).toEqual({ ON: 1, OFF: 2 })
    expect(CONTACT_SOURCE_ONLINE_REGISTRATION).toBe(35)
    expect(COMPANY_SETTING.REGISTRATION_TEXT).toBe(51)
    expect(VALUATION_TYPE).toEqual({ SALES: 1, LETTINGS: 2 })
    expect(COMMUNICATION_METHOD).toEqual({ EMAIL: 1, MOBILE_PHONE: 2 })
  })
  it('maps sales to buyer and lettings to tenant, both ways', () => {
    expect(SEARCH_TYPE_PROFILE).toEqual({ sales: 3, lettings: 5 })
    expect(toSearchTypeOfProfile(3)).toBe('sales')
    expect(toSearchTypeOfProfile(5)).toBe('lettings')
    expect(toQuestionType(3)).toBe('buyer')
    expect(toQuestionType(5)).toBe('tenant')
  })
})

describe('lead options (SPEC §3, §9)', () => {
  it('defaults i_would_like to to-view-a-property, the first choice', () => {
    expect(I_WOULD_LIKE_DEFAULT).toBe('to-view-a-property')
    expect(I_WOULD_LIKE_OPTIONS.map((o) => o.value)).toEqual([...I_WOULD_LIKE_VALUES])
    expect(I_WOULD_LIKE_OPTIONS[0]).toEqual({ value: 'to-view-a-property', label: 'To view a property' })
    expect(LEAD_CONFIRM_VALUE).toBe('confirmed')
  })
  it('lists the property to sell options in SPEC order', () => {
    expect(PROPERTY_TO_SELL_OPTIONS.map((o) => o.label)).toEqual([
      'No',
      'Yes, not yet on market',
      'On market already',
      'Under offer',
      'Exchanged',
    ])
    expect(PROPERTY_TO_SELL_OPTIONS.map((o) => o.value)).toEqual([...PROPERTY_TO_SELL_VALUES])
  })
  it('lists the property to let options in SPEC order', () => {
    expect(PROPERTY_TO_LET_OPTIONS.map((o) => o.label)).toEqual([
      'No',
      'Not yet intend buy to let',
      'Available to let now',
      'Available soon',
      'Currently occupied',
    ])
    expect(PROPERTY_TO_LET_OPTIONS.map((o) => o.value)).toEqual([...PROPERTY_TO_LET_VALUES])
  })
})

describe('filter options (SPEC §9)', () => {
  it('labels furnishing, inclusion and must-haves', () => {
    expect(FURNISHING_OPTIONS).toEqual([
      { value: 'any', label: 'Any' },
      { value: 'furnished', label: 'Furnished' },
      { value: 'part_furnished', label: 'Part Furnished' },
      { value: 'unfurnished', label: 'Unfurnished' },
    ])
    expect(FURNISHING_DEFAULT).toBe('any')
    expect(INCLUSION_OPTIONS).toEqual([
      { value: 'include', label: 'Include' },
      { value: 'exclude', label: 'Exclude' },
      { value: 'show_only', label: 'Show Only' },
    ])
    expect(INCLUSION_DEFAULT).toBe('include')
    expect(MUST_HAVE_OPTIONS).toEqual([
      { value: 'garden', label: 'Garden' },
      { value: 'parking', label: 'Parking' },
    ])
  })
  it('numbers the garden types 1 to 8', () => {
    expect(GARDEN_TYPES.map((g) => `${g.garden_type_id} ${g.name}`)).toEqual([
      '1 Back',
      '2 Communal',
      '3 Enclosed',
      '4 Front',
      '5 Patio',
      '6 Private',
      '7 Rear',
      '8 Terrace',
    ])
  })
  it('rates 1 to 5 and offers For Sale / For Rent', () => {
    expect(RATING_VALUES).toEqual([1, 2, 3, 4, 5])
    expect(SHOW_ME_PROPERTIES_OPTIONS).toEqual([
      { value: 'sales', label: 'For Sale' },
      { value: 'lettings', label: 'For Rent' },
    ])
  })
})

describe('limits and layout (SPEC §9)', () => {
  it('has the SPEC timings and sizes', () => {
    expect([LOCATION_SEARCH_DEBOUNCE_MS, MAP_DRAG_DEBOUNCE_MS, SEARCH_INPUT_MAX_LENGTH, LOCKED_IMAGE_BLUR_PX]).toEqual([1500, 500, 256, 14])
    expect(MAP).toEqual({ HEIGHT_PX: 500, DEFAULT_ZOOM: 11, FIT_PADDING_PX: 100, MIN_ZOOM: 3, MAX_ZOOM: 13, SINGLE_MARKER_ZOOM: 13 })
    expect([POPUP_DEFAULT_WIDTH_PX, ALERT_LIST_MAX_HEIGHT_PX, PROPERTY_LIST_V1_COLUMNS]).toEqual([750, 600, 3])
  })
  it('has 12 slider arrows, register variants v1..v5 and three tabs', () => {
    expect(SLIDER_ARROW_VARIANTS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(REGISTER_VARIANTS).toEqual(['v1', 'v2', 'v3', 'v4', 'v5'])
    expect(REGISTER_VARIANTS.map(toRegisterVariant)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5'])
    expect([null, 3, 'v6', ' v1'].map(toRegisterVariant)).toEqual([null, null, null, null])
    expect(REGISTER_TAB_COUNT).toBe(3)
    expect(ALERT_TABS.map((t) => ALERT_TAB_LABELS[t])).toEqual(['Contact', 'Property Type', 'Circumstances'])
  })
})

describe('alert paths (SPEC §2)', () => {
  it('has the register routes and builds the update route', () => {
    expect(ALERT_PATHS).toEqual({
      PROPERTIES: '/properties',
      REGISTER: '/heads-up-alerts/register',
      REGISTER_BUY: '/heads-up-alerts/register/buy',
      REGISTER_RENT: '/heads-up-alerts/register/rent',
      UPDATE: '/heads-up-alerts/update',
      MY_ALERTS: '/heads-up-alerts/my-alerts',
    })
    expect(PROPERTIES_PATH).toBe('/properties')
    expect(toAlertUpdatePath('k3Y9a')).toBe('/heads-up-alerts/profiles/k3Y9a')
    expect(toAlertUpdatePath('a/b')).toBe('/heads-up-alerts/profiles/a%2Fb')
  })
})
