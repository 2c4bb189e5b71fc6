import { COMPANY_SETTING, type CompanyProfile } from '@agency/domain'
import { DEMO_COMPANY_PROFILE, companySettings, putCompanyDocument, renderCmpCertificatePdf } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('GET /api/company on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function store(value: unknown) {
    await api.database.db
      .insert(companySettings)
      .values({ setting_id: COMPANY_SETTING.COMPANY_PROFILE, value })
      .onConflictDoUpdate({ target: companySettings.setting_id, set: { value: sql`excluded.value` } })
  }

  it('answers 404 while no company details are set', async () => {
    await api.database.db.delete(companySettings).where(eq(companySettings.setting_id, COMPANY_SETTING.COMPANY_PROFILE))
    const response = await api.app.inject('/api/company')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'The company details are not set' })
    expect((await api.app.inject('/api/company/logo.svg')).statusCode).toBe(404)
  })

  it('serves the client money protection certificate from the media store, and 404 while none is stored', async () => {
    const missing = await api.app.inject('/api/company/cmp-certificate.pdf')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'No client money protection certificate is stored' })
    await putCompanyDocument(api.mediaStore, renderCmpCertificatePdf(DEMO_COMPANY_PROFILE))
    const response = await api.app.inject(DEMO_COMPANY_PROFILE.client_money_protection.certificate_url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe('inline; filename="client-money-protection-certificate.pdf"')
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(response.rawPayload.toString('latin1')).toContain('(Membership number: C0012345)')
    const again = await api.app.inject({ url: '/api/company/cmp-certificate.pdf', headers: { 'if-none-match': String(response.headers.etag) } })
    expect(again.statusCode).toBe(304)
    // Only a PDF goes in.
    await expect(putCompanyDocument(api.mediaStore, Buffer.from('<html>not a pdf</html>'))).rejects.toThrow('The certificate must be a PDF file.')
  })

  it('answers the stored company and compliance details', async () => {
    await store(DEMO_COMPANY_PROFILE)
    const response = await api.app.inject('/api/company')
    expect(response.statusCode).toBe(200)
    const { data } = response.json<{ data: CompanyProfile }>()
    expect(data).toEqual(DEMO_COMPANY_PROFILE)
    expect(data.legal_name).toBe('Hartwell & Co Estate Agents Limited')
    expect(data.redress_scheme).toEqual({ name: 'The Property Ombudsman', membership_number: 'D01234', url: 'https://www.tpos.co.uk' })
  })

  it('serves the logo as an SVG image that may run nothing, and answers 304 to its ETag', async () => {
    await store(DEMO_COMPANY_PROFILE)
    const response = await api.app.inject('/api/company/logo.svg')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
    expect(response.body).toBe(DEMO_COMPANY_PROFILE.logo_svg)
    const again = await api.app.inject({ url: '/api/company/logo.svg', headers: { 'if-none-match': String(response.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it("serves the logo as a PNG for e-mails, 96 px high, and answers 304 to its ETag", async () => {
    await store(DEMO_COMPANY_PROFILE)
    const response = await api.app.inject('/api/company/logo.png')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    const meta = await sharp(response.rawPayload).metadata()
    expect(meta.format).toBe('png')
    expect(meta.height).toBe(96)
    expect(meta.width).toBe(440)
    // Mail programs load it from another origin.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const again = await api.app.inject({ url: '/api/company/logo.png', headers: { 'if-none-match': String(response.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('answers 404 rather than a stored value that does not fit the schema', async () => {
    await store({ ...DEMO_COMPANY_PROFILE, logo_svg: '<svg onload="alert(1)"></svg>' })
    expect((await api.app.inject('/api/company')).statusCode).toBe(404)
    expect((await api.app.inject('/api/company/logo.svg')).statusCode).toBe(404)
    expect((await api.app.inject('/api/company/logo.png')).statusCode).toBe(404)
  })
})
