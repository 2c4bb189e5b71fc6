import { COMPANY_SETTING } from '@agency/domain'
import { companySettings } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

const TARGETS = {
  'stamp-duty': 'https://www.gov.uk/stamp-duty-land-tax',
  'not-https': 'http://www.gov.uk/',
  elsewhere: '//evil.example/',
}

describe.each(testDatabaseKinds())('GET /api/redirects/:slug on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
    await api.database.db.insert(companySettings).values({ setting_id: COMPANY_SETTING.REDIRECT_TARGETS, value: TARGETS })
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers the URL configured for the slug in company setting 107', async () => {
    const response = await api.app.inject('/api/redirects/stamp-duty')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { slug: 'stamp-duty', url: 'https://www.gov.uk/stamp-duty-land-tax' } })
  })

  it.each([['unknown'], ['not-https'], ['elsewhere'], ['constructor']])('answers 404 for %s, which has no valid https target', async (slug) => {
    const response = await api.app.inject(`/api/redirects/${slug}`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Redirect not found' })
  })

  it('refuses a slug that could not be configured with 400', async () => {
    const response = await api.app.inject('/api/redirects/Stamp%20Duty')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: 'The given data was invalid.' })
  })

  it('answers 404 for every slug while the setting is not set', async () => {
    await api.database.db.delete(companySettings).where(eq(companySettings.setting_id, COMPANY_SETTING.REDIRECT_TARGETS))
    const response = await api.app.inject('/api/redirects/stamp-duty')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Redirect not found' })
  })
})
