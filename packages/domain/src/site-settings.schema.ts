/** The site settings' schema, and the site settings read from the stored company settings (site-settings.ts). */
import { z } from 'zod'
import { CARD_VARIANTS, SEARCH_TYPES } from './catalogue.ts'
import { PromoCardSchema } from './catalogue.schema.ts'
import { REGISTER_VARIANTS, SLIDER_ARROW_VARIANTS } from './constants.ts'
import { DEFAULT_SITE_SETTINGS, SEARCH_PANEL_THEMES, SITE_SETTING_IDS } from './site-settings.ts'

/** The site's settings, named after their COMPANY_SETTING ids. */
export const SiteSettingsSchema = z.object({
  /** SPEC §1/§7 setting 51: the alert registration's intro text; null when not set. */
  registration_text: z.string().nullable(),
  /** Setting 100. */
  agency_name: z.string().trim().min(1),
  /** Setting 101: the list the PROPERTIES route goes to for a visitor (SPEC §2). */
  default_search_type: z.enum(SEARCH_TYPES),
  /** Setting 102: property card grid v1 or v2 (SPEC §2). */
  property_card_variant: z.enum(CARD_VARIANTS),
  /** Setting 103: the promo cards of grid v2. */
  promo_cards: z.array(PromoCardSchema),
  /** Setting 104: the advanced search panel's theme. */
  search_panel_theme: z.enum(SEARCH_PANEL_THEMES),
  /** Setting 105: one of SPEC §2's 12 slider arrow variants. */
  slider_arrow_variant: z.literal(SLIDER_ARROW_VARIANTS),
  /** Setting 106: the alert register screen's variant v1 to v5 (SPEC §2). */
  register_variant: z.enum(REGISTER_VARIANTS),
})
/** The site's settings. */
export type SiteSettings = z.infer<typeof SiteSettingsSchema>

/** Setting 103 may be stored as a JSON array or as a string holding one. */
function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

// The fallbacks are applied here, when a setting is read, rather than by a second schema: pages take
// the defaults from site-settings.ts, which builds no schema, so the browser bundle keeps none.
function readSetting<K extends keyof SiteSettings>(stored: ReadonlyMap<number, unknown>, name: K): SiteSettings[K] {
  const value = stored.get(SITE_SETTING_IDS[name])
  const parsed = SiteSettingsSchema.shape[name].safeParse(name === 'promo_cards' ? fromJsonText(value) : value)
  return parsed.success ? (parsed.data as SiteSettings[K]) : structuredClone(DEFAULT_SITE_SETTINGS[name])
}

/**
 * The site settings from the stored company settings (value by setting id): a setting that is
 * missing or does not fit SiteSettingsSchema gives its default, so one bad value never takes a page
 * down.
 */
export function toSiteSettings(stored: ReadonlyMap<number, unknown>): SiteSettings {
  return {
    registration_text: readSetting(stored, 'registration_text'),
    agency_name: readSetting(stored, 'agency_name'),
    default_search_type: readSetting(stored, 'default_search_type'),
    property_card_variant: readSetting(stored, 'property_card_variant'),
    promo_cards: readSetting(stored, 'promo_cards'),
    search_panel_theme: readSetting(stored, 'search_panel_theme'),
    slider_arrow_variant: readSetting(stored, 'slider_arrow_variant'),
    register_variant: readSetting(stored, 'register_variant'),
  }
}
