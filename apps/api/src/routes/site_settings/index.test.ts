import { COMPANY_SETTING, DEFAULT_SITE_SETTINGS } from '@agency/domain'
import { companySettings } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

const promo = {
  position: 2,
  alt_title: 'Selling?',
  title: 'Free valuation',
  description: 'Find out what your home could achieve.',
  button_label: 'Book now',
  link: '/valuation',
  type: 'valuation',
}

describe.each(testDatabaseKinds())('GET /api/site_settings on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function store(values: Array<[number, unknown]>) {
    await api.database.db
      .insert(companySettings)
      .values(values.map(([setting_id, value]) => ({ setting_id, value })))
      .onConflictDoUpdate({ target: companySettings.setting_id, set: { value: sql`excluded.value` } })
  }

  it('answers every setting in one object, the defaults where none is set', async () => {
    const response = await api.app.inject('/api/site_settings')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: { ...DEFAULT_SITE_SETTINGS, registration_text: api.fixture.registrationText, default_search_type: 'sales' },
    })
  })

  it('answers the stored settings, and the default of each malformed one', async () => {
    await store([
      [COMPANY_SETTING.AGENCY_NAME, ' Smith & Sons '],
      [COMPANY_SETTING.DEFAULT_SEARCH_TYPE, 'lettings'],
      [COMPANY_SETTING.PROPERTY_CARD_VARIANT, 'v2'],
      [COMPANY_SETTING.PROMO_CARDS, JSON.stringify([promo])],
      [COMPANY_SETTING.SEARCH_PANEL_THEME, 'purple'],
      [COMPANY_SETTING.SLIDER_ARROW_VARIANT, 12],
      [COMPANY_SETTING.REGISTER_VARIANT, ['v2']],
    ])
    const response = await api.app.inject('/api/site_settings')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: {
        registration_text: api.fixture.registrationText,
        agency_name: 'Smith & Sons',
        default_search_type: 'lettings',
        property_card_variant: 'v2',
        promo_cards: [promo],
        search_panel_theme: 'light',
        slider_arrow_variant: 12,
        register_variant: 'v1',
      },
    })
    // The settings are read, never written.
    const rows = await api.database.db
      .select({ setting_id: companySettings.setting_id, value: companySettings.value })
      .from(companySettings)
      .where(inArray(companySettings.setting_id, [COMPANY_SETTING.AGENCY_NAME, COMPANY_SETTING.SEARCH_PANEL_THEME]))
    expect(new Map(rows.map((row) => [row.setting_id, row.value]))).toEqual(
      new Map<number, unknown>([
        [COMPANY_SETTING.AGENCY_NAME, ' Smith & Sons '],
        [COMPANY_SETTING.SEARCH_PANEL_THEME, 'purple'],
      ]),
    )
  })

  it('is described in the OpenAPI document', async () => {
    const document = (await api.app.inject('/api/openapi.json')).json<{ paths: Record<string, unknown> }>()
    expect(Object.keys(document.paths)).toContain('/api/site_settings')
  })
})
