import { toBlmText, toSampleBlmRecord } from '@agency/db/testing'
import { LIST_PATHS, MAP, MAP_DRAG_DEBOUNCE_MS, PAGE_SIZE_DEFAULT } from '@agency/domain'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, expectNoAxeViolations, routeMapTiles, settled, setupBrowser } from './support.ts'

const browser = setupBrowser()

interface Branch {
  id: number
  name: string
  branchName: string
  address: string
  lat: number
  lng: number
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url)
  expect(response.status(), url).toBe(200)
  return (await response.json()) as T
}

/**
 * A page whose tile requests never reach a tile server (the machine has no network anyway): each is
 * refused here, so the map falls back to its packaged outline at once. Counts the requests, which
 * follow the configured template (OpenStreetMap's by default).
 */
async function offlinePage(options: { width?: number } = {}): Promise<{ page: Page; tiles: string[] }> {
  const page = await browser.page(options)
  return { page, tiles: await routeMapTiles(page, 'offline') }
}

/** The ids of the cards the list shows. */
async function listIds(page: Page): Promise<number[]> {
  const ids = await page.locator('.property-grid [data-property-id]').evaluateAll((items) => items.map((li) => Number((li as HTMLElement).dataset.propertyId)))
  return ids.sort((a, b) => a - b)
}

/** The ids of the property markers drawn one by one (at zoom 13 every marker stands alone). */
async function markerIds(page: Page): Promise<number[]> {
  const ids = await page.locator('.map-canvas [data-point-id]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.pointId ?? ''))
  return [...new Set(ids.map(Number))].sort((a, b) => a - b)
}

/** How many properties the drawn markers stand for: single markers plus each cluster's count. */
async function markedCount(page: Page): Promise<number> {
  const singles = await page.locator('.map-canvas [data-point-id]').count()
  const clusters = await page.locator('.map-canvas .map-cluster').allTextContents()
  return singles + clusters.reduce((sum, text) => sum + Number(text), 0)
}

/** Fails if any two of these elements' boxes overlap. */
async function expectNoOverlap(elements: Locator): Promise<void> {
  const boxes = (await elements.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))).map((b) => ({ ...b }))
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      expect(overlap, `pins at ${a.left},${a.top} and ${b.left},${b.top} overlap`).toBe(false)
    }
  }
}

const zoomOf = async (page: Page) => Number(await page.locator('.map-canvas').getAttribute('data-zoom'))

/** A search near a branch with a handful of results (2 to a list page's 12), found through the API. */
async function findSmallSearch(page: Page): Promise<{ url: string; total: number }> {
  const branches = (await getJson<{ data: Branch[] }>(page, `${BASE_URL}/api/branches`)).data
  for (const branch of branches) {
    for (const radius of [1, 3, 0.5, 5, 10]) {
      const locations = `${branch.lat},${branch.lng},${radius}`
      const answer = await getJson<{ total: number }>(page, `${BASE_URL}/api/properties?transaction_type_id=1&page_size=1&locations=${locations}`)
      if (answer.total >= 2 && answer.total <= PAGE_SIZE_DEFAULT) {
        return { url: `${LIST_PATHS.sales}?locations=${encodeURIComponent(locations)}`, total: answer.total }
      }
    }
  }
  throw new Error('no small search near any branch')
}

describe('the branch map', () => {
  it('shows a marker per branch, each with its card and a Google Maps link, on the outline when tiles fail', async () => {
    const { page, tiles } = await offlinePage()
    const branches = (await getJson<{ data: Branch[] }>(page, `${BASE_URL}/api/branches`)).data
    expect(branches.length).toBeGreaterThan(0)

    await page.goto(`${BASE_URL}/`)
    const footerLink = page.getByRole('link', { name: 'Our branches on a map' })
    await footerLink.click()
    await page.waitForURL(`${BASE_URL}/branches`)
    // The home page shows the same branch map, drawn by now: the URL changes before the branches page
    // replaces it, so the checks below wait for the branches page itself.
    await page.getByRole('heading', { level: 1, name: 'Our branches' }).waitFor()
    await expect.poll(() => page.locator('.map-canvas .leaflet-marker-icon').count(), { timeout: 15_000 }).toBe(branches.length)
    // No tile could load: the outline of the United Kingdom is drawn instead, and the tiles asked for
    // followed the configured template.
    await expect.poll(() => page.locator('.map-canvas').getAttribute('data-outline'), { timeout: 10_000 }).toBe('drawn')
    expect(await page.locator('.map-canvas svg path.map-outline').count()).toBeGreaterThan(0)
    expect(tiles.length).toBeGreaterThan(0)
    expect(tiles.every((url) => url.startsWith('https://tile.openstreetmap.org/'))).toBe(true)
    await expect.poll(() => page.locator('.leaflet-control-attribution').textContent()).toContain('OpenStreetMap')

    // SPEC §3 Map marker: named by branch and address; its popup card has 'View on Google Map'.
    const branch = branches[0]!
    const marker = page.getByRole('button', { name: `${branch.branchName}, ${branch.address}` })
    // Near branches overlap at the fitted zoom; the keyboard reaches each of them all the same.
    await marker.focus()
    await page.keyboard.press('Enter')
    const popup = page.locator('.leaflet-popup')
    await expect.poll(() => popup.textContent()).toContain(branch.name)
    const google = popup.getByRole('link', { name: `View on Google Map: ${branch.branchName}` })
    expect(await google.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/${encodeURIComponent(branch.address)}/@${branch.lat},${branch.lng},17z`,
    )
    expect(await google.getAttribute('target')).toBe('_blank')
    // The list under the map is the accessible way to the same branches.
    expect(await page.locator('.branches-page__branch').count()).toBe(branches.length)
    await expectNoAxeViolations(page)
  })

  it('fans out branches that would overlap at the fitted zoom, so each can be seen, clicked and tabbed to', async () => {
    const { page } = await offlinePage()
    const branches = (await getJson<{ data: Branch[] }>(page, `${BASE_URL}/api/branches`)).data
    // London's branches are a few kilometres apart: a pixel or two at a zoom that shows Great Britain.
    const london = branches.filter((branch) => branch.address.includes('London'))
    expect(london.length).toBeGreaterThanOrEqual(2)
    await page.goto(`${BASE_URL}/branches`)
    const pins = page.locator('.map-canvas .leaflet-marker-icon')
    await expect.poll(() => pins.count(), { timeout: 15_000 }).toBe(branches.length)
    expect(await zoomOf(page)).toBeLessThan(MAP.MAX_ZOOM)

    // No pin covers another.
    await expectNoOverlap(pins)
    // The fanned-out pins are joined to where their branches stand.
    expect(await page.locator('.map-canvas [data-fanned]').count()).toBeGreaterThanOrEqual(london.length)
    expect(await page.locator('.map-canvas path.map-fan-leg').count()).toBeGreaterThanOrEqual(london.length)

    const popup = page.locator('.leaflet-popup')
    for (const branch of london) {
      const marker = page.getByRole('button', { name: `${branch.branchName}, ${branch.address}` })
      // A real click at the pin's centre (refused if another pin covers it) opens this branch's card.
      await marker.click()
      await expect.poll(() => popup.textContent()).toContain(branch.address)
      await popup.getByRole('button', { name: /close/i }).click()
      await expect.poll(() => popup.count()).toBe(0)
    }

    // Tab reaches every branch's pin in turn, and Enter opens its card.
    await page.locator('.map-canvas').focus()
    const reached = new Set<string>()
    for (let i = 0; i < branches.length + 4 && reached.size < branches.length; i++) {
      await page.keyboard.press('Tab')
      const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
      if (label) reached.add(label)
    }
    for (const branch of branches) expect(reached).toContain(`${branch.branchName}, ${branch.address}`)
    const last = london[london.length - 1]!
    await page.getByRole('button', { name: `${last.branchName}, ${last.address}` }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => popup.textContent()).toContain(last.address)
    await expectNoAxeViolations(page)
  })

  it('asks a tile server it cannot reach for one tile a visit, and draws the outline instead', async () => {
    const { page, tiles } = await offlinePage()
    await page.goto(`${BASE_URL}/branches`)
    const canvas = page.locator('.map-canvas')
    await expect.poll(() => canvas.getAttribute('data-outline'), { timeout: 15_000 }).toBe('drawn')
    expect(tiles).toHaveLength(1)
    // Zooming asks for no tiles: the outline is the basemap now.
    const zoom = await zoomOf(page)
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click()
    await expect.poll(() => zoomOf(page)).toBe(zoom + 1)
    expect(tiles).toHaveLength(1)

    // Nor does the next map of the visit.
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect.poll(() => markedCount(page), { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(() => canvas.getAttribute('data-outline'), { timeout: 10_000 }).toBe('drawn')
    expect(tiles).toHaveLength(1)
  })

  it('draws the tile server’s tiles when it answers', async () => {
    const page = await browser.page()
    const tiles = await routeMapTiles(page, 'tile')
    await page.goto(`${BASE_URL}/branches`)
    const canvas = page.locator('.map-canvas')
    await expect.poll(() => canvas.locator('.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(1)
    expect(await canvas.getAttribute('data-basemap')).toBe('tiles')
    expect(await canvas.getAttribute('data-outline')).toBeNull()
    expect(tiles.every((url) => url.startsWith('https://tile.openstreetmap.org/'))).toBe(true)
    await expect.poll(() => page.locator('.leaflet-control-attribution').textContent()).toContain('OpenStreetMap')
  })

  it('shows the branches on the home page, loading the map only when it comes into view', async () => {
    const { page } = await offlinePage()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(`${BASE_URL}/`)
    await page.waitForLoadState('networkidle')
    expect(scripts.some((url) => url.includes('leaflet'))).toBe(false)
    await page.locator('.home-branches').scrollIntoViewIfNeeded()
    await expect.poll(() => page.locator('.home-branches .leaflet-marker-icon').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(scripts.some((url) => url.includes('leaflet'))).toBe(true)
    await expectNoAxeViolations(page)
  })
})

describe('the properties map', () => {
  it('marks exactly the properties of the search, and the list page loads no map code until it is shown', async () => {
    const { page } = await offlinePage()
    const search = await findSmallSearch(page)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(`${BASE_URL}${search.url}`)
    await page.waitForLoadState('networkidle')
    expect(scripts.some((url) => /leaflet|properties-map/.test(url))).toBe(false)
    const listed = await listIds(page)
    expect(listed).toHaveLength(search.total)

    await page.getByRole('button', { name: 'Show map' }).click()
    const canvas = page.locator('.map-canvas')
    await expect.poll(() => markedCount(page), { timeout: 15_000 }).toBe(search.total)
    // SPEC §9: the map is 500 px high, and fits the markers within the zoom limits.
    expect((await page.locator('.map-frame').boundingBox())?.height).toBe(MAP.HEIGHT_PX)
    const zoom = await zoomOf(page)
    expect(zoom).toBeGreaterThanOrEqual(MAP.MIN_ZOOM)
    expect(zoom).toBeLessThanOrEqual(MAP.MAX_ZOOM)
    expect(await canvas.getAttribute('data-basemap')).toBe('outline')

    // A marker's popup is its card's summary with a link to the property.
    const first = page.locator('.map-canvas [data-point-id]').first()
    if ((await first.count()) > 0) {
      await first.click()
      const link = page.locator('.leaflet-popup').getByRole('link', { name: /^View This Property/ })
      expect(await link.getAttribute('href')).toMatch(/^\/property\/\d+/)
    }
    await expectNoAxeViolations(page)
  })

  it('zooms between 3 and 13 with its buttons, and then draws every marker of the list on its own', async () => {
    const { page } = await offlinePage()
    const search = await findSmallSearch(page)
    await page.goto(`${BASE_URL}${search.url}`)
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect.poll(() => markedCount(page), { timeout: 15_000 }).toBe(search.total)

    const zoomIn = page.getByRole('button', { name: 'Zoom in', exact: true })
    const zoomOut = page.getByRole('button', { name: 'Zoom out', exact: true })
    // One step at a time: each waits for the zoom to end before the next.
    for (let zoom = await zoomOf(page); zoom < MAP.MAX_ZOOM; zoom++) {
      await zoomIn.click()
      await expect.poll(() => zoomOf(page)).toBe(zoom + 1)
    }
    await expect.poll(() => zoomOf(page)).toBe(MAP.MAX_ZOOM)
    expect(await zoomIn.getAttribute('class')).toContain('leaflet-disabled')
    await zoomIn.click({ force: true })
    expect(await zoomOf(page)).toBe(MAP.MAX_ZOOM)

    // The zoom was the visitor's: after the quiet period the list shows the visible area, and the
    // markers are those of the same search.
    await page.waitForURL(/bounds=/, { timeout: MAP_DRAG_DEBOUNCE_MS + 10_000 })
    await settled(page)
    await expect.poll(async () => JSON.stringify(await markerIds(page)), { timeout: 10_000 }).toBe(JSON.stringify(await listIds(page)))

    for (let zoom = await zoomOf(page); zoom > MAP.MIN_ZOOM; zoom--) {
      await zoomOut.click()
      await expect.poll(() => zoomOf(page)).toBe(zoom - 1)
    }
    await expect.poll(() => zoomOf(page)).toBe(MAP.MIN_ZOOM)
    expect(await zoomOut.getAttribute('class')).toContain('leaflet-disabled')
  })

  it('searches the area the visitor drags to after 500 ms of quiet, in the list and the URL', async () => {
    const { page } = await offlinePage()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect.poll(() => markedCount(page), { timeout: 15_000 }).toBeGreaterThan(0)
    const before = page.url()

    const box = (await page.locator('.map-canvas').boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 })
    await page.mouse.up()
    const released = Date.now()
    // Still the same search just after the drag ...
    await page.waitForTimeout(MAP_DRAG_DEBOUNCE_MS / 3)
    if (Date.now() - released < MAP_DRAG_DEBOUNCE_MS) expect(page.url()).toBe(before)
    // ... then the visible area's, kept with the other filters and rendered by the server.
    await page.waitForURL(/bounds=/, { timeout: MAP_DRAG_DEBOUNCE_MS + 10_000 })
    expect(Date.now() - released).toBeGreaterThanOrEqual(MAP_DRAG_DEBOUNCE_MS - 50)
    await settled(page)
    const url = new URL(page.url())
    const bounds = url.searchParams.get('bounds')!
    expect(bounds.split(',')).toHaveLength(4)
    const api = await getJson<{ total: number }>(page, `${BASE_URL}/api/properties?transaction_type_id=1&bounds=${encodeURIComponent(bounds)}`)
    await expect.poll(() => page.locator('.list-page__count').textContent()).toContain(String(api.total))

    // The shared link renders the same list on the server, with the map's frame in place.
    const shared = await browser.page({ javaScriptEnabled: false })
    await shared.goto(page.url())
    expect(await shared.locator('.list-page__count').textContent()).toContain(String(api.total))
    expect((await shared.locator('.map-frame').boundingBox())?.height).toBe(MAP.HEIGHT_PX)
    expect(await shared.getByRole('link', { name: 'Remove the map area' }).getAttribute('href')).not.toContain('bounds=')
  })

  it('offers the keyboard the same: arrow keys move the map, markers open with Enter, and Search this area', async () => {
    const { page } = await offlinePage()
    const search = await findSmallSearch(page)
    await page.goto(`${BASE_URL}${search.url}`)
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect.poll(() => markedCount(page), { timeout: 15_000 }).toBe(search.total)

    // 'Search this area' searches at once, without dragging.
    await page.getByRole('button', { name: 'Search this area' }).click()
    await page.waitForURL(/bounds=/, { timeout: 5_000 })
    await settled(page)
    const first = page.url()

    // The map takes focus and moves with the arrow keys; the search follows after the quiet period.
    await page.locator('.map-canvas').focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.waitForURL((url) => url.toString() !== first && url.searchParams.has('bounds'), { timeout: MAP_DRAG_DEBOUNCE_MS + 10_000 })
    await settled(page)

    // A marker is reached with Tab and opens its popup with Enter.
    const marker = page.locator('.map-canvas .leaflet-marker-icon').first()
    await expect.poll(() => marker.count(), { timeout: 10_000 }).toBeGreaterThan(0)
    await marker.focus()
    expect(await marker.getAttribute('tabindex')).toBe('0')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.leaflet-popup, .map-cluster').count()).toBeGreaterThan(0)
    await expectNoAxeViolations(page)
  })

  it('toggles between the list and the map at phone width', async () => {
    const { page } = await offlinePage({ width: 390 })
    const search = await findSmallSearch(page)
    await page.goto(`${BASE_URL}${search.url}`)
    const grid = page.locator('.property-grid')
    expect(await grid.isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect.poll(() => markedCount(page), { timeout: 15_000 }).toBe(search.total)
    expect(await grid.isVisible()).toBe(false)
    const frame = (await page.locator('.map-frame').boundingBox())!
    expect(frame.height).toBe(MAP.HEIGHT_PX)
    expect(frame.width).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Show list' }).click()
    expect(await grid.isVisible()).toBe(true)
    expect(await page.locator('.map-canvas').count()).toBe(0)
  })
})

describe('properties at one position on the properties map', () => {
  // Three flats in one building, and a pre-market house beside it that a visitor sees at its rounded
  // position: the building's (SPEC §2 locked card). On Dartmoor, miles from any seeded property.
  const building = { lat: 50.57, lng: -3.92 }
  const ref = `E2E-MAP-${Date.now().toString(36)}`
  const search = `${LIST_PATHS.sales}?locations=${encodeURIComponent(`${building.lat},${building.lng},1`)}`
  const feed = (records: Array<Record<string, string | number>>) =>
    fetch(`${BASE_URL}/api/feeds/blm?name=map-building.blm&force=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${process.env.E2E_FEED_API_KEY ?? ''}`, 'content-type': 'text/plain' },
      body: toBlmText(records),
    })

  beforeAll(async () => {
    const place = { TOWN: 'Princetown', POSTCODE1: 'PL20', POSTCODE2: '6QE', ADDRESS_2: '' }
    const flats = [1, 2, 3].map((n) =>
      toSampleBlmRecord(`${ref}-${n}`, {
        ...place,
        ADDRESS_1: `Flat ${n}, Tor View`,
        DISPLAY_ADDRESS: `Flat ${n}, Tor View, Princetown`,
        PROP_SUB_ID: 8,
        BEDROOMS: n,
        PRICE: 150_000 + n * 10_000,
        LATITUDE: building.lat,
        LONGITUDE: building.lng,
      }),
    )
    const locked = toSampleBlmRecord(`${ref}-4`, {
      ...place,
      ADDRESS_1: 'Moor Cottage',
      DISPLAY_ADDRESS: 'Moor Cottage, Princetown',
      PUBLISHED_FLAG: 0,
      LATITUDE: building.lat + 0.0012,
      LONGITUDE: building.lng + 0.0021,
    })
    // Forced: the file leaves out the feed properties of other tests, which it withdraws.
    const response = await feed([...flats, locked])
    const report = (await response.json()) as { outcome: string; added: number }
    expect(response.status, JSON.stringify(report)).toBe(200)
    expect(report).toMatchObject({ outcome: 'imported', added: 4 })
  })

  afterAll(async () => {
    // A file naming one record it cannot take (no price) withdraws every feed property, so a later
    // feed import starts from none.
    const response = await feed([toSampleBlmRecord(`${ref}-none`, { PRICE: '' })])
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ withdrawn: 4 })
  })

  /** The markers of the search as the API gives them to a visitor. */
  const getMarkers = async (page: Page) =>
    (
      await getJson<{ data: Array<{ property_profile_id: number; display_address: string; lat: number; lng: number; is_locked: boolean }> }>(
        page,
        `${BASE_URL}/api/properties/markers?transaction_type_id=1&locations=${encodeURIComponent(`${building.lat},${building.lng},1`)}`,
      )
    ).data

  it('spreads them at the highest zoom, each pin a button of its own that opens its card', async () => {
    const { page } = await offlinePage()
    const markers = await getMarkers(page)
    expect(markers).toHaveLength(4)
    // All four stand at one position: the flats at the building's, the locked house at its rounded one.
    expect(new Set(markers.map((m) => `${m.lat},${m.lng}`)).size).toBe(1)
    expect(markers.filter((m) => m.is_locked)).toHaveLength(1)

    await page.goto(`${BASE_URL}${search}`)
    expect(await listIds(page)).toEqual(markers.map((m) => m.property_profile_id).sort((a, b) => a - b))
    await page.getByRole('button', { name: 'Show map' }).click()
    const pins = page.locator('.map-canvas [data-point-id]')
    await expect.poll(() => pins.count(), { timeout: 15_000 }).toBe(4)
    // One position fills the map at SPEC §9's highest zoom, where no zooming in can part them.
    expect(await zoomOf(page)).toBe(MAP.MAX_ZOOM)
    expect(await markerIds(page)).toEqual(await listIds(page))

    // Fanned out around the position, each joined to it by a line, none covering another.
    await expectNoOverlap(pins)
    expect(await page.locator('.map-canvas [data-fanned]').count()).toBe(4)
    expect(await page.locator('.map-canvas path.map-fan-leg').count()).toBe(4)

    // A real click at each pin's centre (refused if another pin covers it) opens that property's card.
    const popup = page.locator('.leaflet-popup')
    for (const marker of markers) {
      await page.locator(`.map-canvas [data-point-id="${marker.property_profile_id}"]`).click()
      await expect.poll(() => popup.textContent()).toContain(marker.display_address)
      expect(await popup.getByRole('link', { name: /^View This Property/ }).getAttribute('href')).toMatch(/^\/property\/\d+/)
      await popup.getByRole('button', { name: /close/i }).click()
      await expect.poll(() => popup.count()).toBe(0)
    }

    // Tab reaches each pin in turn, a button named by its property, and Enter opens its card.
    await page.locator('.map-canvas').focus()
    const reached = new Set<string>()
    for (let i = 0; i < 8 && reached.size < 4; i++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        return el?.dataset.pointId && el.getAttribute('role') === 'button' && el.getAttribute('aria-label') ? el.dataset.pointId : ''
      })
      if (focused) reached.add(focused)
    }
    expect([...reached].map(Number).sort((a, b) => a - b)).toEqual(await listIds(page))
    const last = markers[markers.length - 1]!
    await page.locator(`.map-canvas [data-point-id="${last.property_profile_id}"]`).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => popup.textContent()).toContain(last.display_address)
    await expectNoAxeViolations(page)
  })

  it('opens their cluster from the keyboard to the spread pins, with the focus on one of them', async () => {
    const { page } = await offlinePage()
    await page.goto(`${BASE_URL}${search}`)
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect.poll(() => page.locator('.map-canvas [data-point-id]').count(), { timeout: 15_000 }).toBe(4)

    // One step out: the four gather into one cluster, and the search follows the visitor's zoom.
    await page.getByRole('button', { name: 'Zoom out', exact: true }).click()
    await expect.poll(() => zoomOf(page)).toBe(MAP.MAX_ZOOM - 1)
    await page.waitForURL(/bounds=/, { timeout: MAP_DRAG_DEBOUNCE_MS + 10_000 })
    await settled(page)
    const cluster = page.getByRole('button', { name: '4 properties here: zoom in' })
    await expect.poll(() => cluster.count(), { timeout: 10_000 }).toBe(1)

    const clusteredUrl = page.url()
    await cluster.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => zoomOf(page)).toBe(MAP.MAX_ZOOM)
    const focusedPin = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pointId ?? '')
    await expect.poll(focusedPin).not.toBe('')
    // The zoom searches again after the quiet period; the same four pins stay, the focus with them.
    await page.waitForURL((url) => url.toString() !== clusteredUrl, { timeout: MAP_DRAG_DEBOUNCE_MS + 10_000 })
    await settled(page)
    expect(await page.locator('.map-canvas [data-fanned]').count()).toBe(4)
    await expect.poll(focusedPin).not.toBe('')
    // Space presses a button as Enter does.
    await page.keyboard.press('Space')
    await expect.poll(() => page.locator('.leaflet-popup').count()).toBe(1)
  })
})
