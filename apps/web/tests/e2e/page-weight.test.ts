import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { BASE_URL, setupBrowser } from './support.ts'

// What a first visit downloads before the page can paint and run, read from the production build's
// HTML (no browser, no timing): the stylesheets in the head, which block the first paint, and the
// JavaScript the page preloads and imports.

/** The pages' boot script (app/lib/boot-script.ts): the one script a page loads before it has painted. */
const BOOT_SCRIPT = /\/assets\/boot-[0-9a-f]{8}\.js$/
const isAppScript = (url: string) => !BOOT_SCRIPT.test(url)

/** zod's own class names, which its minified code keeps as strings. */
const ZOD_MARKERS = ['ZodError', '$ZodType']

async function getHtml(path: string): Promise<string> {
  const response = await fetch(`${BASE_URL}${path}`)
  expect(response.status).toBe(200)
  return response.text()
}

const headOf = (html: string) => html.split('</head>')[0] ?? ''

/** What a page hands its boot script (app/lib/page-scripts.tsx): a JSON block no browser runs. */
function pageScriptsOf(html: string): { preloads: string[]; entry: string; routes: [string, string[]][]; data: string | null } {
  const json = /<script type="application\/json" data-page-scripts="">([^<]*)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error('no page scripts in the page')
  return JSON.parse(json) as ReturnType<typeof pageScriptsOf>
}

/** Whether the page holds React Router's hydration data (else its boot script asks for them apart). */
const holdsData = (html: string) => pageScriptsOf(html).data !== null

/**
 * The scripts a page loads without anyone doing anything: those it names, those its boot script
 * preloads once it has painted, and the routes' modules and the entry it imports.
 */
function scriptsOf(html: string): string[] {
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '').filter(isAppScript))
  const { preloads, entry, routes } = pageScriptsOf(html)
  for (const href of [...preloads, entry, ...routes.flatMap(([, modules]) => modules)]) scripts.add(href)
  return [...scripts]
}

/** The width in pixels of a picture answered. */
async function imageWidth(response: Response): Promise<number | undefined> {
  return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width
}

/** A property page of the catalogue, as the list links it. */
async function aPropertyPath(): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/properties?transaction_type_id=1&page_size=1`)
  const { data } = (await response.json()) as { data: { detail_page_url: string }[] }
  return new URL(data[0]?.detail_page_url ?? '/', BASE_URL).pathname
}

const browser = setupBrowser()

/**
 * The layout shifts Chromium reports while a page loads and hydrates (Lighthouse's CLS counts the
 * same entries), at a phone's width and at a desktop's.
 */
async function layoutShift(path: string, width: number): Promise<{ total: number; moved: string[] }> {
  const page = await browser.page({ width })
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = []
    Object.assign(window, { __shifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
        shifts.push({ value: entry.value, nodes: entry.sources.map((s) => (s.node instanceof Element ? s.node.className : String(s.node?.nodeName))) })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(`${BASE_URL}${path}`)
  await page.locator('form[data-hydrated="true"]').first().waitFor()
  await page.waitForLoadState('networkidle')
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts)
  await page.close()
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), moved: shifts.flatMap((s) => s.nodes) }
}

describe('page weight', () => {
  it('does not move the list pages when they hydrate, at a phone width or a desktop width', async () => {
    for (const path of ['/sales/property-for-sale', '/lettings/property-to-rent?min_price=500']) {
      for (const width of [320, 360, 412, 1280]) {
        const { total, moved } = await layoutShift(path, width)
        // Lighthouse's 'good' CLS is below 0.1; the site's target is 0.02 (the Filters swap moved a phone's
        // list by 0.049). A desktop run has been seen at 0.009 (the price and radius fields), so the check
        // holds the target rather than zero.
        expect(total, `${path} at ${width}px moved ${moved.join(', ')}`).toBeLessThan(0.02)
      }
    }
  })

  it('links one stylesheet on every page, the only request that holds up the first paint, and asks for scripts only after it', async () => {
    for (const path of ['/', '/sales/property-for-sale', '/lettings/property-to-rent', await aPropertyPath(), '/login']) {
      const head = headOf(await getHtml(path))
      const stylesheets = head.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []
      expect(stylesheets, path).toHaveLength(1)
      // No script is asked for before the page has painted (lib/boot-script.ts): with twenty
      // preloads in the head, Chromium painted only after running them (Lighthouse's first paint 2.3 s
      // on a list page; 0.9 s without).
      expect(head, path).not.toMatch(/modulepreload|<script[^>]* src=/)
      expect(scriptsOf(await getHtml(path)).length, path).toBeGreaterThan(5)
    }
  })

  it('starts every page\'s scripts once it has painted, without waiting for anything a visitor does, and presses a button pressed meanwhile once React has it', async () => {
    for (const path of ['/', '/sales/property-for-sale', await aPropertyPath(), '/login']) {
      const page = await browser.page({ width: 390, height: 844, waitForHydration: false })
      const scripts: string[] = []
      const dataRequests: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url())
        if (request.headers()['x-hydration-data'] !== undefined) dataRequests.push(request.url())
      })
      const answer = await page.goto(`${BASE_URL}${path}`)
      // No key, pointer, touch, wheel or scroll: the page is React's all the same.
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      expect(scripts.filter(isAppScript).length, path).toBeGreaterThan(5)
      // A visitor's home, list and property pages keep React Router's data apart from their HTML.
      const html = (await answer?.text()) ?? ''
      if (path === '/login') {
        expect(dataRequests, path).toEqual([])
        expect(holdsData(html), path).toBe(true)
      } else {
        expect(dataRequests, path).toEqual([`${BASE_URL}${path}`])
        expect(holdsData(html), path).toBe(false)
      }
      await page.close()
    }
    // The map toggle does nothing without JavaScript: pressed before React has the page (its scripts
    // held back until then), it is pressed again once React runs.
    const page = await browser.page({ waitForHydration: false })
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${BASE_URL}/sales/property-for-sale`)
    await page.getByRole('button', { name: 'Show map' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    release()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect.poll(() => page.locator('.list-page__map-toggle').getAttribute('aria-pressed')).toBe('true')
    await page.locator('.list-page__map').waitFor()
    await page.close()
  })

  it('draws the home page\'s branch map on a phone once scrolled to', async () => {
    const page = await browser.page({ width: 412 })
    await page.goto(`${BASE_URL}/`)
    await page.evaluate(() => document.querySelector('.home-branches')?.scrollIntoView())
    await expect.poll(() => page.locator('.home-branches .leaflet-marker-icon').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await page.close()
  })

  it('starts the scripts of a list page that shows its map from the start, with its data inline', async () => {
    const page = await browser.page({ waitForHydration: false })
    const answer = await page.goto(`${BASE_URL}/sales/property-for-sale?bounds=53.4,-2.3,53.5,-2.2`)
    expect(holdsData((await answer?.text()) ?? '')).toBe(true)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.locator('.list-page__map').waitFor()
    await page.close()
  })

  it('loads no zod before the visitor submits something on the home, list, property and login pages', async () => {
    for (const path of ['/', '/sales/property-for-sale', await aPropertyPath(), '/login']) {
      const scripts = scriptsOf(await getHtml(path))
      expect(scripts.length, path).toBeGreaterThan(0)
      for (const script of scripts) {
        const code = await (await fetch(`${BASE_URL}${script}`)).text()
        for (const marker of ZOD_MARKERS) expect(code.includes(marker), `${path}: ${script} holds ${marker}`).toBe(false)
      }
    }
  })

  it('keeps the default list page\'s HTML within 40 KB: 12 cards, their pictures, and the page\'s data, the Filters panel and the boot script apart', async () => {
    // Measured at 36.3 KB with 2,000 properties (70.4 KB with 24 cards, the Filters panel inside, the
    // branches' addresses in the footer and the boot script inline; 127 KB before the short picture
    // URLs, the heart sprite and the trimmed page data). 40.5 KB with the seeded 600 once the footer
    // carried what an agency must publish on every page (the legal pages, its redress scheme, client
    // money protection and company details: 2.1 KB, 0.8 KB more than the branches' phone numbers it
    // replaced) and the header its logo.
    const html = await getHtml('/sales/property-for-sale')
    expect(html.match(/<article class="card/g)).toHaveLength(12)
    expect(html.length).toBeLessThan(42_000)
    expect(html).not.toContain('<picture')
    const pictures = html.match(/<img [^>]*srcSet="[^"]+"[^>]*>/g) ?? []
    expect(pictures.length).toBeGreaterThan(8)
    for (const picture of pictures) expect(picture.length).toBeLessThan(600)
    // Only the largest paint is announced in the head.
    expect(headOf(html).match(/<link rel="preload" as="image"/g)).toHaveLength(1)
    // The page's data come apart, when the page starts its scripts.
    expect(holdsData(html)).toBe(false)
    const data = await fetch(`${BASE_URL}/sales/property-for-sale`, { headers: { 'x-hydration-data': '1' } })
    expect(data.headers.get('content-type')).toBe('text/x-hydration-data; charset=utf-8')
    expect((await data.text()).length).toBeLessThan(12_000)
    // The closed Filters panel is not sent: Filters leads to a view of the same search with it open.
    expect(html).not.toContain('name="must_haves"')
    expect(html).toMatch(/<a class="button button--secondary search-form__filters" href="\/sales\/property-for-sale\?filters=open">Filters<\/a>/)
    // The hearts are buttons of the page's one save form, not a form each, and the stylesheet draws them.
    expect(html.match(/<form\b/g)).toHaveLength(3)
    expect(html.match(/<form id="save-form" action="\/saved-properties" method="post"><input type="hidden" name="redirect" value="\/sales\/property-for-sale"\/><\/form>/g)).toHaveLength(1)
    expect(html.match(/<button type="submit" form="save-form" value="\d+"[^>]* aria-label="Save property"[^>]* name="save"><\/button>/g)).toHaveLength(12)
    expect(html).not.toMatch(/<svg|<use |<symbol /)
    const stylesheet = /<link[^>]*rel="stylesheet" href="([^"]+)"/.exec(html)?.[1] ?? ''
    const css = await (await fetch(new URL(stylesheet, BASE_URL))).text()
    expect(css).toMatch(/\.save-button__heart:{1,2}before\{[^}]*mask:var\(--heart-outline\)/)
    // The boot script is a file the browser keeps, not text in every page.
    expect(html).not.toContain('(function(){var d=document')
    // It is the page's only script: no script inline, the page's data for it a JSON block just before it.
    const boot = /<script type="application\/json" data-page-scripts="">[^<]+<\/script><script src="(\/assets\/boot-[0-9a-f]{8}\.js)" defer=""><\/script>/.exec(html)?.[1] ?? ''
    expect(html.match(/<script(?! type="application\/(ld\+)?json")[^>]*>/g)).toEqual([`<script src="${boot}" defer="">`])
    const bootAnswer = await fetch(new URL(boot, BASE_URL))
    expect(bootAnswer.status).toBe(200)
    expect(bootAnswer.headers.get('content-type')).toContain('javascript')
    expect(bootAnswer.headers.get('cache-control')).toContain('immutable')
    expect(await bootAnswer.text()).toMatch(/^\(function\(\)\{var d=document/)
  })

  it('offers each card picture at 320 to 1280 pixels, in AVIF, WebP or JPEG as the browser reads', async () => {
    const html = await getHtml('/sales/property-for-sale')
    const pictures = html.match(/<img [^>]*srcSet="[^"]+"[^>]*>/g) ?? []
    expect(pictures.length).toBeGreaterThan(8)
    const toEntries = (picture: string) =>
      (/ srcSet="([^"]+)" sizes="[^"]+"/.exec(picture)?.[1] ?? '').split(/,\s*/).map((entry) => entry.split(' '))
    for (const picture of pictures) expect(toEntries(picture).map(([, width]) => width)).toEqual(['320w', '480w', '640w', '960w', '1280w'])
    // Each entry is the picture at its width, in the format the request's Accept names first among
    // AVIF and WebP, else JPEG; a cache between keeps them apart by Accept.
    const accepts = [
      ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ] as const
    for (const [accept, type] of accepts) {
      for (const [url, width] of toEntries(pictures[0] ?? '')) {
        const response = await fetch(`${BASE_URL}${url}`, { headers: { accept } })
        expect(response.status, url).toBe(200)
        expect(response.headers.get('content-type'), url).toBe(type)
        expect(response.headers.get('vary')?.toLowerCase().split(/,\s*/), url).toContain('accept')
        expect(response.headers.get('cache-control'), url).toContain('immutable')
        expect(`${await imageWidth(response)}w`, url).toBe(width)
      }
    }
  })
})
