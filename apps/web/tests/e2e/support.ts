import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

/** The server under test (scripts/e2e.mjs starts it). */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000'
/** A second server whose company settings choose the other variants (card grid v2 …). */
export const BASE_URL_VARIANTS = process.env.E2E_BASE_URL_VARIANTS ?? BASE_URL

const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // One renderer process for a page and its frames, not one for each site: the pages' behaviour is the
  // same, and the browser's share of a run less (login.test.ts on two cores: Chromium 117 → 103 CPU
  // seconds, the file 88 → 78 s).
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins',
]

/** A map tile's address (MAP_TILE_URL's {z}/{x}/{y}), whatever the tile server. */
export const MAP_TILE_REQUEST = /\/\d+\/\d+\/\d+(@2x)?\.(png|jpg|jpeg|webp)(\?.*)?$/

/** A tile as a tile server would send it (a 1 px PNG, drawn at the tile's size). */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/**
 * Answers the page's map tile requests (the machine reaches no tile server) as 'answer' says: with a
 * tile, or refused as a browser offline sees them. The list returned gathers the tiles asked for.
 */
export async function routeMapTiles(page: Page, answer: 'tile' | 'offline'): Promise<string[]> {
  const tiles: string[] = []
  await page.route(
    (url) => MAP_TILE_REQUEST.test(url.toString()),
    (route) => {
      tiles.push(route.request().url())
      return answer === 'tile' ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }) : route.abort('internetdisconnected')
    },
  )
  return tiles
}

let browser: Browser | undefined

/**
 * One Chromium per test file; pages get a fresh context each, and fail the test on console errors and
 * Content-Security-Policy violations (`policyViolations`, which a test that provokes one empties).
 */
export function setupBrowser(): {
  page: (options?: { javaScriptEnabled?: boolean; width?: number; height?: number; waitForHydration?: boolean; mobile?: boolean }) => Promise<Page>
  policyViolations: string[]
} {
  const contexts: BrowserContext[] = []
  const errors: string[] = []
  const violations: string[] = []
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS })
  })
  // A test's pages close with it: pages left open go on running their scripts and maps beside the
  // next tests (on two cores alerts.test.ts took 255 s with them open, 230 s closed).
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close()
  })
  afterAll(async () => {
    for (const c of contexts) await c.close()
    await browser?.close()
    expect(errors, 'console errors in the browser').toEqual([])
    expect(violations, 'Content-Security-Policy violations in the browser').toEqual([])
  })
  return {
    policyViolations: violations,
    async page(options = {}) {
      if (!browser) throw new Error('browser not started')
      const context = await browser.newContext({
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        locale: 'en-GB',
        // A phone: touch events, taps, and the page laid out for its screen.
        ...(options.mobile ? { hasTouch: true, isMobile: true } : {}),
      })
      contexts.push(context)
      await watchPolicyViolations(context, (report) => violations.push(report))
      const page = await context.newPage()
      // A 404 or 400 page the test asks for on purpose is logged by Chromium as a failed resource;
      // only failures of anything else (an image, a script, a data request) count as errors.
      const documents = new Set<string>()
      page.on('response', (r) => {
        if (r.request().isNavigationRequest() || r.url().includes('.data')) documents.add(r.url())
      })
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return
        // A page a form posted to its anchor ('…#enquiry') is logged with the anchor, which its request has not.
        if (msg.text().startsWith('Failed to load resource') && documents.has(msg.location().url.split('#')[0]!)) return
        // The tests run without network: a map's tiles cannot load, and the map draws its outline instead.
        if (msg.text().startsWith('Failed to load resource') && MAP_TILE_REQUEST.test(msg.location().url)) return
        // A policy's refusal is counted among the violations, which a test may provoke on purpose.
        if (msg.text().includes('Content Security Policy directive')) return
        errors.push(`${page.url()}: ${msg.text()}`)
      })
      page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`))
      pollEvery50Ms(page)
      if ((options.javaScriptEnabled ?? true) && (options.waitForHydration ?? true)) waitForHydrationOnLoad(page)
      return page
    },
  }
}

/**
 * How often `page.waitForFunction` asks the page, unless a test says otherwise. Playwright asks at
 * every animation frame by default, which keeps a page drawing frames for as long as it waits: three
 * seconds' wait cost Chromium 0.3–1.1 CPU seconds that way against 0.05–0.15 asked every 100 ms, and every
 * page's load waits about a second for the page to hydrate.
 */
const POLL_MS = 50

function pollEvery50Ms(page: Page): void {
  type Wait = (fn: unknown, arg?: unknown, options?: { polling?: number | 'raf'; timeout?: number }) => Promise<unknown>
  const waitForFunction = page.waitForFunction.bind(page) as Wait
  const polled: Wait = (fn, arg, options) => waitForFunction(fn, arg, { polling: POLL_MS, ...options })
  Object.assign(page, { waitForFunction: polled })
}

/**
 * The page's scripts start after its first paint (lib/boot-script.ts), so a loaded page may not
 * be React's yet: goto, reload, goBack and goForward wait until it is (the `data-hydrated` root.tsx
 * sets). A document without scripts to start (a picture, a page rendered without them) is ready when
 * loaded. Tests of what a first tap does before then (phone.test.ts) use `waitForHydration: false`.
 */
export function waitForHydrationOnLoad(page: Page): void {
  const hydrated = async () => {
    await page.waitForFunction(() => !document.querySelector('script[data-page-scripts]') || document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000, polling: POLL_MS })
  }
  // What the page still waits for when a navigation times out: the requests it started and has no answer to.
  const pending = new Map<object, string>()
  page.on('request', (r) => pending.set(r, `${r.method()} ${r.url()}`))
  page.on('requestfinished', (r) => pending.delete(r))
  page.on('requestfailed', (r) => pending.delete(r))
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args).catch((error: unknown) => {
          if (error instanceof Error && error.name === 'TimeoutError') {
            error.message += `\nRequests still unanswered: ${[...pending.values()].join(', ') || 'none'}`
          }
          throw error
        })
        await hydrated()
        return response
      },
    })
  }
}

/** What a page of `context` reports of its Content-Security-Policy violations (the `securitypolicyviolation` event). */
export async function watchPolicyViolations(context: BrowserContext, report: (violation: string) => void): Promise<void> {
  await context.exposeBinding('__reportPolicyViolation', ({ page }, text: string) => report(`${page.url()}: ${text}`))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const send = (window as unknown as { __reportPolicyViolation: (text: string) => void }).__reportPolicyViolation
      void send(`${event.effectiveDirective} refused ${event.blockedURI || 'an inline script or style'} (${event.sourceFile}:${event.lineNumber})`)
    })
  })
}

/** Runs axe on the page as it is now and fails on any violation, listing them. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([])
}

/**
 * What axe finds wrong on the page as it is now: a line per rule, its id first, with up to three of
 * its elements. Scanned in axe's single-page mode (`setLegacyMode`): its default opens a blank page
 * for every scan to gather the frames' results, about three times the cost of the scan itself (on two
 * cores 2.9–4.1 s against 0.8–1.1 s for the alerts page, some 85 scans a run), with the same findings.
 * What that mode leaves out is the inside of cross-origin frames (a video's player in the gallery),
 * which is not the site's to fix; the frame itself (its title) is still scanned.
 *
 * Only violations are gathered (`resultTypes`): every rule still runs on every element, but axe no
 * longer writes out each element that passed, which took as long again (the register page on an idle
 * machine: 1.4 s a scan with the passes, 0.75 s without).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)
}

/** Parses '£1,250,000' or '£1,200 PCM' to a number of pounds. */
export function poundsOf(text: string): number {
  const match = /£([\d,]+)/.exec(text)
  if (!match?.[1]) throw new Error(`no price in "${text}"`)
  return Number(match[1].replace(/,/g, ''))
}

/** Waits until the page shown is the one in the address bar (client navigation has rendered). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href === window.location.href, undefined, { polling: POLL_MS })
}

/**
 * Opens the Filters panel without JavaScript: Filters is a link to the same search with the panel open
 * (`filters=open`), where the panel is a disclosure inside the search form.
 */
export async function openFiltersWithoutScript(page: Page): Promise<void> {
  const before = new URL(page.url())
  await page.getByRole('link', { name: /^Filters/ }).click()
  await page.waitForURL((url) => url.searchParams.get('filters') === 'open')
  const after = new URL(page.url())
  after.searchParams.delete('filters')
  // The search itself is kept.
  expect(after.searchParams.toString()).toBe(before.searchParams.toString())
  expect(await page.locator('details.search-form__inline-panel').getAttribute('open')).toBe('')
}
