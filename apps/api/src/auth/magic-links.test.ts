import { COMMUNICATION_METHOD, COMPANY_SETTING } from '@agency/domain'
import { DEMO_COMPANY_PROFILE, communicationInfos, companySettings, contacts, magicLinks, outbox } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestMagicLink, spendMagicLink, type MagicLinkDeps } from './magic-links.ts'

const PUBLIC_URL = 'https://agency.example'
const EMAIL = 'amelia@example.com'
const NOW = new Date('2026-06-01T09:00:00Z')
const deps: MagicLinkDeps = {
  publicUrl: `${PUBLIC_URL}/`,
  limits: { perEmail: { limit: 1000, windowMs: 60_000 }, perIp: { limit: 1000, windowMs: 60_000 } },
  now: () => NOW,
}

describe.each(testDatabaseKinds())('login link requests on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const [contact] = await database.db
      .insert(contacts)
      .values({ name: 'Amelia', surname: 'Hartley', salutation_id: 2, contact_source_id: 35 })
      .returning()
    await database.db
      .insert(communicationInfos)
      .values({ contact_id: contact!.contact_id, communication_method_id: COMMUNICATION_METHOD.EMAIL, value: EMAIL, preferred: true })
  })
  afterAll(async () => {
    await database?.close()
  })

  async function request(requestPageUrl: string | null) {
    expect(await requestMagicLink(database.db, { email: EMAIL, requestPageUrl, ip: '192.0.2.1' }, deps, NOW)).toBe('sent')
    const [mail] = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1)
    return mail!
  }

  /** Requests a link for `page` and spends it: what was stored, and where the login goes. */
  async function requestAndSpend(page: string | null) {
    const mail = await request(page)
    const [link] = await database.db.select().from(magicLinks).orderBy(desc(magicLinks.magic_link_id)).limit(1)
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? ''
    const spent = await spendMagicLink(database.db, token, NOW)
    return { stored: link!.request_page_url, redirectTo: spent?.redirect_to }
  }

  it.each([
    [`${PUBLIC_URL}/property/12/a-house?tab=photos`, '/property/12/a-house?tab=photos'],
    ['/sales/property-for-sale?page=2', '/sales/property-for-sale?page=2'],
    [`${PUBLIC_URL}/a/../lettings/property-to-rent#map`, '/lettings/property-to-rent#map'],
  ])('keeps the page %s as the path %s, and the login goes there', async (page, path) => {
    expect(await requestAndSpend(page)).toEqual({ stored: path, redirectTo: path })
  })

  it.each([
    ['https://evil.example/phish'],
    ['//evil.example/x'],
    ['javascript:alert(1)'],
    [`${PUBLIC_URL.replace('https', 'http')}/sales`],
    [`${PUBLIC_URL}/.//evil.example`],
    ['/..//evil.example'],
    ['/./\\evil.example'],
    [`${PUBLIC_URL}/sales\tx`],
    [`/${'a'.repeat(2048)}`],
    [''],
    [null],
  ])('forgets the page %j, and the login goes to /properties (SPEC §2)', async (page) => {
    expect(await requestAndSpend(page)).toEqual({ stored: null, redirectTo: '/properties' })
  })

  it("names the agency of company setting 100 in the e-mail, else the default agency's name", async () => {
    expect((await request(null)).subject).toBe('Your login link for Hartwell & Co')
    await database.db.insert(companySettings).values({ setting_id: COMPANY_SETTING.AGENCY_NAME, value: ' Smith & Sons ' })
    expect((await request(null)).subject).toBe('Your login link for Smith & Sons')
    await database.db.delete(companySettings).where(eq(companySettings.setting_id, COMPANY_SETTING.AGENCY_NAME))
  })

  it('draws the e-mail with the company details of setting 109: logo, brand colour and legal lines; the name alone without them', async () => {
    const plain = await request(null)
    expect(plain.html).not.toContain('<img')
    expect(plain.html).not.toContain('company number')
    await database.db.insert(companySettings).values({ setting_id: COMPANY_SETTING.COMPANY_PROFILE, value: { ...DEMO_COMPANY_PROFILE, brand_colours: { primary: '#123456', accent: '#abcdef' } } })
    const branded = await request(null)
    expect(branded.html).toContain('<img alt="Hartwell &amp; Co" height="48" src="https://agency.example/api/company/logo.png"')
    expect(branded.html).toContain('background-color:#123456')
    expect(branded.html).toContain('border-bottom:4px solid #abcdef')
    expect(branded.text).toContain('Hartwell & Co Estate Agents Limited. Registered in England and Wales, company number 03574219. Registered office: 214 Upper Street, London N1 1RL.')
    expect(branded.html).toContain('Member of The Property Ombudsman (D01234).')
    await database.db.delete(companySettings).where(eq(companySettings.setting_id, COMPANY_SETTING.COMPANY_PROFILE))
  })
})
