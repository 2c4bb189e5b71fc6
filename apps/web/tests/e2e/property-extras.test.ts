import { isResidentialPropertyType, toLondonDate, toLongDate, toPounds, toStandardPropertyTax, toUkCountry, type PropertyCard, type PropertyDetail } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, expectNoAxeViolations, setupBrowser } from './support.ts'

const browser = setupBrowser()

const api = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${BASE_URL}/api${path}`)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

/** The first property of a search type, in full, for which `predicate` holds. */
async function findProperty(transactionTypeId: 1 | 2, predicate: (property: PropertyDetail) => boolean): Promise<PropertyDetail> {
  for (let page = 1; page <= 10; page++) {
    const list = await api<{ data: PropertyCard[] }>(`/properties?transaction_type_id=${transactionTypeId}&page_size=100&page=${page}`)
    for (const card of list.data) {
      if (card.is_locked) continue
      const { data } = await api<{ data: PropertyDetail }>(`/properties/${card.property_profile_id}`)
      if (predicate(data)) return data
    }
    if (list.data.length < 100) break
  }
  throw new Error('no property in the demo data fits')
}

/** The value beside a term in a description list within `scope`. */
const valueOf = (page: Page, scope: string, term: string) =>
  page.locator(scope).locator('.facts-list__row').filter({ has: page.getByText(term, { exact: true }) }).locator('dd')

describe('the property page extras in a browser', () => {
  it('shows the stamp duty of a standard purchase without JavaScript', async () => {
    const property = await findProperty(1, (p) => toUkCountry(p.postcode ?? '') === 'england')
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    const section = page.getByRole('region', { name: 'Stamp duty and mortgage calculator' })
    await expect(section.getByRole('heading', { level: 2 }).innerText()).resolves.toBe('Stamp duty and mortgage calculator')
    const headline = await section.locator('.extras-calc__headline').innerText()
    const tax = toStandardPropertyTax(property.price!.numberPrice, 'england')!
    expect(headline).toBe(`Stamp Duty Land Tax (England) for a home mover at ${property.price!.price}: ${toPounds(tax)}`)
    // Without JavaScript the disclosure still opens, on the figures the server worked out for every buyer.
    await page.getByText('Work out stamp duty and mortgage payments').click()
    await expect(valueOf(page, '#calculators', 'Home mover').innerText()).resolves.toBe(toPounds(tax))
  })

  it('works out stamp duty and mortgage payments and updates them as the figures change', async () => {
    const property = await findProperty(1, (p) => toUkCountry(p.postcode ?? '') === 'england')
    const page = await browser.page()
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    await page.getByText('Work out stamp duty and mortgage payments').click()
    const price = page.getByLabel('Price (£)')
    await expect(price.inputValue()).resolves.toBe(String(property.price!.numberPrice))
    const results = '.extras-calc__results'
    await price.fill('295000')
    // HMRC: 0% of £125,000 + 2% of £125,000 + 5% of £45,000.
    await expect.poll(() => valueOf(page, results, 'Stamp Duty Land Tax').innerText()).toBe('£4,750')
    await page.getByLabel('First-time buyer').check()
    await expect.poll(() => valueOf(page, results, 'Stamp Duty Land Tax').innerText()).toBe('£0')
    expect(await valueOf(page, results, 'First-time buyer relief applied').count()).toBe(1)
    await page.getByLabel('Additional property').check()
    // 5% more on every band: 5% of £125,000 + 7% of £125,000 + 10% of £45,000.
    await expect.poll(() => valueOf(page, results, 'Stamp Duty Land Tax').innerText()).toBe('£19,500')

    await page.getByLabel('Deposit (£)').fill('45000')
    await page.getByLabel('Interest rate (% a year)').fill('5')
    await page.getByLabel('Term (years)').fill('25')
    await expect.poll(() => valueOf(page, results, 'Mortgage').innerText()).toBe('£250,000')
    // 250,000 × r / (1 − (1 + r)^−300) with r = 0.05 / 12; interest only 250,000 × 0.05 / 12.
    expect(await valueOf(page, results, 'Monthly repayment (capital and interest)').innerText()).toBe('£1,461.48')
    expect(await valueOf(page, results, 'Monthly interest only').innerText()).toBe('£1,041.67')
    await expectNoAxeViolations(page)

    const rate = page.getByLabel('Interest rate (% a year)')
    await rate.fill('30')
    await expect.poll(() => page.getByText('Please enter an interest rate from 0% to 25%.').isVisible()).toBe(true)
    expect(await rate.getAttribute('aria-invalid')).toBe('true')
  })

  it('shows a rent per week beside the PCM rent on a lettings page, and no calculator', async () => {
    const property = await findProperty(2, () => true)
    const page = await browser.page()
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    const pcm = property.price!.numberPrice
    const facts = page.locator('.detail-facts__price')
    await expect(facts.innerText()).resolves.toContain(property.price!.price)
    expect(property.price!.price).toMatch(/^£[\d,]+ PCM$/)
    const weekly = Math.round((pcm * 12) / 52)
    await expect(facts.locator('.extras-weekly-rent').innerText()).resolves.toBe(`£${weekly.toLocaleString('en-GB')} PW`)
    expect(await page.getByRole('heading', { name: 'Stamp duty and mortgage calculator' }).count()).toBe(0)
  })

  it('describes an unlocked property in JSON-LD, Open Graph and Twitter card tags', async () => {
    const property = await findProperty(1, (p) => p.custom_property_status_title === 'Available' && p.medias.length > 0)
    const page = await browser.page()
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    const listing = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '')
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toBe(`${BASE_URL}${property.detail_page_url}`)
    expect(listing).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: property.advert_heading,
      url: canonical,
      offers: { '@type': 'Offer', price: property.price!.numberPrice, priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
      contentLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', postalCode: property.postcode, addressCountry: 'GB' },
        geo: { '@type': 'GeoCoordinates', latitude: property.lat, longitude: property.lng },
      },
    })
    expect(listing.image[0]).toBe(property.medias[0]!.background)
    const meta = async (attribute: 'property' | 'name', key: string) => page.locator(`meta[${attribute}="${key}"]`).getAttribute('content')
    expect(await meta('property', 'og:url')).toBe(canonical)
    expect(await meta('property', 'og:image')).toBe(property.medias[0]!.background)
    expect(await meta('property', 'og:title')).toBe(await meta('name', 'twitter:title'))
    expect(await meta('name', 'twitter:card')).toBe('summary_large_image')
  })

  it('tells a visitor nothing in JSON-LD of a locked property beyond its locked card', async () => {
    const list = await api<{ data: PropertyCard[] }>('/properties?transaction_type_id=1&page_size=100')
    const locked = list.data.find((card) => card.is_locked)!
    const page = await browser.page()
    await page.goto(`${BASE_URL}${locked.detail_page_url}`)
    const listing = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '')
    expect(listing).toEqual({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: 'Pre-market property for sale',
      url: `${BASE_URL}${locked.detail_page_url}`,
      datePosted: locked.created_at,
      image: locked.image ? [locked.image] : [],
      contentLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: locked.display_address, addressCountry: 'GB' } },
    })
    if (locked.image) {
      expect(locked.image).toMatch(/\/blurred$/)
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(locked.image)
    }
  })

  it("lists the site's own pages and every visible property page in /sitemap.xml, and no locked one", async () => {
    const response = await fetch(`${BASE_URL}/sitemap.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await response.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    // The site's own pages first: home, lists, branches and each branch's page, valuation, the trust and legal pages.
    const branches = await api<{ data: Array<{ id: number; branchName: string }> }>('/branches')
    const pages = [
      '/',
      '/sales/property-for-sale',
      '/lettings/property-to-rent',
      '/branches',
      ...branches.data.map((branch) => `/branches/${branch.id}/${branch.branchName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`),
      '/valuation',
      '/about-us',
      '/fees',
      '/privacy-notice',
      '/cookies',
      '/terms',
      '/complaints',
    ]
    expect(locs.slice(0, pages.length)).toEqual(pages.map((path) => `${BASE_URL}${path}`))
    const visible = await api<{ data: Array<{ detail_page_url: string }>; next_after: number | null }>('/sitemap/properties')
    expect(visible.next_after).toBeNull()
    expect(locs.slice(pages.length)).toEqual(visible.data.map((entry) => `${BASE_URL}${entry.detail_page_url}`))
    const lockedIds: number[] = []
    for (const transaction of [1, 2]) {
      const list = await api<{ data: PropertyCard[] }>(`/properties?transaction_type_id=${transaction}&page_size=100&include_unavailable=true`)
      lockedIds.push(...list.data.filter((card) => card.is_locked).map((card) => card.property_profile_id))
    }
    expect(lockedIds.length).toBeGreaterThan(0)
    for (const id of lockedIds) expect(xml).not.toContain(`/property/${id}/`)
  })

  it('points crawlers at the sitemap in /robots.txt and keeps them out of account pages', async () => {
    const response = await fetch(`${BASE_URL}/robots.txt`)
    expect(response.status).toBe(200)
    const lines = (await response.text()).split('\n')
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /account', `Sitemap: ${BASE_URL}/sitemap.xml`]))
    expect(lines).not.toContain('Disallow: /login')
  })

  it('draws the EPC chart with a text alternative stating both ratings', async () => {
    const property = await findProperty(1, (p) => p.material_information?.epc_potential_rating != null && p.material_information.epc_current_score !== null)
    const info = property.material_information!
    const page = await browser.page()
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    const name = `Current energy efficiency rating ${info.epc_rating} ${info.epc_current_score}; potential rating ${info.epc_potential_rating} ${info.epc_potential_score}.`
    const chart = page.getByRole('img', { name })
    await expect(chart.isVisible()).resolves.toBe(true)
    expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe('svg')
    await expectNoAxeViolations(page)
  })

  it("shows material information in parts A to C, with 'Ask the agent' for what is not known", async () => {
    const property = await findProperty(
      1,
      (p) => isResidentialPropertyType(p.property_type?.property_type_id) && p.material_information?.accessibility === null && p.material_information.heating !== null,
    )
    const page = await browser.page()
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    const section = '#material-information'
    await expect(page.getByRole('heading', { name: 'Material information' }).isVisible()).resolves.toBe(true)
    for (const part of ['Price, tenure and council tax', 'The property and its services', 'Other things to know']) {
      await expect(page.getByRole('heading', { name: part, level: 3 }).isVisible()).resolves.toBe(true)
    }
    await expect(valueOf(page, section, 'Accessibility').innerText()).resolves.toBe('Ask the agent')
    await expect(valueOf(page, section, 'Heating').innerText()).resolves.toBe(property.material_information!.heating)
    await expect(valueOf(page, section, 'Price').innerText()).resolves.toBe(`${property.price!.type.name} ${property.price!.price}`)
    await expectNoAxeViolations(page)
  })

  it("heads a let's part A with its rent and deposit in whole pounds, says it is available 'Now' once its date has come, and gives a date still to come in full", async () => {
    const today = toLondonDate(new Date())
    const availableFrom = (p: PropertyDetail) => p.material_information?.available_from ?? null
    const free = await findProperty(2, (p) => (availableFrom(p) ?? today) < today && Number.isInteger(p.material_information?.deposit))
    const coming = await findProperty(2, (p) => (availableFrom(p) ?? today) > today)
    const page = await browser.page()
    await page.goto(`${BASE_URL}${free.detail_page_url}`)
    // A let's part A has its rent and deposit, and no tenure.
    await expect(page.getByRole('heading', { name: 'Rent, deposit and council tax', level: 3 }).isVisible()).resolves.toBe(true)
    await expect(valueOf(page, '#material-information', 'Available from').innerText()).resolves.toBe('Now')
    // A deposit of whole pounds is written as an agent writes it: '£923', not '£923.00'.
    await expect(valueOf(page, '#material-information', 'Deposit').innerText()).resolves.toBe(`£${free.material_information!.deposit!.toLocaleString('en-GB')}`)
    await page.goto(`${BASE_URL}${coming.detail_page_url}`)
    await expect(valueOf(page, '#material-information', 'Available from').innerText()).resolves.toBe(toLongDate(availableFrom(coming)!))
  })

  it('lists up to four similar properties at the foot of the page, never the page itself', async () => {
    let similar: PropertyCard[] = []
    let target: PropertyDetail | undefined
    for (let page = 1; similar.length === 0 && page <= 4; page++) {
      const list = await api<{ data: PropertyCard[] }>(`/properties?transaction_type_id=1&page_size=100&page=${page}`)
      for (const card of list.data.filter((c) => !c.is_locked)) {
        similar = (await api<{ data: PropertyCard[] }>(`/properties/${card.property_profile_id}/similar`)).data
        if (similar.length) {
          target = (await api<{ data: PropertyDetail }>(`/properties/${card.property_profile_id}`)).data
          break
        }
      }
    }
    expect(similar.length).toBeGreaterThan(0)
    if (!target) throw new Error('no property with similar ones')
    const page = await browser.page()
    await page.goto(`${BASE_URL}${target.detail_page_url}`)
    const section = page.getByRole('region', { name: 'Similar properties' })
    const links = await section.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')))
    expect(links).toEqual(similar.map((card) => card.detail_page_url))
    expect(links.length).toBeLessThanOrEqual(4)
    expect(links).not.toContain(target.detail_page_url)
    await expectNoAxeViolations(page)
  })

  it('prints the heading, price, main picture and agent without navigation or the other sections', async () => {
    const property = await findProperty(1, (p) => p.branch !== null && p.medias.length > 1)
    const page = await browser.page()
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('heading', { name: 'Contact the agent' }).isVisible()).resolves.toBe(true)
    await expect(page.locator('#gallery img').first().isVisible()).resolves.toBe(true)
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false)
    await expect(page.getByRole('heading', { name: 'Material information' }).isVisible()).resolves.toBe(false)
    await expect(page.getByRole('heading', { name: 'Stamp duty and mortgage calculator' }).isVisible()).resolves.toBe(false)
  })
})

describe('a property page by the nation it is in, and for a property that is not a home', () => {
  const inNation = (country: string) => (p: PropertyDetail) =>
    toUkCountry(p.postcode ?? '') === country && p.property_type?.property_type_id === 1 && p.material_information?.flood_risk != null

  it.each([
    ['scotland', 'Ownership', 'SEPA', 'Land and Buildings Transaction Tax (Scotland)'],
    ['wales', null, 'Natural Resources Wales', 'Land Transaction Tax (Wales)'],
    ['england', null, 'Environment Agency', 'Stamp Duty Land Tax (England)'],
  ] as const)('words a home in %s by its own law: tenure, flood maps and purchase tax', async (country, tenure, floodSource, tax) => {
    const property = await findProperty(1, inNation(country))
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    const shownTenure = await valueOf(page, '#material-information', 'Tenure').innerText()
    if (tenure) expect(shownTenure).toBe(tenure)
    else expect(['Freehold', 'Leasehold', 'Share of Freehold']).toContain(shownTenure)
    const flood = await valueOf(page, '#material-information', 'Flood risk').innerText()
    expect(flood).toContain(`(${floodSource});`)
    expect(await page.locator('.extras-calc__headline').innerText()).toMatch(new RegExp(`^${tax.replace(/[()]/g, '\\$&')} for a home mover at `))
  })

  it('shows an office for sale with no rooms, no council tax band and no residential stamp duty', async () => {
    const property = await findProperty(1, (p) => p.property_type?.property_type_id === 5)
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    await expect(page.locator('#detail-heading').innerText()).resolves.toBe(property.advert_heading)
    expect(await page.locator('.detail-facts__rooms').count()).toBe(0)
    expect(await page.locator('main').innerText()).not.toMatch(/\b0 bedrooms\b|Council tax band|Stamp duty and mortgage calculator/)
    await expect(valueOf(page, '#material-information', 'Business rates').innerText()).resolves.toBe('Ask the agent')
    await expect(page.getByRole('heading', { name: 'Price, tenure and business rates', level: 3 }).isVisible()).resolves.toBe(true)
  })

  it('lets an office to rent with no tenancy deposit caps', async () => {
    const property = await findProperty(2, (p) => p.property_type?.property_type_id === 5)
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${property.detail_page_url}`)
    expect(await page.locator('.detail-deposits').count()).toBe(0)
    expect(await page.locator('.detail-facts__rooms').count()).toBe(0)
  })
})
