import { LABELS, LIST_PATHS, LOCATION_SEARCH_DEBOUNCE_MS, SEARCH_INPUT_MAX_LENGTH, toDistanceLabel } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SPEC } from './spec-texts.ts'
import { BASE_URL, BASE_URL_VARIANTS, expectNoAxeViolations, openFiltersWithoutScript, settled, setupBrowser } from './support.ts'

const browser = setupBrowser()

// The debounce and a place search must both have happened; generous, since the machine is shared.
const RESULTS_TIMEOUT = LOCATION_SEARCH_DEBOUNCE_MS + 10_000

interface Card {
  property_profile_id: number
  is_locked: boolean
  lat: number
  lng: number
  bathroom: number | null
  reception: number | null
  custom_property_status_title: string | null
  distance?: number | null
}

/** Great-circle distance in miles (haversine), written out here so the test does not trust the code it checks. */
function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2
  return 2 * 3958.8 * Math.asin(Math.sqrt(h))
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url)
  expect(response.status(), url).toBe(200)
  return (await response.json()) as T
}

/** Manchester as the places API answers it: the first result for "manc", then its details. */
interface PlaceDetails {
  place_id: string
  lat: number
  lng: number
  bounds: { south: number; west: number; north: number; east: number }
}

async function getManchester(page: Page): Promise<PlaceDetails> {
  const search = await getJson<{ data: Array<{ name: string; place_id: string }> }>(page, `${BASE_URL}/api/places?keyword=manc`)
  expect(search.data[0]?.name).toBe('Manchester')
  const details = await getJson<{ data: PlaceDetails }>(page, `${BASE_URL}/api/places/${encodeURIComponent(search.data[0]?.place_id ?? '')}`)
  return details.data
}

/**
 * How far a point lies beyond a place's bounds, in miles (0 inside): to the bounds' nearest point, as a
 * person measures 'within 3 miles of Manchester' (the city and three miles around it).
 */
function milesBeyond(bounds: PlaceDetails['bounds'], p: { lat: number; lng: number }): number {
  const nearest = { lat: Math.min(Math.max(p.lat, bounds.south), bounds.north), lng: Math.min(Math.max(p.lng, bounds.west), bounds.east) }
  return haversineMiles(nearest, p)
}

/** A place's `locations` value: centre, radius, then its bounds to four decimals. */
function toLocationValue(place: PlaceDetails, radius: number): string {
  const { south, west, north, east } = place.bounds
  const round = (degrees: number) => Math.round(degrees * 10_000) / 10_000
  return [place.lat, place.lng, radius, ...[south, west, north, east].map(round)].join(',')
}

/** Every card the API answers for the page's own query (all pages of up to 100). */
async function getApiResults(page: Page, transactionTypeId: 1 | 2): Promise<{ total: number; cards: Card[] }> {
  const params = new URL(page.url()).searchParams
  params.set('transaction_type_id', String(transactionTypeId))
  params.set('page_size', '100')
  const cards: Card[] = []
  for (let n = 1; ; n++) {
    params.set('page', String(n))
    const answer = await getJson<{ data: Card[]; total: number }>(page, `${BASE_URL}/api/properties?${params.toString()}`)
    cards.push(...answer.data)
    if (cards.length >= answer.total || answer.data.length === 0) return { total: answer.total, cards }
  }
}

/** The number the results heading states ("8 properties for sale"). */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.locator('.list-page__count').innerText()
  const match = /([\d,]+)/.exec(text)
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : 0
}

/**
 * Waits until the page shows what the address bar says: a navigation in the browser changes the
 * address just before the new page renders, and the list page's canonical link names its search.
 */

/** The location search's results (the page's selects have options too). */
const placeOptions = (page: Page, filter?: { name: RegExp }) => page.getByRole('listbox').getByRole('option', filter)

/** Types a keyword into the location search as a person would, key by key. */
async function typeKeyword(page: Page, keyword: string): Promise<void> {
  const input = page.getByRole('combobox', { name: 'Location' })
  await input.click()
  await input.pressSequentially(keyword)
}

async function chooseManchester(page: Page): Promise<void> {
  await typeKeyword(page, 'manc')
  const option = placeOptions(page, { name: /^Manchester/ })
  await option.waitFor({ timeout: RESULTS_TIMEOUT })
  await option.click()
  await page.getByRole('button', { name: 'Remove Manchester' }).waitFor()
}

async function openPanel(page: Page) {
  await page.getByRole('button', { name: /^Filters/ }).click()
  const panel = page.getByRole('dialog', { name: 'Filters' })
  await panel.waitFor()
  return panel
}

const params = (page: Page) => new URL(page.url()).searchParams


describe('the location live search', () => {
  it('offers Manchester for "manc" once typing has paused, searching once, with a loading state meanwhile', async () => {
    const page = await browser.page()
    const keywords: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/places') keywords.push(url.searchParams.get('keyword') ?? '')
    })
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    const input = page.getByRole('combobox', { name: 'Location' })
    expect(await input.getAttribute('maxlength')).toBe(String(SEARCH_INPUT_MAX_LENGTH))
    await typeKeyword(page, 'manc')
    expect(await page.locator('.location-search__status').innerText()).toBe('Searching…')
    expect(await placeOptions(page).count()).toBe(0)

    const option = placeOptions(page, { name: /^Manchester/ })
    await option.waitFor({ timeout: RESULTS_TIMEOUT })
    expect(await option.innerText()).toContain('Greater Manchester')
    // SPEC §4: one search after the quiet time, not one per key.
    expect(keywords).toEqual(['manc'])
    expect(await input.getAttribute('aria-expanded')).toBe('true')

    // Keyboard: the arrow highlights the option, Escape closes the list and keeps the keyword.
    await input.press('ArrowDown')
    expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'))
    await input.press('Escape')
    expect(await input.getAttribute('aria-expanded')).toBe('false')
    expect(await input.inputValue()).toBe('manc')
  })

  it('keeps its results short on a phone, clear of the keyboard, scrolling within themselves by touch and by keys', async () => {
    const page = await browser.page({ width: 390, height: 844, mobile: true })
    await page.goto(`${BASE_URL}/`)
    const input = page.getByRole('combobox', { name: 'Location' })
    await input.tap()
    await input.pressSequentially('ba')
    const list = page.getByRole('listbox')
    const options = placeOptions(page)
    await options.first().waitFor({ timeout: RESULTS_TIMEOUT })
    const count = await options.count()
    expect(count).toBeGreaterThanOrEqual(5)
    expect(await input.getAttribute('aria-expanded')).toBe('true')
    // The list is named apart from the field: whoever looks for the field by its label finds it alone.
    expect(await page.getByLabel('Location').count()).toBe(1)
    expect(await page.getByRole('listbox', { name: 'Suggested places' }).isVisible()).toBe(true)
    // A phone's keyboard takes about the lower 40% of its screen: the list takes less than a third,
    // yet shows more than two places, and holds the rest by scrolling within itself.
    const box = (await list.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(844 * 0.3)
    expect(box.height).toBeGreaterThan(2 * (await options.first().boundingBox())!.height)
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto')).toBe(true)
    // The keys walk down to the last place, which is scrolled into the list's view, and Enter chooses it.
    for (let index = 0; index < count; index++) await input.press('ArrowDown')
    const last = options.nth(count - 1)
    expect(await input.getAttribute('aria-activedescendant')).toBe(await last.getAttribute('id'))
    await expect
      .poll(async () => {
        const [area, item] = [(await list.boundingBox())!, (await last.boundingBox())!]
        return item.y >= area.y - 1 && item.y + item.height <= area.y + area.height + 1
      })
      .toBe(true)
    const name = await last.locator('.location-search__option-name').innerText()
    await input.press('Enter')
    await page.getByRole('button', { name: `Remove ${name}` }).waitFor()
  })

  it('closes the results on a click outside them', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await typeKeyword(page, 'manc')
    await placeOptions(page, { name: /^Manchester/ }).waitFor({ timeout: RESULTS_TIMEOUT })
    await page.getByRole('heading', { level: 1 }).click()
    expect(await placeOptions(page).count()).toBe(0)
    expect(await page.getByRole('combobox', { name: 'Location' }).getAttribute('aria-expanded')).toBe('false')
  })

  it("says Couldn't find the address. when nothing matches", async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await typeKeyword(page, 'qzxqzxqzxw')
    await page.getByText(SPEC.ADDRESS_NOT_FOUND).waitFor({ timeout: RESULTS_TIMEOUT })
    expect(await placeOptions(page).count()).toBe(0)
  })

  it('lists nothing for a keyword that found no place, says so and offers the nearest spellings, which search with that place', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await typeKeyword(page, 'mnachestr')
    await page.getByText(SPEC.ADDRESS_NOT_FOUND).waitFor({ timeout: RESULTS_TIMEOUT })
    await page.getByLabel('Radius').selectOption({ label: '3 miles' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.getByText('No place matched ‘mnachestr’.').waitFor()
    // SPEC §8's message stays by the field, and no property is listed as if the search had worked.
    expect(await page.locator('.location-search__status').innerText()).toBe(SPEC.ADDRESS_NOT_FOUND)
    // The radius asked for stays chosen, for the keyword put right.
    expect(await page.getByLabel('Radius').inputValue()).toBe('3')
    expect(await page.locator('.list-page a[href^="/property/"]').count()).toBe(0)
    const spellings = page.getByRole('list', { name: 'Did you mean:' }).getByRole('link')
    expect(await spellings.first().innerText()).toBe('Manchester')
    await expectNoAxeViolations(page)
    await spellings.first().click()
    await page.waitForURL(/location_names=Manchester/)
    await page.getByRole('button', { name: 'Remove Manchester' }).waitFor()
    expect(await page.locator('.location-chip').innerText()).toContain('3 miles')
    expect(await page.getByText('No place matched').count()).toBe(0)
    expect(await shownTotal(page)).toBeGreaterThan(0)
  })

  it('asks which place a keyword meant when it found several, listing nothing meanwhile, and searches the one chosen at once', async () => {
    const page = await browser.page()
    const manchester = await getManchester(page)
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await typeKeyword(page, 'Manchestr')
    await page.getByLabel('Radius').selectOption({ label: '1 mile' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/keyword=Manchestr/)
    const choices = page.getByRole('list', { name: 'Places found: choose one' })
    await choices.waitFor()
    expect(await page.locator('.list-page__no-place-title').innerText()).toMatch(/^\d+ places match ‘Manchestr’\.$/)
    // Not every property in the country under the question, as if the search had worked.
    expect(await page.locator('.list-page a[href^="/property/"]').count()).toBe(0)
    expect(await page.locator('.list-page__count').count()).toBe(0)
    expect(await page.getByLabel('Radius').inputValue()).toBe('1')
    await expectNoAxeViolations(page)
    // The visitor has pressed Search once: the place chosen is searched, with the radius asked for.
    await choices.getByRole('button', { name: /^Manchester / }).click()
    await page.waitForURL(/location_names=Manchester/)
    expect(params(page).getAll('locations')).toEqual([toLocationValue(manchester, 1)])
    expect(await shownTotal(page)).toBeGreaterThan(0)
  })

  it('chooses Manchester within 3 miles: the URL, reloaded, lists only properties in Manchester or within 3 miles of it', async () => {
    const page = await browser.page()
    const manchester = await getManchester(page)
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await chooseManchester(page)
    await page.getByLabel('Radius').selectOption({ label: '3 miles' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    await settled(page)

    expect(params(page).getAll('locations')).toEqual([toLocationValue(manchester, 3)])
    expect(params(page).getAll('location_names')).toEqual(['Manchester'])

    await page.reload()
    expect(await page.getByRole('button', { name: 'Remove Manchester' }).isVisible()).toBe(true)
    expect(await page.locator('.location-chip').innerText()).toContain('3 miles')
    const { total, cards } = await getApiResults(page, 1)
    expect(total).toBeGreaterThan(0)
    expect(cards.length).toBe(total)
    // The city's area and three miles around it (slack: the URL's bounds are rounded to four decimals).
    for (const card of cards) expect(milesBeyond(manchester.bounds, card), `property ${card.property_profile_id}`).toBeLessThanOrEqual(3.01)
    // Not a circle around the city's centre point: the area reaches further.
    expect(cards.some((card) => haversineMiles(manchester, card) > 3)).toBe(true)
    expect(await shownTotal(page)).toBe(total)
    const shownIds = await page.getByRole('link', { name: SPEC.VIEW_THIS_PROPERTY }).evaluateAll((links) =>
      links.map((link) => Number(/\/property\/(\d+)/.exec(link.getAttribute('href') ?? '')?.[1])),
    )
    expect(shownIds).toEqual(cards.slice(0, shownIds.length).map((card) => card.property_profile_id))
    // A card beyond the city's outline says how far beyond it lies, as the API measured it ('0.4 mile
    // away'): never more than the 3 miles asked for, though some lie further from the city's centre. A
    // card inside the city says nothing of a distance.
    const shown = await page.locator('article.card').evaluateAll((articles) =>
      articles.map((article) => ({
        id: Number(/\/property\/(\d+)/.exec(article.querySelector('a[href^="/property/"]')?.getAttribute('href') ?? '')?.[1]),
        distance: article.querySelector('.card__distance')?.textContent ?? null,
      })),
    )
    expect(shown.map((card) => card.id)).toEqual(shownIds)
    const expected = cards.slice(0, shown.length).map((card) => ({
      id: card.property_profile_id,
      distance: card.distance ? `${toDistanceLabel(card.distance)} away` : null,
    }))
    expect(shown).toEqual(expected)
    expect(shown.some((card) => card.distance === null)).toBe(true)
    for (const card of cards) {
      expect(card.distance, `property ${card.property_profile_id}`).toBeCloseTo(milesBeyond(manchester.bounds, card), 1)
      expect(card.distance ?? NaN).toBeLessThanOrEqual(3)
    }
    await expectNoAxeViolations(page)
  })

  it("chooses a demo school by its name: the results lie within the radius of the school", async () => {
    const page = await browser.page()
    const found = await getJson<{ data: Array<{ name: string; description: string; place_id: string }> }>(page, `${BASE_URL}/api/places?keyword=kingfisher`)
    expect(found.data[0]).toEqual({ name: 'Kingfisher Primary School', description: 'Primary school (demo), Manchester M2', place_id: 'school:demo:s8' })
    const school = (await getJson<{ data: PlaceDetails }>(page, `${BASE_URL}/api/places/school:demo:s8`)).data
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await typeKeyword(page, 'Kingfisher')
    const option = placeOptions(page, { name: /^Kingfisher Primary School/ })
    await option.waitFor({ timeout: RESULTS_TIMEOUT })
    expect(await option.innerText()).toContain('Primary school (demo), Manchester M2')
    await option.click()
    await page.getByRole('button', { name: 'Remove Kingfisher Primary School' }).waitFor()
    await page.getByLabel('Radius').selectOption({ label: '3 miles' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    await settled(page)

    // A school is a point: the search is a circle around it, without the bounds that frame its map.
    expect(params(page).getAll('locations')).toEqual([`${school.lat},${school.lng},3`])
    expect(params(page).getAll('location_names')).toEqual(['Kingfisher Primary School'])
    const { total, cards } = await getApiResults(page, 1)
    expect(total).toBeGreaterThan(0)
    for (const card of cards) expect(haversineMiles(school, card), `property ${card.property_profile_id}`).toBeLessThanOrEqual(3.01)
    expect(await shownTotal(page)).toBe(total)
  })

  it('chooses a station by its name: the results lie within the radius of the station', async () => {
    const page = await browser.page()
    const found = await getJson<{ data: Array<{ name: string; description: string; place_id: string }> }>(page, `${BASE_URL}/api/places?keyword=deansgate`)
    expect(found.data[0]).toEqual({ name: 'Deansgate', description: 'Railway station (demo), Manchester M3', place_id: 'station:demo:t13' })
    const station = (await getJson<{ data: PlaceDetails }>(page, `${BASE_URL}/api/places/station:demo:t13`)).data
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await typeKeyword(page, 'Deansgate')
    const option = placeOptions(page, { name: /^Deansgate/ })
    await option.waitFor({ timeout: RESULTS_TIMEOUT })
    expect(await option.innerText()).toContain('Railway station (demo), Manchester M3')
    await option.click()
    await page.getByRole('button', { name: 'Remove Deansgate' }).waitFor()
    await page.getByLabel('Radius').selectOption({ label: '1 mile' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    await settled(page)

    // A station is a point: 'within 1 mile' is a circle of a mile around it, not a mile beyond the
    // street or two around it that its bounds are, which reached 1.2 miles at their corners.
    expect(params(page).getAll('locations')).toEqual([`${station.lat},${station.lng},1`])
    const { total, cards } = await getApiResults(page, 1)
    expect(total).toBeGreaterThan(0)
    for (const card of cards) expect(haversineMiles(station, card), `property ${card.property_profile_id}`).toBeLessThanOrEqual(1.01)
    expect(await shownTotal(page)).toBe(total)
    // And no card says it lies further away than the mile asked for.
    const distances = await page.locator('.card__distance').allInnerTexts()
    expect(distances.length).toBeGreaterThan(0)
    for (const distance of distances) expect(Number(/^([\d.]+) miles? away$/.exec(distance)?.[1]), distance).toBeLessThanOrEqual(1)
  })

  it('finds homes by a typed postcode district: M1 is central Manchester, and central London offers its EC and WC districts', async () => {
    const page = await browser.page()
    const m1 = await getJson<{ data: Array<{ name: string; description: string; place_id: string }> }>(page, `${BASE_URL}/api/places?keyword=M1`)
    expect(m1.data[0]).toMatchObject({ name: 'M1', description: 'Postcode district, Manchester' })
    const central = await getJson<{ data: Array<{ name: string }> }>(page, `${BASE_URL}/api/places?keyword=WC`)
    expect(central.data.length).toBeGreaterThan(0)
    for (const place of central.data) expect(place.name).toMatch(/^WC[12][A-Z]$/)

    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await typeKeyword(page, 'M1')
    const option = placeOptions(page).first()
    await option.waitFor({ timeout: RESULTS_TIMEOUT })
    expect(await option.innerText()).toMatch(/^M1\b[\s\S]*Manchester/)
    await option.click()
    await page.getByRole('button', { name: 'Remove M1' }).waitFor()
    await page.getByLabel('Radius').selectOption({ label: LABELS.THIS_AREA_ONLY })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    await settled(page)
    expect(params(page).getAll('location_names')).toEqual(['M1'])
    const lettings = await getApiResults(page, 2)
    const sales = await getApiResults(page, 1)
    expect(sales.total + lettings.total).toBeGreaterThan(0)
  })

  it("searches Manchester's own bounds with This area only (radius 0)", async () => {
    const page = await browser.page()
    const manchester = await getManchester(page)
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await chooseManchester(page)
    await page.getByLabel('Radius').selectOption({ label: LABELS.THIS_AREA_ONLY })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    await settled(page)

    expect(params(page).getAll('locations')).toEqual([toLocationValue(manchester, 0)])
    const { total, cards } = await getApiResults(page, 1)
    expect(total).toBeGreaterThan(0)
    const { south, west, north, east } = manchester.bounds
    const slack = 0.0001 // the URL's bounds are rounded to four decimals
    for (const card of cards) {
      expect(card.lat, `property ${card.property_profile_id}`).toBeGreaterThanOrEqual(south - slack)
      expect(card.lat, `property ${card.property_profile_id}`).toBeLessThanOrEqual(north + slack)
      expect(card.lng, `property ${card.property_profile_id}`).toBeGreaterThanOrEqual(west - slack)
      expect(card.lng, `property ${card.property_profile_id}`).toBeLessThanOrEqual(east + slack)
    }
    // The bounds are not a circle: some of these lie further from the centre than a quarter mile.
    expect(cards.some((card) => haversineMiles(manchester, card) > 0.25)).toBe(true)
    expect(await shownTotal(page)).toBe(total)
  })

  it('finds the homes of the whole city at the default quarter mile, as many as This area only and more', async () => {
    const page = await browser.page()
    const manchester = await getManchester(page)
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await chooseManchester(page)
    // The radius a person leaves alone: SPEC §9's default.
    expect(await page.getByLabel('Radius').inputValue()).toBe('0.25')
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    await settled(page)
    expect(params(page).getAll('locations')).toEqual([toLocationValue(manchester, 0.25)])
    const quarterMile = await getApiResults(page, 1)
    const thisAreaOnly = await getJson<{ total: number }>(page, `${BASE_URL}/api/properties?transaction_type_id=1&page_size=1&locations=${encodeURIComponent(toLocationValue(manchester, 0))}`)
    expect(thisAreaOnly.total).toBeGreaterThan(1)
    expect(quarterMile.total).toBeGreaterThanOrEqual(thisAreaOnly.total)
    expect(quarterMile.cards.some((card) => haversineMiles(manchester, card) > 0.25)).toBe(true)
    for (const card of quarterMile.cards) expect(milesBeyond(manchester.bounds, card), `property ${card.property_profile_id}`).toBeLessThanOrEqual(0.26)
    expect(await shownTotal(page)).toBe(quarterMile.total)
  })

  it('removes a location with its chip, and an emptied keyword resets the locations', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await chooseManchester(page)
    await page.getByRole('button', { name: 'Remove Manchester' }).click()
    expect(await page.locator('.location-chip').count()).toBe(0)

    await chooseManchester(page)
    const input = page.getByRole('combobox', { name: 'Location' })
    await input.pressSequentially('x')
    await input.press('Backspace')
    expect(await page.locator('.location-chip').count()).toBe(0)
  })

  it('names on its chip and its remove button a location a link gave no name for by where it is, never by its coordinates', async () => {
    // Manchester's centre at 1 mile and Leeds's at This area only, both without a name, then Bradford named.
    const search = `${LIST_PATHS.sales}?locations=53.4808,-2.2426,1&location_names=&locations=53.7965,-1.5479,0&location_names=&locations=53.7960,-1.7594,3&location_names=Bradford`
    for (const javaScriptEnabled of [true, false]) {
      const page = await browser.page({ javaScriptEnabled })
      await page.goto(`${BASE_URL}${search}`)
      const chips = page.getByRole('list', { name: 'Chosen locations' })
      expect(await chips.locator('.location-chip__name').allInnerTexts()).toEqual(['Within 1 mile of a chosen point', 'Chosen area', 'Bradford'])
      // The radius is said once: in a nameless chip's words, beside a name.
      expect(await chips.locator('.location-chip__radius').allInnerTexts()).toEqual(['3 miles'])
      expect(await chips.innerText()).not.toMatch(/\d\.\d{3}/)
      expect(await page.getByRole('button', { name: 'Remove Within 1 mile of a chosen point' }).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Remove Bradford' }).isVisible()).toBe(true)
      await page.getByRole('button', { name: 'Remove Chosen area' }).click()
      await expect.poll(() => chips.locator('.location-chip__name').allInnerTexts()).toEqual(['Within 1 mile of a chosen point', 'Bradford'])
      if (javaScriptEnabled) await expectNoAxeViolations(page)
    }
  })

  it('keeps the criteria through sort and paging, and the back button restores the previous search', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await chooseManchester(page)
    await page.getByLabel('Radius').selectOption({ label: '40 miles' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    await settled(page)
    const located = page.url()

    await page.getByLabel('Minimum bedrooms').selectOption({ label: '2' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/min_bedroom=2/)
    await settled(page)
    expect(params(page).getAll('location_names')).toEqual(['Manchester'])

    await page.getByLabel('Sort by').selectOption('price_asc')
    await page.waitForURL(/sort=price_asc/)
    await settled(page)
    expect(params(page).get('min_bedroom')).toBe('2')
    expect(params(page).getAll('location_names')).toEqual(['Manchester'])
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next page' })
    if ((await next.count()) > 0) {
      expect(new URL(await next.getAttribute('href') ?? '', BASE_URL).searchParams.getAll('location_names')).toEqual(['Manchester'])
    }

    await page.goBack()
    await page.waitForURL((url) => !url.searchParams.has('sort'))
    await settled(page)
    await page.goBack()
    await page.waitForURL(located)
    await settled(page)
    expect(await page.getByLabel('Minimum bedrooms').inputValue()).toBe('')
    expect(await page.getByRole('button', { name: 'Remove Manchester' }).isVisible()).toBe(true)
    await page.goBack()
    await page.waitForURL(`${BASE_URL}${LIST_PATHS.sales}`)
    await settled(page)
    expect(await page.locator('.location-chip').count()).toBe(0)
  })

  it("takes a property page's way back to the search it was opened from, scrolled where it was", async () => {
    const page = await browser.page()
    const search = `${LIST_PATHS.sales}?locations=53.4808,-2.2426,40&location_names=Manchester&min_bedroom=2&sort=price_asc`
    await page.goto(`${BASE_URL}${search}`)
    const card = page.locator('article.card').nth(3)
    await card.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(0)
    await card.getByRole('link').first().click()
    await page.waitForURL(/\/property\//)
    await page.getByRole('link', { name: /Back to property for sale/ }).click()
    await page.waitForURL(`${BASE_URL}${search}`)
    await page.getByRole('button', { name: 'Remove Manchester' }).waitFor()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled)
    // Opened straight (no list before it), the page's way back is the list of its kind.
    await page.goto(`${BASE_URL}${new URL(await card.getByRole('link').first().getAttribute('href') ?? '', BASE_URL).pathname}`)
    expect(await page.getByRole('link', { name: /Back to property for sale/ }).getAttribute('href')).toBe(LIST_PATHS.sales)
  })

  it('reads a price or bedroom range given the wrong way round as meant, swapped', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}?min_price=500000&max_price=200000&min_bedroom=4&max_bedroom=2`)
    expect([...params(page)]).toEqual([
      ['min_price', '200000'],
      ['max_price', '500000'],
      ['min_bedroom', '2'],
      ['max_bedroom', '4'],
    ])
    expect(await shownTotal(page)).toBeGreaterThan(0)
  })

  it('offers a maximum only from the minimum up and a minimum only up to the maximum, in the bar and in Filters', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.lettings}`)
    await page.locator('form[data-hydrated="true"]').waitFor()
    const offered = async (label: string) => (await page.getByLabel(label, { exact: true }).locator('option').allInnerTexts()).map((t) => t.trim())
    const pounds = (label: string) => Number(label.replace(/[^0-9]/g, ''))
    await page.getByLabel('Minimum price').selectOption('1000')
    const maxPrices = await offered('Maximum price')
    expect(maxPrices[0]).toBe('No max')
    expect(maxPrices).toContain('£1,000 PCM')
    expect(maxPrices.slice(1).every((label) => pounds(label) >= 1000)).toBe(true)
    // The minimum stays as chosen, whichever maximum is chosen.
    await page.getByLabel('Maximum price').selectOption('1500')
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('1000')
    const minPrices = await offered('Minimum price')
    expect(minPrices[0]).toBe('No min')
    expect(minPrices.slice(1).every((label) => pounds(label) <= 1500)).toBe(true)
    await page.getByLabel('Maximum bedrooms').selectOption('2')
    expect(await offered('Minimum bedrooms')).toEqual(['No Min', 'Studio', '1', '2'])
    // The panel's pairs the same.
    const panel = await openPanel(page)
    await panel.getByLabel('Minimum bathrooms').selectOption('2')
    expect((await offered('Maximum bathrooms')).slice(0, 2)).toEqual(['No Max', '2'])
    await panel.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('min_bathroom') === '2')
    expect([...params(page)]).toEqual([
      ['min_price', '1000'],
      ['max_price', '1500'],
      ['max_bedroom', '2'],
      ['min_bathroom', '2'],
    ])
  })

  it('without JavaScript offers every price, and searches a range sent the wrong way round as meant, swapped', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}?min_price=300000`)
    // Both bounds can be changed in the one form that is sent.
    expect(await page.getByLabel('Maximum price').locator('option[value="200000"]').count()).toBe(1)
    await page.getByLabel('Maximum price').selectOption('200000')
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).first().click()
    await page.waitForURL((url) => url.searchParams.get('max_price') === '300000')
    expect([...params(page)]).toEqual([
      ['min_price', '200000'],
      ['max_price', '300000'],
    ])
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('200000')
    expect(await page.getByLabel('Maximum price').inputValue()).toBe('300000')
  })

  it('searches from the home page, for rent', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/`)
    await chooseManchester(page)
    await page.getByRole('radio', { name: SPEC.FOR_RENT }).check()
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/\/lettings\/property-to-rent\?/)
    await settled(page)
    expect(params(page).getAll('location_names')).toEqual(['Manchester'])
    await expectNoAxeViolations(page)
  })
})

describe('the type and style picker', () => {
  it('gives focus back to Filters when its panel closes by Escape, for the keyboard to carry on from there', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await page.getByRole('button', { name: /^Filters/ }).focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: 'Filters' })
    await panel.waitFor()
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('search-form__filters'))).toBe(true)
  })

  it('toggles a featured box, and the Other / Advanced popup saves or cancels its working copy', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    const panel = await openPanel(page)
    const detached = panel.getByRole('checkbox', { name: 'Detached', exact: true })
    await detached.check()
    expect(await detached.isChecked()).toBe(true)

    await panel.getByRole('button', { name: SPEC.OTHER_ADVANCED }).click()
    let popup = page.getByRole('dialog', { name: SPEC.OTHER_ADVANCED })
    await popup.waitFor()
    // The box stands for Detached House and Link Detached House (SPEC §3 featured types).
    expect(await popup.getByRole('checkbox', { name: 'Detached House', exact: true }).isChecked()).toBe(true)
    expect(await popup.getByRole('checkbox', { name: 'Link Detached House' }).isChecked()).toBe(true)
    expect(await popup.getByRole('checkbox', { name: 'Cottage' }).isChecked()).toBe(false)
    await expectNoAxeViolations(page)

    // Cancel discards the working copy, and focus goes back to the button that opened it.
    await popup.getByRole('checkbox', { name: 'Cottage' }).check()
    await popup.getByRole('button', { name: SPEC.CANCEL }).click()
    await popup.waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(SPEC.OTHER_ADVANCED)
    await panel.getByRole('button', { name: SPEC.OTHER_ADVANCED }).click()
    popup = page.getByRole('dialog', { name: SPEC.OTHER_ADVANCED })
    expect(await popup.getByRole('checkbox', { name: 'Cottage' }).isChecked()).toBe(false)

    // All and Clear act on the shown type; a type left with no styles is removed.
    await popup.getByRole('button', { name: /^Show styles of Park Home/ }).click()
    await popup.getByRole('button', { name: SPEC.ALL, exact: true }).click()
    expect(await popup.getByRole('checkbox', { name: 'Lodge' }).isChecked()).toBe(true)
    await popup.getByRole('button', { name: SPEC.CLEAR, exact: true }).click()
    expect(await popup.getByRole('checkbox', { name: 'Lodge' }).isChecked()).toBe(false)

    // Save keeps it.
    await popup.getByRole('button', { name: /^Show styles of House/ }).click()
    await popup.getByRole('checkbox', { name: 'Cottage' }).check()
    await popup.getByRole('button', { name: SPEC.SAVE }).click()
    await popup.waitFor({ state: 'detached' })
    expect(await panel.getByText('Also chosen: Cottage').isVisible()).toBe(true)
    expect(await detached.isChecked()).toBe(true)

    await panel.getByRole('button', { name: SPEC.SEARCH }).click()
    await page.waitForURL(/property_types=/)
    await settled(page)
    expect(params(page).getAll('property_types')).toEqual(['1:1,6,7'])
    const { total } = await getApiResults(page, 1)
    expect(await shownTotal(page)).toBe(total)
  })

  it('shows types then styles, with a way back, on a phone', async () => {
    const page = await browser.page({ width: 390 })
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    const panel = await openPanel(page)
    await panel.getByRole('button', { name: SPEC.OTHER_ADVANCED }).click()
    const popup = page.getByRole('dialog', { name: SPEC.OTHER_ADVANCED })
    await popup.waitFor()
    expect(await popup.getByRole('checkbox').count()).toBe(0)
    await popup.getByRole('button', { name: /^Show styles of Flat \/ Apartment/ }).click()
    expect(await popup.getByRole('checkbox', { name: 'Maisonette' }).isVisible()).toBe(true)
    expect(await popup.getByRole('button', { name: /^Show styles of/ }).count()).toBe(0)
    await popup.getByRole('button', { name: 'Back to types' }).click()
    expect(await popup.getByRole('button', { name: /^Show styles of/ }).count()).toBe(6)
    await expectNoAxeViolations(page)
  })
})

describe('the advanced search panel', () => {
  it('shows every group of a lettings search at once on a 1366×900 screen, Search in reach and the keyboard going column by column', async () => {
    const page = await browser.page({ width: 1366, height: 900 })
    await page.goto(`${BASE_URL}${LIST_PATHS.lettings}`)
    const panel = await openPanel(page)
    // Each group's field, the last ones of each column included, lies wholly inside the panel's
    // visible part: nothing hides below the fold of an inner scroll.
    const body = await panel.locator('.search-panel__body').boundingBox()
    const fields = [
      panel.getByRole('combobox', { name: 'Minimum bathrooms' }),
      panel.getByRole('checkbox', { name: 'Reduced only' }),
      panel.getByRole('group', { name: 'Retirement Homes' }),
      panel.getByRole('combobox', { name: LABELS.FURNISHING }),
      panel.getByRole('checkbox', { name: 'Park Home' }),
      panel.getByRole('button', { name: SPEC.OTHER_ADVANCED }),
      panel.getByRole('checkbox', { name: 'Parking' }),
    ]
    for (const field of fields) {
      const box = await field.boundingBox()
      expect(box && body && box.y >= body.y && box.y + box.height <= body.y + body.height, await field.evaluate((el) => el.outerHTML.slice(0, 80))).toBe(true)
    }
    const search = await panel.getByRole('button', { name: SPEC.SEARCH, exact: true }).boundingBox()
    expect(search && search.y + search.height <= 900).toBe(true)
    // The columns side by side: the filters' column starts level with the rooms', the types' too.
    const tops = await Promise.all(
      [panel.getByText(LABELS.BATHROOMS, { exact: true }), panel.getByText('Short Let', { exact: true }), panel.getByText('Property type', { exact: true })].map(async (label) => (await label.boundingBox())?.y),
    )
    expect(new Set(tops).size).toBe(1)
    // Tab reads a column to its end, then the next from its top.
    await panel.getByRole('checkbox', { name: 'Reduced only' }).focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('short_let')
    await expectNoAxeViolations(page)
  })

  it('opens at once on the Filters view, where a click before the page was ready led', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}?min_bedroom=2&filters=open`)
    const panel = page.getByRole('dialog', { name: 'Filters' })
    await panel.waitFor()
    await panel.getByRole('checkbox', { name: 'Garden' }).check()
    await panel.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/must_haves=garden/)
    expect([...params(page)]).toEqual([
      ['min_bedroom', '2'],
      ['must_haves', 'garden'],
    ])
  })

  it('sends every sales field, and locks the page while open', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    const panel = await openPanel(page)
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
    // Lettings-only fields are not offered for sale.
    for (const label of [SPEC.SHORT_LET, SPEC.HOUSE_FLAT_SHARE, SPEC.PETS_ALLOWED, SPEC.BILLS_INCLUDED]) {
      expect(await panel.getByRole('group', { name: label }).count(), label).toBe(0)
    }
    expect(await panel.getByLabel(SPEC.FURNISHING).count()).toBe(0)

    await panel.getByLabel('Minimum bathrooms').selectOption({ label: '1' })
    await panel.getByLabel('Maximum bathrooms').selectOption({ label: '3' })
    await panel.getByLabel('Minimum receptions').selectOption({ label: '1' })
    await panel.getByLabel('Maximum receptions').selectOption({ label: '4' })
    await panel.getByRole('checkbox', { name: SPEC.AVAILABLE_SALES }).check()
    await panel.getByRole('group', { name: SPEC.NEW_HOMES }).getByRole('radio', { name: 'Exclude' }).check()
    await panel.getByRole('group', { name: SPEC.SHARED_OWNERSHIP }).getByRole('radio', { name: 'Exclude' }).check()
    await panel.getByRole('group', { name: SPEC.RETIREMENT_HOMES }).getByRole('radio', { name: 'Exclude' }).check()
    await panel.getByRole('checkbox', { name: 'Garden' }).check()
    await panel.getByRole('checkbox', { name: 'Parking' }).check()
    await panel.getByRole('button', { name: SPEC.SEARCH }).click()
    await page.waitForURL(/min_bathroom=/)
    await settled(page)

    expect([...params(page)]).toEqual([
      ['min_bathroom', '1'],
      ['max_bathroom', '3'],
      ['min_reception', '1'],
      ['max_reception', '4'],
      ['must_haves', 'garden'],
      ['must_haves', 'parking'],
      ['new_homes', 'exclude'],
      ['shared_ownership', 'exclude'],
      ['retirement_homes', 'exclude'],
      ['include_unavailable', 'true'],
    ])
    const { total, cards } = await getApiResults(page, 1)
    expect(await shownTotal(page)).toBe(total)
    // A locked card shows a visitor no rooms; every other one has 1 to 3 bathrooms.
    const open = cards.filter((card) => !card.is_locked)
    expect(open.length).toBeGreaterThan(0)
    for (const card of open) {
      expect(card.bathroom).toBeGreaterThanOrEqual(1)
      expect(card.bathroom).toBeLessThanOrEqual(3)
    }
    expect(await page.getByRole('dialog').count()).toBe(0)

    // The panel opens again on what the URL says.
    const reopened = await openPanel(page)
    expect(await reopened.getByLabel('Maximum bathrooms').inputValue()).toBe('3')
    expect(await reopened.getByRole('checkbox', { name: SPEC.AVAILABLE_SALES }).isChecked()).toBe(true)
    expect(await reopened.getByRole('checkbox', { name: 'Parking' }).isChecked()).toBe(true)
    await reopened.getByRole('button', { name: 'Close' }).click()
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('sends every lettings field', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.lettings}`)
    const panel = await openPanel(page)
    expect(await panel.getByRole('group', { name: SPEC.NEW_HOMES }).count()).toBe(0)
    expect(await panel.getByRole('group', { name: SPEC.SHARED_OWNERSHIP }).count()).toBe(0)

    await panel.getByRole('checkbox', { name: SPEC.AVAILABLE_LETTINGS }).check()
    await panel.getByRole('group', { name: SPEC.SHORT_LET }).getByRole('radio', { name: 'Exclude' }).check()
    await panel.getByRole('group', { name: SPEC.HOUSE_FLAT_SHARE }).getByRole('radio', { name: 'Exclude' }).check()
    await panel.getByRole('group', { name: SPEC.PETS_ALLOWED }).getByRole('radio', { name: 'Show Only' }).check()
    await panel.getByRole('group', { name: SPEC.BILLS_INCLUDED }).getByRole('radio', { name: 'Include' }).check()
    await panel.getByRole('group', { name: SPEC.RETIREMENT_HOMES }).getByRole('radio', { name: 'Exclude' }).check()
    await panel.getByLabel(SPEC.FURNISHING).selectOption({ label: 'Furnished' })
    await panel.getByLabel('Minimum bathrooms').selectOption({ label: '1' })
    await expectNoAxeViolations(page)
    await panel.getByRole('button', { name: SPEC.SEARCH }).click()
    await page.waitForURL(/furnishing=/)
    await settled(page)

    expect([...params(page)]).toEqual([
      ['min_bathroom', '1'],
      ['furnishing', 'furnished'],
      ['retirement_homes', 'exclude'],
      ['short_let', 'exclude'],
      ['house_flat_share', 'exclude'],
      ['pets_allowed', 'show_only'],
      ['include_unavailable', 'true'],
    ])
    const { total } = await getApiResults(page, 2)
    expect(await shownTotal(page)).toBe(total)
  })

  it('switches For Sale to For Rent keeping what still applies, and back', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}?min_price=200000&min_bedroom=2&new_homes=exclude&must_haves=garden&include_unavailable=true`)
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('200000')
    const panel = await openPanel(page)
    // The switch navigates at once (the radio follows the page), so it is clicked rather than checked.
    await panel.getByRole('radio', { name: SPEC.FOR_RENT }).click()
    await page.waitForURL(new RegExp(`${LIST_PATHS.lettings}`))
    await settled(page)
    expect([...params(page)]).toEqual([
      ['min_bedroom', '2'],
      ['must_haves', 'garden'],
      ['include_unavailable', 'true'],
    ])
    // The visitor carries on in the panel, now with the lettings fields and label.
    const lettingsPanel = page.getByRole('dialog', { name: 'Filters' })
    await lettingsPanel.waitFor()
    expect(await lettingsPanel.getByRole('radio', { name: SPEC.FOR_RENT }).isChecked()).toBe(true)
    expect(await lettingsPanel.getByRole('checkbox', { name: SPEC.AVAILABLE_LETTINGS }).isChecked()).toBe(true)
    expect(await page.getByLabel('Minimum price').locator('option:checked').innerText()).toBe(SPEC.NO_MIN_PRICE)
    await lettingsPanel.getByLabel(SPEC.FURNISHING).selectOption({ label: 'Unfurnished' })
    await lettingsPanel.getByRole('radio', { name: SPEC.FOR_SALE }).click()
    await page.waitForURL(new RegExp(`${LIST_PATHS.sales}`))
    await settled(page)
    expect([...params(page)]).toEqual([
      ['min_bedroom', '2'],
      ['must_haves', 'garden'],
      ['include_unavailable', 'true'],
    ])
  })

  it('offers lettings prices with the PCM suffix in the main bar', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.lettings}`)
    await page.waitForSelector('form[role="search"][data-hydrated="true"]')
    const options = await page.getByLabel('Maximum price').locator('option').allInnerTexts()
    expect(options[0]).toBe(SPEC.NO_MAX_PRICE)
    expect(options[1]).toBe('£100 PCM')
    expect(options.at(-1)).toBe('£40,000 PCM')
    await page.getByLabel('Maximum price').selectOption({ label: '£1,000 PCM' })
    await page.getByLabel('Minimum bedrooms').selectOption({ label: SPEC.STUDIO })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/max_price=1000/)
    await settled(page)
    expect([...params(page)]).toEqual([
      ['max_price', '1000'],
      ['min_bedroom', '0'],
    ])
  })

  it('takes the dark theme from company setting 104, accessibly', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL_VARIANTS}${LIST_PATHS.lettings}`)
    const panel = await openPanel(page)
    expect(await panel.getAttribute('class')).toContain('search-theme--dark')
    await expectNoAxeViolations(page)
    await panel.getByRole('button', { name: SPEC.OTHER_ADVANCED }).click()
    await page.getByRole('dialog', { name: SPEC.OTHER_ADVANCED }).waitFor()
    await expectNoAxeViolations(page)
  })
})

describe('the search form without JavaScript', () => {
  it('searches a station typed without JavaScript as a circle around it, as the live search does', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    const station = (await getJson<{ data: PlaceDetails }>(page, `${BASE_URL}/api/places/station:demo:t13`)).data
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await page.getByRole('textbox', { name: 'Location' }).fill('Deansgate')
    await page.getByLabel('Radius').selectOption({ label: '1 mile' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    expect(params(page).getAll('locations')).toEqual([`${station.lat},${station.lng},1`])
    expect(params(page).getAll('location_names')).toEqual(['Deansgate'])
    const distances = await page.locator('.card__distance').allInnerTexts()
    expect(distances.length).toBeGreaterThan(0)
    for (const distance of distances) expect(Number(/^([\d.]+) miles? away$/.exec(distance)?.[1]), distance).toBeLessThanOrEqual(1)
  })

  it('looks the keyword up on the server and keeps the search in a clean URL', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    const manchester = await getManchester(page)
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await page.getByRole('textbox', { name: 'Location' }).fill('Manchester')
    await page.getByLabel('Radius').selectOption({ label: '3 miles' })
    await page.getByLabel('Minimum bedrooms').selectOption({ label: '1' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/locations=/)
    expect([...params(page)]).toEqual([
      ['locations', toLocationValue(manchester, 3)],
      ['location_names', 'Manchester'],
      ['min_bedroom', '1'],
    ])
    expect(await page.getByRole('button', { name: 'Remove Manchester' }).isVisible()).toBe(true)

    // Filters leads to the same search with the panel open, a disclosure inside the form.
    await openFiltersWithoutScript(page)
    await page.getByRole('checkbox', { name: 'Garden' }).check()
    await page.getByRole('checkbox', { name: 'Bungalow' }).check()
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).first().click()
    await page.waitForURL(/must_haves=garden/)
    expect([...params(page)]).toEqual([
      ['locations', toLocationValue(manchester, 3)],
      ['location_names', 'Manchester'],
      ['min_bedroom', '1'],
      ['property_types', '3'],
      ['must_haves', 'garden'],
    ])

    await page.getByRole('button', { name: 'Remove Manchester' }).click()
    await page.waitForURL((url) => !url.searchParams.has('locations'))
    expect([...params(page)]).toEqual([
      ['min_bedroom', '1'],
      ['property_types', '3'],
      ['must_haves', 'garden'],
    ])
  })

  it('sends a list page without the Filters panel, which has a view of its own that keeps the search', async () => {
    const html = await (await fetch(`${BASE_URL}${LIST_PATHS.sales}?min_bedroom=2`)).text()
    expect(html).not.toContain('name="must_haves"')
    expect(html).toContain(`href="${LIST_PATHS.sales}?min_bedroom=2&amp;filters=open"`)
    // A form sent without JavaScript (every field, at its default) comes back to the view's clean URL.
    const sent = await fetch(`${BASE_URL}${LIST_PATHS.sales}?keyword=&radius=0.25&min_price=0&min_bedroom=2&filters=open`, { redirect: 'manual' })
    expect(sent.status).toBe(302)
    expect(sent.headers.get('location')).toBe(`${LIST_PATHS.sales}?min_bedroom=2&filters=open`)
    const view = await fetch(`${BASE_URL}${LIST_PATHS.sales}?min_bedroom=2&filters=open`)
    expect(view.status).toBe(200)
    const viewHtml = await view.text()
    expect(viewHtml).toContain('name="must_haves"')
    // The view is the same search: search engines are sent to the list.
    expect(viewHtml).toMatch(/<link rel="canonical" href="https?:\/\/[^/"]+\/sales\/property-for-sale\?min_bedroom=2"\/>/)
  })

  it("says Couldn't find the address. for a keyword nothing matches", async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${LIST_PATHS.lettings}`)
    await page.getByRole('textbox', { name: 'Location' }).fill('qzxqzxqzxw')
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/keyword=/)
    expect(await page.locator('.location-search__status').innerText()).toBe(SPEC.ADDRESS_NOT_FOUND)
    expect(await page.getByRole('textbox', { name: 'Location' }).inputValue()).toBe('qzxqzxqzxw')
  })

  it('lists nothing for a keyword that found no place and offers the nearest spellings as links that search with that place', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await page.getByRole('textbox', { name: 'Location' }).fill('mnachestr')
    await page.getByLabel('Radius').selectOption({ label: '3 miles' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/keyword=/)
    expect(await page.locator('.location-search__status').innerText()).toBe(SPEC.ADDRESS_NOT_FOUND)
    expect(await page.getByText('No place matched ‘mnachestr’.').count()).toBe(1)
    expect(await page.getByLabel('Radius').inputValue()).toBe('3')
    expect(await page.locator('.list-page a[href^="/property/"]').count()).toBe(0)
    const spelling = page.getByRole('list', { name: 'Did you mean:' }).getByRole('link', { name: 'Manchester', exact: true })
    await spelling.click()
    await page.waitForURL(/location_names=Manchester/)
    expect(await page.getByRole('button', { name: 'Remove Manchester' }).count()).toBe(1)
    expect(await page.locator('.location-chip').innerText()).toContain('3 miles')
    expect(await shownTotal(page)).toBeGreaterThan(0)
  })

  it('asks which place a keyword meant when it found several, and searches the one chosen with the radius asked for', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    const manchester = await getManchester(page)
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await page.getByRole('textbox', { name: 'Location' }).fill('Manchestr')
    await page.getByLabel('Radius').selectOption({ label: '1 mile' })
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).click()
    await page.waitForURL(/keyword=/)
    expect(await page.locator('.list-page__no-place-title').innerText()).toMatch(/^\d+ places match ‘Manchestr’\.$/)
    expect(await page.locator('.list-page a[href^="/property/"]').count()).toBe(0)
    expect(await page.getByLabel('Radius').inputValue()).toBe('1')
    await page.getByRole('list', { name: 'Places found: choose one' }).getByRole('button', { name: /^Manchester / }).click()
    await page.waitForURL(/location_names=Manchester/)
    expect(params(page).getAll('locations')).toEqual([toLocationValue(manchester, 1)])
    expect(await shownTotal(page)).toBeGreaterThan(0)
  })

  it('switches to For Rent through the server', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}?min_price=250000&shared_ownership=exclude&min_bedroom=3`)
    await openFiltersWithoutScript(page)
    await page.getByRole('radio', { name: SPEC.FOR_RENT }).check()
    await page.getByRole('button', { name: SPEC.SEARCH, exact: true }).first().click()
    await page.waitForURL(new RegExp(LIST_PATHS.lettings))
    expect([...params(page)]).toEqual([['min_bedroom', '3']])
  })
})
