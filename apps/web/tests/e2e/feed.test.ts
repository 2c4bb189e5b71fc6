import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { toBlmText, toSampleBlmRecord, writeFeedZip } from '@agency/db/testing'
import { LABELS } from '@agency/domain'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seenMails, waitForMail } from './outbox.ts'
import { BASE_URL, expectNoAxeViolations, settled, setupBrowser } from './support.ts'

const browser = setupBrowser()

/** A flat to rent in Harrogate (England), at a monthly rent, with no deposit of its own stated. */
const LETTING = { TRANS_TYPE_ID: 2, PRICE_QUALIFIER: 0, LET_RENT_FREQUENCY: 1, PROP_SUB_ID: 28, BEDROOMS: 2, TOWN: 'Harrogate', POSTCODE1: 'HG1', POSTCODE2: '5JP' }
const FEED_API_KEY = process.env.E2E_FEED_API_KEY ?? ''

/** A photo with something in it: a sky, a lawn and a house-coloured block. */
async function photo(house: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="500" fill="#9cc3e6"/><rect y="500" width="1200" height="300" fill="#5d8c3e"/><rect x="380" y="260" width="440" height="320" fill="${house}"/><polygon points="360,270 600,120 840,270" fill="#6b3b2a"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

/** A one-page PDF that says what it is. */
function brochurePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

describe('a property feed imported through the API, seen in a browser', () => {
  let dir: string
  // A reference of its own per run, so the test never meets a property of an earlier run.
  const ref = `E2E-${Date.now().toString(36)}`
  const heading = '5 bedroom detached house for sale'
  const brochure = brochurePdf(`The Old Rectory ${ref}`)

  let seenBefore: Set<string> = new Set()

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agency-feed-e2e-'))
    const zip = path.join(dir, 'feed.zip')
    await writeFeedZip(
      zip,
      'hartwell.blm',
      toBlmText([
        toSampleBlmRecord(`${ref}-1`, {
          ADDRESS_1: 'The Old Rectory, Church Lane',
          TOWN: 'Harrogate',
          POSTCODE1: 'HG1',
          POSTCODE2: '2QX',
          DISPLAY_ADDRESS: 'Church Lane, Harrogate',
          SUMMARY: 'A handsome five-bedroom detached house with a walled garden, close to the Stray.',
          BEDROOMS: 5,
          BATHROOMS: 3,
          PRICE: 1_234_567,
          PROP_SUB_ID: 4,
          MEDIA_IMAGE_00: 'rectory-front.jpg',
          MEDIA_IMAGE_TEXT_00: 'Front elevation',
          MEDIA_IMAGE_01: 'rectory-garden.jpg',
          MEDIA_IMAGE_TEXT_01: 'Walled garden',
          MEDIA_DOCUMENT_00: 'rectory-brochure.pdf',
          MEDIA_DOCUMENT_TEXT_00: 'Sales brochure',
        }),
        // A letting at £4,200 pcm (£50,400 a year: a six-week deposit cap), and one the Renters' Rights Act keeps off the site.
        toSampleBlmRecord(`${ref}-2`, { ...LETTING, ADDRESS_1: '3 Cold Bath Road', DISPLAY_ADDRESS: 'Cold Bath Road, Harrogate', PRICE: 4200 }),
        toSampleBlmRecord(`${ref}-3`, { ...LETTING, ADDRESS_1: '5 Quarry Mews', DISPLAY_ADDRESS: 'Quarry Mews, Harrogate', PRICE: 1500, FEATURE2: 'No DSS' }),
        // As a CRM exports it: TOWN empty, the place in ADDRESS_3, a postcode the demo's postcodes do not
        // have, a stray comma, and no bathroom or reception count.
        toSampleBlmRecord(`${ref}-4`, {
          ADDRESS_1: 'Bond End Cottage,',
          ADDRESS_2: 'Bond End',
          ADDRESS_3: 'Knaresborough',
          TOWN: '',
          POSTCODE1: 'ZE3',
          POSTCODE2: '9ZZ',
          DISPLAY_ADDRESS: 'Bond End Cottage,, Bond End, Knaresborough',
          BEDROOMS: 2,
          BATHROOMS: '',
          LIVING_ROOMS: '',
          PRICE: 987_654,
          PROP_SUB_ID: 4,
        }),
      ]),
      [
        { name: 'rectory-front.jpg', body: await photo('#d9c7a3') },
        { name: 'rectory-garden.jpg', body: await photo('#c9b08a') },
        { name: 'rectory-brochure.pdf', body: brochure },
      ],
    )
    seenBefore = await seenMails()
    const response = await fetch(`${BASE_URL}/api/feeds/blm?name=hartwell.zip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FEED_API_KEY}`, 'content-type': 'application/zip' },
      body: await readFile(zip),
    })
    const report = (await response.json()) as { outcome: string; added: number; errors: unknown[]; advert_refusals: unknown[] }
    expect(response.status, JSON.stringify(report)).toBe(200)
    expect(report).toMatchObject({ outcome: 'imported', added: 3, refused: 1 })
    expect(report.advert_refusals).toEqual([
      {
        line: expect.any(Number),
        agent_ref: `${ref}-3`,
        rule: 'deterring_wording',
        field: 'FEATURE2',
        words: 'No DSS',
        message: "not published: FEATURE2 deters tenants with children or who receive benefits ('No DSS'); a lettings advert must not (Renters' Rights Act 2025)",
        branch_code: 1,
        display_address: 'Quarry Mews, Harrogate',
      },
    ])
  })

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it("tells the listing's branch by e-mail which letting was not published, and why", async () => {
    const branch = ((await (await fetch(`${BASE_URL}/api/branches/1`)).json()) as { data: { email: string } }).data
    const mail = await waitForMail(branch.email, seenBefore, new RegExp(`${ref}-3`))
    const text = mail.source.replace(/\s+/g, ' ')
    expect(text).toContain('Subject: 1 letting not published from the feed hartwell.zip')
    expect(text).toContain(`${ref}-3, Quarry Mews, Harrogate`)
    expect(text).toContain("FEATURE2: 'No DSS'")
    expect(text).not.toContain(`${ref}-2`)
  })

  it('refuses an upload without the key', async () => {
    const response = await fetch(`${BASE_URL}/api/feeds/blm`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })
    expect(response.status).toBe(401)
  })

  it('lists the imported property with its picture, and opens its page with the gallery', async () => {
    const page = await browser.page()
    // The newest first, and a query no earlier visit asked for, so the page is rendered now.
    await page.goto(`${BASE_URL}/sales/property-for-sale?sort=newest&min_bedroom=5&max_bedroom=5&min_price=1200000&max_price=1250000`)
    const card = page.locator('article.card--v1').filter({ hasText: heading }).first()
    await card.waitFor()
    expect(await card.innerText()).toContain('£1,234,567')
    expect(await card.innerText()).toContain('Church Lane, Harrogate')
    const image = card.locator('img')
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    await expectNoAxeViolations(page)

    await card.getByRole('link', { name: LABELS.VIEW_THIS_PROPERTY }).click()
    await page.waitForURL(/\/property\/\d+\//)
    await settled(page)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading)
    const main = await page.locator('main').innerText()
    expect(main).toContain('£1,234,567')
    expect(main).toContain('A handsome five-bedroom detached house with a walled garden, close to the Stray.')
    const gallery = page.locator('#gallery')
    const pictures = gallery.locator('img')
    expect(await pictures.count()).toBe(2)
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded()
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    }
    expect(await gallery.locator('img.gallery__main').getAttribute('alt')).toBeTruthy()
    await expectNoAxeViolations(page)

    // The brochure: a link with its caption, type and size, that opens the PDF in a new tab.
    const brochures = page.getByRole('region', { name: 'Brochures' })
    const link = brochures.getByRole('link', { name: 'Sales brochure' })
    expect(await brochures.innerText()).toContain('Sales brochure (PDF, 1 KB, opens in a new tab)')
    expect(await link.getAttribute('target')).toBe('_blank')
    const href = (await link.getAttribute('href'))!
    expect(href).toMatch(/\/api\/media\/[0-9a-f-]{36}\/pdf$/)
    const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()])
    // The new tab is opened by the link (the PDF viewer, or a download in a headless browser).
    expect(tab).toBeTruthy()
    await tab.close()
    const pdf = await page.request.get(new URL(href, BASE_URL).href)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect(Buffer.from(await pdf.body()).equals(brochure)).toBe(true)
  })

  it('shows beside the rent of a letting the deposit and holding deposit its rent allows, and the tenant fees', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}/lettings/property-to-rent?sort=newest`)
    await page.locator('article.card--v1').filter({ hasText: 'Cold Bath Road, Harrogate' }).first().getByRole('link', { name: LABELS.VIEW_THIS_PROPERTY }).click()
    await page.waitForURL(/\/property\/\d+\//)
    expect(await page.locator('.detail-facts__price').innerText()).toContain('£4,200 PCM')
    const deposits = page.locator('dl.detail-deposits')
    expect((await deposits.innerText()).replace(/\s+/g, ' ')).toBe('Deposit £5,815.38 (6 weeks’ rent) Holding deposit £969.23 (1 week’s rent) Fees Tenant fees')
    await deposits.getByRole('link', { name: 'Tenant fees' }).click()
    await page.waitForURL(/\/fees#tenants$/)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Fees for tenants and landlords')
    // The letting with deterring wording is not listed, while the one beside it is.
    const list = await (await fetch(`${BASE_URL}/lettings/property-to-rent?sort=newest`)).text()
    expect(list).toContain('Cold Bath Road, Harrogate')
    expect(list).not.toContain('Quarry Mews, Harrogate')
  })

  it("shows beside the rent of a letting in Scotland or Wales the deposits that nation's law allows, and its own tenant fees", async () => {
    const nations = [
      // Edinburgh: at most two months' rent, and no holding deposit (Scottish law forbids any premium).
      { centre: '55.9533,-3.1883,30', deposits: /^Deposit £[\d,]+(\.\d\d)?( \(2 months’ rent\))? Fees Tenant fees$/, anchor: 'tenants-scotland', heading: 'Homes in Scotland' },
      // Cardiff: a holding deposit of one week's rent; no cap on the security deposit, shown only when stated.
      { centre: '51.4816,-3.1791,15', deposits: /^(Deposit £[\d,]+(\.\d\d)? )?Holding deposit £[\d,]+(\.\d\d)? \(1 week’s rent\) Fees Tenant fees$/, anchor: 'tenants-wales', heading: 'Homes in Wales' },
    ]
    for (const nation of nations) {
      const found = await fetch(`${BASE_URL}/api/properties?transaction_type_id=2&page_size=50&locations=${nation.centre}`)
      const card = ((await found.json()) as { data: Array<{ is_locked: boolean; detail_page_url: string }> }).data.find((c) => !c.is_locked)
      expect(card, nation.anchor).toBeDefined()
      const page = await browser.page({ javaScriptEnabled: false })
      await page.goto(`${BASE_URL}${card!.detail_page_url}`)
      const deposits = page.locator('dl.detail-deposits')
      expect((await deposits.innerText()).replace(/\s+/g, ' ')).toMatch(nation.deposits)
      // A stated deposit reads the same in the material information as beside the rent: whole pounds
      // without pence ('£1,211'), else to the penny.
      const stated = page.locator('#material-information .facts-list__row').filter({ has: page.locator('dt', { hasText: /^Deposit$/ }) }).locator('dd')
      if ((await stated.count()) > 0 && /£/.test(await stated.innerText())) {
        expect(await deposits.innerText()).toContain(await stated.innerText())
        expect(await stated.innerText()).toMatch(/^£\d{1,3}(,\d{3})*(\.\d\d)?$/)
        expect(await stated.innerText()).not.toMatch(/\.00$/)
      }
      await deposits.getByRole('link', { name: 'Tenant fees' }).click()
      await page.waitForURL((url) => url.pathname === '/fees' && url.hash === `#${nation.anchor}`)
      expect(await page.locator(`#${nation.anchor}`).innerText()).toBe(nation.heading)
    }
  })

  it('shows no bathroom or reception count the feed did not give, and says the position is approximate', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/sales/property-for-sale?sort=newest&min_price=975000&max_price=1000000`)
    const card = page.locator('article.card--v1').filter({ hasText: 'Bond End Cottage, Bond End, Knaresborough' }).first()
    await card.waitFor()
    const cardText = await card.innerText()
    expect(cardText).toContain('£987,654')
    expect(cardText).not.toMatch(/bathroom/i)
    expect(cardText).not.toMatch(/reception/i)
    await card.getByRole('link', { name: LABELS.VIEW_THIS_PROPERTY }).click()
    await page.waitForURL(/\/property\/\d+\//)
    await settled(page)
    expect(await page.locator('.detail-facts__rooms').innerText()).toBe('2 bedrooms')
    // Placed at Knaresborough's centre (the postcode is nobody's): the map says so.
    expect(await page.locator('.detail-map').innerText()).toContain('Approximate location: the map shows the centre of the town, not the home itself.')
    await expectNoAxeViolations(page)
  })
})
