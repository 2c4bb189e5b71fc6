import { describe, expect, it } from 'vitest'
import { SPEC } from './spec-texts.ts'
import { BASE_URL, BASE_URL_VARIANTS, expectNoAxeViolations, poundsOf, settled, setupBrowser } from './support.ts'

const browser = setupBrowser()

describe('the property catalogue in a browser', () => {
  it('redirects /properties to the default search type, keeping the query', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/properties?min_bedroom=2&sort=price_asc`)
    expect(new URL(page.url()).pathname).toBe('/sales/property-for-sale')
    expect(new URL(page.url()).search).toBe('?min_bedroom=2&sort=price_asc')
  })

  it('takes /sales and /lettings, as typed from a board or a leaflet, to their lists, and the usual names of other pages to them, keeping the query', async () => {
    for (const [typed, page] of [
      ['/sales', '/sales/property-for-sale'],
      ['/lettings/', '/lettings/property-to-rent'],
      ['/about', '/about-us'],
      ['/privacy', '/privacy-notice'],
      ['/privacy-policy/', '/privacy-notice'],
      ['/cookie-policy', '/cookies'],
      ['/terms-and-conditions', '/terms'],
      ['/complaints-procedure', '/complaints'],
      ['/contact', '/branches'],
      ['/contact-us', '/branches'],
      ['/book-a-valuation', '/valuation'],
      ['/sign-in', '/login'],
    ]) {
      const response = await fetch(`${BASE_URL}${typed}?min_bedroom=2`, { redirect: 'manual' })
      expect(response.status, typed).toBe(301)
      expect(response.headers.get('location'), typed).toBe(`${page}?min_bedroom=2`)
    }
    // Names that are not among them are still not found.
    expect((await fetch(`${BASE_URL}/contact-us-now`, { redirect: 'manual' })).status).toBe(404)
    // A hostile query travels on as it came, encoded, to the same page of the site: no header of its
    // own, no other host, never a 5xx; a hostile segment after a name is not found.
    const hostile = '?x=%00&y=%0D%0ASet-Cookie:%20a=b&n=99999999999999999999999&next=//evil.example'
    const moved = await fetch(`${BASE_URL}/contact-us${hostile}`, { redirect: 'manual' })
    expect(moved.status).toBe(301)
    const to = new URL(moved.headers.get('location') ?? '', BASE_URL)
    expect([to.origin, to.pathname]).toEqual([new URL(BASE_URL).origin, '/branches'])
    expect([...to.searchParams]).toEqual([...new URLSearchParams(hostile)])
    expect(moved.headers.get('set-cookie')).toBeNull()
    expect((await fetch(`${BASE_URL}/privacy/%00`, { redirect: 'manual' })).status).toBe(404)
    const page = await browser.page()
    await page.goto(`${BASE_URL}/lettings`)
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Property to rent')
    await page.goto(`${BASE_URL}/contact-us`)
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Our branches')
  })

  it('lists property for sale as v1 cards with price, heading, address, summary and the View This Property link', async () => {
    const page = await browser.page()
    const response = await page.goto(`${BASE_URL}/sales/property-for-sale`)
    expect(response?.status()).toBe(200)
    // A visitor's page is the same for every visitor: a shared cache may keep it briefly, apart from
    // the pages of anyone with a cookie.
    expect(response?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60')
    expect(response?.headers()['vary']).toMatch(/\bCookie\b/i)
    await expect(page.title()).resolves.toMatch(/Property for sale/)
    const cards = page.locator('article.card--v1')
    expect(await cards.count()).toBe(12)
    const first = cards.first()
    expect(poundsOf(await first.getByText(/^£[\d,]+$/).innerText())).toBeGreaterThan(10_000)
    expect(await first.getByRole('heading').innerText()).toMatch(/for sale/)
    expect((await first.locator('.card__summary').innerText()).length).toBeLessThanOrEqual(120)
    const link = first.getByRole('link', { name: SPEC.VIEW_THIS_PROPERTY })
    expect(await link.getAttribute('href')).toMatch(/^\/property\/\d+\//)
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toBe(`${BASE_URL}/sales/property-for-sale`)
    await expectNoAxeViolations(page)
  })

  it("keeps a visitor's page briefly and never answers a request with a cookie from it", async () => {
    const url = `${BASE_URL}/lettings/property-to-rent?sort=price_desc&min_bedroom=1`
    const first = await fetch(url)
    const firstHtml = await first.text()
    expect(first.status).toBe(200)
    const second = await fetch(url)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(Number(second.headers.get('age'))).toBeLessThanOrEqual(10)
    // The same page, byte for byte: no answer carries anything of its own (no script nonce).
    expect(await second.text()).toBe(firstHtml)
    // Anyone with a cookie may be logged in: their page is rendered for them and kept by nobody.
    const withCookie = await fetch(url, { headers: { cookie: 'session=not-a-session' } })
    expect(withCookie.status).toBe(200)
    expect(withCookie.headers.get('x-cache')).toBeNull()
    expect(withCookie.headers.get('cache-control')).toBe('private, no-cache')
  })

  it('shows lettings prices with the PCM suffix', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/lettings/property-to-rent`)
    const prices = await page.locator('article .card__price-value').allInnerTexts()
    expect(prices.length).toBeGreaterThan(0)
    for (const price of prices) expect(price).toMatch(/^£[\d,]+ PCM$/)
    await expectNoAxeViolations(page)
  })

  it('pages through results with real links and sorts by price', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/sales/property-for-sale`)
    const firstPage = await page.locator('article h3, article h2').allInnerTexts()
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next page' }).click()
    await page.waitForURL(/page=2/)
    await settled(page)
    const secondLinks = await page.getByRole('link', { name: SPEC.VIEW_THIS_PROPERTY }).evaluateAll((els) => els.map((e) => e.getAttribute('href')))
    expect(secondLinks.length).toBeGreaterThan(0)
    expect(await page.getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page')
    expect(firstPage.length).toBe(12)

    await page.goto(`${BASE_URL}/sales/property-for-sale`)
    await page.getByLabel('Sort by').selectOption('price_asc')
    await page.waitForURL(/sort=price_asc/)
    await settled(page)
    const prices = (await page.locator('article .card__price-value').allInnerTexts()).map(poundsOf)
    expect(prices.length).toBeGreaterThan(1)
    expect([...prices].sort((a, b) => a - b)).toEqual(prices)
  })

  it('sorts without JavaScript through the GET form', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}/lettings/property-to-rent`)
    await page.getByLabel('Sort by').selectOption('price_desc')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/sort=price_desc/)
    const prices = (await page.locator('article .card__price-value').allInnerTexts()).map(poundsOf)
    expect([...prices].sort((a, b) => b - a)).toEqual(prices)
  })

  it('shows a locked pre-market card with a blurred image and only Register and Login', async () => {
    const page = await browser.page()
    let found = false
    for (let n = 1; n <= 10 && !found; n++) {
      await page.goto(`${BASE_URL}/sales/property-for-sale?page_size=100&page=${n}`)
      found = (await page.locator('article.card--locked').count()) > 0
    }
    expect(found, 'a locked card within the first 1,000 sales').toBe(true)
    const card = page.locator('article.card--locked').first()
    const text = await card.innerText()
    expect(text).not.toMatch(/£/)
    // Neither the heading nor the address says what the card hides.
    expect(text).not.toMatch(/bedroom/i)
    expect(await card.getByRole('heading').innerText()).toBe('Pre-market property for sale')
    expect(await card.getByRole('link').allInnerTexts()).toEqual([SPEC.REGISTER, SPEC.LOGIN])
    const src = await card.locator('img').getAttribute('src')
    expect(src).toMatch(/\/blurred$/)
    const filter = await card.locator('img').evaluate((img) => getComputedStyle(img).filter)
    expect(filter).toBe('blur(14px)')
    // The original photo must not be reachable from the page: every image of the card is the blurred one.
    const html = await card.innerHTML()
    expect(html).not.toMatch(/\/(card|medium|full|thumb|small|hd|large)\b/)
  })

  it('opens a property page from its card, with price, rooms, description and branch contact', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/sales/property-for-sale`)
    const card = page.locator('article.card--v1').first()
    const heading = await card.getByRole('heading').innerText()
    const price = await card.getByText(/^£[\d,]+$/).innerText()
    await card.getByRole('link', { name: SPEC.VIEW_THIS_PROPERTY }).click()
    await page.waitForURL(/\/property\/\d+\//)
    await settled(page)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading)
    expect(await page.locator('main').innerText()).toContain(price)
    expect(await page.locator('main').innerText()).toMatch(/bedroom/i)
    expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0)
    expect(await page.title()).toContain(heading.split(' for sale')[0] ?? heading)
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toBe(new URL(new URL(page.url()).pathname, BASE_URL).toString())
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
    await expectNoAxeViolations(page)
  })

  it('answers 404 with a page for an unknown property and an unknown path', async () => {
    const page = await browser.page()
    const res = await page.goto(`${BASE_URL}/property/987654321`)
    expect(res?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/not found/i)
    await expectNoAxeViolations(page)
    const res2 = await page.goto(`${BASE_URL}/no-such-page`)
    expect(res2?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found')
  })

  it("links every legal page from every page's footer, with the memberships and company details, and the logo in the header", async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    const property = ((await (await fetch(`${BASE_URL}/api/properties?page_size=1`)).json()) as { data: { detail_page_url: string }[] }).data[0]!
    const legal = [
      ['About us', '/about-us'],
      ['Fees for tenants and landlords', '/fees'],
      ['Complaints', '/complaints'],
      ['Privacy notice', '/privacy-notice'],
      ['Cookies', '/cookies'],
      ['Terms of use', '/terms'],
    ]
    const pages = ['/', '/sales/property-for-sale', '/lettings/property-to-rent', property.detail_page_url, '/branches', '/valuation', '/login', '/heads-up-alerts/register/buy', '/saved-properties', ...legal.map(([, path]) => path!)]
    for (const path of pages) {
      const response = await page.goto(`${BASE_URL}${path}`)
      expect(response?.status(), path).toBe(200)
      const footer = page.getByRole('contentinfo')
      for (const [name, href] of legal) expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), `${path}: ${name}`).toBe(href)
      const text = (await footer.innerText()).replace(/\s+/g, ' ')
      expect(text).toContain('Redress scheme: The Property Ombudsman (membership no. D01234)')
      expect(text).toContain('Client money protection: Propertymark Client Money Protection (membership no. C0012345)')
      expect(text).toContain(
        'Hartwell & Co Estate Agents Limited. Registered in England and Wales, company number 03574219. Registered office: 214 Upper Street, London N1 1RL. VAT number GB123456789.',
      )
      expect(await page.getByRole('banner').getByRole('img', { name: 'Hartwell & Co' }).getAttribute('src')).toBe('/api/company/logo.svg')
    }
    const logo = await fetch(`${BASE_URL}/api/company/logo.svg`)
    expect(logo.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(await logo.text()).toMatch(/^<svg[^>]*>.*Hartwell &amp; Co.*<\/svg>$/s)
    // The client money protection certificate the footer links is the PDF in the site's media store.
    const certificate = await page.getByRole('contentinfo').getByRole('link', { name: 'our certificate' }).getAttribute('href')
    expect(certificate).toBe('/api/company/cmp-certificate.pdf')
    const pdf = await fetch(`${BASE_URL}${certificate}`)
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf'])
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toMatch(/^%PDF-1\.4[\s\S]*Hartwell & Co Estate Agents Limited[\s\S]*C0012345/)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our branches on a map' }).click()
    await page.waitForURL(/\/branches$/)
  })

  it('renders each legal page from the demo company details, accessibly', async () => {
    const page = await browser.page()
    const expected: Array<[string, string, string[]]> = [
      ['/about-us', 'About us', ['Hartwell & Co, estate and letting agents since 1998.', 'Propertymark (ARLA), membership number P00123456.']],
      ['/fees', 'Fees for tenants and landlords', ['Variation of contract (at the tenant’s request) £50 inc. VAT', 'Fully managed 16.8% of the rent inc. VAT', 'The tenancy deposit is at most 5 weeks’ rent, or 6 weeks’ rent where the annual rent is £50,000 or more.', 'membership number C0012345']],
      ['/privacy-notice', 'Privacy notice', ['registered with the Information Commissioner’s Office, number ZA123456', '2 years from when you made it, then deleted automatically.', 'not confirmed within 30 days is deleted', 'ico.org.uk/make-a-complaint']],
      ['/cookies', 'Cookies', ['agency_saved', '__Host-session (session without https)', 'no analytics, no advertising and no tracking']],
      ['/complaints', 'Complaints procedure', ['We acknowledge your complaint within 3 working days', 'complaints@hartwellandco.co.uk', 'The Property Ombudsman to review your complaint']],
      ['/terms', 'Terms of use', ['company number 03574219', 'Rents are stated as one amount, and we do not invite offers above it.']],
    ]
    for (const [path, heading, texts] of expected) {
      await page.goto(`${BASE_URL}${path}`)
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading)
      const main = (await page.getByRole('main').innerText()).replace(/\s+/g, ' ')
      for (const text of texts) expect(main, `${path}: ${text}`).toContain(text)
      await expectNoAxeViolations(page)
    }
  })

  it("gives each branch a page with its hours, team, map and properties, found from the branches page, on a phone and a desktop", async () => {
    type Card = { property_profile_id: number; branch_id: number | null }
    const api = async (path: string) => (await (await fetch(`${BASE_URL}/api${path}`)).json()) as { data: Card[]; total: number }
    for (const size of [{ width: 390, height: 844, mobile: true }, { width: 1366, height: 900 }]) {
      const page = await browser.page(size)
      await page.goto(`${BASE_URL}/branches`)
      await page.getByRole('link', { name: 'Reading', exact: true }).click()
      await page.waitForURL(`${BASE_URL}/branches/3/reading`)
      await page.getByRole('heading', { level: 1, name: 'Hartwell & Co Reading' }).waitFor()
      const hours = page.getByRole('region', { name: 'Opening hours' })
      expect((await hours.innerText()).replace(/\s+/g, ' ')).toContain('Saturday 9am to 4pm Sunday Closed')
      expect(await page.getByRole('region', { name: 'Meet the team' }).getByText('Branch Manager').count()).toBe(1)
      // The newest of its properties for sale, every one of them the branch's own.
      const sales = await api('/properties?branch_id=3&page_size=6&include_medias=false')
      const shown = await page.getByRole('region', { name: 'Properties for sale' }).locator('[data-property-id]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-property-id'))))
      expect(shown).toEqual(sales.data.map((card) => card.property_profile_id))
      expect(sales.data.every((card) => card.branch_id === 3)).toBe(true)
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>
      expect(ld).toMatchObject({ '@type': 'RealEstateAgent', name: 'Hartwell & Co Reading', telephone: '0118 496 0654', address: { postalCode: 'RG1 2EG', addressLocality: 'Reading' } })
      expect((ld.openingHoursSpecification as unknown[]).length).toBe(6)
      await expectNoAxeViolations(page)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
      expect(overflow).toBe(false)
      // 'See all' is the list of the branch's properties, which says so and lets the filter go.
      await page.getByRole('link', { name: `See all ${sales.total} properties for sale from Reading` }).click()
      await page.waitForURL(`${BASE_URL}/sales/property-for-sale?branch_id=3`)
      await page.getByText('Showing only the properties of our Reading branch.').waitFor()
      expect(await page.getByRole('status').filter({ hasText: 'for sale' }).innerText()).toBe(`${sales.total} properties for sale`)
      await page.getByRole('link', { name: 'Show every branch’s properties' }).click()
      await page.waitForURL(`${BASE_URL}/sales/property-for-sale`)
    }
    // Its valuation link books with this branch.
    const valuation = await browser.page({ javaScriptEnabled: false })
    await valuation.goto(`${BASE_URL}/branches/3/reading`)
    await valuation.getByRole('link', { name: 'Book a free valuation' }).click()
    await valuation.getByText('Your request goes to our Reading branch.').waitFor()
    expect(await valuation.locator('form.lead-form__form input[name="branch_id"]').inputValue()).toBe('3')
    // An old or missing name moves to the page's one address; an unknown branch is the 404 page.
    const moved = await fetch(`${BASE_URL}/branches/3/old-name`, { redirect: 'manual' })
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/branches/3/reading'])
    expect((await fetch(`${BASE_URL}/branches/999`)).status).toBe(404)
    const sitemap = await (await fetch(`${BASE_URL}/sitemap.xml`)).text()
    for (const path of ['/branches/3/reading', '/privacy-notice', '/fees', '/complaints']) expect(sitemap).toContain(`${BASE_URL}${path}</loc>`)
  })

  it('links the privacy notice beside the submit button of the enquiry, valuation, alert and login forms', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    const property = ((await (await fetch(`${BASE_URL}/api/properties?page_size=1`)).json()) as { data: { detail_page_url: string }[] }).data[0]!
    for (const [path, form] of [
      [property.detail_page_url, 'form.lead-form__form'],
      ['/valuation', 'form.lead-form__form'],
      ['/heads-up-alerts/register/buy', 'form.alert-register__form'],
      ['/login', 'form.login-form'],
    ] as const) {
      await page.goto(`${BASE_URL}${path}`)
      const link = page.locator(form).last().getByRole('link', { name: 'privacy notice' })
      expect(await link.getAttribute('href'), path).toBe('/privacy-notice')
    }
  })

  it('renders the home page accessibly', async () => {
    const page = await browser.page()
    const res = await page.goto(`${BASE_URL}/`)
    expect(res?.status()).toBe(200)
    await expectNoAxeViolations(page)
  })

  it('works on a phone-sized screen', async () => {
    const page = await browser.page({ width: 390 })
    await page.goto(`${BASE_URL}/sales/property-for-sale`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    expect(overflow).toBe(false)
    await expectNoAxeViolations(page)
  })

  it('shows v2 cards with a status badge, room counts and promo cards when the company setting selects them', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL_VARIANTS}/sales/property-for-sale?include_unavailable=true`)
    const cards = page.locator('article.card--v2')
    expect(await cards.count()).toBeGreaterThan(0)
    // SPEC's three counts (BEDROOM, BATHROOM, RECEPTION), each an icon and its number, named in words.
    const rooms = cards.first().locator('.card__rooms > li')
    expect(await rooms.evaluateAll((items) => items.map((item) => item.className.replace('card__room ', '')))).toEqual([
      'card__room--bedroom',
      'card__room--bathroom',
      'card__room--reception',
    ])
    for (const [index, word] of [SPEC.BEDROOM, SPEC.BATHROOM, SPEC.RECEPTION].entries()) {
      expect(await rooms.nth(index).innerText()).toMatch(new RegExp(`^(\\d+)\\s*\\1 ${word.toLowerCase()}s?$`))
    }
    expect(await page.locator('.promo-card, [data-promo-card]').count()).toBeGreaterThan(0)
    await expectNoAxeViolations(page)
  })

  it("shows on a card's picture the number of photos its property has", async () => {
    for (const base of [BASE_URL, BASE_URL_VARIANTS]) {
      const page = await browser.page()
      await page.goto(`${base}/sales/property-for-sale`)
      const card = page.locator('article.card').filter({ has: page.locator('.card__photos') }).first()
      const href = await card.locator('a[href^="/property/"]').first().getAttribute('href')
      const id = /^\/property\/(\d+)\//.exec(href ?? '')?.[1]
      expect(id, href ?? '').toBeDefined()
      const { data: detail } = (await (await page.request.get(`${base}/api/properties/${id}`)).json()) as {
        data: { medias: Array<{ isIframePlayable: boolean; isVirtualTour: boolean }> }
      }
      const photos = detail.medias.filter((m) => !m.isIframePlayable && !m.isVirtualTour).length
      expect(photos).toBeGreaterThan(0)
      // A camera and the number on the picture, '12 photos' in words to a screen reader.
      expect(await card.locator('.card__photos').textContent()).toBe(`${photos}${photos} photo${photos === 1 ? '' : 's'}`)
    }
  })
})
