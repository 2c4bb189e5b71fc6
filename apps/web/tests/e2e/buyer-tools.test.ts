import { LIST_PATHS } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SPEC } from './spec-texts.ts'
import { BASE_URL, expectNoAxeViolations, openFiltersWithoutScript, settled, setupBrowser } from './support.ts'

const browser = setupBrowser()
const DAY_MS = 86_400_000

interface Card {
  property_profile_id: number
  is_locked: boolean
  created_at: string
  reduced_at?: string | null
}

interface Detail {
  price_history: Array<{ price: number; changed_at: string }>
  advert_heading: string
  summary: string | null
  description: string | null
  features: string[]
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url)
  expect(response.status(), url).toBe(200)
  return (await response.json()) as T
}

/** The API's answer for the page's own sales query, first 100 cards. */
async function getApiResults(page: Page): Promise<{ total: number; data: Card[] }> {
  const params = new URL(page.url()).searchParams
  params.set('transaction_type_id', '1')
  params.set('page_size', '100')
  return getJson(page, `${BASE_URL}/api/properties?${params.toString()}`)
}

/** The number the results heading states ("8 properties for sale"); 0 when none match. */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.locator('.list-page__count').innerText()
  const match = /([\d,]+)/.exec(text)
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : 0
}

const params = (page: Page) => [...new URL(page.url()).searchParams]
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(iso))

describe('keyword search', () => {
  it('finds a phrase and leaves out a word, from the Filters panel', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await settled(page)
    const everything = await shownTotal(page)
    await page.getByRole('button', { name: /^Filters/ }).click()
    const panel = page.getByRole('dialog', { name: 'Filters' })
    await panel.waitFor()
    await panel.getByLabel('Keywords').fill('"off-road parking" -garden')
    await expectNoAxeViolations(page)
    await panel.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/keywords=/)
    await settled(page)
    expect(params(page)).toEqual([['keywords', '"off-road parking" -garden']])

    const answer = await getApiResults(page)
    expect(answer.total).toBeGreaterThan(0)
    expect(answer.total).toBeLessThan(everything)
    expect(await shownTotal(page)).toBe(answer.total)
    // The cards a visitor may read hold the phrase and not the excluded word.
    for (const card of answer.data.filter((c) => !c.is_locked).slice(0, 5)) {
      const { data } = await getJson<{ data: Detail }>(page, `${BASE_URL}/api/properties/${card.property_profile_id}`)
      const text = [data.advert_heading, data.summary, data.description, ...data.features].join(' ').toLowerCase()
      expect(text).toContain('off-road parking')
      expect(text).not.toMatch(/\bgardens?\b/)
    }
    // The Filters button counts the keywords, and the panel shows them again.
    expect(await page.getByRole('button', { name: /^Filters/ }).innerText()).toMatch(/1/)
    await page.getByRole('button', { name: /^Filters/ }).click()
    expect(await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Keywords').inputValue()).toBe('"off-road parking" -garden')
  })
})

describe('new and reduced', () => {
  it("'Last 3 days' and 'Reduced only' work without JavaScript", async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await openFiltersWithoutScript(page)
    await page.getByLabel('Added to site').selectOption({ label: 'Last 3 days' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).first().click()
    await page.waitForURL(/added_within_days=3/)
    expect(params(page)).toEqual([['added_within_days', '3']])
    const recent = await getApiResults(page)
    expect(recent.total).toBeGreaterThan(0)
    expect(await shownTotal(page)).toBe(recent.total)
    for (const card of recent.data) expect(Date.now() - Date.parse(card.created_at)).toBeLessThanOrEqual(3 * DAY_MS)

    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await openFiltersWithoutScript(page)
    await page.getByRole('checkbox', { name: 'Reduced only' }).check()
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).first().click()
    await page.waitForURL(/reduced=true/)
    expect(params(page)).toEqual([['reduced', 'true']])
    const reduced = await getApiResults(page)
    expect(reduced.total).toBeGreaterThan(0)
    expect(await shownTotal(page)).toBe(reduced.total)
    // Every card says when its price was reduced.
    const cards = page.locator('article')
    const first = reduced.data[0]!
    expect(await cards.first().innerText()).toContain(`Reduced on ${longDate(first.reduced_at!)}`)
    const badges = await page.locator('article .badge--reduced').allInnerTexts()
    expect(badges.length).toBe(await page.locator('article').count())
    for (const badge of badges) expect(badge).toMatch(/^Reduced on \d{1,2} [A-Z][a-z]+ \d{4}$/)
  })

  it("sorts by 'Most reduced' and passes axe with the badges shown", async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}?reduced=true`)
    await settled(page)
    await page.getByLabel('Sort by').selectOption({ label: 'Most reduced' })
    await page.waitForURL(/sort=most_reduced/)
    await settled(page)
    expect(params(page)).toEqual([
      ['reduced', 'true'],
      ['sort', 'most_reduced'],
    ])
    const answer = await getApiResults(page)
    const headings = await page.locator('article').getByRole('heading').allInnerTexts()
    expect(headings.length).toBeGreaterThan(1)
    expect(await shownTotal(page)).toBe(answer.total)
    // The largest fall first, as a share of the price before, from each property's own price history.
    const shares: number[] = []
    for (const card of answer.data.slice(0, 6)) {
      const { data } = await getJson<{ data: Detail }>(page, `${BASE_URL}/api/properties/${card.property_profile_id}`)
      const [latest, before] = data.price_history
      expect(before!.price).toBeGreaterThan(latest!.price)
      shares.push((before!.price - latest!.price) / before!.price)
    }
    expect(shares).toEqual([...shares].sort((a, b) => b - a))
    await expectNoAxeViolations(page)
  })
})
