import { COMPANY_SETTING } from '@agency/domain'
import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('GET /api/company_settings/:setting_id on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers setting 51, the registration intro text, as data.value (SPEC §7)', async () => {
    const response = await api.app.inject(`/api/company_settings/${COMPANY_SETTING.REGISTRATION_TEXT}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { setting_id: 51, value: api.fixture.registrationText } })
  })

  it('answers 404 for a public setting that is not set', async () => {
    const response = await api.app.inject(`/api/company_settings/${COMPANY_SETTING.PROMO_CARDS}`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Company setting not found' })
  })

  it('does not expose a setting the domain contract does not name', async () => {
    const response = await api.app.inject('/api/company_settings/999')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Company setting not found' })
  })

  it('refuses a non-numeric id with 400', async () => {
    const response = await api.app.inject('/api/company_settings/registration')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { setting_id: ['An id must be a positive whole number written in decimal digits.'] },
    })
  })
})
