import type { CardVariant, PromoCard, SearchType } from '@agency/domain'

/** SPEC §2: the advanced search panel's visual themes, chosen by company setting 104. */
export const SEARCH_PANEL_THEMES = ['light', 'dark'] as const
/** One search panel theme. */
export type SearchPanelTheme = (typeof SEARCH_PANEL_THEMES)[number]

/** The company settings (ids 100–104) every page reads, already parsed. */
export interface SiteSettings {
  agencyName: string
  defaultSearchType: SearchType
  cardVariant: CardVariant
  promoCards: PromoCard[]
  searchPanelTheme: SearchPanelTheme
}

/** What a page shows when a setting is missing, malformed or the API cannot be reached. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  // The demo agency's name; a real install sets company setting 100.
  agencyName: 'Hartwell & Co',
  defaultSearchType: 'sales',
  cardVariant: 'v1',
  promoCards: [],
  searchPanelTheme: 'light',
}
