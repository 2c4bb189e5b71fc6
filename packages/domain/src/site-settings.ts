/**
 * The company settings the site reads (catalogue.ts COMPANY_SETTING), as one object: what
 * GET /api/site_settings answers and every page reads. The API builds it from the stored values,
 * giving each missing or malformed setting its default, so a reader never parses a setting itself.
 * The schema and the reading of stored values are in site-settings.schema.ts.
 */
import { COMPANY_SETTING } from './catalogue.ts'
import type { SiteSettings } from './site-settings.schema.ts'

/** The agency's name while company setting 100 is not set (the demo agency's; a real one sets it). */
export const DEFAULT_AGENCY_NAME = 'Hartwell & Co'

/** SPEC §2: the advanced search panel's visual themes, chosen by company setting 104. */
export const SEARCH_PANEL_THEMES = ['light', 'dark'] as const
/** One search panel theme. */
export type SearchPanelTheme = (typeof SEARCH_PANEL_THEMES)[number]

/** The company setting that holds each site setting. */
export const SITE_SETTING_IDS = {
  registration_text: COMPANY_SETTING.REGISTRATION_TEXT,
  agency_name: COMPANY_SETTING.AGENCY_NAME,
  default_search_type: COMPANY_SETTING.DEFAULT_SEARCH_TYPE,
  property_card_variant: COMPANY_SETTING.PROPERTY_CARD_VARIANT,
  promo_cards: COMPANY_SETTING.PROMO_CARDS,
  search_panel_theme: COMPANY_SETTING.SEARCH_PANEL_THEME,
  slider_arrow_variant: COMPANY_SETTING.SLIDER_ARROW_VARIANT,
  register_variant: COMPANY_SETTING.REGISTER_VARIANT,
} as const satisfies Record<keyof SiteSettings, number>

/** What the site shows for a setting that is not set or malformed, or while the API cannot be reached. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  registration_text: null,
  agency_name: DEFAULT_AGENCY_NAME,
  default_search_type: 'sales',
  property_card_variant: 'v1',
  promo_cards: [],
  search_panel_theme: 'light',
  slider_arrow_variant: 1,
  register_variant: 'v1',
}
