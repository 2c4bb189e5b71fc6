import { isNotFoundError } from '@agency/api-client'
import { CARD_VARIANTS, COMPANY_SETTING, PromoCardSchema, SEARCH_TYPES } from '@agency/domain'
import type { CardVariant, PromoCard, SearchType } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { DEFAULT_SITE_SETTINGS, SEARCH_PANEL_THEMES } from '#app/lib/site-settings.ts'
import type { SearchPanelTheme, SiteSettings } from '#app/lib/site-settings.ts'
import { createSharedRead } from '#app/lib/shared-read.server.ts'
import type { SharedReadResult } from '#app/lib/shared-read.server.ts'

// Settings are the same for every visitor and change only through `npm run settings`: the process
// keeps them for SHARED_READ_TTL_MS, so a page costs no settings read (README: company settings).
const sharedSettings = createSharedRead<SiteSettings>()

/**
 * Company settings 100–104, read at most once per SHARED_READ_TTL_MS by the whole process. A setting
 * that cannot be read falls back to its default, so a settings outage never takes a page down; such
 * an answer is not kept, so the next page asks again.
 */
export function getSiteSettings(context: AppLoadContext): Promise<SiteSettings> {
  return sharedSettings.get(() => readSiteSettings(context))
}

async function readSiteSettings({ api }: AppLoadContext): Promise<SharedReadResult<SiteSettings>> {
  let complete = true
  const read = (id: number) =>
    api.getCompanySetting(id).then(
      (s) => s.value as unknown,
      (error: unknown) => {
        // A setting that is not set (404) is an answer like any other: its default is kept.
        if (!isNotFoundError(error)) complete = false
        return undefined
      },
    )
  const [agencyName, defaultSearchType, cardVariant, promoCards, searchPanelTheme] = await Promise.all([
    read(COMPANY_SETTING.AGENCY_NAME),
    read(COMPANY_SETTING.DEFAULT_SEARCH_TYPE),
    read(COMPANY_SETTING.PROPERTY_CARD_VARIANT),
    read(COMPANY_SETTING.PROMO_CARDS),
    read(COMPANY_SETTING.SEARCH_PANEL_THEME),
  ])
  return { value: toSiteSettings({ agencyName, defaultSearchType, cardVariant, promoCards, searchPanelTheme }), keep: complete }
}

const PromoCardListSchema = PromoCardSchema.array()

function toAgencyName(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

function toSearchTypeSetting(value: unknown): SearchType | undefined {
  return SEARCH_TYPES.find((type) => type === value)
}

function toCardVariant(value: unknown): CardVariant | undefined {
  return CARD_VARIANTS.find((variant) => variant === value)
}

function toSearchPanelTheme(value: unknown): SearchPanelTheme | undefined {
  return SEARCH_PANEL_THEMES.find((theme) => theme === value)
}

function toPromoCards(value: unknown): PromoCard[] | undefined {
  let raw = value
  // Setting 103 may be stored as a JSON array or as a string holding one.
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown
    } catch {
      return undefined
    }
  }
  const parsed = PromoCardListSchema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}

/** The raw values of settings 100–104 (undefined where the read failed) as SiteSettings; each unreadable one gives its default. */
function toSiteSettings(values: {
  agencyName: unknown
  defaultSearchType: unknown
  cardVariant: unknown
  promoCards: unknown
  searchPanelTheme: unknown
}): SiteSettings {
  return {
    agencyName: toAgencyName(values.agencyName) ?? DEFAULT_SITE_SETTINGS.agencyName,
    defaultSearchType: toSearchTypeSetting(values.defaultSearchType) ?? DEFAULT_SITE_SETTINGS.defaultSearchType,
    cardVariant: toCardVariant(values.cardVariant) ?? DEFAULT_SITE_SETTINGS.cardVariant,
    promoCards: toPromoCards(values.promoCards) ?? DEFAULT_SITE_SETTINGS.promoCards,
    searchPanelTheme: toSearchPanelTheme(values.searchPanelTheme) ?? DEFAULT_SITE_SETTINGS.searchPanelTheme,
  }
}
