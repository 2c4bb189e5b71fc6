import { describe, expect, it } from 'vitest'
import { COMPANY_SETTING } from './catalogue.ts'
import { DEFAULT_AGENCY_NAME, DEFAULT_SITE_SETTINGS, SITE_SETTING_IDS } from './site-settings.ts'
import { SiteSettingsSchema, toSiteSettings } from './site-settings.schema.ts'

const promo = {
  position: 3,
  alt_title: 'Selling?',
  title: 'Free valuation',
  description: 'Find out what your home could achieve.',
  button_label: 'Book now',
  link: '/valuation',
  type: 'valuation',
}

const stored = (entries: Array<[number, unknown]>) => new Map<number, unknown>(entries)

describe('site settings', () => {
  it('names every company setting once, but the redirect targets, the mobile register variant and the company details, each read through its own route', () => {
    const readByOnePage: number[] = [COMPANY_SETTING.REDIRECT_TARGETS, COMPANY_SETTING.REGISTER_VARIANT_MOBILE, COMPANY_SETTING.COMPANY_PROFILE]
    const pageSettings = Object.values(COMPANY_SETTING).filter((id) => !readByOnePage.includes(id))
    expect(Object.values(SITE_SETTING_IDS).sort((a, b) => a - b)).toEqual(pageSettings.sort((a, b) => a - b))
    expect(Object.keys(SITE_SETTING_IDS).sort()).toEqual(Object.keys(SiteSettingsSchema.shape).sort())
  })

  it('defaults to the demo agency, sales, card grid v1 and the light panel', () => {
    expect(DEFAULT_AGENCY_NAME).toBe('Hartwell & Co')
    expect(DEFAULT_SITE_SETTINGS).toEqual({
      registration_text: null,
      agency_name: 'Hartwell & Co',
      default_search_type: 'sales',
      property_card_variant: 'v1',
      promo_cards: [],
      search_panel_theme: 'light',
      slider_arrow_variant: 1,
      register_variant: 'v1',
    })
    expect(SiteSettingsSchema.parse(DEFAULT_SITE_SETTINGS)).toEqual(DEFAULT_SITE_SETTINGS)
  })

  it('reads every stored setting by its id', () => {
    const settings = toSiteSettings(
      stored([
        [51, 'Register for alerts.'],
        [100, '  Smith & Sons  '],
        [101, 'lettings'],
        [102, 'v2'],
        [103, [promo]],
        [104, 'dark'],
        [105, 7],
        [106, 'v4'],
      ]),
    )
    expect(settings).toEqual({
      registration_text: 'Register for alerts.',
      agency_name: 'Smith & Sons',
      default_search_type: 'lettings',
      property_card_variant: 'v2',
      promo_cards: [promo],
      search_panel_theme: 'dark',
      slider_arrow_variant: 7,
      register_variant: 'v4',
    })
  })

  it('gives each missing or malformed setting its default, and keeps the rest', () => {
    expect(toSiteSettings(stored([]))).toEqual(DEFAULT_SITE_SETTINGS)
    expect(
      toSiteSettings(
        stored([
          [51, 12],
          [100, '   '],
          [101, 'rent'],
          [102, 'v3'],
          [103, [{ ...promo, position: 0 }]],
          [104, 'Dark'],
          [105, 13],
          [106, 'v6'],
          [999, 'not a setting'],
        ]),
      ),
    ).toEqual(DEFAULT_SITE_SETTINGS)
    expect(toSiteSettings(stored([[100, 42], [101, 'lettings']]))).toEqual({ ...DEFAULT_SITE_SETTINGS, default_search_type: 'lettings' })
  })

  it('reads promo cards stored as a string holding JSON, and ignores one that is not JSON', () => {
    expect(toSiteSettings(stored([[103, JSON.stringify([promo])]])).promo_cards).toEqual([promo])
    expect(toSiteSettings(stored([[103, '[{']])).promo_cards).toEqual([])
  })
})
